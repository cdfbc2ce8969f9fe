/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rtx: a small real-time executive inside one domain ahead of Linux,
 * the API task code is written against (executive/: sched.c, timer.c,
 * task.c, synch.c). A template runs it in its domain (rt-tasks does);
 * a module adds tasks to a running one.
 *
 * Tasks run in the domain, each on its own stack, scheduled by fixed
 * priority, preemptively: the highest-priority ready task always runs,
 * tasks of one priority in turn as they become ready. When no task is
 * ready the CPU goes back to the context the executive took it from:
 * the domains below, Linux last. A task is released by the domain's
 * one-shot timer (periodic tasks), by a semaphore or message queue, or
 * by the domain's handlers (a virtual IRQ from Linux), and it resumes
 * where it blocked, mid-body.
 *
 * Where tasks run. The domain's IRQs still interrupt a task and run on
 * its stack, and a handler may make another task ready; the switch then
 * waits for the domain's scheduler hook (adeos/sched.h), which the
 * pipeline calls once the domain's log is played and none of its
 * handler frames is live. A task that blocks switches at once.
 *
 * Time is kept in timestamp counts (adeos/clock.h). Everything here is
 * arch-independent: the context switch and the FPU are the arch's
 * (adeos/context.h), the timer the template's that runs it (struct
 * rtx's shot; rt-tasks.c's, a timer of the pipeline's service), which
 * also says what deadline the timer fired for (struct rtx.expiry).
 *
 * Calling contexts: rtx_task_* set-up and rtx_stop from the OS's
 * context; the waits (rtx_wait_period, rtx_sleep, rtx_sem_wait, the
 * queue calls) from a task only, with the domain's stage unstalled;
 * rtx_sem_post from a task or from the domain's handlers.
 */
#ifndef ADEOS_RTX_H
#define ADEOS_RTX_H

#include <adeos/adeos.h>
#include <adeos/context.h>

#define RTX_MAX_TASKS 16
#define RTX_NAME_LEN 16
/* Bytes of a message in a queue, at most. */
#define RTX_MSG_MAX 64

enum rtx_state {
	RTX_DORMANT, /* set up, not started */
	RTX_READY, /* waits for the CPU */
	RTX_RUNNING, /* the current task */
	RTX_DELAYED, /* waits for its next release */
	RTX_SLEEPING, /* waits for a time (rtx_sleep) */
	RTX_BLOCKED, /* waits on a semaphore */
	RTX_DONE, /* its body returned */
	RTX_STOPPED, /* faulted, or ran past its budget */
};

/* Task flags. */
#define RTX_FPU 0x1 /* computes in floating point: its registers are kept */

struct rtx;
struct rtx_task;
typedef void (*rtx_body_t)(struct rtx_task *t);

/* What a task's figures say; read them with rtx_task_figures(). */
struct rtx_figures {
	unsigned long releases; /* release times passed, taken or overrun */
	unsigned long overruns; /* releases that came while it still ran */
	unsigned long samples; /* release latencies measured */
	unsigned long long lat_min, lat_max, lat_sum; /* timestamp counts */
	unsigned long switches; /* times it got the CPU */
	unsigned long long busy_max; /* the longest run without blocking */
};

struct rtx_task {
	/* Set by rtx_task_init() from its arguments. */
	char name[RTX_NAME_LEN];
	int prio; /* higher runs first */
	unsigned long long period; /* timestamp counts; 0: not periodic */
	rtx_body_t body;
	void *arg; /* the body's */
	unsigned int flags;
	void *stack;
	unsigned long stack_size;

	/* The executive's. */
	struct rtx *rtx;
	enum rtx_state state;
	struct rtx_task *next; /* in the ready list or a wait list */
	struct rtx_task *tnext; /* in the timer queue */
	int timed; /* in the timer queue */
	unsigned long long wake_at; /* its key there */
	unsigned long long next_release;
	unsigned long long expiry; /* when the timer fired for its release */
	int measure; /* released by the timer: sample the latency on resume */
	unsigned long long last_lat; /* the latest sample */
	int in_body; /* its body has begun: a fault lands in it */
	unsigned long long slice_start, busy; /* for the budget */
	struct rtx_sem *waiting; /* the semaphore it is blocked on */
	struct rtx_figures fig;
	struct adeos_fault fault; /* why it stopped */
	struct arch_landing landing;
	struct arch_task_context ctx;
	struct arch_fpu_state fpu;
};

struct rtx_sem {
	struct rtx *rtx;
	unsigned long count;
	struct rtx_task *waiters; /* by priority, FIFO within one */
};

struct rtx_queue {
	struct rtx_sem slots; /* free places */
	struct rtx_sem msgs; /* messages waiting */
	unsigned char *buf; /* @depth places of RTX_MSG_MAX + a length */
	unsigned int depth, head, tail;
	unsigned long sent, received;
};

