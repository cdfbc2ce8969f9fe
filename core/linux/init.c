// SPDX-License-Identifier: GPL-2.0-only
/*
 * Boot-time registration of the built-in domains that the builder's
 * configuration describes (the table adeos_domains.c), all of them or
 * none, through core/template.c's adeos_start_domains(). The
 * pipeline itself, with Linux as its root domain, was set up in
 * init_IRQ(). This runs as a late initcall: after x86_late_time_init(),
 * whose timer check needs the PIT's IRQ 0 to reach Linux.
 */
#include <linux/init.h>
#include <linux/printk.h>
#include <adeos/os.h>
#include <adeos/version.h>

static int __init adeos_boot(void)
{
	int err = adeos_start_domains(adeos_domains, adeos_nr_domains,
				      adeos_load_domain, adeos_unload_domain);

	if (err) {
		pr_err("adeos: no domain registered: error %d\n", err);
		return err;
	}
	pr_info("adeos: pipeline %s, %u domain%s ahead of Linux at boot\n",
		ADEOS_VERSION_STRING, adeos_nr_domains,
		adeos_nr_domains == 1 ? "" : "s");
	return 0;
}
late_initcall(adeos_boot);
