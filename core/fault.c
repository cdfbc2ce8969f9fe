// SPDX-License-Identifier: GPL-2.0-only
/*
 * A domain that faults: the arch's trap handler asks where the faulting
 * domain lands (adeos_domain_fault()), and the pipeline stops it once
 * its handler call has unwound there, or once its calls ran past their
 * time budget. Off the interrupt path: nothing here runs for an IRQ
 * that is handled well.
 */
#include "internal.h"

/*
 * Stop @d, which faulted or ran past its budget in a handler: none of
 * its handlers is called again, and its IRQs go to nobody or down the
 * pipeline, as its on_fault says, with what it had pending. A line it
 * shares with the root (the OS still takes it: its own driver is on it)
 * goes on down whatever on_fault says: dropping it would take the OS's
 * device away with the domain.
 */
void adeos_stop_faulted(adomain_t *d)
{
	unsigned int irq, n;

	d->status |= ADEOS_FAULTED_FLAG;
	for (irq = 0; irq < ADEOS_NR_IRQS; irq++) {
		struct adeos_irq_slot *slot = &d->irqs[irq];
		struct adeos_irq_slot *root = &adeos_root.irqs[irq];
		int shared = root->control & ADEOS_HANDLE_MASK;

		if (!(slot->control & ADEOS_HANDLE_MASK))
			continue;
		n = adeos_log_drop(d, irq);
		if (d->on_fault != ADEOS_FAULT_PASS_IRQS && !shared) {
			/* A held line stays masked: the release ends it. */
			slot->control = 0;
			adeos_pipe.dropped += n;
			continue;
		}
		slot->control = ADEOS_PASS_MASK;
		/* The root gave the IRQ up when the domain took it alone. */
		if (root->handler && d != &adeos_root)
			root->control |= ADEOS_HANDLE_MASK;
		if (slot->held)
			adeos_end_held(d, irq);
		if (n)
			adeos_hand_down(d, irq, n);
	}
	arch_report_fault(d);
}

struct arch_landing *adeos_domain_fault(const struct adeos_fault *fault)
{
	adomain_t *d = adeos_current;

	if (!d || d == &adeos_root || !d->landing)
		return NULL;
	/* An outer call of a stopped domain faulting too: the first says why. */
	if (!(d->status & ADEOS_FAULTED_FLAG)) {
		d->fault = *fault;
		d->fault.irq = d->irq_in_service;
	}
	return d->landing;
}
