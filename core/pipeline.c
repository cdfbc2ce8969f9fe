// SPDX-License-Identifier: GPL-2.0-only
/*
 * The interrupt pipeline: an IRQ is logged in every domain that handles
 * it, from the head down until a domain terminates it; then each domain
 * whose stage is unstalled plays its log, highest first. A stalled stage
 * holds back itself and everything below it, as a real interrupt flag
 * would; it is played when it unstalls.
 *
 * The pipeline never runs below the current domain: a domain that was
 * interrupted resumes first, and the domains below it get their turn when
 * it is done. So the domains with handlers in progress always form a
 * chain of rising priority.
 */
#include "internal.h"
#include <adeos/direct.h>

struct adeos_pipeline adeos_pipe;
adomain_t *adeos_current; /* whose code runs now */
adomain_t *adeos_head; /* highest priority; the root domain is last */

/*
 * Offer @n arrivals of @irq to @d and the domains below, as they say.
 * @return how many domains logged them.
 */
int adeos_log_down(adomain_t *d, unsigned int irq, unsigned int n)
{
	int logged = 0;

	for (; d; d = d->next) {
		unsigned int control = d->irqs[irq].control;

		if (control & ADEOS_HANDLE_MASK) {
			adeos_log_add(d, irq, n);
			logged++;
			if (control & ADEOS_PASS_MASK)
				d->stats[irq].passed += n;
		}
		if (!(control & ADEOS_PASS_MASK))
			break;
	}
	return logged;
}

/*
 * Arrivals a domain had pending and lets go of (a release, an
 * unregistration) go to the domains below @d; if none of them takes the
 * IRQ, they are counted as dropped, never lost silently.
 */
void adeos_hand_down(adomain_t *d, unsigned int irq, unsigned int n)
{
	if (!adeos_log_down(d, irq, n))
		adeos_pipe.dropped += n;
}

/*
 * A call of @d's handler for @irq took @took timestamp counts. @return
 * nonzero when that makes arch_budget_overruns() calls in a row past
 * the budget: the domain is then stopped, the fault naming the last
 * call.
 */
static int over_budget(adomain_t *d, struct adeos_irq_slot *slot,
		       unsigned int irq, unsigned long long took)
{
	if (!d->budget || took <= d->budget) {
		d->overruns_in_row = 0;
		return 0;
	}
	d->overruns++;
	if (++d->overruns_in_row > d->most_in_row)
		d->most_in_row = d->overruns_in_row;
	if (d->overruns_in_row < arch_budget_overruns())
		return 0;
	d->fault.trap = ADEOS_FAULT_BUDGET;
	d->fault.what = "time budget";
	d->fault.ip = (unsigned long)slot->handler;
	d->fault.address = 0;
	d->fault.irq = irq;
	return 1;
}

/*
 * Call a handler of @d, a domain ahead of the root, with its landing
 * pad and its clock. @return nonzero when it faulted or ran too long.
 */
static int call_handler(adomain_t *d, struct adeos_irq_slot *slot,
			unsigned int irq)
{
	struct arch_landing landing, *outer = d->landing;
	unsigned long long start = arch_timestamp(), took;
	int faulted;

	d->landing = &landing;
	faulted = arch_call_handler(&landing, slot->handler, irq, slot->cookie);
	d->landing = outer;
	took = arch_timestamp() - start;
	if (took > d->longest_call)
		d->longest_call = took;
	return faulted || over_budget(d, slot, irq, took);
}

/*
 * Run one handler of @d for @n arrivals of @irq. Domains below the head
 * run it with hard IRQs on, so that higher domains preempt them; the head
 * has nobody to yield to and keeps them off, unless it is the root: the
 * OS runs with hard IRQs on, whoever is ahead of it. A walk inside its
 * caller's hard section (@walk) keeps them off for every domain: the
 * caller said no IRQ may come in. Either way hard IRQs are off again
 * afterwards: a handler may have turned them on.
 */
