// SPDX-License-Identifier: GPL-2.0-only
/*
 * The rtx executive (executive/) on the host,
 * under a simulated clock: tasks are ucontexts, the one-shot timer a
 * time the test reaches, and work a task does moves the clock, the
 * timer's IRQ interrupting it wherever the shot falls (as the hardware
 * would). The test's own flow is the context the executive takes the
 * CPU from: Linux, idle, while no task is ready.
 *
 * Last, a torture: random task sets against a reference model, checked
 * at every step: the highest-priority ready task always runs, every
 * release comes at its time, no wake-up is lost.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <adeos/clock.h>
#include "fixture.h"
#include <adeos/rtx.h>
#include <adeos/sched.h>

#define TIMER_IRQ 0
#define NTASKS 8
#define STACK (256 * 1024)

static struct rtx x;
static struct rtx_task tasks[NTASKS];
static unsigned char *stacks[NTASKS];
static adomain_t *rt;
static unsigned long reports;

/* Checked wherever a task runs: never in a handler, never stalled. */
static unsigned long bad_context;

static void check_task_context(void)
{
	if (adeos_handler_live(rt) || adeos_test_ipipe_from(rt) ||
	    adeos_current_domain() != rt || !host.hard_on)
		bad_context++;
}

/* The template's timer, simulated: set for @at, replacing a shot set. */
static void shot(struct rtx *rx, unsigned long long at)
{
	(void)rx;
	if (host.hard_on)
		host.violations++;
	host.shot_armed = 1;
	host.shot_at = at;
	host.shots++;
}

static void timer_handler(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
	rtx_timer_irq(&x);
}

static unsigned long long reported_at;

static void report(struct rtx *rx, struct rtx_task *t)
{
	(void)rx;
	(void)t;
	reports++;
	reported_at = host.timestamp;
}

/* The shot is due: the CPU takes the timer's IRQ now. */
static void fire(void)
{
	if (host.timestamp < host.shot_at)
		host.timestamp = host.shot_at;
	host.shot_armed = 0;
	x.expiry = host.shot_at;
	host_take_irq(TIMER_IRQ);
}

/* A task computes for @d: the clock moves, the timer may interrupt. */
static void work(unsigned long long d)
{
	check_task_context();
	while (d) {
		unsigned long long step = d;

		if (host.shot_armed && host.shot_at < host.timestamp + step)
			step = host.shot_at > host.timestamp ?
				       host.shot_at - host.timestamp :
				       0;
		host.timestamp += step;
		d -= step;
		if (host.shot_armed && host.shot_at <= host.timestamp)
			fire();
		check_task_context();
	}
}

/* Linux idles until @t: the timer's IRQs run the tasks meanwhile. */
static void idle_until(unsigned long long t)
{
	while (host.timestamp < t) {
		if (host.shot_armed && host.shot_at <= t) {
			fire();
			/* back in Linux: no task may be left ready */
			assert_null(x.running);
			assert_null(x.ready);
			assert_ptr_equal(adeos_current_domain(), ROOT);
		} else {
			host.timestamp = t;
		}
	}
}

static int setup(void **state)
{
	int i;

	fixture_setup(state);
	memset(&x, 0, sizeof(x));
	memset(tasks, 0, sizeof(tasks));
	for (i = 0; i < NTASKS; i++)
		if (!stacks[i])
			stacks[i] = malloc(STACK);
	host.manual_clock = 1;
	host.timestamp = 1000;
	reports = 0;
	bad_context = 0;
	rt = add_domain(0, 200);
	assert_int_equal(adeos_virtualize_irq_from(rt, TIMER_IRQ,
						   timer_handler, NULL, NULL,
						   HANDLE | EACH | EXCL),
			 0);
	assert_int_equal(rtx_init(&x, rt, shot), 0);
	x.report = report;
	return 0;
}

#define RTX_UNIT(f) cmocka_unit_test_setup(f, setup)

static struct rtx_task *task(int i, const char *name, int prio,
			     unsigned long long period, rtx_body_t body,
			     unsigned int flags)
{
	assert_int_equal(rtx_task_init(&x, &tasks[i], name, prio, period,
				       body, NULL, flags, stacks[i], STACK),
			 0);
	return &tasks[i];
}

/* ---- periodic tasks ---- */

/* Per task: when each release resumed it, and the work it does. */
static unsigned long long resumed[NTASKS][64];
static unsigned long long cost[NTASKS];

