/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The root's fast path, inline for the arch's IRQ entry (core/pipeline.c
 * has adeos_root_direct(), the same with the root's acknowledge called
 * through its slot). An IRQ that no domain ahead of the root takes,
 * arriving while the root runs with its stage unstalled and no stage
 * ahead of it stalled or with a log, would be logged and played back at
 * once: the arch may instead acknowledge it with the root's acknowledge
 * and run the root's handler itself, inside its own entry, with the
 * root's stage stalled. Nothing can be logged for the root then (it
 * would have been played), so the order of delivery is kept.
 * Hard IRQs off.
 */
#ifndef ADEOS_DIRECT_H
#define ADEOS_DIRECT_H

#include <adeos/adeos.h>

/* Whether the root may take @irq at once. No side effect. */
static inline __attribute__((always_inline)) int
adeos_root_may_take(unsigned int irq)
{
	const adomain_t *d;

	if (adeos_current != &adeos_root ||
	    (adeos_root.status & ADEOS_STALL_FLAG) || adeos_root.log.summary ||
	    !(adeos_root.irqs[irq].control & ADEOS_HANDLE_MASK))
		return 0;
	/*
	 * A stage ahead may have a log: unstalled by the root's code, it is
	 * played by that unstall, which this IRQ may come in front of.
	 */
	for (d = adeos_head; d != &adeos_root; d = d->next)
		if ((d->status & ADEOS_STALL_FLAG) || d->log.summary ||
		    (d->irqs[irq].control &
		     (ADEOS_HANDLE_MASK | ADEOS_PASS_MASK)) != ADEOS_PASS_MASK)
			return 0;
	return 1;
}

/* An acknowledge found nothing there (adeos_spurious_count()). */
void adeos_note_spurious(void);

/*
 * The root's acknowledge of @irq, which it may take, said @ack: count
 * it. @return 1: run the root's handler; ADEOS_DIRECT_HELD: the same,
 * then adeos_root_direct_done(); -1: spurious, nothing to run.
 */
static inline __attribute__((always_inline)) int
adeos_root_took(unsigned int irq, int ack)
{
	if (ack == ADEOS_ACK_SPURIOUS) {
		adeos_note_spurious();
		return -1;
	}
	adeos_root.stats[irq].received++;
	adeos_root.stats[irq].handled++;
	if (ack == ADEOS_ACK_HELD) {
		adeos_root.irqs[irq].held = 1;
		return ADEOS_DIRECT_HELD;
	}
	return 1;
}

#endif /* ADEOS_DIRECT_H */
