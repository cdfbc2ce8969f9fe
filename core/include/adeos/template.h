/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Domains described as data: what the registration code generated from
 * the configuration (make domains) hands to the pipeline, and what a
 * domain template provides.
 */
#ifndef ADEOS_TEMPLATE_H
#define ADEOS_TEMPLATE_H

#include <adeos/adeos.h>
#include <adeos/limits.h>

struct adeos_domain_desc;

/*
 * A file the OS shows for the domain (on Linux, /proc/adeos/<domain>/
 * <name>): its text comes from show(); a write to it goes to store().
 * Both run in the OS's context, never in the domain's, so they read the
 * domain's state while its handler may interrupt them at any moment.
 */
struct adeos_template_file {
	const char *name;
	/* @return the length written to @buf, at most @size. */
	int (*show)(struct adeos_domain_desc *desc, char *buf, int size);
	/* Optional (read-only without it). @return 0 or a negative error. */
	int (*store)(struct adeos_domain_desc *desc, const char *buf, int len);
};

/* What a folder of domain-templates/ provides, as adeos_template_<name>. */
struct adeos_template {
	const char *name;
	/* Runs for every IRQ the domain takes; the cookie is the desc. */
	adeos_irq_handler_t handle_irq;
	/*
	 * Optional: set up once the domain is registered and before its
	 * IRQs flow. Runs in the OS's context with interrupts on, so it may
	 * sleep (a loadable domain's module init, or a boot-time initcall).
	 * @see stop
	 */
	int (*start)(struct adeos_domain_desc *desc);
	/*
	 * Optional: the IRQs adeos_domain_start() took are the domain's now
	 * (a PCI device's, bound later, come after). Start here what must
	 * not fire before: a one-shot timer's first shot, which would
	 * otherwise reach the domains below and never come again. Runs in
	 * the OS's context, right after the IRQs are taken.
	 */
	void (*irqs_taken)(struct adeos_domain_desc *desc);
	/*
	 * Optional: silence the domain's interrupt sources (a timer), its
	 * IRQs still taken, so that what they raise until they are quiet
	 * is the domain's, and nothing of theirs reaches the domains below
	 * once the IRQs are given back. Runs in the OS's context, first
	 * thing on the way out. @see stop
	 */
	void (*quiesce)(struct adeos_domain_desc *desc);
	/* Optional: tear down after the IRQs stopped. @see start */
	void (*stop)(struct adeos_domain_desc *desc);
	/* Optional: the domain's files, ending with a NULL name. */
	const struct adeos_template_file *files;
};

/*
 * What an IRQ entry names. A legacy IRQ is the machine's IRQ number as
 * the pipeline numbers it (on a PC the ISA IRQs 0-15); the others are
 * resolved by the OS glue: a GSI (an interrupt controller input) when the
 * domain loads, a PCI device's INTx line or MSI vector when the device's
 * IRQs are enabled, by its driver or by the domain, and released when
 * they are disabled (adeos_domain_bind_irq()).
 */
enum adeos_irq_kind {
	ADEOS_IRQ_LEGACY,
	ADEOS_IRQ_GSI,
	ADEOS_IRQ_PCI_INTX,
	ADEOS_IRQ_PCI_MSI,
};

/* An entry that names no IRQ of the machine yet. */
#define ADEOS_IRQ_UNBOUND (~0U)

/* One IRQ a domain takes, with its ADEOS_*_MASK mode. */
struct adeos_domain_irq {
	unsigned int irq; /* the legacy IRQ's number, or the GSI */
	unsigned int mode;
	enum adeos_irq_kind kind;
	/* PCI kinds: "vvvv:dddd" (vendor:device) or "[dddd:]bb:ss.f" */
	const char *device;
};

struct adeos_domain_desc {
	const char *name;
	int priority;
	const struct adeos_template *tmpl;
	void *state; /* the template's, one per domain */
	const struct adeos_domain_irq *irqs;
	unsigned int nr_irqs;
	/* ADEOS_FAULT_DROP_IRQS or _PASS_IRQS: its IRQs once it faulted */
	unsigned int on_fault;
	/* How long one handler call may take, in microseconds; 0: no limit */
	unsigned int budget_us;
	adomain_t domain;
	int failed_irq; /* the IRQ adeos_domain_start() stopped at, or -1 */
	/*
	 * The IRQ each entry takes now: the legacy ones from the start on,
	 * the others once bound, else ADEOS_IRQ_UNBOUND.
	 */
	unsigned int bound[ADEOS_DOMAIN_MAX_IRQS];
	/*
	 * What the root domain had for each IRQ the domain takes
	 * exclusively: taken from it on start, given back on stop.
	 */
	struct adeos_irq_slot root_slots[ADEOS_DOMAIN_MAX_IRQS];
	void *os_data; /* the OS glue's: on Linux, the /proc directory */
};

/*
 * Register the domain, start its template, then take its IRQs, those all
 * at once with hard IRQs off: an IRQ the domain takes exclusively moves
 * from the root domain to it between two arrivals, none lost. Call it
 * from the OS's context (the template's start may sleep).
 * @return 0, or the first error; on error nothing is left registered
 * and the root domain has its IRQs back.
 * @see adeos_domain_stop
 */
int adeos_domain_start(struct adeos_domain_desc *desc);
/*
 * Quiesce the template, release the IRQs (giving the root domain back
 * those it had), stop the template, unregister. @return 0, or -EBUSY while the domain runs.
 * @see adeos_domain_start
 */
int adeos_domain_stop(struct adeos_domain_desc *desc);

/*
 * Take, or give back, entry @k of a started domain whose IRQ the OS
 * resolved late (not ADEOS_IRQ_LEGACY): as adeos_domain_start() takes
 * the others, with hard IRQs off, the root domain's share of an
 * exclusive IRQ moving to the domain between two arrivals. Binding a
 * bound entry, or unbinding an unbound one, is -EINVAL.
 * @return 0 or a negative error.
 */
int adeos_domain_bind_irq(struct adeos_domain_desc *desc, unsigned int k,
			  unsigned int irq);
int adeos_domain_unbind_irq(struct adeos_domain_desc *desc, unsigned int k);

/*
 * Start @descs[0..@n) in order with @start, all of them or none: when one
 * fails to start, those already started are stopped with @stop, the last
 * first. The one loop over the generated table: the OS glue passes its
 * own start and stop (on Linux adeos_load_domain, adeos_unload_domain),
 * the host tests the pipeline's (adeos_domain_start and a stop around
 * adeos_domain_stop). Runs in the OS's context: @start may sleep.
 * @return 0, or the first error; on error no domain is left started.
 * @see adeos_domain_start
 */
int adeos_start_domains(struct adeos_domain_desc *descs, unsigned int n,
			int (*start)(struct adeos_domain_desc *desc),
			void (*stop)(struct adeos_domain_desc *desc));

/* Generated by make domains (data only): the built-in domains. */
extern struct adeos_domain_desc adeos_domains[];
extern const unsigned int adeos_nr_domains;

#endif /* ADEOS_TEMPLATE_H */
