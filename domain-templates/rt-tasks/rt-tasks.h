/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rt-tasks: a domain that runs real-time tasks (the rtx executive,
 * rtx.h) on a one-shot timer of the pipeline's timer service
 * (adeos/clock.h), with a channel to Linux (channel.h) that a task
 * reads. Tasks come from the configuration's slots and, at run time,
 * from /proc/adeos/<domain>/tasks or a module (rt_tasks_add()).
 */
#ifndef ADEOS_TEMPLATE_RT_TASKS_H
#define ADEOS_TEMPLATE_RT_TASKS_H

#include <adeos/template.h>
#include <adeos/timer.h>
#include "channel.h"
#include <adeos/rtx.h>

#define RT_TASKS_CONFIGURED 4 /* the configuration's task slots */
#define RT_TASKS_MAX 8 /* tasks of one domain: the slots' and later ones */
#define RT_TASKS_STACK 8192 /* bytes of stack each */
#define RT_TASKS_HIST_US 1000 /* the probe's histogram: 1 us buckets */

/* The example bodies a task may run (bodies.c). */
enum rt_tasks_body {
	RT_TASKS_BODY_COUNTER, /* counts its releases */
	RT_TASKS_BODY_PROBE, /* nothing but its release latency, with a histogram */
	RT_TASKS_BODY_CONSUMER, /* takes Linux's messages from the channel, in order */
	RT_TASKS_BODY_BLOCKER, /* blocks three times in each release */
	RT_TASKS_BODY_SPANNER, /* computes for 3 ms each release: others preempt it */
	RT_TASKS_BODY_FPU, /* computes in floating point, and checks its results */
	RT_TASKS_BODY_NR,
};

/*
 * A task slot of the configuration, DOMAIN<n>_TASK<k>_*: make domains
 * writes one for each slot used (image-builder/config/adeos-config/state.c).
 */
struct rt_tasks_slot {
	const char *name; /* _NAME */
	int priority; /* _PRIORITY */
	unsigned int period_us; /* _PERIOD_US */
	enum rt_tasks_body body; /* the choice _BODY_*: RT_TASKS_BODY_* */
};

/* A task of the domain, with what its body keeps. */
struct rt_tasks_job {
	struct rtx_task task;
	enum rt_tasks_body body;
	struct rt_tasks_state *st;
	unsigned long count; /* rounds of its body completed */
	unsigned long errors; /* what its body found wrong */
	unsigned long most; /* spanner: most preemptions in one body */
	unsigned int hist[RT_TASKS_HIST_US + 1]; /* probe; the last: over */
};

struct rt_tasks_state {
	unsigned int task_budget_us; /* DOMAIN<n>_TASK_BUDGET_US */
	unsigned int channel_kib; /* DOMAIN<n>_CHANNEL_KIB */
	/* The slots used (DOMAIN<n>_TASK<k>), in order: make domains counts them. */
	unsigned int ntasks;
	struct rt_tasks_slot tasks[RT_TASKS_CONFIGURED];

	struct adeos_domain_desc *desc;
	struct rtx rtx;
	struct rt_tasks_job jobs[RT_TASKS_MAX];
	unsigned int njobs;
	struct adeos_timer timer; /* the executive's shot */
	struct rtx_sem chan_sem; /* posted when Linux has written */
	unsigned long chan_seq; /* the consumer: the next message's number */
	struct channel_state chan;
	unsigned char stacks[RT_TASKS_MAX][RT_TASKS_STACK]
		__attribute__((aligned(16)));
};

extern const struct adeos_template adeos_template_rt_tasks;

/*
 * Add a task to a started rt-tasks domain and start it: @period_us 0
 * for one that is ready at once, else first released one period from
 * now. The OS's context. @return 0, -EINVAL, -ENOSPC (RT_TASKS_MAX).
 */
int rt_tasks_add(struct rt_tasks_state *st, const char *name, int prio,
		 unsigned int period_us, enum rt_tasks_body body);
/*
 * The executive of the built-in rt-tasks domain @name, for a module's
 * own tasks (rtx_task_init() on it), or NULL (rt-tasks-builtin.c).
 */
struct rtx *rt_tasks_find(const char *name);
/* @return the body named @name ("counter", ...), or -EINVAL. */
int rt_tasks_body_by_name(const char *name, unsigned int len);
const char *rt_tasks_body_name(enum rt_tasks_body body);
/* Its files in /proc/adeos/<domain>/ (rt-tasks-proc.c). */
extern const struct adeos_template_file rt_tasks_files[];
/* The example bodies (bodies.c, fpu.c). */
extern const rtx_body_t rt_tasks_bodies[RT_TASKS_BODY_NR];
void rt_tasks_fpu_body(struct rtx_task *t);

/*
 * The OS's side (rt-tasks-builtin.c, built only into the kernel; weak so
 * that the host tests link the domain's side alone): one line in the
 * OS's log when a task is stopped.
 */
void rt_tasks_os_report(struct rt_tasks_state *st, struct rtx_task *t)
	__attribute__((weak));

#endif /* ADEOS_TEMPLATE_RT_TASKS_H */
