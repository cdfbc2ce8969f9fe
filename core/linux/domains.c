// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading and unloading domains in a running Linux (adeos/os.h):
 * at boot for the built-in ones, from module init and exit for the
 * loadable ones.
 */
#include <linux/acpi.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <adeos/linux.h>
#include <adeos/os.h>
#include "glue.h"

/*
 * Linux sets an IRQ up when a driver first requests it: on x86 that is
 * when the IRQ gets its vector and its IO-APIC route, and when its 8259
 * line opens; and it tears it down when the last one frees it. An IRQ
 * that a domain takes but no Linux driver requested would never arrive,
 * so the domain requests it in Linux's name. The handler only runs for
 * arrivals the domain passes on; the domain dealt with them.
 *
 * A domain that passes the IRQ on holds it with a shared action that
 * any Linux driver of the line joins, before or after it (0015): the
 * driver keeps working, and the line stays up when the driver lets go.
 * A domain that keeps the IRQ to itself (exclusive, or terminating it)
 * holds it alone: a Linux driver's later request fails instead of
 * waiting for IRQs that never come, and the domain is refused a line a
 * Linux driver already uses.
 */
static irqreturn_t passed_on_by_domain(int irq, void *dev_id)
{
	return IRQ_HANDLED;
}

/* The IRQs requested for domains: how many loaded domains take each. */
static unsigned int request_users[ARCH_NR_HW_IRQS];
DEFINE_MUTEX(adeos_domains_lock);

static bool passing_hold(const struct irqaction *a)
{
	return a->handler == passed_on_by_domain && (a->flags & IRQF_SHARED);
}

bool adeos_irq_may_share(const struct irqaction *old,
			 const struct irqaction *new)
{
	return passing_hold(new) || (passing_hold(old) && !old->next);
}

static bool line_is_level(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc && adeos_line_is_level(irq, &desc->irq_data,
					   irq_desc_get_chip(desc));
}

/*
 * A level line stays asserted until its device is serviced: the domain
 * ahead of Linux that held it would open it again before Linux's driver
 * serviced the device, and take it again, and again. Such a line is
 * never a domain's and a driver's at once.
 */
bool adeos_irq_must_not_share(const struct irqaction *old,
			      const struct irqaction *new)
{
	const struct irqaction *a;
	bool hold = passing_hold(new);

	for (a = old; a && !hold; a = a->next)
		hold = passing_hold(a);
	return hold && line_is_level(old->irq);
}

static bool keeps_to_itself(const struct adeos_domain_irq *q)
{
	return (q->mode & ADEOS_EXCLUSIVE_MASK) || !(q->mode & ADEOS_PASS_MASK);
}

/*
 * The Linux driver that uses @irq, if any. Not the PIT's tick on IRQ 0
 * (__IRQF_TIMER; IRQF_TIMER also holds IRQF_NO_THREAD and
 * IRQF_NO_SUSPEND, which drivers such as the 8259s' cascade use): Linux
 * ticks from the local APIC timer once it verified it, and a domain may
 * then have the PIT (arch_timer_start() checks).
 */
static const char *linux_driver_of(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *a;

	for (a = desc ? desc->action : NULL; a; a = a->next)
		if (a->handler != passed_on_by_domain &&
		    !(a->flags & __IRQF_TIMER))
			return a->name ? a->name : "(unnamed)";
	return NULL;
}

/* Is a Linux driver in the way of the domain's entry @q on @irq? */
static int refuse_for_driver(struct adeos_domain_desc *desc,
			     const struct adeos_domain_irq *q, unsigned int irq)
{
	const char *driver = linux_driver_of(irq);

	if (!driver)
		return 0;
	if (keeps_to_itself(q)) {
		pr_err("adeos: domain %s cannot have IRQ %u to itself: Linux's driver %s uses it\n",
		       desc->name, irq, driver);
		return -EBUSY;
	}
	if (line_is_level(irq)) {
		pr_err("adeos: domain %s cannot share level-triggered IRQ %u with Linux's driver %s\n",
		       desc->name, irq, driver);
		return -EBUSY;
	}
	return 0;
}

