// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timer service (adeos/timer.h) under a simulated clock: a timer
 * fires once, in its domain's stage, never before its deadline; the
 * device is set for the earliest deadline queued; an early interrupt
 * delivers nothing; a stalled stage gets its timers when it unstalls.
 * Then a reference model against random arms, cancels, stalls and
 * interrupts from several domains, the root's among them (the OS's
 * proxied tick), for a million events.
 */
#include <string.h>
#include <adeos/timer.h>
#include "fixture.h"

struct firing {
	struct adeos_timer *t;
	adomain_t *current;
	unsigned long long at;
	int hard_on;
};

#define MAX_FIRINGS 64
static struct firing firings[MAX_FIRINGS];
static int nfirings;
/* What a test's handler does after recording (re-arm, ...). */
static void (*after_fire)(struct adeos_timer *t);

static void note_fire(struct adeos_timer *t)
{
	struct firing *f;

	assert_true(nfirings < MAX_FIRINGS);
	f = &firings[nfirings++];
	f->t = t;
	f->current = adeos_current_domain();
	f->at = host.timestamp;
	f->hard_on = host.hard_on;
	if (after_fire)
		after_fire(t);
}

static int timer_setup(void **state)
{
	fixture_setup(state);
	host.manual_clock = 1;
	nfirings = 0;
	after_fire = NULL;
	assert_int_equal(adeos_timer_service_start(), 0);
	return 0;
}

#define TIMER_UNIT(f) cmocka_unit_test_setup(f, timer_setup)

static adomain_t *attached_domain(int i, int priority)
{
	adomain_t *d = add_domain(i, priority);

	assert_int_equal(adeos_timer_attach(d), 0);
	return d;
}

/* The clock reaches @at; the device fires if it is set for then or before. */
static void clock_to(unsigned long long at)
{
	host.timestamp = at;
	if (host.tdev_armed && host.tdev_at <= at)
		host_take_timer();
}

static void fires_once_at_its_deadline_in_its_stage(void **state)
{
	adomain_t *d;
	struct adeos_timer t;

	(void)state;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	assert_int_equal(adeos_timer_arm(&t, 100), 0);
	assert_true(host.tdev_armed);
	assert_int_equal(host.tdev_at, 100);
	clock_to(99);
	assert_int_equal(nfirings, 0);
	clock_to(100);
	assert_int_equal(nfirings, 1);
	assert_ptr_equal(firings[0].t, &t);
	assert_ptr_equal(firings[0].current, d);
	assert_int_equal(firings[0].at, 100);
	assert_false(firings[0].hard_on);
	assert_false(host.tdev_armed);
	clock_to(1000);
	assert_int_equal(nfirings, 1);
	assert_int_equal(host.violations, 0);
}

static void device_is_set_for_the_earliest(void **state)
{
	adomain_t *d;
	struct adeos_timer t[4];
	int i;

	(void)state;
	d = attached_domain(0, 200);
	for (i = 0; i < 4; i++)
		adeos_timer_init(&t[i], d, note_fire);
	adeos_timer_arm(&t[0], 300);
	adeos_timer_arm(&t[1], 200);
	adeos_timer_arm(&t[2], 100);
	assert_int_equal(host.tdev_at, 100);
	assert_int_equal(host.tdev_programs, 3);
	adeos_timer_arm(&t[3], 400);
	assert_int_equal(host.tdev_programs, 3);
	assert_int_equal(adeos_timer_cancel(&t[2]), 1);
	assert_int_equal(host.tdev_at, 200);
	adeos_timer_arm(&t[1], 350);
	assert_int_equal(host.tdev_at, 300);
	assert_int_equal(adeos_timer_cancel(&t[0]), 1);
	assert_int_equal(adeos_timer_cancel(&t[1]), 1);
	assert_int_equal(host.tdev_at, 400);
	assert_int_equal(adeos_timer_cancel(&t[3]), 1);
	assert_false(host.tdev_armed);
	assert_int_equal(adeos_timer_programmed(), ADEOS_TIMER_NEVER);
	assert_int_equal(adeos_timer_cancel(&t[3]), 0);
	assert_int_equal(host.violations, 0);
}