static void run_handler(adomain_t *d, unsigned int irq, unsigned int n,
			enum adeos_walk walk)
{
	struct adeos_irq_slot *slot = &d->irqs[irq];
	int outer_irq = d->irq_in_service;
	int outer_pass = d->pass_request;
	int head = d == adeos_head && d != &adeos_root;
	int faulted = 0;

	d->irq_in_service = irq;
	d->pass_request = 0;
	if (!head && walk == ADEOS_WALK_ANY) {
		adeos_timer_commit();
		hard_local_irq_enable();
	}
	if (d == &adeos_root)
		arch_run_root_handler(slot->handler, irq, slot->cookie);
	else
		faulted = call_handler(d, slot, irq);
	hard_local_irq_disable();
	/* The handler may have unstalled; the rest of the log waits. */
	d->status |= ADEOS_STALL_FLAG;
	if (faulted) {
		d->irq_in_service = outer_irq;
		d->pass_request = outer_pass;
		if (!(d->status & ADEOS_FAULTED_FLAG))
			adeos_stop_faulted(d);
		return;
	}
	if (slot->held && !(slot->control & ADEOS_DEFER_MASK))
		adeos_end_held(d, irq);
	if (d->pass_request)
		adeos_log_down(d->next, irq, n);
	d->irq_in_service = outer_irq;
	d->pass_request = outer_pass;
}

/*
 * Play @d's log with its stage stalled, re-reading the log after every
 * handler: IRQs that came in meanwhile go in this same pass.
 */
static void sync_stage(adomain_t *d, enum adeos_walk walk)
{
	adomain_t *prev = adeos_current;
	int irq;

	adeos_current = d;
	d->status |= ADEOS_STALL_FLAG;
	if (d == &adeos_root)
		adeos_pipe.root_played = 1;
	while ((irq = adeos_log_first(d)) >= 0)
		run_handler(d, irq, adeos_log_take(d, irq), walk);
	d->status &= ~ADEOS_STALL_FLAG;
	adeos_current = prev;
}

/*
 * Give @d's scheduler its turn, if it has one, now that @d's log is
 * played: unless one of @d's handler calls is on this stack (a handler
 * that unstalled its stage), whose frames a task switch would strand;
 * the outermost call's stage sync comes back here once it is done.
 */
static void reschedule(adomain_t *d, enum adeos_walk walk)
{
	adomain_t *prev = adeos_current;

	if (!d->reschedule || d->irq_in_service >= 0 || d->log.summary ||
	    (d->status & (ADEOS_STALL_FLAG | ADEOS_FAULTED_FLAG)))
		return;
	/* A task switch turns hard IRQs on: the next walk that may does it. */
	if (walk == ADEOS_WALK_HARD_SECTION) {
		d->resched_due = 1;
		return;
	}
	d->resched_due = 0;
	/* The scheduler may switch to a task that turns hard IRQs on. */
	adeos_timer_commit();
	adeos_current = d;
	d->reschedules++;
	d->reschedule(d->scheduler);
	adeos_current = prev;
}

/*
 * Play what can be played now: every stage from the head down to the
 * current domain, stopping at the first stalled one. Each stage played
 * may have changed the pipeline, so the walk starts over after it.
 *
 * Inside its caller's hard section (ADEOS_WALK_HARD_SECTION) the walk
 * keeps hard IRQs off throughout: it plays the domains ahead of the
 * root with them off, leaves their scheduler hooks due, and stops
 * before the root, whose handlers run only with hard IRQs on; the
 * root's log plays at its next entry, unstall or exit. The depth of
 * such walks is kept for the arch's debug checks
 * (adeos_hard_section_walks()).
 */
