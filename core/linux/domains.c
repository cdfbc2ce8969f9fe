// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading and unloading domains in a running Linux (adeos/os.h):
 * at boot for the built-in ones, from module init and exit for the
 * loadable ones. A domain's IRQs are requested from Linux in its name
 * first (requests.c); those it names by GSI or PCI device are bound
 * once it runs (late.c, pci.c).
 */
#include <linux/export.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <adeos/os.h>
#include "glue.h"

DEFINE_MUTEX(adeos_domains_lock);

/*
 * The name of the registered domain at @priority into @name, or false.
 * Under adeos_domains_lock, which keeps the domain registered while its
 * name is copied.
 */
static bool domain_at_priority(int priority, char *name, size_t size)
{
	adomain_t *d = NULL;
	unsigned long flags = hard_local_irq_save();

	while ((d = adeos_next_domain(d)) && d->priority != priority)
		;
	if (d)
		strscpy(name, d->name, size);
	hard_local_irq_restore(flags);
	return d;
}

/*
 * One line that says why @desc is not registered. A refused IRQ was
 * named, with what holds it, where it was refused.
 */
static void report_failure(struct adeos_domain_desc *desc, int err)
{
	char holder[ADEOS_NAME_MAX_LEN + 1];

	if (desc->failed_irq >= 0)
		pr_err("adeos: domain %s not registered: IRQ %d refused (above)\n",
		       desc->name, desc->failed_irq);
	else if (err == -EEXIST &&
		 domain_at_priority(desc->priority, holder, sizeof(holder)))
		pr_err("adeos: domain %s not registered: priority %d is taken by domain %s\n",
		       desc->name, desc->priority, holder);
	else
		pr_err("adeos: domain %s not registered: error %d\n",
		       desc->name, err);
}

int adeos_load_domain(struct adeos_domain_desc *desc)
{
	int err;

	mutex_lock(&adeos_domains_lock);
	desc->failed_irq = -1;
	err = adeos_request_for_legacy(desc);
	if (err)
		goto out;
	err = adeos_domain_start(desc);
	if (err)
		goto err_free;
	err = adeos_add_late(desc);
	if (err)
		goto err_stop;
	err = adeos_proc_add_domain(desc);
	if (!err)
		goto out;
	adeos_remove_late(desc);
err_stop:
	adeos_domain_stop(desc);
err_free:
	adeos_free_for_legacy(desc, desc->nr_irqs);
out:
	if (err)
		report_failure(desc, err);
	mutex_unlock(&adeos_domains_lock);
	if (err)
		return err;
	pr_info("adeos: domain %s at priority %d, template %s, %u IRQ%s\n",
		desc->name, desc->priority, desc->tmpl->name, desc->nr_irqs,
		desc->nr_irqs == 1 ? "" : "s");
	return 0;
}
EXPORT_SYMBOL_GPL(adeos_load_domain);

void adeos_unload_domain(struct adeos_domain_desc *desc)
{
	int err;

	mutex_lock(&adeos_domains_lock);
	adeos_proc_remove_domain(desc);
	adeos_remove_late(desc);
	err = adeos_domain_stop(desc);
	adeos_free_for_legacy(desc, desc->nr_irqs);
	mutex_unlock(&adeos_domains_lock);
	if (err)
		pr_err("adeos: domain %s: unregistering failed: error %d\n",
		       desc->name, err);
	else
		pr_info("adeos: domain %s unloaded\n", desc->name);
}
EXPORT_SYMBOL_GPL(adeos_unload_domain);