static void periodic(struct rtx_task *t)
{
	int i = t - tasks;
	unsigned long n = 0;

	for (;;) {
		if (n < 64)
			resumed[i][n] = host.timestamp;
		n++;
		work(cost[i]);
		rtx_wait_period(&x);
	}
}

static void three_rates_release_exactly(void **state)
{
	static const unsigned long long period[3] = { 1000, 2000, 10000 };
	unsigned long long start = 5000;
	int i, k;

	(void)state;
	for (i = 0; i < 3; i++) {
		cost[i] = 100;
		task(i, i == 0 ? "fast" : i == 1 ? "mid" : "slow", 30 - i,
		     period[i], periodic, 0);
		assert_int_equal(rtx_task_start(&tasks[i], start), 0);
	}
	/* 100 ms at 1000 stamps per ms: up to the edge of a release */
	idle_until(start + 100000 - 1);
	assert_int_equal(tasks[0].fig.releases, 100);
	assert_int_equal(tasks[1].fig.releases, 50);
	assert_int_equal(tasks[2].fig.releases, 10);
	for (i = 0; i < 3; i++) {
		assert_int_equal(tasks[i].fig.overruns, 0);
		assert_int_equal(tasks[i].state, RTX_DELAYED);
		/* each release resumed its task after the ones above it */
		for (k = 0; k < 10; k++)
			assert_int_equal(resumed[i][k] - start -
						 k * period[i],
					 100 * i);
	}
	/* the highest one never waits: its latency is the timer's, 0 */
	assert_int_equal(tasks[0].fig.lat_max, 0);
	assert_int_equal(tasks[2].fig.lat_max, 200);
	assert_int_equal(bad_context, 0);
	assert_int_equal(host.violations, 0);
	assert_null(x.running);
}

static unsigned long long long_body_spans;

/* A body of 5 periods of the fast task: it is interrupted throughout. */
static void long_body(struct rtx_task *t)
{
	unsigned long before = tasks[0].fig.releases;

	(void)t;
	work(5000);
	long_body_spans = tasks[0].fig.releases - before;
	for (;;)
		rtx_wait_period(&x);
}

static void low_body_spans_releases_of_high(void **state)
{
	(void)state;
	cost[0] = 100;
	task(0, "fast", 20, 1000, periodic, 0);
	task(1, "long", 10, 100000, long_body, 0);
	assert_int_equal(rtx_task_start(&tasks[0], 2000), 0);
	assert_int_equal(rtx_task_start(&tasks[1], 2000), 0);
	idle_until(20000);
	/* 5000 of its own work and 100 per fast release: 6 of them */
	assert_int_equal(long_body_spans, 5);
	assert_int_equal(tasks[0].fig.lat_max, 0);
	assert_int_equal(tasks[0].fig.overruns, 0);
	assert_int_equal(bad_context, 0);
}

static struct rtx_sem sem;
static int overran;

/* 2500 of work every 1000, four times, then it waits for good. */
static void overrunner(struct rtx_task *t)
{
	int i;

	(void)t;
	for (i = 0; i < 4; i++) {
		work(2500);
		if (rtx_wait_period(&x) == -ETIMEDOUT)
			overran++;
	}
	rtx_sem_wait(&sem);
}

static void overrun_is_counted(void **state)
{
	(void)state;
	overran = 0;
	rtx_sem_init(&sem, &x, 0);
	task(0, "overrun", 20, 1000, overrunner, 0);
	assert_int_equal(rtx_task_start(&tasks[0], 2000), 0);
	idle_until(20000);
	/*
	 * Its body ends at 4500, 7000, 9500 and 12000: the release times
	 * from 2000 to 12000 all count, 11, and all but the first came
	 * while it still ran.
	 */
	assert_int_equal(tasks[0].fig.releases, 11);
	assert_int_equal(tasks[0].fig.overruns, 10);
	assert_int_equal(overran, 4);
	assert_int_equal(tasks[0].fig.samples, 1);
	assert_int_equal(tasks[0].state, RTX_BLOCKED);
}

/* ---- blocking mid-body ---- */

static struct rtx_queue queue;
static unsigned char qbuf[RTX_QUEUE_BYTES(4)];
static int steps[8];

/* Blocks three times in one release; its locals survive each. */
static void blocker(struct rtx_task *t)
{
	volatile int local = 7;
	char msg[RTX_MSG_MAX];

	(void)t;
	for (;;) {
		steps[0]++;
		rtx_sem_wait(&sem);
		local++;
		steps[1]++;
		rtx_sleep(&x, 300);
		local++;
		steps[2]++;
		assert_int_equal(rtx_queue_receive(&queue, msg, sizeof(msg)),
				 5);
		local++;
		steps[3] = local;
		local = 7;
		rtx_wait_period(&x);
	}
}

