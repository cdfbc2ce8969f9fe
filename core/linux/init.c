// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time registration of the domains the builder's configuration
 * describes (adeos_domains.c). The pipeline itself, with Linux as its
 * root domain, was set up in init_IRQ(). This runs as a late initcall:
 * after x86_late_time_init(), whose timer check needs the PIT's IRQ 0
 * to reach Linux.
 */
#include <linux/init.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <adeos/template.h>
#include "glue.h"

static void __init report_domains(void)
{
	unsigned int i;

	for (i = 0; i < adeos_nr_domains; i++)
		adeos_proc_add_domain(&adeos_domains[i]);
	pr_info("adeos: pipeline %s, %u domain%s ahead of Linux\n",
		ADEOS_VERSION_STRING, adeos_nr_domains,
		adeos_nr_domains == 1 ? "" : "s");
	for (i = 0; i < adeos_nr_domains; i++) {
		struct adeos_domain_desc *desc = &adeos_domains[i];

		pr_info("adeos: domain %s at priority %d, template %s, %u IRQ%s\n",
			desc->name, desc->priority, desc->tmpl->name,
			desc->nr_irqs, desc->nr_irqs == 1 ? "" : "s");
	}
}

static void __init report_failure(int err)
{
	unsigned int i;

	for (i = 0; i < adeos_nr_domains; i++)
		if (adeos_domains[i].failed_irq >= 0)
			pr_err("adeos: domain %s cannot take IRQ %d\n",
			       adeos_domains[i].name,
			       adeos_domains[i].failed_irq);
	pr_err("adeos: no domain registered: error %d\n", err);
}

/*
 * Linux holds every IRQ as the root domain; a domain the configuration
 * gives an IRQ exclusively takes it from Linux.
 */
static void __init release_exclusive_irqs(void)
{
	unsigned int i, k;

	for (i = 0; i < adeos_nr_domains; i++) {
		const struct adeos_domain_desc *desc = &adeos_domains[i];

		for (k = 0; k < desc->nr_irqs; k++) {
			if (!(desc->irqs[k].mode & ADEOS_EXCLUSIVE_MASK))
				continue;
			adeos_virtualize_irq_from(&adeos_root,
						  desc->irqs[k].irq, NULL, NULL,
						  NULL, 0);
			pr_info("adeos: IRQ %u goes to domain %s alone\n",
				desc->irqs[k].irq, desc->name);
		}
	}
}

/*
 * Linux sets an IRQ up when a driver first requests it: on x86 that is
 * when the IRQ gets its vector and its IO-APIC route, and when its 8259
 * line opens. An IRQ that a domain owns but no Linux driver requested
 * would never arrive, so the domain requests it in Linux's name. The
 * handler only runs for arrivals the domain passes on; the domain dealt
 * with them. Requested this way, an exclusive IRQ also makes a Linux
 * driver's later request fail, instead of leaving the driver waiting.
 */
static irqreturn_t passed_on_by_domain(int irq, void *dev_id)
{
	return IRQ_HANDLED;
}

/* The IRQs requested below, to give back if registration fails. */
static DECLARE_BITMAP(requested_for_domains, ARCH_NR_HW_IRQS);

static int __init request_for_domain(struct adeos_domain_desc *desc,
				     const struct adeos_domain_irq *q)
{
	unsigned long flags = IRQF_NO_THREAD;
	char *name;
	int err;

	if (q->irq >= ARCH_NR_HW_IRQS || irq_has_action(q->irq) ||
	    test_bit(q->irq, requested_for_domains))
		return 0;
	if (!(q->mode & ADEOS_EXCLUSIVE_MASK))
		flags |= IRQF_SHARED;
	name = kasprintf(GFP_KERNEL, "adeos-%s", desc->name);
	if (!name)
		return -ENOMEM;
	err = request_irq(q->irq, passed_on_by_domain, flags, name,
			  requested_for_domains);
	if (err) {
		pr_err("adeos: domain %s cannot take IRQ %u: %s (error %d)\n",
		       desc->name, q->irq,
		       err == -EINVAL ?
			       "Linux has no such IRQ on this machine" :
			       "request_irq() refused it",
		       err);
		kfree(name);
		return err;
	}
	__set_bit(q->irq, requested_for_domains);
	return 0;
}

static void __init free_requested_irqs(void)
{
	unsigned int irq;

	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		if (__test_and_clear_bit(irq, requested_for_domains))
			kfree(free_irq(irq, requested_for_domains));
}

static int __init request_unrequested_irqs(void)
{
	unsigned int i, k;
	int err;

	for (i = 0; i < adeos_nr_domains; i++)
		adeos_domains[i].failed_irq = -1;
	for (i = 0; i < adeos_nr_domains; i++) {
		for (k = 0; k < adeos_domains[i].nr_irqs; k++) {
			err = request_for_domain(&adeos_domains[i],
						 &adeos_domains[i].irqs[k]);
			if (err) {
				free_requested_irqs();
				return err;
			}
		}
	}
	return 0;
}

static int __init adeos_boot(void)
{
	unsigned long flags;
	int err;

	err = request_unrequested_irqs();
	if (err)
		goto fail;
	flags = hard_local_irq_save();
	release_exclusive_irqs();
	err = adeos_register_domains();
	hard_local_irq_restore(flags);
	if (err) {
		free_requested_irqs();
		goto fail;
	}
	report_domains();
	return 0;
fail:
	report_failure(err);
	return err;
}
late_initcall(adeos_boot);
