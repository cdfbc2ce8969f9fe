// SPDX-License-Identifier: GPL-2.0-only
/*
 * Who takes which IRQ: handlers, control masks, exclusive ownership and
 * virtual IRQs.
 */
#include "internal.h"

adomain_t *adeos_irq_owner(unsigned int irq)
{
	adomain_t *d;

	if (irq >= ADEOS_NR_IRQS)
		return NULL;
	for (d = adeos_head; d; d = d->next)
		if (d->irqs[irq].control & ADEOS_EXCLUSIVE_MASK)
			return d;
	return NULL;
}

/*
 * Whether @adp may give @irq the @control mask, with @handler installed.
 * -EINVAL for a mask that makes no sense, -EBUSY when another domain owns
 * the IRQ exclusively, or @adp asks for it alone and another takes it.
 */
static int control_allowed(adomain_t *adp, unsigned int irq,
			   unsigned int control, adeos_irq_handler_t handler)
{
	adomain_t *d;

	if ((control & ADEOS_HANDLE_MASK) && !handler)
		return -EINVAL;
	if ((control & ADEOS_EXCLUSIVE_MASK) && !(control & ADEOS_HANDLE_MASK))
		return -EINVAL;
	if (!(control & ADEOS_HANDLE_MASK))
		return 0;
	for (d = adeos_head; d; d = d->next) {
		unsigned int other = d->irqs[irq].control;

		if (d == adp)
			continue;
		if (other & ADEOS_EXCLUSIVE_MASK)
			return -EBUSY;
		if ((control & ADEOS_EXCLUSIVE_MASK) &&
		    (other & ADEOS_HANDLE_MASK))
			return -EBUSY;
	}
	return 0;
}

/* Virtual IRQs are messages: a merge would lose some, so each it is. */
static unsigned int stored_control(unsigned int irq, unsigned int control)
{
	control &= ~ADEOS_ENABLE_MASK;
	if (adeos_is_virq(irq))
		control |= ADEOS_EACH_MASK;
	return control;
}

/* ADEOS_ENABLE_MASK is an action on the controller, not a state. */
static void apply_enable(unsigned int irq, unsigned int clrmask,
			 unsigned int setmask)
{
	if (adeos_is_virq(irq))
		return;
	/* A line the storm guard masked opens only when cleared. */
	if ((setmask & ADEOS_ENABLE_MASK) && !adeos_storm_masked(irq))
		arch_irq_unmask(irq);
	else if (clrmask & ADEOS_ENABLE_MASK)
		arch_irq_mask(irq);
}

/*
 * @adp no longer takes @irq; what it had pending goes down, and a line
 * it held opens: no one else would end it.
 */
static void release_irq(adomain_t *adp, unsigned int irq, enum adeos_walk walk)
{
	unsigned int n = adeos_log_drop(adp, irq);
	struct adeos_irq_slot *slot = &adp->irqs[irq];

	if (slot->held)
		adeos_end_held(adp, irq);
	slot->handler = NULL;
	slot->acknowledge = NULL;
	slot->cookie = NULL;
	slot->control = ADEOS_DEFAULT_CONTROL;
	if (n) {
		adeos_hand_down(adp->next, irq, n);
		adeos_sync_pipeline(walk);
	}
}

static int install_irq(adomain_t *adp, unsigned int irq,
		       adeos_irq_handler_t handler, void *cookie,
		       adeos_irq_ack_t acknowledge, unsigned int mode)
{
	struct adeos_irq_slot *slot = &adp->irqs[irq];
	int err = control_allowed(adp, irq, mode, handler);

	if (err)
		return err;
	slot->handler = handler;
	slot->cookie = cookie;
	slot->acknowledge = acknowledge ? acknowledge : arch_irq_ack;
	slot->control = stored_control(irq, mode);
	apply_enable(irq, 0, mode);
	return 0;
}