static int request_for_domain(struct adeos_domain_desc *desc,
			      const struct adeos_domain_irq *q,
			      unsigned int irq)
{
	unsigned long flags = IRQF_NO_THREAD;
	char *name;
	int err;

	if (irq >= ARCH_NR_HW_IRQS)
		return 0;
	err = adeos_route_isa_irq(irq, desc->name);
	if (err)
		return err;
	err = refuse_for_driver(desc, q, irq);
	if (err)
		return err;
	if (request_users[irq]) {
		request_users[irq]++;
		return 0;
	}
	if (irq_has_action(irq) && keeps_to_itself(q))
		return 0;
	if (!keeps_to_itself(q))
		flags |= IRQF_SHARED;
	name = kasprintf(GFP_KERNEL, "adeos-%s", desc->name);
	if (!name)
		return -ENOMEM;
	err = request_irq(irq, passed_on_by_domain, flags, name, request_users);
	if (err) {
		pr_err("adeos: domain %s cannot take IRQ %u: %s (error %d)\n",
		       desc->name, irq,
		       err == -EINVAL ?
			       "Linux has no such IRQ on this machine" :
			       "request_irq() refused it",
		       err);
		kfree(name);
		return err;
	}
	request_users[irq] = 1;
	return 0;
}

static void free_for_domain(unsigned int irq)
{
	if (irq < ARCH_NR_HW_IRQS && request_users[irq] &&
	    !--request_users[irq])
		kfree(free_irq(irq, request_users));
}

static bool is_legacy(const struct adeos_domain_desc *desc, unsigned int k)
{
	return desc->irqs[k].kind == ADEOS_IRQ_LEGACY;
}

/* Give back the requests of the domain's legacy IRQ entries [0, @n). */
static void free_for_legacy(struct adeos_domain_desc *desc, unsigned int n)
{
	while (n--)
		if (is_legacy(desc, n))
			free_for_domain(desc->irqs[n].irq);
}

/* The others are requested when they are bound (below). */
static int request_for_legacy(struct adeos_domain_desc *desc)
{
	unsigned int k;
	int err;

	for (k = 0; k < desc->nr_irqs; k++) {
		if (!is_legacy(desc, k))
			continue;
		err = request_for_domain(desc, &desc->irqs[k],
					 desc->irqs[k].irq);
		if (err) {
			desc->failed_irq = desc->irqs[k].irq;
			free_for_legacy(desc, k);
			return err;
		}
	}
	return 0;
}

/* ---- IRQs resolved late: GSIs, and PCI devices' INTx and MSI ---- */

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

static bool is_pci(const struct adeos_domain_irq *q)
{
	return q->kind == ADEOS_IRQ_PCI_INTX || q->kind == ADEOS_IRQ_PCI_MSI;
}

/* Linux numbers the IO-APIC's inputs by GSI; ACPI knows the overrides. */
static unsigned int gsi_irq(unsigned int gsi)
{
#ifdef CONFIG_ACPI
	unsigned int irq;

	if (!acpi_disabled && !acpi_gsi_to_irq(gsi, &irq))
		return irq;
#endif
	return gsi;
}

static int bind_late(struct adeos_domain_desc *desc, unsigned int k,
		     unsigned int irq)
{
	const struct adeos_domain_irq *q = &desc->irqs[k];
	int err = request_for_domain(desc, q, irq);

	if (!err) {
		err = adeos_domain_bind_irq(desc, k, irq);
		if (err)
			free_for_domain(irq);
	}
	if (err)
		pr_err("adeos: domain %s cannot take IRQ %u (%s %s): error %d\n",
		       desc->name, irq, kind_names[q->kind],
		       is_pci(q) ? q->device : "", err);
	else
		pr_info("adeos: domain %s takes IRQ %u (%s %s)\n", desc->name,
			irq, kind_names[q->kind], is_pci(q) ? q->device : "");
	return err;
}

/* The pipeline lets the IRQ go first, then Linux: none comes between. */
static void unbind_late(struct adeos_domain_desc *desc, unsigned int k)
{
	unsigned int irq = desc->bound[k];

	if (irq == ADEOS_IRQ_UNBOUND)
		return;
	adeos_domain_unbind_irq(desc, k);
	free_for_domain(irq);
	pr_info("adeos: domain %s lets IRQ %u go (%s %s)\n", desc->name, irq,
		kind_names[desc->irqs[k].kind], desc->irqs[k].device);
}

#ifdef CONFIG_PCI
/* ---- PCI devices: their INTx line, their MSI ---- */

bool adeos_pci_names_device(const char *name, struct pci_dev *dev)
{
	unsigned int a, b, c, d;
	char end;

	if (!name)
		return false;
	if (sscanf(name, "%x:%x:%x.%x%c", &a, &b, &c, &d, &end) == 4)
		return a == pci_domain_nr(dev->bus) && b == dev->bus->number &&
		       PCI_DEVFN(c, d) == dev->devfn;
	if (sscanf(name, "%x:%x.%x%c", &b, &c, &d, &end) == 3)
		return !pci_domain_nr(dev->bus) && b == dev->bus->number &&
		       PCI_DEVFN(c, d) == dev->devfn;
	if (!strchr(name, '.') && sscanf(name, "%x:%x%c", &a, &b, &end) == 2)
		return a == dev->vendor && b == dev->device;
	return false;
}
EXPORT_SYMBOL_GPL(adeos_pci_names_device);

