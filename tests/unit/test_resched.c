// SPDX-License-Identifier: GPL-2.0-only
/*
 * The scheduler hook (adeos/sched.h, adeos_set_scheduler()): called
 * after the pipeline played a domain's log, with the log drained, none
 * of the domain's handler calls on the stack, the domain current and
 * unstalled, hard IRQs off; never for a stalled or stopped domain. And
 * the rest of what an executive asks of the pipeline: whether a handler
 * call is live, its domain's landing, the last fault.
 */
#include <adeos/sched.h>
#include "fixture.h"

struct hook_call {
	int after; /* deliveries recorded before it */
	adomain_t *current;
	unsigned int stalled;
	int hard_on;
	int in_service;
	unsigned long logged;
};

static struct hook_call calls[16];
static int ncalls;

static void hook(void *scheduler)
{
	adomain_t *d = scheduler;
	struct hook_call *c;

	assert_true(ncalls < 16);
	c = &calls[ncalls++];
	c->after = ntrace;
	c->current = adeos_current_domain();
	c->stalled = adeos_test_ipipe_from(d);
	c->hard_on = host.hard_on;
	c->in_service = adeos_handler_live(d);
	c->logged = d->log.summary;
}

static adomain_t *hooked_domain(void)
{
	adomain_t *d = add_domain(0, 200);

	ncalls = 0;
	adeos_set_scheduler(d, hook, d);
	take(d, 6, HANDLE | EACH);
	return d;
}

static void hook_follows_the_played_log(void **state)
{
	adomain_t *d;

	(void)state;
	d = hooked_domain();
	host_take_irq(6);
	assert_int_equal(ntrace, 1);
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].after, 1);
	assert_ptr_equal(calls[0].current, d);
	assert_int_equal(calls[0].stalled, 0);
	assert_int_equal(calls[0].hard_on, 0);
	assert_int_equal(calls[0].in_service, 0);
	assert_int_equal(calls[0].logged, 0);
	/* the root is current again once the hook returned */
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_int_equal(d->reschedules, 1);
	assert_int_equal(host.violations, 0);
}

static void unstall_then_take_6(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 6 && deliveries(d, 6) == 1) {
		adeos_unstall_ipipe();
		host_take_irq(6);
		/* the nested delivery ran; the hook waits for this frame */
		assert_int_equal(ncalls, 0);
	}
}

static void hook_waits_for_the_outer_handler(void **state)
{
	(void)state;
	hooked_domain();
	/* not the head: its handlers run with hard IRQs on */
	add_domain(1, 300);
	on_delivery = unstall_then_take_6;
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_int_equal(trace[1].nesting, 1);
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].after, 2);
	assert_int_equal(calls[0].in_service, 0);
}

static void stalled_domain_is_not_rescheduled(void **state)
{
	adomain_t *d;

	(void)state;
	d = hooked_domain();
	adeos_stall_ipipe_from(d);
	host_take_irq(6);
	host_take_irq(6);
	assert_int_equal(ntrace, 0);
	assert_int_equal(ncalls, 0);
	adeos_unstall_ipipe_from(d);
	assert_int_equal(ntrace, 2);
	/* one play of the log, one hook call after it */
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].after, 2);
}

static void virq_from_root_reschedules(void **state)
{
	adomain_t *d;
	int virq;

	(void)state;
	d = hooked_domain();
	virq = adeos_alloc_virq();
	assert_true(virq >= 0);
	take(d, virq, HANDLE);
	assert_int_equal(adeos_trigger_irq(virq), 0);
	assert_int_equal(ncalls, 1);
	assert_ptr_equal(calls[0].current, d);
	assert_ptr_equal(adeos_current_domain(), ROOT);
}

/*
 * Inside its caller's hard section a walk plays the domain with hard
 * IRQs off but calls no hook (a task switch would turn them on): the
 * next walk made with them on does.
 */
static void hook_waits_for_the_end_of_a_hard_section(void **state)
{
	unsigned long flags;
	adomain_t *d;
	int virq;

	(void)state;
	d = hooked_domain();
	virq = adeos_alloc_virq();
	take(d, virq, HANDLE);
	flags = hard_local_irq_save();
	assert_int_equal(adeos_trigger_irq(virq), 0);
	assert_int_equal(ntrace, 1);
	assert_int_equal(ncalls, 0);
	assert_int_equal(host.hard_on, 0);
	hard_local_irq_restore(flags);
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].after, 2);
	/* due once: the play of IRQ 6 called it, nothing more is due */
	host_take_irq(6);
	assert_int_equal(ncalls, 2);
}