static void poster(struct rtx_task *t)
{
	(void)t;
	for (;;) {
		work(100);
		rtx_sem_post(&sem);
		work(500);
		rtx_queue_send(&queue, "hello", 5);
		rtx_wait_period(&x);
	}
}

static void blocks_three_times_in_one_release(void **state)
{
	(void)state;
	rtx_sem_init(&sem, &x, 0);
	rtx_queue_init(&queue, &x, qbuf, 4);
	task(0, "blocker", 20, 10000, blocker, 0);
	task(1, "poster", 10, 10000, poster, 0);
	rtx_task_start(&tasks[0], 2000);
	rtx_task_start(&tasks[1], 2000);
	idle_until(2000 + 5000);
	assert_int_equal(steps[0], 1);
	assert_int_equal(steps[1], 1);
	assert_int_equal(steps[2], 1);
	assert_int_equal(steps[3], 10);
	assert_int_equal(tasks[0].state, RTX_DELAYED);
	/* the poster was preempted by each wake-up, the blocker switched out */
	assert_true(tasks[0].fig.switches >= 4);
	idle_until(2000 + 50000 - 1);
	assert_int_equal(steps[1], 5);
	assert_int_equal(steps[3], 10);
	assert_int_equal(bad_context, 0);
}

/* Messages through a queue of 4, sent faster than read: all, in order. */
static int received[64], nreceived;

static void sender(struct rtx_task *t)
{
	int i;

	(void)t;
	for (i = 0; i < 40; i++) {
		rtx_queue_send(&queue, &i, sizeof(i));
		work(10);
	}
	rtx_wait_period(&x);
}

static void receiver(struct rtx_task *t)
{
	int v;

	(void)t;
	for (;;) {
		assert_int_equal(rtx_queue_receive(&queue, &v, sizeof(v)),
				 sizeof(v));
		received[nreceived++] = v;
		work(50);
	}
}

static void queue_keeps_order_and_blocks_the_sender(void **state)
{
	int i;

	(void)state;
	nreceived = 0;
	rtx_queue_init(&queue, &x, qbuf, 4);
	task(0, "sender", 20, 1000000, sender, 0);
	task(1, "receiver", 10, 0, receiver, 0);
	rtx_task_start(&tasks[1], 0);
	rtx_task_start(&tasks[0], 2000);
	idle_until(100000);
	assert_int_equal(nreceived, 40);
	for (i = 0; i < 40; i++)
		assert_int_equal(received[i], i);
	assert_int_equal(queue.sent, 40);
	assert_int_equal(tasks[1].state, RTX_BLOCKED);
}

/* Linux posts (the channel's virtual IRQ would): the task runs at once. */
static int woken;

static void waiter(struct rtx_task *t)
{
	(void)t;
	for (;;) {
		rtx_sem_wait(&sem);
		woken++;
	}
}

static void post_from_linux_wakes_the_task_at_once(void **state)
{
	int i;

	(void)state;
	woken = 0;
	rtx_sem_init(&sem, &x, 0);
	task(0, "waiter", 20, 0, waiter, 0);
	rtx_task_start(&tasks[0], 0);
	assert_int_equal(tasks[0].state, RTX_BLOCKED);
	for (i = 1; i <= 3; i++) {
		rtx_sem_post(&sem);
		assert_int_equal(woken, i);
		assert_int_equal(tasks[0].state, RTX_BLOCKED);
	}
	assert_int_equal(x.kicks, 4);
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_null(x.running);
	/* stalled, the domain holds the kick; the unstall plays it */
	adeos_stall_ipipe_from(rt);
	rtx_sem_post(&sem);
	assert_int_equal(woken, 3);
	adeos_unstall_ipipe_from(rt);
	assert_int_equal(woken, 4);
}

/* ---- safety ---- */

static void spinner(struct rtx_task *t)
{
	(void)t;
	for (;;)
		work(100);
}

