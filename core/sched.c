// SPDX-License-Identifier: GPL-2.0-only
/*
 * What the pipeline offers an executive (adeos/sched.h): its scheduler
 * hook, and the few facts about its domain it needs, so that it never
 * touches adomain_t's fields.
 */
#include "internal.h"
#include <adeos/sched.h>

void adeos_set_scheduler(adomain_t *d, void (*reschedule)(void *scheduler),
			 void *scheduler)
{
	unsigned long irqs = hard_local_irq_save();

	d->reschedule = reschedule;
	d->scheduler = reschedule ? scheduler : NULL;
	hard_local_irq_restore(irqs);
}

int adeos_handler_live(const adomain_t *d)
{
	return d->irq_in_service >= 0;
}

void adeos_set_landing(adomain_t *d, struct arch_landing *landing)
{
	d->landing = landing;
}

const struct adeos_fault *adeos_last_fault(const adomain_t *d)
{
	return &d->fault;
}