/* A calibration error: the device fires before the deadline. */
static void early_interrupt_delivers_nothing(void **state)
{
	adomain_t *d;
	struct adeos_timer t;
	struct adeos_timer_stats st;

	(void)state;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	adeos_timer_arm(&t, 100);
	host.timestamp = 95;
	host_take_timer();
	assert_int_equal(nfirings, 0);
	assert_true(host.tdev_armed);
	assert_int_equal(host.tdev_at, 100);
	adeos_timer_stats(&st);
	assert_int_equal(st.early, 1);
	assert_int_equal(st.interrupts, 1);
	clock_to(100);
	assert_int_equal(nfirings, 1);
	assert_int_equal(firings[0].at, 100);
}

/*
 * A device that cannot count to the deadline fires at its longest and
 * is set again, each time not counted early, until the deadline.
 */
static void far_deadline_takes_several_shots(void **state)
{
	adomain_t *d;
	struct adeos_timer t;
	struct adeos_timer_stats st;

	(void)state;
	host.tdev_max = 30;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	adeos_timer_arm(&t, 100);
	assert_int_equal(host.tdev_at, 30);
	clock_to(30);
	assert_int_equal(host.tdev_at, 60);
	clock_to(60);
	clock_to(90);
	assert_int_equal(nfirings, 0);
	assert_int_equal(host.tdev_at, 100);
	clock_to(100);
	assert_int_equal(nfirings, 1);
	adeos_timer_stats(&st);
	assert_int_equal(st.interrupts, 4);
	assert_int_equal(st.early, 0);
	assert_int_equal(st.programmed, 4);
}

static void stalled_stage_fires_when_it_unstalls(void **state)
{
	adomain_t *d;
	struct adeos_timer t;

	(void)state;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	adeos_timer_arm(&t, 100);
	adeos_stall_ipipe_from(d);
	clock_to(150);
	assert_int_equal(nfirings, 0);
	assert_int_equal(t.state, ADEOS_TIMER_DUE);
	assert_false(host.tdev_armed);
	host.timestamp = 170;
	adeos_unstall_ipipe_from(d);
	assert_int_equal(nfirings, 1);
	assert_ptr_equal(firings[0].current, d);
	assert_int_equal(firings[0].at, 170);
	assert_int_equal(t.state, ADEOS_TIMER_IDLE);
}

/* The OS's own timer (its proxied tick): its handler runs as the root's. */
static void root_timer_fires_as_the_root(void **state)
{
	struct adeos_timer t;

	(void)state;
	assert_int_equal(adeos_timer_attach(ROOT), 0);
	adeos_timer_init(&t, ROOT, note_fire);
	adeos_timer_arm(&t, 10);
	adeos_stall_ipipe();
	clock_to(10);
	assert_int_equal(nfirings, 0);
	adeos_unstall_ipipe();
	assert_int_equal(nfirings, 1);
	assert_ptr_equal(firings[0].current, ROOT);
	assert_true(firings[0].hard_on);
}

static void rearm_a_period_on(struct adeos_timer *t)
{
	adeos_timer_arm(t, t->deadline + 100);
}

static void handler_rearms_for_a_period(void **state)
{
	adomain_t *d;
	struct adeos_timer t;
	int i;

	(void)state;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	after_fire = rearm_a_period_on;
	adeos_timer_arm(&t, 100);
	for (i = 1; i <= 10; i++)
		clock_to(100ULL * i);
	assert_int_equal(nfirings, 10);
	for (i = 0; i < 10; i++)
		assert_int_equal(firings[i].at, 100ULL * (i + 1));
	assert_int_equal(host.tdev_at, 1100);
}