static void task_that_never_blocks_is_stopped(void **state)
{
	(void)state;
	x.budget = 5000;
	cost[1] = 100;
	task(0, "spin", 30, 0, spinner, 0);
	task(1, "other", 20, 1000, periodic, 0);
	rtx_task_start(&tasks[1], 1500);
	rtx_task_start(&tasks[0], 0);
	/* it spun from 1000; the budget's shot stopped it at 6000 */
	assert_int_equal(tasks[0].state, RTX_STOPPED);
	assert_int_equal(tasks[0].fault.trap, ADEOS_FAULT_BUDGET);
	assert_int_equal(reported_at, 6000);
	assert_int_equal(reports, 1);
	assert_null(x.running);
	/* the others go on, and Linux gets the CPU between them */
	idle_until(20000);
	assert_true(tasks[1].fig.releases >= 14);
	assert_false(rt->status & ADEOS_FAULTED_FLAG);
}

static void faulter(struct rtx_task *t)
{
	(void)t;
	work(10);
	host_fault(0, "divide error", 0);
	fail_msg("the fault returned");
}

static void faulting_task_is_stopped_not_the_domain(void **state)
{
	(void)state;
	cost[1] = 100;
	task(0, "faulty", 30, 0, faulter, 0);
	task(1, "other", 20, 1000, periodic, 0);
	rtx_task_start(&tasks[1], 1500);
	rtx_task_start(&tasks[0], 0);
	assert_int_equal(tasks[0].state, RTX_STOPPED);
	assert_string_equal(tasks[0].fault.what, "divide error");
	assert_int_equal(reports, 1);
	idle_until(10000);
	assert_int_equal(tasks[1].fig.releases, 9);
	assert_false(rt->status & ADEOS_FAULTED_FLAG);
	assert_null(rt->landing);
}

/* ---- floating point ---- */

static unsigned long fpu_wrong;

/* Marks the registers as its own, and finds them so at its next turn. */
static void fpu_body(struct rtx_task *t)
{
	unsigned long mine = 0xf00 + (t - tasks);

	for (;;) {
		if (host.fpu_regs != mine && t->fig.releases > 1)
			fpu_wrong++;
		host.fpu_regs = mine;
		work(50);
		rtx_wait_period(&x);
	}
}

static void fpu_state_follows_the_tasks_that_use_it(void **state)
{
	(void)state;
	fpu_wrong = 0;
	host.fpu_regs = 0x11; /* Linux's */
	cost[2] = 10;
	task(0, "fpu-a", 30, 1000, fpu_body, RTX_FPU);
	task(1, "fpu-b", 20, 1500, fpu_body, RTX_FPU);
	task(2, "plain", 25, 700, periodic, 0);
	rtx_task_start(&tasks[0], 2000);
	rtx_task_start(&tasks[1], 2000);
	rtx_task_start(&tasks[2], 2000);
	idle_until(50000);
	assert_int_equal(fpu_wrong, 0);
	assert_int_equal(host.fpu_regs, 0x11);
	/* Linux's state was set aside only around the FPU tasks' turns */
	assert_true(host.fpu_saves > 0);
	assert_int_equal(host.fpu_saves, host.fpu_restores);
}

/*
 * The template's first shots come before the timer's IRQ is the
 * domain's: they are lost (here, never set), and rtx_timer_rearm(),
 * once the IRQ is taken, sets the timer for the first release, which
 * then comes on time.
 */
/*
 * A start held up past its first release (Linux preempted, or a domain
 * task running, between reading the time and the start): the releases
 * that fell before the start were never the task's, let alone overruns.
 * The latest of them comes at once; the rest keep the first's phase.
 */
static void late_start_skips_the_releases_before_it(void **state)
{
	int k;

	(void)state;
	cost[0] = 100;
	host.timestamp = 7500;
	task(0, "late", 30, 1000, periodic, 0);
	assert_int_equal(rtx_task_start(&tasks[0], 2000), 0);
	idle_until(20500);
	/* at once (7500), then 8000, 9000 ... 20000 */
	assert_int_equal(tasks[0].fig.releases, 14);
	assert_int_equal(tasks[0].fig.overruns, 0);
	assert_int_equal(resumed[0][0], 7500);
	for (k = 1; k < 14; k++)
		assert_int_equal(resumed[0][k], 7000 + 1000 * k);
	assert_int_equal(bad_context, 0);
}