struct rtx {
	adomain_t *domain;
	struct rtx_task *running; /* NULL: the context it took the CPU from */
	struct rtx_task *ready; /* by priority, FIFO within one */
	struct rtx_task *timers; /* by wake_at */
	struct rtx_task *tasks[RTX_MAX_TASKS];
	unsigned int ntasks;
	/* A task may run this long without blocking (0: no limit). */
	unsigned long long budget;
	/* A timer event this close counts as due (the timer's resolution). */
	unsigned long long slack;
	unsigned long long shot_at; /* what the timer is set for, 0 none */
	/* The deadline the timer last fired for (the template says). */
	unsigned long long expiry;
	unsigned long switches, timer_irqs, early_shots;
	int started;
	struct arch_task_context host_ctx;
	struct arch_fpu_state host_fpu;
	/* Whose floating point state the registers hold: host_fpu or a task's. */
	struct arch_fpu_state *fpu_in_regs;
	/*
	 * Set the timer to fire once the timestamp counter reaches @at (at
	 * once if it has), replacing the shot set before (the template's
	 * timer).
	 */
	void (*shot)(struct rtx *x, unsigned long long at);
	/*
	 * A virtual IRQ of the domain's that asks for its scheduler hook:
	 * what a post from outside a task (the OS, a stalled stage) sends,
	 * since only a task or the hook may switch.
	 */
	int kick_virq;
	unsigned long kicks;
	/* A task stopped (fault or budget): one line for the OS's log. */
	void (*report)(struct rtx *x, struct rtx_task *t);
	void *os; /* the template's */
};

/*
 * Set @x (zeroed) up for domain @d, registered: the executive becomes
 * @d's scheduler and takes a virtual IRQ. @shot: see struct rtx. OS
 * context. @return 0, or -ENOSPC (no virtual IRQ left).
 */
int rtx_init(struct rtx *x, adomain_t *d,
	     void (*shot)(struct rtx *x, unsigned long long at));
/*
 * Stop every task where it stands (its stack is abandoned) and let go
 * of the domain's scheduler hook. OS context, no task running.
 */
void rtx_stop(struct rtx *x);

/*
 * Set @t up: @stack of @stack_size bytes, @period in timestamp counts
 * (0: runs once started, until its body returns). @return 0, -EINVAL
 * (bad argument) or -ENOSPC (RTX_MAX_TASKS already).
 */
int rtx_task_init(struct rtx *x, struct rtx_task *t, const char *name, int prio,
		  unsigned long long period, rtx_body_t body, void *arg,
		  unsigned int flags, void *stack, unsigned long stack_size);
/*
 * Start @t: a periodic task is first released at @first (a timestamp),
 * or at once, in @first's phase, if the start comes after it; any other
 * one is ready at once. @return 0 or -EINVAL (not dormant).
 */
int rtx_task_start(struct rtx_task *t, unsigned long long first);
/*
 * Take @t out of the executive wherever it stands (its stack is
 * abandoned): a module's task before the module goes. OS context.
 * @return 0, or -EINVAL (not one of @t's executive's tasks).
 */
int rtx_task_delete(struct rtx_task *t);
/* The task running now, or NULL outside a task. */
struct rtx_task *rtx_self(struct rtx *x);

/*
 * Wait for the next release. @return 0; -ETIMEDOUT when it had already
 * passed (an overrun, counted): the task goes on at once. -EPERM
 * outside a periodic task.
 */
int rtx_wait_period(struct rtx *x);
/* Block for @stamps timestamp counts. @return 0, or -EPERM outside a task. */
int rtx_sleep(struct rtx *x, unsigned long long stamps);

void rtx_sem_init(struct rtx_sem *s, struct rtx *x, unsigned long count);
/* Take one unit, blocking while there is none. @return 0 or -EPERM. */
int rtx_sem_wait(struct rtx_sem *s);
/* Give one unit: to the first waiter, if any. @return 0. */
int rtx_sem_post(struct rtx_sem *s);

/*
 * A queue of @depth messages of up to RTX_MSG_MAX bytes in @buf, which
 * holds RTX_QUEUE_BYTES(@depth).
 */
#define RTX_QUEUE_BYTES(depth) ((depth) * (RTX_MSG_MAX + 1))
void rtx_queue_init(struct rtx_queue *q, struct rtx *x, void *buf,
		    unsigned int depth);
/* Send @len bytes, blocking while it is full. @return 0, -EINVAL, -EPERM. */
int rtx_queue_send(struct rtx_queue *q, const void *msg, unsigned int len);
/* Receive a message into @buf of @size, blocking while it is empty. @return its length. */
int rtx_queue_receive(struct rtx_queue *q, void *buf, unsigned int size);

/*
 * The timer fired (the template's handler; x->expiry says for what
 * deadline): release what is due, check the running task's budget, set the
 * timer for what comes next. The scheduler hook switches after it.
 */
void rtx_timer_irq(struct rtx *x);

/*
 * Set the timer again for what is due next, as if it were not set: for
 * a timer whose shots could not reach the domain until now (the
 * template's first ones, before the timer's IRQ was the domain's), or
 * that lost one. Hard IRQs off.
 */
void rtx_timer_rearm(struct rtx *x);

/* @n / @d in 32-bit code that has no 64-bit division (i386 Linux). */
unsigned long long rtx_div64(unsigned long long n, unsigned long d);

/* A copy of @t's figures, consistent with each other. */
void rtx_task_figures(struct rtx_task *t, struct rtx_figures *to);
const char *rtx_state_name(enum rtx_state state);

#endif /* ADEOS_RTX_H */
