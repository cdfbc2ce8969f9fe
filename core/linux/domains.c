// SPDX-License-Identifier: GPL-2.0-only
/*
 * Loading and unloading domains in a running Linux (adeos/os.h):
 * at boot for the built-in ones, from module init and exit for the
 * loadable ones.
 */
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/module.h>
#include <linux/mutex.h>
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

static bool keeps_to_itself(const struct adeos_domain_irq *q)
{
	return (q->mode & ADEOS_EXCLUSIVE_MASK) || !(q->mode & ADEOS_PASS_MASK);
}

/*
 * The Linux driver that uses @irq, if any. Not the PIT's tick on IRQ 0
 * (IRQF_TIMER): Linux ticks from the local APIC timer once it verified
 * it, and a domain may then have the PIT (arch_timer_start() checks).
 */
static const char *linux_driver_of(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irqaction *a;

	for (a = desc ? desc->action : NULL; a; a = a->next)
		if (a->handler != passed_on_by_domain &&
		    !(a->flags & IRQF_TIMER))
			return a->name ? a->name : "(unnamed)";
	return NULL;
}

static int request_for_domain(struct adeos_domain_desc *desc,
			      const struct adeos_domain_irq *q)
{
	unsigned long flags = IRQF_NO_THREAD;
	char *name;
	int err;

	const char *driver;

	if (q->irq >= ARCH_NR_HW_IRQS)
		return 0;
	driver = linux_driver_of(q->irq);
	if (driver && keeps_to_itself(q)) {
		pr_err("adeos: domain %s cannot have IRQ %u to itself: Linux's driver %s uses it\n",
		       desc->name, q->irq, driver);
		return -EBUSY;
	}
	if (request_users[q->irq]) {
		request_users[q->irq]++;
		return 0;
	}
	if (irq_has_action(q->irq) && keeps_to_itself(q))
		return 0;
	if (!keeps_to_itself(q))
		flags |= IRQF_SHARED;
	name = kasprintf(GFP_KERNEL, "adeos-%s", desc->name);
	if (!name)
		return -ENOMEM;
	err = request_irq(q->irq, passed_on_by_domain, flags, name,
			  request_users);
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
	request_users[q->irq] = 1;
	return 0;
}

/* Give back the requests of the domain's IRQ entries [0, @n). */
static void free_for_domain(struct adeos_domain_desc *desc, unsigned int n)
{
	while (n--) {
		unsigned int irq = desc->irqs[n].irq;

		if (irq < ARCH_NR_HW_IRQS && request_users[irq] &&
		    !--request_users[irq])
			kfree(free_irq(irq, request_users));
	}
}

static int request_for_irqs(struct adeos_domain_desc *desc)
{
	unsigned int k;
	int err;

	for (k = 0; k < desc->nr_irqs; k++) {
		err = request_for_domain(desc, &desc->irqs[k]);
		if (err) {
			desc->failed_irq = desc->irqs[k].irq;
			free_for_domain(desc, k);
			return err;
		}
	}
	return 0;
}

static void report_failure(struct adeos_domain_desc *desc, int err)
{
	if (desc->failed_irq >= 0)
		pr_err("adeos: domain %s cannot take IRQ %d\n", desc->name,
		       desc->failed_irq);
	pr_err("adeos: domain %s not registered: error %d\n", desc->name, err);
}

int adeos_load_domain(struct adeos_domain_desc *desc)
{
	int err;

	mutex_lock(&adeos_domains_lock);
	desc->failed_irq = -1;
	err = request_for_irqs(desc);
	if (!err) {
		err = adeos_domain_start(desc);
		if (err)
			free_for_domain(desc, desc->nr_irqs);
	}
	if (!err) {
		err = adeos_proc_add_domain(desc);
		if (err) {
			adeos_domain_stop(desc);
			free_for_domain(desc, desc->nr_irqs);
		}
	}
	mutex_unlock(&adeos_domains_lock);
	if (err) {
		report_failure(desc, err);
		return err;
	}
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
	err = adeos_domain_stop(desc);
	free_for_domain(desc, desc->nr_irqs);
	mutex_unlock(&adeos_domains_lock);
	if (err)
		pr_err("adeos: domain %s: unregistering failed: error %d\n",
		       desc->name, err);
	else
		pr_info("adeos: domain %s unloaded\n", desc->name);
}
EXPORT_SYMBOL_GPL(adeos_unload_domain);
