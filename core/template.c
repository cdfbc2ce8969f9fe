// SPDX-License-Identifier: GPL-2.0-only
/*
 * Starting and stopping domains described as data (adeos/template.h),
 * at boot (the generated table, all or none) or while IRQs flow
 * (loadable domains).
 */
#include <adeos/clock.h>
#include <adeos/template.h>

static int root_handles(unsigned int irq)
{
	return adeos_root.irqs[irq].control & ADEOS_HANDLE_MASK;
}

/* The root domain takes @irq again, as it did before @s was saved. */
static void root_takes_back(unsigned int irq, const struct adeos_irq_slot *s)
{
	adeos_control_irq_from(&adeos_root, irq, 0,
			       s->control & ADEOS_HANDLE_MASK);
}

/*
 * Give back entry @k. The root domain takes back an IRQ the domain had
 * alone before the domain lets it go, so that what the domain still had
 * pending goes down to it. Hard IRQs off, so no arrival falls in
 * between.
 */
static void release_irq(struct adeos_domain_desc *desc, unsigned int k)
{
	const struct adeos_irq_slot *s = &desc->root_slots[k];
	unsigned int irq = desc->bound[k];

	if (irq == ADEOS_IRQ_UNBOUND)
		return;
	if (s->control & ADEOS_HANDLE_MASK) {
		adeos_control_irq_from(&desc->domain, irq, ADEOS_EXCLUSIVE_MASK,
				       0);
		root_takes_back(irq, s);
	}
	adeos_virtualize_irq_from(&desc->domain, irq, NULL, NULL, NULL, 0);
	desc->bound[k] = ADEOS_IRQ_UNBOUND;
}

/* Give back IRQ entries [0, @n), the last first. */
static void release_irqs(struct adeos_domain_desc *desc, unsigned int n)
{
	while (n--)
		release_irq(desc, n);
}

/*
 * Take one IRQ. For an exclusive one the root domain stops taking it
 * first, but keeps its handler: what arrived for it before the domain
 * took the IRQ is still the root's, and is played there.
 */
static int take_irq(struct adeos_domain_desc *desc, unsigned int k,
		    unsigned int irq)
{
	const struct adeos_domain_irq *q = &desc->irqs[k];
	struct adeos_irq_slot *s = &desc->root_slots[k];
	int err;

	s->control = 0;
	if ((q->mode & ADEOS_EXCLUSIVE_MASK) && irq < ADEOS_NR_IRQS &&
	    root_handles(irq)) {
		*s = adeos_root.irqs[irq];
		adeos_control_irq_from(&adeos_root, irq, ADEOS_HANDLE_MASK, 0);
	}
	err = adeos_virtualize_irq_from(&desc->domain, irq,
					desc->tmpl->handle_irq, desc, NULL,
					q->mode);
	if (err && (s->control & ADEOS_HANDLE_MASK)) {
		root_takes_back(irq, s);
		s->control = 0;
	}
	if (!err)
		desc->bound[k] = irq;
	return err;
}

/* The legacy entries; the OS binds the others (adeos_domain_bind_irq). */
static int take_irqs(struct adeos_domain_desc *desc)
{
	unsigned long flags = hard_local_irq_save();
	unsigned int k;
	int err = 0;

	for (k = 0; k < desc->nr_irqs; k++)
		desc->bound[k] = ADEOS_IRQ_UNBOUND;
	for (k = 0; k < desc->nr_irqs && !err; k++) {
		if (desc->irqs[k].kind != ADEOS_IRQ_LEGACY)
			continue;
		err = take_irq(desc, k, desc->irqs[k].irq);
		if (err) {
			desc->failed_irq = desc->irqs[k].irq;
			release_irqs(desc, k);
		}
	}
	hard_local_irq_restore(flags);
	return err;
}

int adeos_domain_start(struct adeos_domain_desc *desc)
{
	adattr_t attr;
	int err;

	desc->failed_irq = -1;
	if (desc->nr_irqs > ADEOS_DOMAIN_MAX_IRQS)
		return -EINVAL;
	adeos_init_attr(&attr);
	attr.name = desc->name;
	attr.priority = desc->priority;
	err = adeos_register_domain(&desc->domain, &attr);
	if (err)
		return err;
	/* Before any IRQ of the domain flows: nothing reads them yet. */
	desc->domain.on_fault = desc->on_fault;
	desc->domain.budget =
		(unsigned long long)desc->budget_us * arch_timestamp_per_us();
	if (desc->tmpl->start) {
		err = desc->tmpl->start(desc);
		if (err)
			goto err_unregister;
	}
	err = take_irqs(desc);
	if (err)
		goto err_stop;
	if (desc->tmpl->irqs_taken)
		desc->tmpl->irqs_taken(desc);
	return 0;

err_stop:
	if (desc->tmpl->stop)
		desc->tmpl->stop(desc);
err_unregister:
	adeos_unregister_domain(&desc->domain);
	return err;
}

int adeos_domain_stop(struct adeos_domain_desc *desc)
{
	unsigned long flags;

	if (desc->tmpl->quiesce)
		desc->tmpl->quiesce(desc);
	flags = hard_local_irq_save();
	release_irqs(desc, desc->nr_irqs);
	hard_local_irq_restore(flags);
	if (desc->tmpl->stop)
		desc->tmpl->stop(desc);
	return adeos_unregister_domain(&desc->domain);
}

int adeos_domain_bind_irq(struct adeos_domain_desc *desc, unsigned int k,
			  unsigned int irq)
{
	unsigned long flags;
	int err;

	if (k >= desc->nr_irqs || desc->irqs[k].kind == ADEOS_IRQ_LEGACY ||
	    desc->bound[k] != ADEOS_IRQ_UNBOUND || irq == ADEOS_IRQ_UNBOUND)
		return -EINVAL;
	flags = hard_local_irq_save();
	err = take_irq(desc, k, irq);
	hard_local_irq_restore(flags);
	return err;
}

int adeos_domain_unbind_irq(struct adeos_domain_desc *desc, unsigned int k)
{
	unsigned long flags;

	if (k >= desc->nr_irqs || desc->irqs[k].kind == ADEOS_IRQ_LEGACY ||
	    desc->bound[k] == ADEOS_IRQ_UNBOUND)
		return -EINVAL;
	flags = hard_local_irq_save();
	release_irq(desc, k);
	hard_local_irq_restore(flags);
	return 0;
}

int adeos_start_domains(struct adeos_domain_desc *descs, unsigned int n,
			int (*start)(struct adeos_domain_desc *desc),
			void (*stop)(struct adeos_domain_desc *desc))
{
	unsigned int i;
	int err;

	for (i = 0; i < n; i++) {
		err = start(&descs[i]);
		if (err)
			goto err_stop;
	}
	return 0;

err_stop:
	while (i--)
		stop(&descs[i]);
	return err;
}
