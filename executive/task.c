// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx, tasks: their lifecycle (set up, started, done, stopped by a
 * fault or their budget, deleted), the body's first instructions with
 * its landing pad, and their figures. Changes to the executive's lists
 * run with hard IRQs off (sched.c's header).
 */
#include "internal.h"

static const char *const state_names[] = {
	[RTX_DORMANT] = "dormant",   [RTX_READY] = "ready",
	[RTX_RUNNING] = "running",   [RTX_DELAYED] = "delayed",
	[RTX_SLEEPING] = "sleeping", [RTX_BLOCKED] = "blocked",
	[RTX_DONE] = "done",	     [RTX_STOPPED] = "stopped",
};

const char *rtx_state_name(enum rtx_state state)
{
	return state <= RTX_STOPPED ? state_names[state] : "?";
}

void rtx_take_out(struct rtx *x, struct rtx_task *t)
{
	rtx_timer_remove(x, t);
	if (t->state == RTX_READY)
		rtx_list_remove(&x->ready, t);
	if (t->state == RTX_BLOCKED && t->waiting)
		rtx_list_remove(&t->waiting->waiters, t);
	t->waiting = NULL;
	t->next = NULL;
}

void rtx_stop_task(struct rtx *x, struct rtx_task *t,
		   const struct adeos_fault *why)
{
	rtx_take_out(x, t);
	t->fault = *why;
	t->state = RTX_STOPPED;
	if (x->report)
		x->report(x, t);
}

static void run_body(unsigned int irq, void *cookie)
{
	struct rtx_task *t = cookie;

	(void)irq;
	t->body(t);
}

/*
 * A task's first instructions, on its own stack, hard IRQs off: its
 * body runs with a landing pad (a fault stops the task, not the
 * domain), then the task is done and never runs again.
 */
static void task_entry(void *arg)
{
	struct rtx_task *t = arg;
	struct rtx *x = t->rtx;
	struct adeos_fault why;
	int faulted;

	rtx_sample(t);
	t->in_body = 1;
	adeos_set_landing(x->domain, &t->landing);
	hard_local_irq_enable();
	faulted = arch_call_handler(&t->landing, run_body, 0, t);
	hard_local_irq_disable();
	t->in_body = 0;
	adeos_set_landing(x->domain, NULL);
	if (faulted) {
		why = *adeos_last_fault(x->domain);
		rtx_stop_task(x, t, &why);
	} else {
		t->state = RTX_DONE;
	}
	rtx_schedule(x);
	arch_panic(__func__, "a task that ended was resumed");
}

int rtx_task_init(struct rtx *x, struct rtx_task *t, const char *name, int prio,
		  unsigned long long period, rtx_body_t body, void *arg,
		  unsigned int flags, void *stack, unsigned long stack_size)
{
	unsigned long irqs;
	unsigned int i;
	int err = 0;

	if (!x->started || !t || !name || !name[0] || !body || !stack ||
	    stack_size < 1024)
		return -EINVAL;
	__builtin_memset(t, 0, sizeof(*t));
	for (i = 0; name[i] && i + 1 < RTX_NAME_LEN; i++)
		t->name[i] = name[i];
	t->prio = prio;
	t->period = period;
	t->body = body;
	t->arg = arg;
	t->flags = flags;
	t->stack = stack;
	t->stack_size = stack_size;
	t->rtx = x;
	t->state = RTX_DORMANT;
	irqs = hard_local_irq_save();
	if (x->ntasks >= RTX_MAX_TASKS) {
		err = -ENOSPC;
		goto out;
	}
	if (flags & RTX_FPU)
		arch_fpu_init(&t->fpu);
	arch_task_init(&t->ctx, stack, stack_size, task_entry, t);
	x->tasks[x->ntasks++] = t;
out:
	rtx_unlock(x, irqs, 0);
	return err;
}

/*
 * A periodic task's first release: @first, or, when the start comes
 * after it (held up between the caller's reading of the time and here),
 * the latest release point since @first that is not after @now. It then
 * comes at once and keeps @first's phase; the points before the start
 * were never the task's releases, let alone overruns.
 */
static unsigned long long first_release(const struct rtx_task *t,
					unsigned long long first,
					unsigned long long now)
{
	if (now <= first)
		return first;
	return first + rtx_div64(now - first, t->period) * t->period;
}

int rtx_task_start(struct rtx_task *t, unsigned long long first)
{
	struct rtx *x = t->rtx;
	unsigned long irqs = hard_local_irq_save();
	int kick_due = 0, err = 0;

	if (t->state != RTX_DORMANT || !x->started) {
		err = -EINVAL;
		goto out;
	}
	if (t->period) {
		first = first_release(t, first, arch_timestamp());
		t->next_release = first;
		t->state = RTX_DELAYED;
		rtx_timer_insert(x, t, first);
		rtx_arm_timer(x);
	} else {
		rtx_make_ready(x, t, 0);
		kick_due = rtx_preempt_check(x);
	}
out:
	rtx_unlock(x, irqs, kick_due);
	return err;
}

int rtx_task_delete(struct rtx_task *t)
{
	struct rtx *x = t->rtx;
	unsigned long irqs;
	unsigned int i;
	int err = 0;

	irqs = hard_local_irq_save();
	for (i = 0; i < x->ntasks && x->tasks[i] != t; i++)
		;
	if (i == x->ntasks || x->running == t) {
		err = -EINVAL;
		goto out;
	}
	rtx_take_out(x, t);
	t->state = RTX_DORMANT;
	for (; i + 1 < x->ntasks; i++)
		x->tasks[i] = x->tasks[i + 1];
	x->ntasks--;
	rtx_arm_timer(x);
out:
	rtx_unlock(x, irqs, 0);
	return err;
}

void rtx_task_figures(struct rtx_task *t, struct rtx_figures *to)
{
	unsigned long irqs = hard_local_irq_save();

	*to = t->fig;
	hard_local_irq_restore(irqs);
}
