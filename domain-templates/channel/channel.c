// SPDX-License-Identifier: GPL-2.0-only
/*
 * channel: the domain's side. Linux puts a message on the to_domain ring
 * and triggers virq_domain; the domain, ahead of Linux, runs at once,
 * takes every message waiting and answers each on the to_linux ring
 * (here it echoes it: put your own work in channel_serve()), then
 * triggers virq_linux, which Linux handles when its stage allows and
 * wakes its readers.
 *
 * The rings have one producer and one consumer each and take no lock:
 * the domain may interrupt Linux in the middle of a put or a get, and
 * may never wait for it. The domain uses only the pipeline's API.
 */
#include <adeos/os.h>
#include "channel.h"

/* One message from Linux: the answer is the message itself. */
static void channel_serve(struct channel_state *st, const void *msg,
			  unsigned int len)
{
	if (!adeos_ring_put(&st->to_linux, msg, len))
		st->sent++;
}

/* virq_domain: Linux has put messages. */
static void channel_take(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct channel_state *st = desc->state;
	unsigned char msg[ADEOS_RING_MSG_MAX];
	unsigned long before = st->sent;
	int len;

	(void)irq;
	while ((len = adeos_ring_get(&st->to_domain, msg, sizeof(msg))) > 0) {
		st->served++;
		channel_serve(st, msg, len);
	}
	if (st->sent != before)
		adeos_trigger_irq(st->virq_linux);
}

/* The domain's device IRQs, if it is given any: none to serve here. */
static void channel_irq(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
}

static void free_virqs(struct channel_state *st)
{
	if (st->virq_domain >= 0)
		adeos_free_virq(st->virq_domain);
	if (st->virq_linux >= 0)
		adeos_free_virq(st->virq_linux);
	st->virq_domain = -1;
	st->virq_linux = -1;
}

int channel_open(struct channel_state *st, adomain_t *d, const char *name,
		 adeos_irq_handler_t take, void *cookie)
{
	unsigned int size = ADEOS_RING_SIZE_MIN;
	int err;

	/* the configured size, rounded down to a power of two */
	while (size * 2 <= st->ring_kib * 1024 && size < CHANNEL_RING_MAX)
		size *= 2;
	st->virq_domain = -1;
	st->virq_linux = -1;
	if (adeos_ring_init(&st->to_domain, st->to_domain_buf, size) ||
	    adeos_ring_init(&st->to_linux, st->to_linux_buf, size))
		return -EINVAL;
	st->virq_domain = adeos_alloc_virq();
	st->virq_linux = adeos_alloc_virq();
	if (st->virq_domain < 0 || st->virq_linux < 0) {
		err = -ENOSPC;
		goto err_free;
	}
	err = adeos_virtualize_irq_from(d, st->virq_domain, take, cookie, NULL,
					ADEOS_HANDLE_MASK);
	if (err)
		goto err_free;
	if (channel_os_start) {
		err = channel_os_start(st, name);
		if (err)
			goto err_release;
	}
	return 0;

err_release:
	adeos_virtualize_irq_from(d, st->virq_domain, NULL, NULL, NULL, 0);
err_free:
	free_virqs(st);
	return err;
}

void channel_close(struct channel_state *st, adomain_t *d)
{
	if (channel_os_stop)
		channel_os_stop(st);
	adeos_virtualize_irq_from(d, st->virq_domain, NULL, NULL, NULL, 0);
	free_virqs(st);
}

static int channel_start(struct adeos_domain_desc *desc)
{
	return channel_open(desc->state, &desc->domain, desc->name,
			    channel_take, desc);
}

static void channel_stop(struct adeos_domain_desc *desc)
{
	channel_close(desc->state, &desc->domain);
}

static int channel_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	struct channel_state *st = desc->state;
	int n;

	n = adeos_snprintf(
		buf, size,
		"ring_bytes %u\nserved %lu\nsent %lu\ndropped %lu\ndiscarded %lu\nvirq_domain %d\nvirq_linux %d\n",
		st->to_linux.size, st->served, st->sent, st->to_linux.dropped,
		st->discarded, st->virq_domain - ADEOS_VIRQ_BASE,
		st->virq_linux - ADEOS_VIRQ_BASE);
	return n < size ? n : size;
}

static const struct adeos_template_file channel_files[] = {
	{ .name = "status", .show = channel_show },
	{ .name = NULL },
};

const struct adeos_template adeos_template_channel = {
	.name = "channel",
	.handle_irq = channel_irq,
	.start = channel_start,
	.stop = channel_stop,
	.files = channel_files,
};
