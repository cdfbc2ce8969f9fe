/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What the pipeline offers an executive: code that runs tasks, each on
 * a stack of its own, inside a domain ahead of the OS (executive/, the
 * rtx executive). An executive reaches the domain only through these
 * calls, never through adomain_t's fields.
 *
 * The scheduler hook is the one moment a task switch is safe: the
 * pipeline calls it after it played the domain's log, once the log is
 * drained and none of the domain's handler calls is on the stack (a
 * switch would strand their frames). It runs as the domain
 * (adeos_current), its stage unstalled, hard IRQs off, and may switch
 * stacks; the context it was called in goes on (to the domains below)
 * when the call returns into it.
 */
#ifndef ADEOS_SCHED_H
#define ADEOS_SCHED_H

#include <adeos/adeos.h>

/*
 * Make @reschedule(@scheduler) @d's scheduler hook; a NULL @reschedule
 * lets go of it. Any context: it takes its own hard section.
 */
void adeos_set_scheduler(adomain_t *d, void (*reschedule)(void *scheduler),
			 void *scheduler);
/*
 * Whether one of @d's handler calls is in progress (its frames on the
 * stack): the code running in @d now is a handler's, not a task's.
 */
int adeos_handler_live(const adomain_t *d);
/*
 * Where a fault in @d's code lands while no handler call of @d is in
 * progress: a task's body (arch_call_handler()'s @landing), or NULL.
 * Hard IRQs off.
 */
void adeos_set_landing(adomain_t *d, struct arch_landing *landing);
/*
 * Why @d's code last faulted (adeos_domain_fault() recorded it), for
 * an executive whose task's landing was taken.
 */
const struct adeos_fault *adeos_last_fault(const adomain_t *d);

#endif /* ADEOS_SCHED_H */
