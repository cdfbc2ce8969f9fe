// SPDX-License-Identifier: GPL-2.0-only
/*
 * Trap events: the OS's exceptions, offered to the domains that catch
 * them, head first, before the OS handles them (the I-pipe called it
 * catching an event; the loadable debugger of the 2002 announcement
 * needs nothing more).
 */
#include "internal.h"

/* The events some domain catches: the arch's fast path tests one bit. */
unsigned long adeos_event_map;

void adeos_update_event_map(void)
{
	unsigned long map = 0;
	unsigned int event;
	adomain_t *d;

	for (d = adeos_head; d; d = d->next)
		for (event = 0; event < ADEOS_NR_EVENTS; event++)
			if (d->events[event].handler)
				map |= 1UL << event;
	adeos_event_map = map;
}

int adeos_catch_event_from(adomain_t *adp, unsigned int event,
			   adeos_event_handler_t handler, void *cookie)
{
	unsigned long flags;
	int err = 0;

	if (!adp || adp == &adeos_root || event >= ADEOS_NR_EVENTS)
		return -EINVAL;
	flags = hard_local_irq_save();
	if (adeos_domain_registered(adp)) {
		adp->events[event].handler = handler;
		adp->events[event].cookie = handler ? cookie : NULL;
		adeos_update_event_map();
	} else {
		err = -EINVAL;
	}
	hard_local_irq_restore(flags);
	return err;
}

int adeos_catch_event(unsigned int event, adeos_event_handler_t handler)
{
	return adeos_catch_event_from(adeos_current, event, handler, NULL);
}

int adeos_handle_event(unsigned int event, void *data)
{
	int ret = ADEOS_EVENT_PASS;
	unsigned long flags;
	adomain_t *d;

	if (event >= ADEOS_NR_EVENTS || !(adeos_event_map & (1UL << event)))
		return ADEOS_EVENT_PASS;
	flags = hard_local_irq_save();
	for (d = adeos_head; d && ret == ADEOS_EVENT_PASS; d = d->next) {
		struct adeos_event_slot *e = &d->events[event];

		/* A stopped domain's code is never called again. */
		if (!e->handler || (d->status & ADEOS_FAULTED_FLAG))
			continue;
		d->event_hits[event]++;
		ret = e->handler(event, data, e->cookie);
	}
	hard_local_irq_restore(flags);
	return ret;
}
