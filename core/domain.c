// SPDX-License-Identifier: GPL-2.0-only
/*
 * Domains: the root domain, registration, removal and priority changes.
 * All of them may happen while IRQs flow: the pipeline list only changes
 * with hard IRQs off, and what a leaving domain still had pending goes
 * down the pipeline rather than being lost.
 */
#include "internal.h"

/* Starts stalled: the machine boots with interrupts off. */
adomain_t adeos_root = { .status = ADEOS_STALL_FLAG };

static void domain_reset(adomain_t *d, const char *name, int priority)
{
	unsigned int irq;

	__builtin_memset(d, 0, sizeof(*d));
	d->name = name;
	d->priority = priority;
	d->irq_in_service = -1;
	d->timers_due.next = &d->timers_due;
	d->timers_due.prev = &d->timers_due;
	for (irq = 0; irq < ADEOS_NR_IRQS; irq++)
		d->irqs[irq].control = ADEOS_DEFAULT_CONTROL;
}

void adeos_init(const char *root_name)
{
	domain_reset(&adeos_root, root_name, ADEOS_ROOT_PRI);
	adeos_head = &adeos_root;
	adeos_current = &adeos_root;
	adeos_pipe.virq_map = 0;
	adeos_pipe.unhandled = 0;
	adeos_pipe.spurious = 0;
	adeos_pipe.dropped = 0;
	adeos_pipe.departed = 0;
	adeos_event_map = 0;
	adeos_storm_reset();
}

adomain_t *adeos_root_domain(void)
{
	return &adeos_root;
}

adomain_t *adeos_current_domain(void)
{
	return adeos_current;
}

adomain_t *adeos_next_domain(adomain_t *adp)
{
	return adp ? adp->next : adeos_head;
}

int adeos_domain_registered(const adomain_t *adp)
{
	const adomain_t *d;

	for (d = adeos_head; d; d = d->next)
		if (d == adp)
			return 1;
	return 0;
}

static adomain_t *domain_at(int priority)
{
	adomain_t *d;

	for (d = adeos_head; d; d = d->next)
		if (d->priority == priority)
			return d;
	return NULL;
}

/* Priorities are unique and above the root's, so the root stays last. */
static void pipeline_insert(adomain_t *adp)
{
	adomain_t **link = &adeos_head;

	while ((*link)->priority > adp->priority)
		link = &(*link)->next;
	adp->next = *link;
	*link = adp;
}

/* Unlink @adp; adp->next still names its old successor. */
static void pipeline_remove(adomain_t *adp)
{
	adomain_t **link = &adeos_head;

	while (*link != adp)
		link = &(*link)->next;
	*link = adp->next;
}

static int priority_valid(int priority)
{
	return priority >= ADEOS_MIN_PRI && priority <= ADEOS_MAX_PRI;
}

/* Run a new domain's entry as that domain, its stage stalled. */
static void run_entry(adomain_t *adp, void (*entry)(void))
{
	adomain_t *prev = adeos_current;

	adeos_current = adp;
	adp->status |= ADEOS_STALL_FLAG;
	entry();
	adp->status &= ~ADEOS_STALL_FLAG;
	adeos_current = prev;
}

void adeos_init_attr(adattr_t *attr)
{
	attr->name = "anonymous";
	attr->priority = ADEOS_MIN_PRI;
	attr->entry = NULL;
}

int adeos_register_domain(adomain_t *adp, adattr_t *attr)
{
	unsigned long flags;
	int err = 0;

	if (!adp || !attr || !attr->name || !priority_valid(attr->priority))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (adeos_domain_registered(adp)) {
		err = -EBUSY;
		goto out;
	}
	if (domain_at(attr->priority)) {
		err = -EEXIST;
		goto out;
	}
	domain_reset(adp, attr->name, attr->priority);
	pipeline_insert(adp);
	if (attr->entry)
		run_entry(adp, attr->entry);
	adeos_sync_pipeline(adeos_walk_for(flags));
out:
	hard_local_irq_restore(flags);
	return err;
}

/*
 * Send what @adp still holds to the domains that were below it, and open
 * the lines it held: no one else would end them.
 */
static void hand_down_log(adomain_t *adp)
{
	unsigned int line;
	int irq;

	while ((irq = adeos_log_first(adp)) >= 0)
		adeos_hand_down(adp->next, irq, adeos_log_drop(adp, irq));
	for (line = 0; line < ADEOS_VIRQ_BASE; line++)
		if (adp->irqs[line].held)
			adeos_end_held(adp, line);
}

/* Why @adp may not be removed or moved now, or 0. Hard IRQs off. */
static int domain_busy(adomain_t *adp)
{
	if (adp == &adeos_root)
		return -EPERM;
	if (!adeos_domain_registered(adp))
		return -EINVAL;
	if (adp->irq_in_service >= 0 || adp == adeos_current)
		return -EBUSY;
	return 0;
}

/* What @d's handlers got: its deliveries and the arrivals they covered. */
static unsigned long delivered(const adomain_t *d)
{
	unsigned long n = 0;
	unsigned int irq;

	for (irq = 0; irq < ADEOS_NR_IRQS; irq++)
		n += d->stats[irq].handled + d->stats[irq].merged;
	return n;
}

int adeos_unregister_domain(adomain_t *adp)
{
	unsigned long flags;
	int err;

	if (!adp)
		return -EINVAL;
	flags = hard_local_irq_save();
	err = domain_busy(adp);
	if (!err) {
		pipeline_remove(adp);
		adeos_update_event_map();
		hand_down_log(adp);
		adeos_pipe.departed += delivered(adp);
		adp->next = NULL;
		adeos_sync_pipeline(adeos_walk_for(flags));
	}
	hard_local_irq_restore(flags);
	return err;
}

int adeos_renice_domain(adomain_t *adp, int newpri)
{
	unsigned long flags;
	adomain_t *other;
	int err;

	if (!adp)
		return -EINVAL;
	flags = hard_local_irq_save();
	err = domain_busy(adp);
	if (!err && !priority_valid(newpri))
		err = -EINVAL;
	other = domain_at(newpri);
	if (!err && other && other != adp)
		err = -EEXIST;
	if (!err) {
		pipeline_remove(adp);
		adp->priority = newpri;
		pipeline_insert(adp);
		adeos_sync_pipeline(adeos_walk_for(flags));
	}
	hard_local_irq_restore(flags);
	return err;
}