/*
 * With the OS's tick queued beyond, a head domain's periodic handler:
 * each interrupt sets the device once, for the period's re-arm, not
 * first for the tick and then again (the head's handlers run with hard
 * IRQs off, so the spent device waits for them).
 */
static void head_rearm_sets_the_device_once(void **state)
{
	adomain_t *d;
	struct adeos_timer t, tick;
	unsigned long before;
	int i;

	(void)state;
	d = attached_domain(0, 200);
	assert_int_equal(adeos_timer_attach(ROOT), 0);
	adeos_timer_init(&tick, ROOT, note_fire);
	adeos_timer_arm(&tick, 100000);
	adeos_timer_init(&t, d, note_fire);
	after_fire = rearm_a_period_on;
	adeos_timer_arm(&t, 100);
	before = host.tdev_programs;
	for (i = 1; i <= 10; i++)
		clock_to(100ULL * i);
	assert_int_equal(nfirings, 10);
	assert_int_equal(host.tdev_programs - before, 10);
	assert_int_equal(host.tdev_at, 1100);
	assert_int_equal(host.violations, 0);
}

/* What a lower domain's handler saw of the device, hard IRQs on. */
static int seen_armed;
static unsigned long long seen_at;

static void note_device(struct adeos_timer *t)
{
	seen_armed = host.tdev_armed;
	seen_at = host.tdev_at;
	note_fire(t);
}

/*
 * A handler that runs with hard IRQs on (a domain below the head, the
 * root) runs with the device set again for the queue's head: a higher
 * domain's deadline that comes meanwhile preempts it.
 */
static void lower_handler_runs_with_the_device_set(void **state)
{
	adomain_t *high, *low;
	struct adeos_timer th, tl, tr;

	(void)state;
	high = attached_domain(0, 300);
	low = attached_domain(1, 200);
	adeos_timer_init(&th, high, note_fire);
	adeos_timer_init(&tl, low, note_device);
	adeos_timer_arm(&th, 150);
	adeos_timer_arm(&tl, 100);
	seen_armed = 0;
	clock_to(100);
	assert_int_equal(nfirings, 1);
	assert_true(firings[0].hard_on);
	assert_true(seen_armed);
	assert_int_equal(seen_at, 150);
	/* the root's handler too */
	assert_int_equal(adeos_timer_attach(ROOT), 0);
	adeos_timer_init(&tr, ROOT, note_device);
	adeos_timer_arm(&tr, 120);
	seen_armed = 0;
	clock_to(120);
	assert_int_equal(nfirings, 2);
	assert_true(seen_armed);
	assert_int_equal(seen_at, 150);
	assert_int_equal(host.violations, 0);
}

static void cancel_of_a_due_timer_holds(void **state)
{
	adomain_t *d;
	struct adeos_timer t;

	(void)state;
	d = attached_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	adeos_timer_arm(&t, 100);
	adeos_stall_ipipe_from(d);
	clock_to(100);
	assert_int_equal(adeos_timer_cancel(&t), 1);
	adeos_unstall_ipipe_from(d);
	assert_int_equal(nfirings, 0);
	assert_int_equal(adeos_timer_cancel(&t), 0);
}

static void equal_deadlines_fire_in_arm_order(void **state)
{
	adomain_t *d;
	struct adeos_timer t[3];
	int i;

	(void)state;
	d = attached_domain(0, 200);
	for (i = 0; i < 3; i++) {
		adeos_timer_init(&t[i], d, note_fire);
		adeos_timer_arm(&t[i], 50);
	}
	clock_to(50);
	assert_int_equal(nfirings, 3);
	for (i = 0; i < 3; i++)
		assert_ptr_equal(firings[i].t, &t[i]);
}