static void lost_first_shot_rearmed(void **state)
{
	int k;

	(void)state;
	cost[0] = 100;
	task(0, "first", 30, 1000, periodic, 0);
	assert_int_equal(rtx_task_start(&tasks[0], 5000), 0);
	assert_true(host.shot_armed);
	host.shot_armed = 0;
	idle_until(4000);
	/* starting another task due later sets no new shot either ... */
	task(1, "later", 20, 1000, periodic, 0);
	assert_int_equal(rtx_task_start(&tasks[1], 6000), 0);
	assert_false(host.shot_armed);
	/* ... rearming does, for the first release, which comes on time */
	rtx_timer_rearm(&x);
	assert_true(host.shot_armed);
	assert_int_equal(host.shot_at, 5000);
	idle_until(10500);
	assert_int_equal(tasks[0].fig.releases, 6);
	assert_int_equal(tasks[1].fig.releases, 5);
	for (k = 0; k < 6; k++)
		assert_int_equal(resumed[0][k], 5000 + 1000 * k);
	assert_int_equal(tasks[0].fig.overruns, 0);
	assert_int_equal(bad_context, 0);
	/* with nothing timed it sets nothing */
	assert_int_equal(rtx_task_delete(&tasks[0]), 0);
	assert_int_equal(rtx_task_delete(&tasks[1]), 0);
	host.shot_armed = 0;
	rtx_timer_rearm(&x);
	assert_false(host.shot_armed);
}

static void stop_abandons_the_tasks(void **state)
{
	(void)state;
	cost[0] = 100;
	task(0, "fast", 20, 1000, periodic, 0);
	rtx_task_start(&tasks[0], 2000);
	idle_until(5500);
	rtx_stop(&x);
	assert_null(rt->reschedule);
	assert_int_equal(tasks[0].state, RTX_DORMANT);
	assert_null(x.timers);
	/* a stray shot finds nothing */
	idle_until(9000);
	assert_int_equal(tasks[0].fig.releases, 4);
	assert_int_equal(adeos_unregister_domain(rt), 0);
}

/* ---- the torture: random task sets against a reference model ---- */

enum op { OP_WORK, OP_PERIOD, OP_SLEEP, OP_WAIT, OP_POST, OP_NR };

struct step {
	enum op op;
	unsigned int arg;
};

#define NSTEPS 6
#define NSEMS 2

struct model_task {
	struct step prog[NSTEPS];
	int nsteps;
	unsigned long long first, period;
	unsigned long releases, overruns; /* the model's own count */
	unsigned long long next_release;
};

static struct model_task model[NTASKS];
static struct rtx_sem sems[NSEMS];
static unsigned long initial[NSEMS], posts[NSEMS], waits[NSEMS];
static unsigned long violations;
static unsigned int ntasks;
static unsigned long seed_state;

static unsigned int rnd(unsigned int n)
{
	seed_state = seed_state * 1103515245 + 12345;
	return (unsigned int)(seed_state >> 16) % n;
}

/*
 * The model's checks, wherever a task runs: the running task has the
 * highest priority of all that are ready, and no semaphore holds units
 * while a task waits on it.
 */
static void model_check(struct rtx_task *self)
{
	struct rtx_task *r;
	int s;

	for (r = x.ready; r; r = r->next)
		if (r->prio > self->prio || r->state != RTX_READY)
			violations++;
	for (s = 0; s < NSEMS; s++)
		if (sems[s].count && sems[s].waiters)
			violations++;
	if (x.running != self || self->state != RTX_RUNNING)
		violations++;
}

static void model_work(struct rtx_task *self, unsigned long long d)
{
	while (d) {
		unsigned long long step = d < 37 ? d : 37;

		work(step);
		d -= step;
		model_check(self);
	}
}

static void model_body(struct rtx_task *t)
{
	struct model_task *m = &model[t - tasks];
	int pc = 0;

	/* the first release: at its time, exactly (the sim's timer is) */
	if (t->expiry != m->first)
		violations++;
	m->releases = 1;
	m->next_release = m->first + m->period;
	for (;; pc = (pc + 1) % m->nsteps) {
		struct step *s = &m->prog[pc];
		unsigned long long now;
		unsigned long missed;

		model_check(t);
		switch (s->op) {
		case OP_WORK:
			model_work(t, s->arg);
			break;
		case OP_PERIOD:
			now = host.timestamp;
			if (now >= m->next_release) {
				missed = (now - m->next_release) / m->period + 1;
				m->releases += missed;
				m->overruns += missed;
				m->next_release += missed * m->period;
				if (rtx_wait_period(&x) != -ETIMEDOUT)
					violations++;
				break;
			}
			if (rtx_wait_period(&x))
				violations++;
			/* resumed by its release, timed exactly */
			if (t->expiry != m->next_release ||
			    host.timestamp < m->next_release)
				violations++;
			m->releases++;
			m->next_release += m->period;
			break;
		case OP_SLEEP:
			now = host.timestamp;
			rtx_sleep(&x, s->arg);
			if (host.timestamp < now + s->arg)
				violations++;
			break;
		case OP_WAIT:
			rtx_sem_wait(&sems[s->arg]);
			waits[s->arg]++;
			break;
		case OP_POST:
			posts[s->arg]++;
			rtx_sem_post(&sems[s->arg]);
			break;
		default:
			break;
		}
	}
}

