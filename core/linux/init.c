// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time set-up of the pipeline in Linux: the root domain, then the
 * domains the builder's configuration describes (adeos_domains.c).
 */
#include <linux/init.h>
#include <linux/printk.h>
#include <adeos/template.h>

static void __init report_domains(void)
{
	unsigned int i;

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

static int __init adeos_boot(void)
{
	unsigned long flags = hard_local_irq_save();
	int err;

	adeos_init("Linux");
	err = adeos_register_domains();
	hard_local_irq_restore(flags);
	if (err)
		report_failure(err);
	else
		report_domains();
	return err;
}
late_initcall(adeos_boot);