/* Two domains due at one interrupt: each in its own stage, the higher first. */
static void each_domain_in_its_stage(void **state)
{
	adomain_t *hi, *lo;
	struct adeos_timer a, b;

	(void)state;
	lo = attached_domain(1, 150);
	hi = attached_domain(0, 200);
	adeos_timer_init(&a, lo, note_fire);
	adeos_timer_init(&b, hi, note_fire);
	adeos_timer_arm(&a, 10);
	adeos_timer_arm(&b, 20);
	clock_to(20);
	assert_int_equal(nfirings, 2);
	assert_ptr_equal(firings[0].t, &b);
	assert_ptr_equal(firings[0].current, hi);
	assert_ptr_equal(firings[1].t, &a);
	assert_ptr_equal(firings[1].current, lo);
}

static void passed_deadline_fires_at_once(void **state)
{
	adomain_t *d;
	struct adeos_timer t;

	(void)state;
	d = attached_domain(0, 200);
	host.timestamp = 500;
	adeos_timer_init(&t, d, note_fire);
	adeos_timer_arm(&t, 400);
	assert_int_equal(host.tdev_at, 400);
	clock_to(500);
	assert_int_equal(nfirings, 1);
}

static void arm_needs_an_attached_domain(void **state)
{
	adomain_t *d;
	struct adeos_timer t;

	(void)state;
	d = add_domain(0, 200);
	adeos_timer_init(&t, d, note_fire);
	assert_int_equal(adeos_timer_arm(&t, 10), -EINVAL);
	assert_int_equal(adeos_timer_service_start(), -EBUSY);
	adeos_init("root");
	assert_int_equal(adeos_timer_attach(ROOT), -ENODEV);
	assert_int_equal(adeos_timer_virq(), -1);
}

/* A service stopped (its device could not be had) takes no domain. */
static void stopped_service_takes_no_domain(void **state)
{
	int virq = adeos_timer_virq();

	(void)state;
	adeos_timer_service_stop();
	assert_int_equal(adeos_timer_virq(), -1);
	assert_int_equal(adeos_timer_attach(add_domain(0, 200)), -ENODEV);
	/* its virtual IRQ went back: the next allocation gets it */
	assert_int_equal(adeos_alloc_virq(), virq);
	adeos_timer_service_stop();
	assert_int_equal(host.tdev_programs, 0);
}

static void detach_cancels_the_domains_timers(void **state)
{
	adomain_t *d, *e;
	struct adeos_timer t[3];
	int virq = adeos_timer_virq();

	(void)state;
	d = attached_domain(0, 200);
	e = attached_domain(1, 150);
	adeos_timer_init(&t[0], d, note_fire);
	adeos_timer_init(&t[1], d, note_fire);
	adeos_timer_init(&t[2], e, note_fire);
	adeos_timer_arm(&t[0], 10);
	adeos_timer_arm(&t[1], 100);
	adeos_timer_arm(&t[2], 50);
	adeos_stall_ipipe_from(d);
	clock_to(10);
	adeos_timer_detach(d);
	assert_int_equal(t[0].state, ADEOS_TIMER_IDLE);
	assert_int_equal(t[1].state, ADEOS_TIMER_IDLE);
	assert_int_equal(host.tdev_at, 50);
	assert_null(d->irqs[virq].handler);
	adeos_unstall_ipipe_from(d);
	assert_int_equal(nfirings, 0);
	/* Nothing went down to the next domain's stage either. */
	assert_int_equal(e->stats[virq].received, 0);
	clock_to(50);
	assert_int_equal(nfirings, 1);
	assert_ptr_equal(firings[0].t, &t[2]);
}

/*
 * The reference model: what must hold whatever the order of events,
 * stated without the service's own lists.
 */
#define MODEL_TIMERS 24
#define MODEL_DOMS 4 /* the root and three ahead of it */

struct model_timer {
	struct adeos_timer t;
	adomain_t *d;
	int armed; /* armed and not fired or cancelled */
	int due; /* its deadline passed at an interrupt */
	unsigned long long deadline;
	unsigned long arms, fires, cancels, replaced;
};

