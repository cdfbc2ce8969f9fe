// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx, time: the timer queue (the timed tasks, by when they wake), the
 * one-shot timer set for the earliest of them or the running task's
 * budget, the releases of periodic tasks and their latency, and the
 * waits for a time. The timer itself is the OS's side's (struct rtx's
 * shot); everything here runs with hard IRQs off (sched.c's header).
 */
#include "internal.h"

void rtx_timer_insert(struct rtx *x, struct rtx_task *t, unsigned long long at)
{
	struct rtx_task **p = &x->timers;

	t->wake_at = at;
	while (*p && (*p)->wake_at <= at)
		p = &(*p)->tnext;
	t->tnext = *p;
	*p = t;
	t->timed = 1;
}

void rtx_timer_remove(struct rtx *x, struct rtx_task *t)
{
	struct rtx_task **p;

	if (!t->timed)
		return;
	for (p = &x->timers; *p; p = &(*p)->tnext)
		if (*p == t) {
			*p = t->tnext;
			break;
		}
	t->tnext = NULL;
	t->timed = 0;
}

/* When the running task's budget runs out, or 0. */
static unsigned long long budget_end(struct rtx *x)
{
	struct rtx_task *t = x->running;

	if (!x->budget || !t || t->state != RTX_RUNNING)
		return 0;
	if (t->busy >= x->budget)
		return t->slice_start;
	return t->slice_start + (x->budget - t->busy);
}

void rtx_arm_timer(struct rtx *x)
{
	unsigned long long at = x->timers ? x->timers->wake_at : 0;
	unsigned long long budget = budget_end(x);

	if (budget && (!at || budget < at))
		at = budget;
	if (!at) {
		/* a shot still set finds nothing due: harmless */
		x->shot_at = 0;
		return;
	}
	if (at == x->shot_at)
		return;
	x->shot_at = at;
	x->shot(x, at);
}

/* ---- releases ---- */

static void release(struct rtx *x, struct rtx_task *t)
{
	t->fig.releases++;
	t->expiry = x->expiry;
	t->measure = 1;
	t->next_release += t->period;
}

void rtx_sample(struct rtx_task *t)
{
	unsigned long long lat;

	if (!t->measure)
		return;
	t->measure = 0;
	lat = arch_timestamp() - t->expiry;
	t->last_lat = lat;
	if (!t->fig.samples || lat < t->fig.lat_min)
		t->fig.lat_min = lat;
	if (lat > t->fig.lat_max)
		t->fig.lat_max = lat;
	t->fig.lat_sum += lat;
	t->fig.samples++;
}

/* The running task has had the CPU for its whole budget: stop it. */
static void check_budget(struct rtx *x, unsigned long long now)
{
	struct rtx_task *t = x->running;
	struct adeos_fault why = { .trap = ADEOS_FAULT_BUDGET,
				   .what = "time budget",
				   .irq = ~0U };

	if (!x->budget || !t || t->state != RTX_RUNNING)
		return;
	if (t->busy + (now - t->slice_start) < x->budget)
		return;
	why.ip = (unsigned long)t->body;
	rtx_stop_task(x, t, &why);
}

void rtx_timer_irq(struct rtx *x)
{
	unsigned long long now = arch_timestamp();
	struct rtx_task *t;
	int due = 0;

	x->timer_irqs++;
	x->shot_at = 0;
	while ((t = x->timers) && t->wake_at <= now + x->slack) {
		rtx_timer_remove(x, t);
		if (t->state == RTX_DELAYED)
			release(x, t);
		rtx_make_ready(x, t, 0);
		due++;
	}
	check_budget(x, now);
	if (!due && x->running == NULL)
		x->early_shots++;
	rtx_arm_timer(x);
}

void rtx_timer_rearm(struct rtx *x)
{
	x->shot_at = 0;
	rtx_arm_timer(x);
}

/* ---- waiting for a time ---- */

int rtx_wait_period(struct rtx *x)
{
	struct rtx_task *t = rtx_caller(x);
	unsigned long long now, missed;
	unsigned long irqs;
	int err = 0;

	if (!t || !t->period)
		return -EPERM;
	irqs = hard_local_irq_save();
	now = arch_timestamp();
	if (now >= t->next_release) {
		/* released meanwhile, maybe more than once: overruns */
		missed = rtx_div64(now - t->next_release, t->period) + 1;
		t->fig.releases += missed;
		t->fig.overruns += missed;
		t->next_release += missed * t->period;
		err = -ETIMEDOUT;
		goto out;
	}
	rtx_timer_insert(x, t, t->next_release);
	rtx_block(x, t, RTX_DELAYED);
	rtx_sample(t);
out:
	rtx_unlock(x, irqs, 0);
	return err;
}

int rtx_sleep(struct rtx *x, unsigned long long stamps)
{
	struct rtx_task *t = rtx_caller(x);
	unsigned long irqs;

	if (!t)
		return -EPERM;
	irqs = hard_local_irq_save();
	rtx_timer_insert(x, t, arch_timestamp() + stamps);
	rtx_block(x, t, RTX_SLEEPING);
	rtx_unlock(x, irqs, 0);
	return 0;
}

/* ---- time arithmetic ---- */

unsigned long long rtx_div64(unsigned long long n, unsigned long d)
{
	unsigned long long q = 0, r = 0;
	int bit;

	if (!d)
		return 0;
	if (n <= ~0UL)
		return (unsigned long)n / d;
	for (bit = 63; bit >= 0; bit--) {
		r = (r << 1) | ((n >> bit) & 1);
		if (r >= d) {
			r -= d;
			q |= 1ULL << bit;
		}
	}
	return q;
}