void adeos_sync_pipeline(enum adeos_walk walk)
{
	adomain_t *d;

	adeos_pipe.hard_walks += walk == ADEOS_WALK_HARD_SECTION;
again:
	for (d = adeos_head; d; d = d->next) {
		if (d->status & ADEOS_STALL_FLAG)
			break;
		if (d == &adeos_root && walk == ADEOS_WALK_HARD_SECTION)
			break;
		if (d->log.summary) {
			sync_stage(d, walk);
			reschedule(d, walk);
			goto again;
		}
		if (d->resched_due)
			reschedule(d, walk);
		if (d == adeos_current)
			break;
	}
	adeos_pipe.hard_walks -= walk == ADEOS_WALK_HARD_SECTION;
}

enum adeos_walk adeos_walk_for(unsigned long flags)
{
	return flags ? ADEOS_WALK_ANY : ADEOS_WALK_HARD_SECTION;
}

unsigned int adeos_hard_section_walks(void)
{
	return adeos_pipe.hard_walks;
}

int adeos_held_back(const adomain_t *adp)
{
	const adomain_t *d;

	for (d = adeos_head; d && d != adp; d = d->next)
		if (d->status & ADEOS_STALL_FLAG)
			return 1;
	return 0;
}

/* The first domain that takes @irq, or NULL if it dies on the way. */
static adomain_t *first_taker(unsigned int irq)
{
	adomain_t *d;

	for (d = adeos_head; d; d = d->next) {
		unsigned int control = d->irqs[irq].control;

		if (control & ADEOS_HANDLE_MASK)
			return d;
		if (!(control & ADEOS_PASS_MASK))
			return NULL;
	}
	return NULL;
}

/*
 * Open the line of the held IRQ @irq of @d again, unless the storm
 * guard masked it meanwhile: then it stays shut until cleared.
 */
void adeos_end_held(adomain_t *d, unsigned int irq)
{
	d->irqs[irq].held = 0;
	if (!adeos_storm_masked(irq))
		arch_irq_end(irq);
}

/*
 * The entry for hardware IRQs, hard IRQs off. The first domain that
 * takes the IRQ acknowledges it, exactly once; if that holds the line,
 * the line is that domain's to end. An IRQ nobody takes is ended at
 * once: nobody would.
 */
void adeos_handle_irq(unsigned int irq)
{
	adomain_t *d;
	int ack;

	if (irq >= ADEOS_VIRQ_BASE)
		arch_panic(__func__, "not a hardware IRQ");
	d = first_taker(irq);
	if (!d) {
		if (arch_irq_ack(irq) == ADEOS_ACK_HELD)
			arch_irq_end(irq);
		adeos_pipe.unhandled++;
		return;
	}
	ack = d->irqs[irq].acknowledge(irq);
	if (ack == ADEOS_ACK_SPURIOUS) {
		adeos_pipe.spurious++;
		return;
	}
	if (ack == ADEOS_ACK_HELD)
		d->irqs[irq].held = 1;
	adeos_log_down(d, irq, 1);
	/* A hardware IRQ came in: whatever it interrupted had them on. */
	adeos_sync_pipeline(ADEOS_WALK_ANY);
	adeos_storm_watch(d, irq);
}

/*
 * The root's fast path (<adeos/direct.h>), the root's acknowledge called
 * through its slot.
 * @return 1: go; the IRQ is acknowledged and counted as received and
 * handled. ADEOS_DIRECT_HELD: the same, and the acknowledge holds the
 * line: adeos_root_direct_done() follows the handler. 0: take
 * adeos_handle_irq(); nothing was done. -1: the acknowledge found it
 * spurious; nothing more to do.
 */
int adeos_root_direct(unsigned int irq)
{
	if (!adeos_root_may_take(irq))
		return 0;
	return adeos_root_took(irq, adeos_root.irqs[irq].acknowledge(irq));
}

void adeos_note_spurious(void)
{
	adeos_pipe.spurious++;
}

/* After the root's handler of a direct IRQ: as after a played one. */
void adeos_root_direct_done(unsigned int irq)
{
	struct adeos_irq_slot *slot = &adeos_root.irqs[irq];

	if (slot->held && !(slot->control & ADEOS_DEFER_MASK))
		adeos_end_held(&adeos_root, irq);
}

