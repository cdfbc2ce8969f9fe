// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time registration of the domains the builder's configuration
 * describes (adeos_domains.c). The pipeline itself, with Linux as its
 * root domain, was set up in init_IRQ(). This runs as a late initcall:
 * after x86_late_time_init(), whose timer check needs the PIT's IRQ 0
 * to reach Linux.
 */
#include <linux/init.h>
#include <linux/printk.h>
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

static int __init adeos_boot(void)
{
	unsigned long flags = hard_local_irq_save();
	int err;

	release_exclusive_irqs();
	err = adeos_register_domains();
	hard_local_irq_restore(flags);
	if (err)
		report_failure(err);
	else
		report_domains();
	return err;
}
late_initcall(adeos_boot);