static struct model_timer mt[MODEL_TIMERS];
static adomain_t *mdoms[MODEL_DOMS];
static unsigned long long rng_state;
static unsigned long model_early, model_interrupts, model_fire_errors;

static unsigned long rnd(unsigned long n)
{
	rng_state ^= rng_state << 13;
	rng_state ^= rng_state >> 7;
	rng_state ^= rng_state << 17;
	return (unsigned long)(rng_state % n);
}

static struct model_timer *model_of(struct adeos_timer *t)
{
	return (struct model_timer *)t;
}

static void model_arm(struct model_timer *m, unsigned long long deadline)
{
	if (m->armed)
		m->replaced++;
	assert_int_equal(adeos_timer_arm(&m->t, deadline), 0);
	m->armed = 1;
	m->due = 0;
	m->deadline = deadline;
	m->arms++;
}

/*
 * A handler: never early, in its own stage, only for what is armed;
 * then, one time in four, armed again from its own stage.
 */
static void model_fire(struct adeos_timer *t)
{
	struct model_timer *m = model_of(t);

	if (!m->armed || !m->due || host.timestamp < m->deadline ||
	    adeos_current_domain() != m->d)
		model_fire_errors++;
	m->armed = 0;
	m->due = 0;
	m->fires++;
	if (!rnd(4))
		model_arm(m, host.timestamp + 1 + rnd(500));
}

/* Whether @d or a stage ahead of it is stalled: its log must wait. */
static int held(adomain_t *d)
{
	return adeos_test_ipipe_from(d) || adeos_held_back(d);
}

/* The device set for the earliest deadline not yet due, or off. */
static void check_device(void)
{
	unsigned long long next = ADEOS_TIMER_NEVER;
	int i;

	for (i = 0; i < MODEL_TIMERS; i++)
		if (mt[i].armed && !mt[i].due && mt[i].deadline < next)
			next = mt[i].deadline;
	if (next == ADEOS_TIMER_NEVER) {
		assert_false(host.tdev_armed);
		return;
	}
	assert_true(host.tdev_armed);
	assert_int_equal(host.tdev_at, next);
}

/* Nothing due stays for a stage that could play it. */
static void check_due(void)
{
	int i;

	for (i = 0; i < MODEL_TIMERS; i++)
		if (mt[i].due)
			assert_true(held(mt[i].d));
}

/* The device fires, up to 20 counts early one time in eight. */
static void model_interrupt(void)
{
	unsigned long long now = host.timestamp;
	int i, any = 0, queued = 0;

	for (i = 0; i < MODEL_TIMERS; i++) {
		if (!mt[i].armed || mt[i].due)
			continue;
		queued = 1;
		if (mt[i].deadline <= now) {
			mt[i].due = 1;
			any = 1;
		}
	}
	model_interrupts++;
	model_early += queued && !any;
	host_take_timer();
}

static void model_clock(unsigned long long *fire_at, unsigned long *seen)
{
	if (host.tdev_programs != *seen) {
		*seen = host.tdev_programs;
		*fire_at = host.tdev_at;
		if (!rnd(8) && *fire_at > 20)
			*fire_at -= rnd(21);
	}
	host.timestamp += 1 + rnd(200);
	if (host.tdev_armed && host.timestamp >= *fire_at) {
		/* An early shot is set again: the same deadline, on time. */
		model_interrupt();
		*seen = host.tdev_programs;
		*fire_at = host.tdev_at;
	}
}

static void toggle_stall(adomain_t *d)
{
	if (adeos_test_ipipe_from(d))
		adeos_unstall_ipipe_from(d);
	else
		adeos_stall_ipipe_from(d);
}

static void model_step(unsigned long long *fire_at, unsigned long *seen)
{
	struct model_timer *m = &mt[rnd(MODEL_TIMERS)];
	unsigned long what = rnd(100);

	if (what < 30) {
		model_arm(m, host.timestamp + rnd(2000) - 20);
	} else if (what < 45) {
		assert_int_equal(adeos_timer_cancel(&m->t), m->armed);
		m->cancels += m->armed;
		m->armed = 0;
		m->due = 0;
	} else if (what < 50) {
		toggle_stall(mdoms[rnd(MODEL_DOMS)]);
	} else {
		model_clock(fire_at, seen);
	}
}