/*
 * The walk for an API call that saved @flags (hard IRQs off since),
 * then hard IRQs back as they were; if the root's stage was played on
 * the root's own behalf, the arch hears of it (arch_root_played()):
 * what its handlers woke may preempt the caller now.
 */
static void sync_and_tell(unsigned long flags)
{
	int played;

	adeos_pipe.root_played = 0;
	adeos_sync_pipeline(adeos_walk_for(flags));
	played = adeos_pipe.root_played && adeos_current == &adeos_root;
	hard_local_irq_restore(flags);
	if (played)
		arch_root_played();
}

int adeos_trigger_irq(unsigned int irq)
{
	unsigned long flags;

	if (!adeos_is_virq(irq))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (!adeos_virq_allocated(irq)) {
		hard_local_irq_restore(flags);
		return -EINVAL;
	}
	adeos_log_down(adeos_head, irq, 1);
	sync_and_tell(flags);
	return 0;
}

void adeos_suspend_domain(void)
{
	adomain_t *d = adeos_current;

	/* Outside a handler there is no IRQ to pass on. */
	if (d->irq_in_service >= 0)
		d->pass_request = 1;
}

/*
 * Stage control. Setting or clearing the stall bit needs no hard IRQ
 * protection: an IRQ taken in the middle leaves the bit as it found it.
 */
void adeos_stall_ipipe_from(adomain_t *adp)
{
	adp->status |= ADEOS_STALL_FLAG;
	adeos_barrier();
}

void adeos_unstall_ipipe_from(adomain_t *adp)
{
	unsigned long flags;

	adeos_barrier();
	adp->status &= ~ADEOS_STALL_FLAG;
	adeos_barrier();
	/*
	 * The current domain's stall holds back only its own log (stages
	 * ahead of it are played whenever they are not stalled): with that
	 * empty, there is nothing to play. An IRQ after this look finds the
	 * stage unstalled and plays what it logs itself.
	 */
	if (adp == adeos_current && !adp->log.summary)
		return;
	flags = hard_local_irq_save();
	/*
	 * A stage ahead of the root unstalled from the root's code may have
	 * played the root's log: the arch hears of it, as after a trigger.
	 * The root's own unstall is the OS's, which preempts as it does.
	 */
	if (adp != &adeos_root) {
		sync_and_tell(flags);
		return;
	}
	adeos_sync_pipeline(adeos_walk_for(flags));
	hard_local_irq_restore(flags);
}

void adeos_play_root_stage(void)
{
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	adeos_barrier();
	adeos_sync_pipeline(ADEOS_WALK_ANY);
}

unsigned int adeos_test_ipipe_from(adomain_t *adp)
{
	return adp->status & ADEOS_STALL_FLAG;
}

void adeos_stall_ipipe(void)
{
	adeos_stall_ipipe_from(adeos_current);
}

void adeos_unstall_ipipe(void)
{
	adeos_unstall_ipipe_from(adeos_current);
}

void adeos_restore_ipipe(unsigned int x)
{
	if (x)
		adeos_stall_ipipe();
	else
		adeos_unstall_ipipe();
}

unsigned int adeos_test_ipipe(void)
{
	return adeos_test_ipipe_from(adeos_current);
}

unsigned int adeos_test_and_stall_ipipe(void)
{
	adomain_t *d = adeos_current;
	unsigned int x = d->status & ADEOS_STALL_FLAG;

	d->status |= ADEOS_STALL_FLAG;
	adeos_barrier();
	return x;
}

unsigned long adeos_unhandled_count(void)
{
	return adeos_pipe.unhandled;
}

unsigned long adeos_spurious_count(void)
{
	return adeos_pipe.spurious;
}

unsigned long adeos_dropped_count(void)
{
	return adeos_pipe.dropped;
}

unsigned long adeos_departed_count(void)
{
	return adeos_pipe.departed;
}