static void torture_one(unsigned long seed)
{
	unsigned int i, k, s;
	unsigned long long end;

	setup(NULL);
	seed_state = seed;
	violations = 0;
	memset(posts, 0, sizeof(posts));
	memset(waits, 0, sizeof(waits));
	/* a task that never blocks would be a bug: the budget shows it */
	x.budget = 1000000;
	for (s = 0; s < NSEMS; s++) {
		initial[s] = rnd(2);
		rtx_sem_init(&sems[s], &x, initial[s]);
	}
	ntasks = 2 + rnd(NTASKS - 1);
	for (i = 0; i < ntasks; i++) {
		struct model_task *m = &model[i];
		unsigned int most;

		memset(m, 0, sizeof(*m));
		m->period = 500 + 100 * rnd(50);
		m->first = 2000 + rnd(3000);
		m->nsteps = 2 + rnd(NSTEPS - 1);
		/* all of them together use at most half the CPU */
		most = m->period / (2 * ntasks * m->nsteps);
		for (k = 0; k < (unsigned int)m->nsteps; k++) {
			struct step *st = &m->prog[k];

			st->op = rnd(OP_NR);
			if (st->op == OP_WAIT || st->op == OP_POST)
				st->arg = rnd(NSEMS);
			else if (st->op == OP_WORK)
				st->arg = 1 + rnd(most ? most : 1);
			else
				st->arg = 1 + rnd(2000);
		}
		/* every body waits for its period somewhere */
		m->prog[rnd(m->nsteps)].op = OP_PERIOD;
		task(i, "t", rnd(4), m->period, model_body, 0);
		rtx_task_start(&tasks[i], m->first);
	}
	end = 200000;
	idle_until(end);
	for (i = 0; i < ntasks; i++) {
		struct rtx_task *t = &tasks[i];
		struct model_task *m = &model[i];

		/* blocked tasks have counted what they saw; all agree */
		if (t->fig.releases != m->releases ||
		    t->fig.overruns != m->overruns)
			violations++;
		if (t->state == RTX_READY || t->state == RTX_RUNNING)
			violations++;
	}
	/* no wake-up lost: every unit posted was taken or is still there */
	for (s = 0; s < NSEMS; s++)
		if (initial[s] + posts[s] != waits[s] + sems[s].count ||
		    (sems[s].count && sems[s].waiters))
			violations++;
	if (reports)
		violations++;
	if (violations || bad_context || host.violations)
		fail_msg("rtx torture seed %lu: %lu model violations, %lu bad contexts, %lu arch violations",
			 seed, violations, bad_context, host.violations);
}

static void torture_against_the_model(void **state)
{
	unsigned long seed = 1, n = 300;
	const char *env = getenv("RTX_TORTURE_SEED");
	unsigned long i;

	(void)state;
	if (env)
		seed = strtoul(env, NULL, 0);
	env = getenv("RTX_TORTURE_RUNS");
	if (env)
		n = strtoul(env, NULL, 0);
	for (i = 0; i < n; i++)
		torture_one(seed + i);
	print_message("rtx torture: %lu task sets from seed %lu, each 200000 stamps\n",
		      n, seed);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		RTX_UNIT(three_rates_release_exactly),
		RTX_UNIT(lost_first_shot_rearmed),
		RTX_UNIT(late_start_skips_the_releases_before_it),
		RTX_UNIT(low_body_spans_releases_of_high),
		RTX_UNIT(overrun_is_counted),
		RTX_UNIT(blocks_three_times_in_one_release),
		RTX_UNIT(queue_keeps_order_and_blocks_the_sender),
		RTX_UNIT(post_from_linux_wakes_the_task_at_once),
		RTX_UNIT(task_that_never_blocks_is_stopped),
		RTX_UNIT(faulting_task_is_stopped_not_the_domain),
		RTX_UNIT(fpu_state_follows_the_tasks_that_use_it),
		RTX_UNIT(stop_abandons_the_tasks),
		cmocka_unit_test(torture_against_the_model),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
