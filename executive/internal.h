/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The executive's own calls between its files: the ready list and the
 * switch (sched.c), the timer queue and the budget (timer.c), the task
 * lifecycle (task.c). Each is called with hard IRQs off, by code that
 * changes the executive's lists (see sched.c's header).
 */
#ifndef ADEOS_EXECUTIVE_INTERNAL_H
#define ADEOS_EXECUTIVE_INTERNAL_H

#include <adeos/clock.h>
#include <adeos/rtx.h>
#include <adeos/sched.h>

/* sched.c */
/*
 * Put @t in the priority-ordered list @head: after the tasks of its
 * priority, or before them when @first (a preempted task keeps its turn).
 */
void rtx_prio_insert(struct rtx_task **head, struct rtx_task *t, int first);
void rtx_list_remove(struct rtx_task **head, struct rtx_task *t);
void rtx_make_ready(struct rtx *x, struct rtx_task *t, int first);
/* Give the CPU to the highest-priority ready task, or back. */
void rtx_schedule(struct rtx *x);
/* The current task @t waits in @state; returns once it runs again. */
void rtx_block(struct rtx *x, struct rtx_task *t, enum rtx_state state);
/* The task calling, if it may block: in a task, its stage unstalled. */
struct rtx_task *rtx_caller(struct rtx *x);
/*
 * A task became ready: switch now from a task, or leave it to the
 * hook. @return 1 when the domain must be kicked for its hook, once the
 * caller's hard section is over (rtx_unlock()).
 */
int rtx_preempt_check(struct rtx *x);
/*
 * The one end of every hard section of the executive's calls: hard IRQs
 * back as @irqs had them, then the kick if @kick_due.
 */
void rtx_unlock(struct rtx *x, unsigned long irqs, int kick_due);

/* timer.c */
void rtx_timer_insert(struct rtx *x, struct rtx_task *t, unsigned long long at);
void rtx_timer_remove(struct rtx *x, struct rtx_task *t);
/* Set the timer for the next timed task or the budget, the earlier. */
void rtx_arm_timer(struct rtx *x);
/* Resumed by a release: the latency from the timer's expiry to here. */
void rtx_sample(struct rtx_task *t);

/* task.c */
/* Off every list the task is on. */
void rtx_take_out(struct rtx *x, struct rtx_task *t);
/* Stop @t for @why (a fault, its budget) and report it. */
void rtx_stop_task(struct rtx *x, struct rtx_task *t,
		   const struct adeos_fault *why);

#endif /* ADEOS_EXECUTIVE_INTERNAL_H */
