/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the files of the Linux glue. */
#ifndef ADEOS_LINUX_GLUE_H
#define ADEOS_LINUX_GLUE_H

#include <linux/mutex.h>
#include <adeos/template.h>

/*
 * Held while domains come and go through the glue, and while
 * /proc/adeos/domains shows them: a module domain that unregisters must
 * not vanish under a reader.
 */
extern struct mutex adeos_domains_lock;

/*
 * /proc/adeos/<name>/: the domain's priority (writable: a renice) and
 * its template's files. @return 0 or a negative error.
 */
int adeos_proc_add_domain(struct adeos_domain_desc *desc);
void adeos_proc_remove_domain(struct adeos_domain_desc *desc);

/*
 * A domain's IRQs requested from Linux in its name (requests.c), so
 * that Linux sets them up; process context, under adeos_domains_lock.
 * IRQs past the device IRQs need no request.
 * @return 0, or a negative error after a message naming why.
 * @see adeos_free_for_domain
 */
int adeos_request_for_domain(struct adeos_domain_desc *desc,
			     const struct adeos_domain_irq *q,
			     unsigned int irq);
/* One domain less takes @irq. @see adeos_request_for_domain */
void adeos_free_for_domain(unsigned int irq);
/*
 * The domain's legacy IRQ entries (the others are requested when they
 * are bound: late.c); a refused one is desc->failed_irq.
 * @see adeos_free_for_legacy
 */
int adeos_request_for_legacy(struct adeos_domain_desc *desc);
/* Give back the requests of its legacy entries [0, @n). */
void adeos_free_for_legacy(struct adeos_domain_desc *desc, unsigned int n);

/*
 * IRQs resolved late (late.c): a domain's GSI and PCI entries, bound
 * once it runs and while it is loaded. @see adeos_remove_late
 */
int adeos_add_late(struct adeos_domain_desc *desc);
/* Let all its late IRQs go. @see adeos_add_late */
void adeos_remove_late(struct adeos_domain_desc *desc);
/* Does entry @q name a PCI device (its INTx line or its MSI)? */
bool adeos_irq_is_pci(const struct adeos_domain_irq *q);
/*
 * Request @irq for entry @k of @desc, then bind it in the pipeline;
 * one line in Linux's log either way. @see adeos_unbind_late
 */
int adeos_bind_late(struct adeos_domain_desc *desc, unsigned int k,
		    unsigned int irq);
/* Unbind entry @k, then give its IRQ back to Linux, if it is bound. */
void adeos_unbind_late(struct adeos_domain_desc *desc, unsigned int k);
/*
 * Call @fn for each loaded domain with late entries, under the lock
 * that keeps them loaded (not adeos_domains_lock: a template's start
 * may enable its device, and so run the PCI hooks, under that one).
 * Nothing, at once, while no domain has any: the PCI hooks run for
 * every device.
 */
void adeos_each_late_domain(void (*fn)(struct adeos_domain_desc *desc,
				       void *arg),
			    void *arg);

/* The IRQ of @gsi: ACPI's override (acpi.c), else the GSI itself. */
#ifdef CONFIG_ACPI
unsigned int adeos_gsi_irq(unsigned int gsi);
#else
static inline unsigned int adeos_gsi_irq(unsigned int gsi)
{
	return gsi;
}
#endif

/* Bind the entries naming PCI devices already enabled (pci.c). */
#ifdef CONFIG_PCI
int adeos_bind_pci_devices(struct adeos_domain_desc *desc);
#else
static inline int adeos_bind_pci_devices(struct adeos_domain_desc *desc)
{
	return 0;
}
#endif

/*
 * CONFIG_ADEOS_DEBUG: where a reader of /proc/adeos/domains holds
 * domains it walked to but has not shown, a test may make it sleep
 * (/proc/adeos/show_pause, debug.c). Nothing without the option.
 */
#ifdef CONFIG_ADEOS_DEBUG
void adeos_debug_show_pause(void);
#else
static inline void adeos_debug_show_pause(void)
{
}
#endif

/* Linux's tick comes through the timer service's proxy (tick.c). */
bool adeos_tick_proxied(void);

#endif /* ADEOS_LINUX_GLUE_H */
