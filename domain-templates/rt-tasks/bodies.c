// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: the example bodies a task may run. Each is a loop, one
 * round per release (the consumer: per wake-up), that checks what a
 * task must be able to count on and counts what it finds wrong in its
 * job's errors. They run in the domain: the executive's calls, the
 * pipeline's, and their own job only.
 */
#include <adeos/clock.h>
#include "rt-tasks.h"

/* Stamps in a spanner's body and a blocker's sleeps. */
#define SPAN_US 3000
#define BLOCK_US 100

static void counter_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;

	for (;;) {
		j->count++;
		rtx_wait_period(t->rtx);
	}
}

/* The release latency, whole microseconds, in the histogram. */
static void probe_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;
	unsigned long per_us = arch_timestamp_per_us();
	unsigned long long lat;

	for (;;) {
		lat = t->last_lat;
		if (lat >= (unsigned long long)RT_TASKS_HIST_US * per_us)
			j->hist[RT_TASKS_HIST_US]++;
		else
			j->hist[(unsigned long)lat / per_us]++;
		j->count++;
		rtx_wait_period(t->rtx);
	}
}

/* A message's number: the decimal digits it starts with. */
static unsigned long message_number(const unsigned char *msg, int len)
{
	unsigned long n = 0;
	int i;

	for (i = 0; i < len && msg[i] >= '0' && msg[i] <= '9'; i++)
		n = n * 10 + (msg[i] - '0');
	return n;
}

/*
 * Linux's messages, numbered from 0: each must be the one after the
 * last; each is answered with itself, and Linux told.
 */
static void consumer_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;
	struct rt_tasks_state *st = j->st;
	unsigned char msg[ADEOS_RING_MSG_MAX];
	int len;

	for (;;) {
		rtx_sem_wait(&st->chan_sem);
		while ((len = adeos_ring_get(&st->chan.to_domain, msg,
					     sizeof(msg))) > 0) {
			if (message_number(msg, len) != st->chan_seq)
				j->errors++;
			st->chan_seq = message_number(msg, len) + 1;
			st->chan.served++;
			j->count++;
			if (!adeos_ring_put(&st->chan.to_linux, msg, len))
				st->chan.sent++;
		}
		adeos_trigger_irq(st->chan.virq_linux);
	}
}

/*
 * Three sleeps in each release: it must resume each time where it
 * stopped, its locals as it left them (mark lives in a register or on
 * the stack across each switch).
 */
static void blocker_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;
	unsigned long long nap =
		(unsigned long long)BLOCK_US * arch_timestamp_per_us();
	unsigned long mark;
	int i;

	for (;;) {
		mark = j->count * 3;
		for (i = 0; i < 3; i++) {
			rtx_sleep(t->rtx, nap);
			if (mark != j->count * 3 + i)
				j->errors++;
			mark++;
		}
		j->count++;
		rtx_wait_period(t->rtx);
	}
}

/*
 * Computes for SPAN_US in each release: the tasks above it take the CPU
 * in the middle (counted: the most in one body), and it goes on.
 */
static void spanner_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;
	unsigned long long span =
		(unsigned long long)SPAN_US * arch_timestamp_per_us();
	unsigned long long start;
	unsigned long before, taken;

	for (;;) {
		before = t->fig.switches;
		start = arch_timestamp();
		while (arch_timestamp() - start < span)
			;
		taken = t->fig.switches - before;
		if (taken > j->most)
			j->most = taken;
		j->count++;
		rtx_wait_period(t->rtx);
	}
}

const rtx_body_t rt_tasks_bodies[RT_TASKS_BODY_NR] = {
	[RT_TASKS_BODY_COUNTER] = counter_body,
	[RT_TASKS_BODY_PROBE] = probe_body,
	[RT_TASKS_BODY_CONSUMER] = consumer_body,
	[RT_TASKS_BODY_BLOCKER] = blocker_body,
	[RT_TASKS_BODY_SPANNER] = spanner_body,
	[RT_TASKS_BODY_FPU] = rt_tasks_fpu_body,
};