/* Unstall all, run the clock past every deadline; nothing may be left. */
static void model_drain(unsigned long long *fire_at, unsigned long *seen)
{
	int i, rounds = 0;

	for (i = 0; i < MODEL_DOMS; i++)
		if (adeos_test_ipipe_from(mdoms[i]))
			adeos_unstall_ipipe_from(mdoms[i]);
	while (host.tdev_armed) {
		assert_true(rounds++ < 100000);
		model_clock(fire_at, seen);
	}
	for (i = 0; i < MODEL_TIMERS; i++) {
		assert_false(mt[i].armed);
		assert_int_equal(mt[i].t.state, ADEOS_TIMER_IDLE);
	}
}

static void model_against_a_million_events(void **state)
{
	unsigned long long fire_at = 0;
	unsigned long seen = 0, arms = 0, ends = 0, fires = 0;
	struct adeos_timer_stats st;
	long ev;
	int i;

	(void)state;
	rng_state = 20021210;
	model_early = model_interrupts = model_fire_errors = 0;
	assert_int_equal(adeos_timer_attach(ROOT), 0);
	mdoms[0] = ROOT;
	for (i = 1; i < MODEL_DOMS; i++)
		mdoms[i] = attached_domain(i - 1, 100 + 50 * i);
	for (i = 0; i < MODEL_TIMERS; i++) {
		memset(&mt[i], 0, sizeof(mt[i]));
		mt[i].d = mdoms[i % MODEL_DOMS];
		adeos_timer_init(&mt[i].t, mt[i].d, model_fire);
	}
	host.timestamp = 1000;
	for (ev = 0; ev < 1000000; ev++) {
		model_step(&fire_at, &seen);
		check_device();
		check_due();
	}
	model_drain(&fire_at, &seen);
	for (i = 0; i < MODEL_TIMERS; i++) {
		arms += mt[i].arms;
		ends += mt[i].fires + mt[i].cancels + mt[i].replaced;
		fires += mt[i].fires;
	}
	adeos_timer_stats(&st);
	print_message(
		"timer model: %lu arms, %lu fired, %lu interrupts, %lu early\n",
		arms, fires, model_interrupts, model_early);
	assert_int_equal(model_fire_errors, 0);
	assert_int_equal(arms, ends);
	assert_int_equal(st.fired, fires);
	assert_int_equal(st.interrupts, model_interrupts);
	assert_int_equal(st.early, model_early);
	assert_true(model_early > 0);
	assert_int_equal(host.violations, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		TIMER_UNIT(fires_once_at_its_deadline_in_its_stage),
		TIMER_UNIT(device_is_set_for_the_earliest),
		TIMER_UNIT(early_interrupt_delivers_nothing),
		TIMER_UNIT(far_deadline_takes_several_shots),
		TIMER_UNIT(stalled_stage_fires_when_it_unstalls),
		TIMER_UNIT(root_timer_fires_as_the_root),
		TIMER_UNIT(handler_rearms_for_a_period),
		TIMER_UNIT(head_rearm_sets_the_device_once),
		TIMER_UNIT(lower_handler_runs_with_the_device_set),
		TIMER_UNIT(cancel_of_a_due_timer_holds),
		TIMER_UNIT(equal_deadlines_fire_in_arm_order),
		TIMER_UNIT(each_domain_in_its_stage),
		TIMER_UNIT(passed_deadline_fires_at_once),
		TIMER_UNIT(arm_needs_an_attached_domain),
		TIMER_UNIT(stopped_service_takes_no_domain),
		TIMER_UNIT(detach_cancels_the_domains_timers),
		TIMER_UNIT(model_against_a_million_events),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
