/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * channel: a domain and Linux exchange messages through two lock-free
 * rings, each signalled with a virtual IRQ. Linux's side is a character
 * device, /dev/adeos-<domain> (channel-linux.c).
 */
#ifndef ADEOS_TEMPLATE_CHANNEL_H
#define ADEOS_TEMPLATE_CHANNEL_H

#include <adeos/ring.h>
#include <adeos/template.h>

#define CHANNEL_RING_MAX (64 * 1024)

struct channel_state {
	unsigned int ring_kib; /* DOMAIN<n>_RING_KIB */
	struct adeos_ring to_domain; /* Linux puts, the domain gets */
	struct adeos_ring to_linux; /* the domain puts, Linux gets */
	int virq_domain; /* Linux -> domain: messages wait */
	int virq_linux; /* domain -> Linux: messages wait */
	unsigned long served; /* messages the domain took from Linux */
	unsigned long sent; /* messages the domain gave Linux */
	/* answers nobody read, thrown away at the last close (Linux's side) */
	unsigned long discarded;
	void *os; /* Linux's side: its device */
	unsigned char to_domain_buf[CHANNEL_RING_MAX];
	unsigned char to_linux_buf[CHANNEL_RING_MAX];
};

extern const struct adeos_template adeos_template_channel;

/*
 * The channel as a part of a domain: set @st (ring_kib set) up for
 * domain @d, Linux's messages signalled to @take(irq, @cookie) in the
 * domain, Linux's device /dev/adeos-@name. The channel template is one
 * such domain; rt-tasks has one for its tasks. OS context.
 * @return 0 or a negative error, nothing left behind.
 * @see channel_close
 */
int channel_open(struct channel_state *st, adomain_t *d, const char *name,
		 adeos_irq_handler_t take, void *cookie);
void channel_close(struct channel_state *st, adomain_t *d);

/*
 * Linux's side (channel-linux.c, built only into the kernel; weak, so
 * that the host tests link the domain's side alone): set up and tear
 * down the device /dev/adeos-@name, after the rings and virtual IRQs
 * exist.
 */
int channel_os_start(struct channel_state *st, const char *name)
	__attribute__((weak));
void channel_os_stop(struct channel_state *st) __attribute__((weak));

#endif /* ADEOS_TEMPLATE_CHANNEL_H */
