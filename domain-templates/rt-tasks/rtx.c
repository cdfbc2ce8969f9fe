// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx: the executive's scheduler, timer queue, semaphores and message
 * queues (rtx.h). Arch-independent: the host tests build it as it is.
 *
 * Everything that changes the executive's lists runs with hard IRQs
 * off: the domain's handlers (the timer's) change them too and may
 * interrupt a task anywhere, and a higher domain may interrupt both.
 * A switch happens only in a task (it blocks, or makes a higher one
 * ready) or in the domain's scheduler hook, never in a handler.
 */
#include <adeos/clock.h>
#include "rtx.h"

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

/* ---- lists ---- */

/*
 * Put @t in the priority-ordered list @head: after the tasks of its
 * priority, or before them when @first (a preempted task keeps its turn).
 */
static void prio_insert(struct rtx_task **head, struct rtx_task *t, int first)
{
	struct rtx_task **p = head;

	while (*p &&
	       ((*p)->prio > t->prio || (!first && (*p)->prio == t->prio)))
		p = &(*p)->next;
	t->next = *p;
	*p = t;
}

static void list_remove(struct rtx_task **head, struct rtx_task *t)
{
	struct rtx_task **p;

	for (p = head; *p; p = &(*p)->next)
		if (*p == t) {
			*p = t->next;
			t->next = NULL;
			return;
		}
}

static void make_ready(struct rtx *x, struct rtx_task *t, int first)
{
	t->state = RTX_READY;
	prio_insert(&x->ready, t, first);
}

static void timer_insert(struct rtx *x, struct rtx_task *t,
			 unsigned long long at)
{
	struct rtx_task **p = &x->timers;

	t->wake_at = at;
	while (*p && (*p)->wake_at <= at)
		p = &(*p)->tnext;
	t->tnext = *p;
	*p = t;
	t->timed = 1;
}

static void timer_remove(struct rtx *x, struct rtx_task *t)
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

/* ---- the timer ---- */

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

/* Set the timer for the next timed task or the budget, the earlier. */
static void arm_timer(struct rtx *x)
{
	unsigned long long at = x->timers ? x->timers->wake_at : 0;
	unsigned long long budget = budget_end(x), now;

	if (budget && (!at || budget < at))
		at = budget;
	if (!at) {
		/* a shot still set finds nothing due: harmless */
		x->shot_at = 0;
		return;
	}
	if (at == x->shot_at)
		return;
	now = arch_timestamp();
	x->shot_at = at;
	x->shot(x, at > now ? at - now : 0);
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
	x->domain->landing = next && next->in_body ? &next->landing : NULL;
	arm_timer(x);
	arch_task_switch(prev ? &prev->ctx : &x->host_ctx,
			 next ? &next->ctx : &x->host_ctx);
}

/*
 * Give the CPU to the highest-priority ready task, or back to the
 * context the executive took it from when none is ready. A running
 * task keeps it against ready tasks of its own priority.
 */
static void schedule(struct rtx *x)
{
	struct rtx_task *prev = x->running, *next = x->ready;

	if (prev && prev->state == RTX_RUNNING) {
		if (!next || next->prio <= prev->prio)
			return;
		make_ready(x, prev, 1);
	}
	if (next) {
		x->ready = next->next;
		next->next = NULL;
		next->state = RTX_RUNNING;
	}
	switch_to(x, next);
}

/* A task runs, and it is the code running now (not a handler above it). */
static int in_task(struct rtx *x)
{
	return x->running && adeos_current_domain() == x->domain &&
	       x->domain->irq_in_service < 0;
}

/* The task calling, if it may block: in a task, its stage unstalled. */
static struct rtx_task *caller(struct rtx *x)
{
	if (!in_task(x) || (x->domain->status & ADEOS_STALL_FLAG))
		return NULL;
	return x->running;
}

/*
 * A task became ready: switch now from a task, and let the hook do it
 * after a handler of the domain. @return 1 when the domain must be
 * kicked for its hook (kick()), once the caller's hard section is over:
 * a walk inside one leaves scheduler hooks for later.
 */
