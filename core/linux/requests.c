// SPDX-License-Identifier: GPL-2.0-only
/*
 * A domain's IRQs requested from Linux in the domain's name, and the
 * rules by which a domain and Linux's drivers share a line.
 *
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
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <adeos/hooks.h>
#include <adeos/linux.h>
#include <adeos/timer.h>
#include "glue.h"

static irqreturn_t passed_on_by_domain(int irq, void *dev_id)
{
	return IRQ_HANDLED;
}

/* The IRQs requested for domains: how many loaded domains take each. */
static unsigned int request_users[ARCH_NR_HW_IRQS];

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

	return desc && adx86_line_is_level(irq, &desc->irq_data,
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
 * ticks through the pipeline's timer, and a domain may then have the PIT,
 * unless the PIT is that timer (adeos_request_for_domain() checks).
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

int adeos_request_for_domain(struct adeos_domain_desc *desc,
			     const struct adeos_domain_irq *q, unsigned int irq)
{
	unsigned long flags = IRQF_NO_THREAD;
	char *name;
	int err;

	if (irq >= ARCH_NR_HW_IRQS)
		return 0;
	if ((int)irq == arch_timer_irq()) {
		pr_err("adeos: domain %s cannot have IRQ %u: it is the pipeline's timer (%s)\n",
		       desc->name, irq, arch_timer_name());
		return -EBUSY;
	}
	err = adx86_route_isa_irq(irq, desc->name);
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

void adeos_free_for_domain(unsigned int irq)
{
	if (irq < ARCH_NR_HW_IRQS && request_users[irq] &&
	    !--request_users[irq])
		kfree(free_irq(irq, request_users));
}

static bool is_legacy(const struct adeos_domain_desc *desc, unsigned int k)
{
	return desc->irqs[k].kind == ADEOS_IRQ_LEGACY;
}

void adeos_free_for_legacy(struct adeos_domain_desc *desc, unsigned int n)
{
	while (n--)
		if (is_legacy(desc, n))
			adeos_free_for_domain(desc->irqs[n].irq);
}

int adeos_request_for_legacy(struct adeos_domain_desc *desc)
{
	unsigned int k;
	int err;

	for (k = 0; k < desc->nr_irqs; k++) {
		if (!is_legacy(desc, k))
			continue;
		err = adeos_request_for_domain(desc, &desc->irqs[k],
					       desc->irqs[k].irq);
		if (err) {
			desc->failed_irq = desc->irqs[k].irq;
			adeos_free_for_legacy(desc, k);
			return err;
		}
	}
	return 0;
}
