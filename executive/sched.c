// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx, the scheduler: the ready list, the switch between tasks, and the
 * executive taking its domain's scheduler hook (adeos/sched.h).
 * Arch-independent: the host tests build it as it is.
 *
 * Everything that changes the executive's lists runs with hard IRQs
 * off: the domain's handlers (the timer's) change them too and may
 * interrupt a task anywhere, and a higher domain may interrupt both.
 * A switch happens only in a task (it blocks, or makes a higher one
 * ready) or in the domain's scheduler hook, never in a handler.
 */
#include "internal.h"

void rtx_prio_insert(struct rtx_task **head, struct rtx_task *t, int first)
{
	struct rtx_task **p = head;

	while (*p &&
	       ((*p)->prio > t->prio || (!first && (*p)->prio == t->prio)))
		p = &(*p)->next;
	t->next = *p;
	*p = t;
}

void rtx_list_remove(struct rtx_task **head, struct rtx_task *t)
{
	struct rtx_task **p;

	for (p = head; *p; p = &(*p)->next)
		if (*p == t) {
			*p = t->next;
			t->next = NULL;
			return;
		}
}

void rtx_make_ready(struct rtx *x, struct rtx_task *t, int first)
{
	t->state = RTX_READY;
	rtx_prio_insert(&x->ready, t, first);
}

/* ---- switching ---- */

/* Floating point state goes with the tasks that declared it. */
static void switch_fpu(struct rtx *x, struct rtx_task *next)
{
	struct arch_fpu_state *want;

	if (next && !(next->flags & RTX_FPU))
		return;
	want = next ? &next->fpu : &x->host_fpu;
	if (x->fpu_in_regs == want)
		return;
	arch_fpu_save(x->fpu_in_regs);
	arch_fpu_restore(want);
	x->fpu_in_regs = want;
}

/*
 * The time a task ran goes to its budget until it blocks; a task that
 * blocked starts afresh when it next runs.
 */
static void account(struct rtx_task *t, unsigned long long now)
{
	t->busy += now - t->slice_start;
	if (t->state == RTX_RUNNING || t->state == RTX_READY)
		return;
	if (t->busy > t->fig.busy_max)
		t->fig.busy_max = t->busy;
	t->busy = 0;
}

static void switch_to(struct rtx *x, struct rtx_task *next)
{
	struct rtx_task *prev = x->running;
	unsigned long long now;

	if (prev == next)
		return;
	now = arch_timestamp();
	if (prev)
		account(prev, now);
	if (next) {
		next->slice_start = now;
		next->fig.switches++;
	}
	switch_fpu(x, next);
	x->running = next;
	x->switches++;
	/* A fault lands in the body of the task that runs, if begun. */
	adeos_set_landing(x->domain,
			  next && next->in_body ? &next->landing : NULL);
	rtx_arm_timer(x);
	arch_task_switch(prev ? &prev->ctx : &x->host_ctx,
			 next ? &next->ctx : &x->host_ctx);
}

/*
 * Give the CPU to the highest-priority ready task, or back to the
 * context the executive took it from when none is ready. A running
 * task keeps it against ready tasks of its own priority.
 */
void rtx_schedule(struct rtx *x)
{
	struct rtx_task *prev = x->running, *next = x->ready;

	if (prev && prev->state == RTX_RUNNING) {
		if (!next || next->prio <= prev->prio)
			return;
		rtx_make_ready(x, prev, 1);
	}
	if (next) {
		x->ready = next->next;
		next->next = NULL;
		next->state = RTX_RUNNING;
	}
	switch_to(x, next);
}

void rtx_block(struct rtx *x, struct rtx_task *t, enum rtx_state state)
{
	t->state = state;
	rtx_schedule(x);
}

/* A task runs, and it is the code running now (not a handler above it). */
static int in_task(struct rtx *x)
{
	return x->running && adeos_current_domain() == x->domain &&
	       !adeos_handler_live(x->domain);
}

struct rtx_task *rtx_caller(struct rtx *x)
{
	if (!in_task(x) || adeos_test_ipipe_from(x->domain))
		return NULL;
	return x->running;
}

struct rtx_task *rtx_self(struct rtx *x)
{
	return in_task(x) ? x->running : NULL;
}

/* A walk inside a hard section leaves scheduler hooks for later. */
int rtx_preempt_check(struct rtx *x)
{
	adomain_t *d = x->domain;

	if (adeos_current_domain() == d && adeos_handler_live(d))
		return 0;
	if (rtx_caller(x)) {
		rtx_schedule(x);
		return 0;
	}
	return 1;
}

/* Ask for the domain's hook from anywhere, hard IRQs as the caller's. */
static void kick(struct rtx *x)
{
	x->kicks++;
	adeos_trigger_irq(x->kick_virq);
}

void rtx_unlock(struct rtx *x, unsigned long irqs, int kick_due)
{
	hard_local_irq_restore(irqs);
	if (kick_due)
		kick(x);
}

/* ---- the domain's scheduler ---- */

/* The kick: nothing to do but be played, so that the hook follows. */
static void kicked(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
}

static void reschedule(void *scheduler)
{
	rtx_schedule(scheduler);
}

int rtx_init(struct rtx *x, adomain_t *d,
	     void (*shot)(struct rtx *x, unsigned long long at))
{
	unsigned long irqs;
	int virq, err;

	virq = adeos_alloc_virq();
	if (virq < 0)
		return virq;
	err = adeos_virtualize_irq_from(d, virq, kicked, x, NULL,
					ADEOS_HANDLE_MASK);
	if (err) {
		adeos_free_virq(virq);
		return err;
	}
	x->domain = d;
	x->shot = shot;
	x->kick_virq = virq;
	x->fpu_in_regs = &x->host_fpu;
	irqs = hard_local_irq_save();
	adeos_set_scheduler(d, reschedule, x);
	x->started = 1;
	hard_local_irq_restore(irqs);
	return 0;
}

void rtx_stop(struct rtx *x)
{
	adomain_t *d = x->domain;
	unsigned long irqs;
	unsigned int i;

	if (!x->started)
		return;
	irqs = hard_local_irq_save();
	if (x->running)
		arch_panic(__func__, "a task runs while the OS stops them");
	adeos_set_scheduler(d, NULL, NULL);
	for (i = 0; i < x->ntasks; i++) {
		struct rtx_task *t = x->tasks[i];

		rtx_take_out(x, t);
		if (t->state != RTX_DONE && t->state != RTX_STOPPED)
			t->state = RTX_DORMANT;
	}
	x->ready = NULL;
	x->timers = NULL;
	x->shot_at = 0;
	x->started = 0;
	hard_local_irq_restore(irqs);
	adeos_virtualize_irq_from(d, x->kick_virq, NULL, NULL, NULL, 0);
	adeos_free_virq(x->kick_virq);
}
