// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: a domain whose work is tasks (adeos/rtx.h, the executive of
 * executive/). The domain's one timer of the pipeline's timer service
 * is the executive's shot: set for the next release, sleep or budget,
 * whichever comes first; when it fires, its handler hands the executive
 * the deadline it fired for, so that a task's release latency runs from
 * that deadline to the task's first instruction, in timestamp counts.
 *
 * Linux writes to the tasks through the domain's channel (channel.h):
 * the channel's virtual IRQ posts a semaphore that a consumer task
 * waits on. Linux reads the tasks from /proc/adeos/<domain>/tasks and
 * adds one by writing there (rt-tasks-proc.c); a module adds its own
 * (rt_tasks_add()).
 */
#include <adeos/clock.h>
#include <adeos/os.h>
#include "rt-tasks.h"

static const char *const body_names[RT_TASKS_BODY_NR] = {
	[RT_TASKS_BODY_COUNTER] = "counter",
	[RT_TASKS_BODY_PROBE] = "probe",
	[RT_TASKS_BODY_CONSUMER] = "consumer",
	[RT_TASKS_BODY_BLOCKER] = "blocker",
	[RT_TASKS_BODY_SPANNER] = "spanner",
	[RT_TASKS_BODY_FPU] = "fpu",
};

const char *rt_tasks_body_name(enum rt_tasks_body body)
{
	return body < RT_TASKS_BODY_NR ? body_names[body] : "?";
}

int rt_tasks_body_by_name(const char *name, unsigned int len)
{
	unsigned int b, i;

	for (b = 0; b < RT_TASKS_BODY_NR; b++) {
		for (i = 0; i < len && body_names[b][i] == name[i]; i++)
			;
		if (i == len && !body_names[b][i])
			return b;
	}
	return -EINVAL;
}

static unsigned long long us_to_stamps(unsigned int us)
{
	return (unsigned long long)us * arch_timestamp_per_us();
}

static void rt_tasks_shot(struct rtx *x, unsigned long long at)
{
	struct rt_tasks_state *st = x->os;

	adeos_timer_arm(&st->timer, at);
}

static struct rt_tasks_state *state_of(struct adeos_timer *t)
{
	return (struct rt_tasks_state *)((char *)t -
					 __builtin_offsetof(
						 struct rt_tasks_state, timer));
}

/* The timer fired: for which deadline, then the executive's turn. */
static void rt_tasks_tick(struct adeos_timer *t)
{
	struct rt_tasks_state *st = state_of(t);

	st->rtx.expiry = t->deadline;
	rtx_timer_irq(&st->rtx);
}

/* The channel's virtual IRQ: Linux has written; the consumer takes it. */
static void rt_tasks_written(unsigned int irq, void *cookie)
{
	struct rt_tasks_state *st = cookie;

	(void)irq;
	rtx_sem_post(&st->chan_sem);
}

/* Any task of the domain's, a module's too: its arg is not ours. */
static void rt_tasks_report(struct rtx *x, struct rtx_task *t)
{
	if (rt_tasks_os_report)
		rt_tasks_os_report(x->os, t);
}

static int add_task(struct rt_tasks_state *st, const char *name, int prio,
		    unsigned int period_us, enum rt_tasks_body body,
		    unsigned long long first)
{
	struct rt_tasks_job *j;
	unsigned int k;
	int err;

	if (body >= RT_TASKS_BODY_NR ||
	    (body != RT_TASKS_BODY_CONSUMER && !period_us))
		return -EINVAL;
	if (st->njobs >= RT_TASKS_MAX)
		return -ENOSPC;
	/* the channel's ring has one consumer */
	for (k = 0; k < st->njobs; k++)
		if (body == RT_TASKS_BODY_CONSUMER &&
		    st->jobs[k].body == RT_TASKS_BODY_CONSUMER)
			return -EBUSY;
	j = &st->jobs[st->njobs];
	__builtin_memset(j, 0, sizeof(*j));
	j->body = body;
	j->st = st;
	err = rtx_task_init(&st->rtx, &j->task, name, prio,
			    us_to_stamps(period_us), rt_tasks_bodies[body], j,
			    body == RT_TASKS_BODY_FPU ? RTX_FPU : 0,
			    st->stacks[st->njobs], RT_TASKS_STACK);
	if (err)
		return err;
	st->njobs++;
	return rtx_task_start(&j->task, first);
}

int rt_tasks_add(struct rt_tasks_state *st, const char *name, int prio,
		 unsigned int period_us, enum rt_tasks_body body)
{
	if (!st->rtx.started)
		return -EINVAL;
	return add_task(st, name, prio, period_us, body,
			arch_timestamp() + us_to_stamps(period_us));
}

/* The configuration's tasks, all first released 1 ms from now. */
static int add_configured(struct rt_tasks_state *st)
{
	unsigned long long first = arch_timestamp() + us_to_stamps(1000);
	unsigned int k;
	int err;

	for (k = 0; k < st->ntasks && k < RT_TASKS_CONFIGURED; k++) {
		const struct rt_tasks_slot *s = &st->tasks[k];

		err = add_task(st, s->name ? s->name : "task", s->priority,
			       s->period_us, s->body, first);
		if (err)
			return err;
	}
	return 0;
}

static int rt_tasks_start(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;
	int err;

	st->desc = desc;
	st->njobs = 0;
	st->chan_seq = 0;
	__builtin_memset(&st->rtx, 0, sizeof(st->rtx));
	err = adeos_timer_attach(&desc->domain);
	if (err)
		return err;
	adeos_timer_init(&st->timer, &desc->domain, rt_tasks_tick);
	err = rtx_init(&st->rtx, &desc->domain, rt_tasks_shot);
	if (err)
		goto err_timer;
	st->rtx.budget = us_to_stamps(st->task_budget_us);
	/* a release due within a microsecond is due: no shot that short */
	st->rtx.slack = arch_timestamp_per_us();
	st->rtx.report = rt_tasks_report;
	st->rtx.os = st;
	rtx_sem_init(&st->chan_sem, &st->rtx, 0);
	st->chan.ring_kib = st->channel_kib;
	err = channel_open(&st->chan, &desc->domain, desc->name,
			   rt_tasks_written, st);
	if (err)
		goto err_rtx;
	err = add_configured(st);
	if (err)
		goto err_chan;
	return 0;

err_chan:
	channel_close(&st->chan, &desc->domain);
err_rtx:
	adeos_timer_detach(&desc->domain);
	rtx_stop(&st->rtx);
	return err;
err_timer:
	adeos_timer_detach(&desc->domain);
	return err;
}

/*
 * The domain leaves the timer service (its timer cancelled: no shot
 * comes after), then the tasks stop, wherever they stand; a shot the
 * executive sets meanwhile finds the domain detached and is refused.
 */
static void rt_tasks_quiesce(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;

	adeos_timer_detach(&desc->domain);
	rtx_stop(&st->rtx);
}

static void rt_tasks_stop(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;

	rt_tasks_quiesce(desc);
	channel_close(&st->chan, &desc->domain);
}

const struct adeos_template adeos_template_rt_tasks = {
	.name = "rt-tasks",
	.start = rt_tasks_start,
	.quiesce = rt_tasks_quiesce,
	.stop = rt_tasks_stop,
	.files = rt_tasks_files,
};