/*
 * The IRQ that entry @q names on @dev now: the first MSI vector while
 * MSI is on; the INTx line while the device is enabled without MSI.
 */
static unsigned int pci_irq_of(const struct adeos_domain_irq *q,
			       struct pci_dev *dev)
{
	if (q->kind == ADEOS_IRQ_PCI_MSI)
		return dev->msi_enabled ? dev->irq : ADEOS_IRQ_UNBOUND;
	if (dev->msi_enabled || dev->msix_enabled || !pci_is_enabled(dev) ||
	    !dev->irq)
		return ADEOS_IRQ_UNBOUND;
	return dev->irq;
}

/* Bind @desc's PCI entries that name @dev, as the device is now. */
static int bind_device(struct adeos_domain_desc *desc, struct pci_dev *dev)
{
	unsigned int k, irq;
	int err;

	for (k = 0; k < desc->nr_irqs; k++) {
		const struct adeos_domain_irq *q = &desc->irqs[k];

		if (!is_pci(q) || desc->bound[k] != ADEOS_IRQ_UNBOUND ||
		    !adeos_pci_names_device(q->device, dev))
			continue;
		irq = pci_irq_of(q, dev);
		if (irq == ADEOS_IRQ_UNBOUND)
			continue;
		err = bind_late(desc, k, irq);
		if (err)
			return err;
	}
	return 0;
}

static int bind_pci_devices(struct adeos_domain_desc *desc)
{
	struct pci_dev *dev = NULL;
	int err = 0;

	while (!err && (dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev)))
		err = bind_device(desc, dev);
	pci_dev_put(dev);
	return err;
}

void adeos_pci_irqs_on(struct pci_dev *dev)
{
	unsigned int i;

	if (!READ_ONCE(nr_late))
		return;
	mutex_lock(&late_lock);
	for (i = 0; i < ARRAY_SIZE(late_domains); i++)
		if (late_domains[i])
			bind_device(late_domains[i], dev);
	mutex_unlock(&late_lock);
}

void adeos_pci_irqs_off(struct pci_dev *dev, bool msi)
{
	enum adeos_irq_kind kind = msi ? ADEOS_IRQ_PCI_MSI : ADEOS_IRQ_PCI_INTX;
	struct adeos_domain_desc *desc;
	unsigned int i, k;

	if (!READ_ONCE(nr_late))
		return;
	mutex_lock(&late_lock);
	for (i = 0; i < ARRAY_SIZE(late_domains); i++) {
		desc = late_domains[i];
		for (k = 0; desc && k < desc->nr_irqs; k++)
			if (desc->irqs[k].kind == kind &&
			    adeos_pci_names_device(desc->irqs[k].device, dev))
				unbind_late(desc, k);
	}
	mutex_unlock(&late_lock);
}
#else
static int bind_pci_devices(struct adeos_domain_desc *desc)
{
	return 0;
}
#endif /* CONFIG_PCI */

static void unbind_all_late(struct adeos_domain_desc *desc)
{
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (!is_legacy(desc, k))
			unbind_late(desc, k);
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
			err = bind_late(desc, k, gsi_irq(desc->irqs[k].irq));
	return err ? err : bind_pci_devices(desc);
}

static int add_late(struct adeos_domain_desc *desc)
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

static void remove_late(struct adeos_domain_desc *desc)
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
	err = request_for_legacy(desc);
	if (err)
		goto out;
	err = adeos_domain_start(desc);
	if (err)
		goto err_free;
	err = add_late(desc);
	if (err)
		goto err_stop;
	err = adeos_proc_add_domain(desc);
	if (!err)
		goto out;
	remove_late(desc);
err_stop:
	adeos_domain_stop(desc);
err_free:
	free_for_legacy(desc, desc->nr_irqs);
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
	remove_late(desc);
	err = adeos_domain_stop(desc);
	free_for_legacy(desc, desc->nr_irqs);
	mutex_unlock(&adeos_domains_lock);
	if (err)
		pr_err("adeos: domain %s: unregistering failed: error %d\n",
		       desc->name, err);
	else
		pr_info("adeos: domain %s unloaded\n", desc->name);
}
EXPORT_SYMBOL_GPL(adeos_unload_domain);