static int preempt_check(struct rtx *x)
{
	adomain_t *d = x->domain;

	if (adeos_current_domain() == d && d->irq_in_service >= 0)
		return 0;
	if (caller(x)) {
		schedule(x);
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

/* The kick: nothing to do but be played, so that the hook follows. */
static void kicked(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
}

static void rtx_reschedule(adomain_t *d)
{
	schedule(d->scheduler);
}

/* The current task @t waits in @state; returns once it runs again. */
static void block(struct rtx *x, struct rtx_task *t, enum rtx_state state)
{
	t->state = state;
	schedule(x);
}

/* ---- releases ---- */

static void release(struct rtx *x, struct rtx_task *t)
{
	t->fig.releases++;
	t->expiry = x->expiry;
	t->measure = 1;
	t->next_release += t->period;
}

/* Resumed by a release: the latency from the timer's expiry to here. */
static void sample(struct rtx_task *t)
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

static void take_out(struct rtx *x, struct rtx_task *t);

static void stop_task(struct rtx *x, struct rtx_task *t,
		      const struct adeos_fault *why)
{
	take_out(x, t);
	t->fault = *why;
	t->state = RTX_STOPPED;
	if (x->report)
		x->report(x, t);
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
	stop_task(x, t, &why);
}

void rtx_timer_irq(struct rtx *x)
{
	unsigned long long now = arch_timestamp();
	struct rtx_task *t;
	int due = 0;

	x->timer_irqs++;
	x->shot_at = 0;
	while ((t = x->timers) && t->wake_at <= now + x->slack) {
		timer_remove(x, t);
		if (t->state == RTX_DELAYED)
			release(x, t);
		make_ready(x, t, 0);
		due++;
	}
	check_budget(x, now);
	if (!due && x->running == NULL)
		x->early_shots++;
	arm_timer(x);
}

void rtx_timer_rearm(struct rtx *x)
{
	x->shot_at = 0;
	arm_timer(x);
}

/* ---- tasks ---- */

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

	sample(t);
	t->in_body = 1;
	x->domain->landing = &t->landing;
	hard_local_irq_enable();
	faulted = arch_call_handler(&t->landing, run_body, 0, t);
	hard_local_irq_disable();
	t->in_body = 0;
	x->domain->landing = NULL;
	if (faulted) {
		why = x->domain->fault;
		stop_task(x, t, &why);
	} else {
		t->state = RTX_DONE;
	}
	schedule(x);
	arch_panic(__func__, "a task that ended was resumed");
}

int rtx_task_init(struct rtx *x, struct rtx_task *t, const char *name, int prio,
		  unsigned long long period, rtx_body_t body, void *arg,
		  unsigned int flags, void *stack, unsigned long stack_size)
{
	unsigned long irqs;
	unsigned int i;

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
		hard_local_irq_restore(irqs);
		return -ENOSPC;
	}
	if (flags & RTX_FPU)
		arch_fpu_init(&t->fpu);
	arch_task_init(&t->ctx, stack, stack_size, task_entry, t);
	x->tasks[x->ntasks++] = t;
	hard_local_irq_restore(irqs);
	return 0;
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
	int kick_due = 0;

	if (t->state != RTX_DORMANT || !x->started) {
		hard_local_irq_restore(irqs);
		return -EINVAL;
	}
	if (t->period) {
		first = first_release(t, first, arch_timestamp());
		t->next_release = first;
		t->state = RTX_DELAYED;
		timer_insert(x, t, first);
		arm_timer(x);
	} else {
		make_ready(x, t, 0);
		kick_due = preempt_check(x);
	}
	hard_local_irq_restore(irqs);
	if (kick_due)
		kick(x);
	return 0;
}

/* Off every list the task is on. */
static void take_out(struct rtx *x, struct rtx_task *t)
{
	timer_remove(x, t);
	if (t->state == RTX_READY)
		list_remove(&x->ready, t);
	if (t->state == RTX_BLOCKED && t->waiting)
		list_remove(&t->waiting->waiters, t);
	t->waiting = NULL;
	t->next = NULL;
}

int rtx_task_delete(struct rtx_task *t)
{
	struct rtx *x = t->rtx;
	unsigned long irqs;
	unsigned int i;

	irqs = hard_local_irq_save();
	for (i = 0; i < x->ntasks && x->tasks[i] != t; i++)
		;
	if (i == x->ntasks || x->running == t) {
		hard_local_irq_restore(irqs);
		return -EINVAL;
	}
	take_out(x, t);
	t->state = RTX_DORMANT;
	for (; i + 1 < x->ntasks; i++)
		x->tasks[i] = x->tasks[i + 1];
	x->ntasks--;
	arm_timer(x);
	hard_local_irq_restore(irqs);
	return 0;
}

struct rtx_task *rtx_self(struct rtx *x)
{
	return in_task(x) ? x->running : NULL;
}

