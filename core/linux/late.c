// SPDX-License-Identifier: GPL-2.0-only
/*
 * IRQs resolved late: a domain's entries that name a GSI, or a PCI
 * device's INTx line or MSI, rather than an IRQ number. A GSI is bound
 * when the domain loads; a device's IRQs when the domain loads if the
 * device is enabled already, else when Linux's PCI code brings them up
 * (pci.c). Each is requested from Linux as a legacy IRQ is
 * (requests.c), and let go when the device's IRQs go or the domain
 * unloads.
 */
#include <linux/compiler.h>
#include <linux/mutex.h>
#include <linux/printk.h>
#include <adeos/os.h>
#include "glue.h"

/*
 * The loaded domains that have such entries. The PCI hooks take this
 * lock only: a domain's template may enable its device, and so run
 * them, from its start, which runs under adeos_domains_lock.
 */
static DEFINE_MUTEX(late_lock);
static struct adeos_domain_desc *late_domains[ADEOS_MAX_DOMAINS];
/* How many: the hooks run for every PCI device, with none mostly. */
static unsigned int nr_late;

static const char *const kind_names[] = {
	[ADEOS_IRQ_LEGACY] = "IRQ",
	[ADEOS_IRQ_GSI] = "GSI",
	[ADEOS_IRQ_PCI_INTX] = "INTx",
	[ADEOS_IRQ_PCI_MSI] = "MSI",
};

bool adeos_irq_is_pci(const struct adeos_domain_irq *q)
{
	return q->kind == ADEOS_IRQ_PCI_INTX || q->kind == ADEOS_IRQ_PCI_MSI;
}

int adeos_bind_late(struct adeos_domain_desc *desc, unsigned int k,
		    unsigned int irq)
{
	const struct adeos_domain_irq *q = &desc->irqs[k];
	int err = adeos_request_for_domain(desc, q, irq);

	if (!err) {
		err = adeos_domain_bind_irq(desc, k, irq);
		if (err)
			adeos_free_for_domain(irq);
	}
	if (err)
		pr_err("adeos: domain %s cannot take IRQ %u (%s %s): error %d\n",
		       desc->name, irq, kind_names[q->kind],
		       adeos_irq_is_pci(q) ? q->device : "", err);
	else
		pr_info("adeos: domain %s takes IRQ %u (%s %s)\n", desc->name,
			irq, kind_names[q->kind],
			adeos_irq_is_pci(q) ? q->device : "");
	return err;
}

void adeos_unbind_late(struct adeos_domain_desc *desc, unsigned int k)
{
	unsigned int irq = desc->bound[k];

	if (irq == ADEOS_IRQ_UNBOUND)
		return;
	adeos_domain_unbind_irq(desc, k);
	adeos_free_for_domain(irq);
	pr_info("adeos: domain %s lets IRQ %u go (%s %s)\n", desc->name, irq,
		kind_names[desc->irqs[k].kind], desc->irqs[k].device);
}

void adeos_each_late_domain(void (*fn)(struct adeos_domain_desc *desc,
				       void *arg),
			    void *arg)
{
	unsigned int i;

	if (!READ_ONCE(nr_late))
		return;
	mutex_lock(&late_lock);
	for (i = 0; i < ARRAY_SIZE(late_domains); i++)
		if (late_domains[i])
			fn(late_domains[i], arg);
	mutex_unlock(&late_lock);
}

static void unbind_all_late(struct adeos_domain_desc *desc)
{
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (desc->irqs[k].kind != ADEOS_IRQ_LEGACY)
			adeos_unbind_late(desc, k);
}

static bool has_late(const struct adeos_domain_desc *desc)
{
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (desc->irqs[k].kind != ADEOS_IRQ_LEGACY)
			return true;
	return false;
}

/* Its GSIs now, and the IRQs of the PCI devices already enabled. */
static int bind_at_load(struct adeos_domain_desc *desc)
{
	unsigned int k;
	int err = 0;

	for (k = 0; k < desc->nr_irqs && !err; k++)
		if (desc->irqs[k].kind == ADEOS_IRQ_GSI)
			err = adeos_bind_late(desc, k,
					      adeos_gsi_irq(desc->irqs[k].irq));
	return err ? err : adeos_bind_pci_devices(desc);
}

int adeos_add_late(struct adeos_domain_desc *desc)
{
	unsigned int i;
	int err = -ENOSPC;

	if (!has_late(desc))
		return 0;
	mutex_lock(&late_lock);
	for (i = 0; i < ARRAY_SIZE(late_domains); i++) {
		if (late_domains[i])
			continue;
		err = bind_at_load(desc);
		if (err)
			unbind_all_late(desc);
		else
			late_domains[i] = desc;
		WRITE_ONCE(nr_late, nr_late + !err);
		break;
	}
	mutex_unlock(&late_lock);
	return err;
}

void adeos_remove_late(struct adeos_domain_desc *desc)
{
	unsigned int i;

	mutex_lock(&late_lock);
	for (i = 0; i < ARRAY_SIZE(late_domains); i++) {
		if (late_domains[i] != desc)
			continue;
		late_domains[i] = NULL;
		WRITE_ONCE(nr_late, nr_late - 1);
	}
	unbind_all_late(desc);
	mutex_unlock(&late_lock);
}