int adeos_virtualize_irq_from(adomain_t *adp, unsigned int irq,
			      adeos_irq_handler_t handler, void *cookie,
			      adeos_irq_ack_t acknowledge, unsigned int mode)
{
	unsigned long flags;
	int err = 0;

	if (!adp || irq >= ADEOS_NR_IRQS || (mode & ~ADEOS_CONTROL_BITS))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (!adeos_domain_registered(adp) || !adeos_irq_valid(irq))
		err = -EINVAL;
	else if (!handler)
		release_irq(adp, irq, adeos_walk_for(flags));
	else
		err = install_irq(adp, irq, handler, cookie, acknowledge, mode);
	hard_local_irq_restore(flags);
	return err;
}

/* The 2002 call: the current domain takes @irq and passes it on. */
int adeos_virtualize_irq(unsigned int irq, adeos_irq_handler_t handler,
			 adeos_irq_ack_t acknowledge)
{
	return adeos_virtualize_irq_from(adeos_current, irq, handler, NULL,
					 acknowledge,
					 ADEOS_HANDLE_MASK | ADEOS_PASS_MASK);
}

int adeos_control_irq_from(adomain_t *adp, unsigned int irq,
			   unsigned int clrmask, unsigned int setmask)
{
	unsigned long flags;
	unsigned int control = 0;
	int err = -EINVAL;

	if (!adp || irq >= ADEOS_NR_IRQS ||
	    ((clrmask | setmask) & ~ADEOS_CONTROL_BITS))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (adeos_domain_registered(adp) && adeos_irq_valid(irq)) {
		control = (adp->irqs[irq].control & ~clrmask) | setmask;
		err = control_allowed(adp, irq, control,
				      adp->irqs[irq].handler);
	}
	if (!err) {
		adp->irqs[irq].control = stored_control(irq, control);
		apply_enable(irq, clrmask, setmask);
	}
	hard_local_irq_restore(flags);
	return err;
}

int adeos_control_irq(unsigned int irq, unsigned int clrmask,
		      unsigned int setmask)
{
	return adeos_control_irq_from(adeos_current, irq, clrmask, setmask);
}

int adeos_end_irq_from(adomain_t *adp, unsigned int irq)
{
	unsigned long flags;
	int err = -EINVAL;

	if (!adp || irq >= ADEOS_NR_IRQS)
		return -EINVAL;
	flags = hard_local_irq_save();
	if (adeos_domain_registered(adp) && adp->irqs[irq].held) {
		adeos_end_held(adp, irq);
		err = 0;
	}
	hard_local_irq_restore(flags);
	return err;
}

int adeos_end_irq(unsigned int irq)
{
	return adeos_end_irq_from(adeos_current, irq);
}

int adeos_alloc_virq(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned int i;
	int irq = -ENOSPC;

	for (i = 0; i < ADEOS_NR_VIRQS; i++) {
		if (!(adeos_pipe.virq_map & (1UL << i))) {
			adeos_pipe.virq_map |= 1UL << i;
			irq = ADEOS_VIRQ_BASE + i;
			break;
		}
	}
	hard_local_irq_restore(flags);
	return irq;
}

/* A virtual IRQ goes back only when no domain holds a handler for it. */
int adeos_free_virq(unsigned int irq)
{
	unsigned long flags;
	adomain_t *d;
	int err = 0;

	if (!adeos_is_virq(irq))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (!adeos_virq_allocated(irq))
		err = -EINVAL;
	for (d = adeos_head; d && !err; d = d->next)
		if (d->irqs[irq].handler)
			err = -EBUSY;
	if (!err) {
		/* The next owner of the number starts from zero. */
		for (d = adeos_head; d; d = d->next) {
			d->irqs[irq].control = ADEOS_DEFAULT_CONTROL;
			__builtin_memset(&d->stats[irq], 0,
					 sizeof(d->stats[irq]));
		}
		adeos_pipe.virq_map &= ~(1UL << (irq - ADEOS_VIRQ_BASE));
	}
	hard_local_irq_restore(flags);
	return err;
}