int rtx_wait_period(struct rtx *x)
{
	struct rtx_task *t = caller(x);
	unsigned long long now, missed;
	unsigned long irqs;

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
		hard_local_irq_restore(irqs);
		return -ETIMEDOUT;
	}
	timer_insert(x, t, t->next_release);
	block(x, t, RTX_DELAYED);
	sample(t);
	hard_local_irq_restore(irqs);
	return 0;
}

int rtx_sleep(struct rtx *x, unsigned long long stamps)
{
	struct rtx_task *t = caller(x);
	unsigned long irqs;

	if (!t)
		return -EPERM;
	irqs = hard_local_irq_save();
	timer_insert(x, t, arch_timestamp() + stamps);
	block(x, t, RTX_SLEEPING);
	hard_local_irq_restore(irqs);
	return 0;
}

/* ---- semaphores and queues ---- */

void rtx_sem_init(struct rtx_sem *s, struct rtx *x, unsigned long count)
{
	s->rtx = x;
	s->count = count;
	s->waiters = NULL;
}

int rtx_sem_wait(struct rtx_sem *s)
{
	struct rtx *x = s->rtx;
	struct rtx_task *t = caller(x);
	unsigned long irqs;

	if (!t)
		return -EPERM;
	irqs = hard_local_irq_save();
	if (s->count) {
		s->count--;
		hard_local_irq_restore(irqs);
		return 0;
	}
	/* the post that wakes it hands the unit over: count stays 0 */
	prio_insert(&s->waiters, t, 0);
	t->waiting = s;
	block(x, t, RTX_BLOCKED);
	hard_local_irq_restore(irqs);
	return 0;
}

int rtx_sem_post(struct rtx_sem *s)
{
	struct rtx *x = s->rtx;
	struct rtx_task *t;
	unsigned long irqs = hard_local_irq_save();
	int kick_due = 0;

	t = s->waiters;
	if (t) {
		s->waiters = t->next;
		t->next = NULL;
		t->waiting = NULL;
		make_ready(x, t, 0);
		kick_due = preempt_check(x);
	} else {
		s->count++;
	}
	hard_local_irq_restore(irqs);
	if (kick_due)
		kick(x);
	return 0;
}

void rtx_queue_init(struct rtx_queue *q, struct rtx *x, void *buf,
		    unsigned int depth)
{
	rtx_sem_init(&q->slots, x, depth);
	rtx_sem_init(&q->msgs, x, 0);
	q->buf = buf;
	q->depth = depth;
	q->head = 0;
	q->tail = 0;
	q->sent = 0;
	q->received = 0;
}

static unsigned char *queue_place(struct rtx_queue *q, unsigned int i)
{
	return q->buf + i * (RTX_MSG_MAX + 1);
}

int rtx_queue_send(struct rtx_queue *q, const void *msg, unsigned int len)
{
	unsigned char *place;
	unsigned long irqs;
	int err;

	if (len > RTX_MSG_MAX || !q->depth)
		return -EINVAL;
	err = rtx_sem_wait(&q->slots);
	if (err)
		return err;
	/* the place and the copy at once: another sender may be next */
	irqs = hard_local_irq_save();
	place = queue_place(q, q->tail);
	place[0] = len;
	__builtin_memcpy(place + 1, msg, len);
	q->tail = (q->tail + 1) % q->depth;
	q->sent++;
	hard_local_irq_restore(irqs);
	return rtx_sem_post(&q->msgs);
}

int rtx_queue_receive(struct rtx_queue *q, void *buf, unsigned int size)
{
	unsigned char *place;
	unsigned long irqs;
	unsigned int len;
	int err;

	err = rtx_sem_wait(&q->msgs);
	if (err)
		return err;
	irqs = hard_local_irq_save();
	place = queue_place(q, q->head);
	len = place[0];
	__builtin_memcpy(buf, place + 1, len < size ? len : size);
	q->head = (q->head + 1) % q->depth;
	q->received++;
	hard_local_irq_restore(irqs);
	rtx_sem_post(&q->slots);
	return len;
}

/* ---- the executive ---- */

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

int rtx_init(struct rtx *x, adomain_t *d,
	     void (*shot)(struct rtx *x, unsigned long long stamps))
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
	d->scheduler = x;
	d->reschedule = rtx_reschedule;
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
	d->reschedule = NULL;
	d->scheduler = NULL;
	for (i = 0; i < x->ntasks; i++) {
		struct rtx_task *t = x->tasks[i];

		take_out(x, t);
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

void rtx_task_figures(struct rtx_task *t, struct rtx_figures *to)
{
	unsigned long irqs = hard_local_irq_save();

	*to = t->fig;
	hard_local_irq_restore(irqs);
}