/* A due hook with nothing logged: the next walk calls it anyway. */
static void due_hook_runs_at_the_next_walk(void **state)
{
	unsigned long flags;
	adomain_t *d;
	int virq, other;

	(void)state;
	d = hooked_domain();
	virq = adeos_alloc_virq();
	other = adeos_alloc_virq();
	take(d, virq, HANDLE);
	take(ROOT, other, HANDLE);
	flags = hard_local_irq_save();
	assert_int_equal(adeos_trigger_irq(virq), 0);
	hard_local_irq_restore(flags);
	assert_int_equal(ncalls, 0);
	assert_int_equal(adeos_trigger_irq(other), 0);
	assert_int_equal(ncalls, 1);
	assert_int_equal(calls[0].hard_on, 0);
	assert_ptr_equal(calls[0].current, d);
}

static void fault_in_handler(adomain_t *d, unsigned int irq)
{
	(void)d;
	(void)irq;
	host_fault(0, "divide error", 0);
}

static void faulted_domain_is_not_rescheduled(void **state)
{
	adomain_t *d;

	(void)state;
	d = hooked_domain();
	on_delivery = fault_in_handler;
	host_take_irq(6);
	assert_true(d->status & ADEOS_FAULTED_FLAG);
	assert_int_equal(ncalls, 0);
}

/* A lower domain's log played does not call a higher one's hook. */
static void only_the_played_domain_is_rescheduled(void **state)
{
	adomain_t *low;

	(void)state;
	hooked_domain();
	low = add_domain(1, 150);
	take(low, 7, HANDLE);
	host_take_irq(7);
	assert_int_equal(deliveries(low, 7), 1);
	assert_int_equal(ncalls, 0);
}

/* A hook let go of is called no more. */
static void released_hook_is_not_called(void **state)
{
	adomain_t *d;

	(void)state;
	d = hooked_domain();
	adeos_set_scheduler(d, NULL, d);
	host_take_irq(6);
	assert_int_equal(ntrace, 1);
	assert_int_equal(ncalls, 0);
}

static int live_in_handler;

static void note_live(adomain_t *d, unsigned int irq)
{
	(void)irq;
	live_in_handler = adeos_handler_live(d);
}

/* A handler call is live while it runs, and only then. */
static void handler_is_live_while_it_runs(void **state)
{
	adomain_t *d;

	(void)state;
	d = add_domain(0, 200);
	take(d, 6, HANDLE);
	assert_false(adeos_handler_live(d));
	live_in_handler = 0;
	on_delivery = note_live;
	host_take_irq(6);
	assert_true(live_in_handler);
	assert_false(adeos_handler_live(d));
}

static struct arch_landing task_landing;

/*
 * A fault in a domain's own code outside any handler call (a task's
 * body) lands where the executive said, and says why, without
 * stopping the domain; with no landing set it is not the domain's.
 */
static void fault_lands_at_the_executive_s_landing(void **state)
{
	struct adeos_fault f = { .trap = 0, .what = "divide error" };
	adomain_t *d, *prev;

	(void)state;
	d = add_domain(0, 200);
	prev = adeos_current;
	adeos_current = d;
	assert_null(adeos_domain_fault(&f));
	adeos_set_landing(d, &task_landing);
	assert_ptr_equal(adeos_domain_fault(&f), &task_landing);
	adeos_set_landing(d, NULL);
	adeos_current = prev;
	assert_string_equal(adeos_last_fault(d)->what, "divide error");
	assert_int_equal(adeos_last_fault(d)->irq, ~0U);
	assert_false(d->status & ADEOS_FAULTED_FLAG);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(hook_follows_the_played_log),
		UNIT(hook_waits_for_the_outer_handler),
		UNIT(stalled_domain_is_not_rescheduled),
		UNIT(virq_from_root_reschedules),
		UNIT(hook_waits_for_the_end_of_a_hard_section),
		UNIT(due_hook_runs_at_the_next_walk),
		UNIT(faulted_domain_is_not_rescheduled),
		UNIT(only_the_played_domain_is_rescheduled),
		UNIT(released_hook_is_not_called),
		UNIT(handler_is_live_while_it_runs),
		UNIT(fault_lands_at_the_executive_s_landing),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
