// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timer service (adeos/timer.h): a queue of one-shot deadlines per
 * CPU, kept in deadline order, the device programmed for its head.
 *
 * Every list change happens with hard IRQs off, so the device's
 * interrupt, the one writer besides the callers, never sees a list half
 * changed. A timer is in one list at a time: its CPU's queue while its
 * deadline is to come, its domain's due list from the interrupt that
 * finds it passed until its stage plays it.
 */
#include "internal.h"
#include <adeos/timer.h>

struct adeos_timer_base {
	struct adeos_timer_link queue; /* by deadline, earliest first */
	unsigned long long programmed; /* the device's deadline */
	int short_shot; /* the device could not count that far */
	int spent; /* it fired, and is not set again yet */
	struct adeos_timer_stats stats;
};

/* One CPU today; with SMP, one base each and this_base() picks. */
static struct adeos_timer_base timer_bases[1] = {
	{
		.queue = { &timer_bases[0].queue, &timer_bases[0].queue },
		.programmed = ADEOS_TIMER_NEVER,
	},
};
static int timer_virq = -1;

static struct adeos_timer_base *this_base(void)
{
	return &timer_bases[0];
}

static struct adeos_timer *timer_of(struct adeos_timer_link *l)
{
	return (struct adeos_timer *)((char *)l -
				      __builtin_offsetof(struct adeos_timer,
							 link));
}

static int list_empty(const struct adeos_timer_link *head)
{
	return head->next == head;
}

static void link_before(struct adeos_timer_link *l, struct adeos_timer_link *at)
{
	l->next = at;
	l->prev = at->prev;
	at->prev->next = l;
	at->prev = l;
}

static void unlink(struct adeos_timer_link *l)
{
	l->prev->next = l->next;
	l->next->prev = l->prev;
	l->next = l;
	l->prev = l;
}

/*
 * After the timers of equal deadline already queued, so that those
 * armed first fire first. From the tail: a timer re-armed a period on
 * usually goes last.
 */
static void enqueue(struct adeos_timer_base *b, struct adeos_timer *t)
{
	struct adeos_timer_link *at = b->queue.prev;

	while (at != &b->queue && timer_of(at)->deadline > t->deadline)
		at = at->prev;
	link_before(&t->link, at->next);
	t->state = ADEOS_TIMER_QUEUED;
	t->base = b;
}

static unsigned long long earliest(const struct adeos_timer_base *b)
{
	if (list_empty(&b->queue))
		return ADEOS_TIMER_NEVER;
	return timer_of(b->queue.next)->deadline;
}

/* Set the device for the head of the queue, if that is news to it. */
static void program_earliest(struct adeos_timer_base *b)
{
	unsigned long long next = earliest(b);

	b->spent = 0;
	if (next == b->programmed)
		return;
	b->programmed = next;
	if (next == ADEOS_TIMER_NEVER) {
		arch_timer_disarm();
		return;
	}
	b->stats.programmed++;
	b->short_shot = arch_timer_program(next);
}

/* Out of whichever list @t is in (the caller sets the device again). */
static void take_out(struct adeos_timer *t)
{
	unlink(&t->link);
	t->state = ADEOS_TIMER_IDLE;
}

static int service_running(void)
{
	return timer_virq >= 0 && adeos_irq_valid(timer_virq);
}

/*
 * The queue starts empty and the device off (a pipeline set up again
 * by adeos_init() starts the service again).
 */
int adeos_timer_service_start(void)
{
	struct adeos_timer_base *b = this_base();
	int virq;

	if (service_running())
		return -EBUSY;
	virq = adeos_alloc_virq();
	if (virq < 0)
		return -EBUSY;
	b->queue.next = &b->queue;
	b->queue.prev = &b->queue;
	b->programmed = ADEOS_TIMER_NEVER;
	__builtin_memset(&b->stats, 0, sizeof(b->stats));
	timer_virq = virq;
	return 0;
}

void adeos_timer_service_stop(void)
{
	if (!service_running())
		return;
	adeos_free_virq(timer_virq);
	timer_virq = -1;
}

int adeos_timer_virq(void)
{
	return service_running() ? timer_virq : -1;
}

/* The service's virtual IRQ in @cookie's stage: its due timers fire. */
static void play_due(unsigned int irq, void *cookie)
{
	adomain_t *d = cookie;
	struct adeos_timer_base *b = this_base();
	struct adeos_timer *t;
	unsigned long flags;

	(void)irq;
	flags = hard_local_irq_save();
	while (!list_empty(&d->timers_due)) {
		t = timer_of(d->timers_due.next);
		unlink(&t->link);
		t->state = ADEOS_TIMER_IDLE;
		b->stats.fired++;
		hard_local_irq_restore(flags);
		t->fire(t);
		flags = hard_local_irq_save();
	}
	hard_local_irq_restore(flags);
}

static int attached(const adomain_t *d)
{
	return service_running() && d->irqs[timer_virq].handler == play_due;
}

int adeos_timer_attach(adomain_t *d)
{
	if (!service_running())
		return -ENODEV;
	return adeos_virtualize_irq_from(d, timer_virq, play_due, d, NULL,
					 ADEOS_HANDLE_MASK);
}

static void cancel_domain(struct adeos_timer_base *b, adomain_t *d)
{
	struct adeos_timer_link *l = b->queue.next, *next;

	for (; l != &b->queue; l = next) {
		next = l->next;
		if (timer_of(l)->domain == d)
			take_out(timer_of(l));
	}
	while (!list_empty(&d->timers_due))
		take_out(timer_of(d->timers_due.next));
	program_earliest(b);
}

void adeos_timer_detach(adomain_t *d)
{
	unsigned long flags;

	if (!attached(d))
		return;
	flags = hard_local_irq_save();
	cancel_domain(this_base(), d);
	/* Nothing is due for @d: its log keeps no call for the next domain. */
	adeos_log_drop(d, timer_virq);
	hard_local_irq_restore(flags);
	adeos_virtualize_irq_from(d, timer_virq, NULL, NULL, NULL, 0);
}

void adeos_timer_init(struct adeos_timer *t, adomain_t *d,
		      adeos_timer_fn_t fire)
{
	t->link.next = &t->link;
	t->link.prev = &t->link;
	t->deadline = 0;
	t->domain = d;
	t->fire = fire;
	t->base = NULL;
	t->state = ADEOS_TIMER_IDLE;
}

int adeos_timer_arm(struct adeos_timer *t, unsigned long long deadline)
{
	struct adeos_timer_base *b = this_base();
	unsigned long flags;

	if (!attached(t->domain))
		return -EINVAL;
	flags = hard_local_irq_save();
	if (t->state != ADEOS_TIMER_IDLE)
		take_out(t);
	t->deadline = deadline;
	enqueue(b, t);
	program_earliest(b);
	hard_local_irq_restore(flags);
	return 0;
}

int adeos_timer_cancel(struct adeos_timer *t)
{
	unsigned long flags = hard_local_irq_save();
	int was = t->state != ADEOS_TIMER_IDLE;

	if (was) {
		take_out(t);
		program_earliest(t->base);
	}
	hard_local_irq_restore(flags);
	return was;
}

unsigned long long adeos_timer_programmed(void)
{
	return this_base()->programmed;
}

void adeos_timer_stats(struct adeos_timer_stats *stats)
{
	unsigned long flags = hard_local_irq_save();

	*stats = this_base()->stats;
	hard_local_irq_restore(flags);
}

/* @t's deadline passed: to its domain's due list, its stage told once. */
static void make_due(struct adeos_timer_base *b, struct adeos_timer *t)
{
	adomain_t *d = t->domain;
	int was_empty = list_empty(&d->timers_due);

	unlink(&t->link);
	link_before(&t->link, &d->timers_due);
	t->state = ADEOS_TIMER_DUE;
	b->stats.due++;
	if (was_empty)
		adeos_log_add(d, timer_virq, 1);
}

/* Every timer whose deadline @now reached is due; how many. */
static unsigned int expire(struct adeos_timer_base *b, unsigned long long now)
{
	unsigned int n = 0;

	while (!list_empty(&b->queue) &&
	       timer_of(b->queue.next)->deadline <= now) {
		make_due(b, timer_of(b->queue.next));
		n++;
	}
	return n;
}

/*
 * The device, spent by its interrupt, is set again for the queue's head
 * before hard IRQs go on: before a handler runs with them on or a
 * scheduler hook runs (the pipeline calls this), and at the end of the
 * interrupt. Until then only the head domain's handlers run, hard IRQs
 * off, and a periodic one re-arms its timer: the device is then set once
 * per interrupt, not for the queue's next deadline and again for that.
 */
void adeos_timer_commit(void)
{
	struct adeos_timer_base *b = this_base();

	if (b->spent)
		program_earliest(b);
}

void adeos_timer_interrupt(void)
{
	struct adeos_timer_base *b = this_base();

	b->stats.interrupts++;
	/* The device is spent: whatever the queue holds, set it again. */
	b->programmed = ADEOS_TIMER_NEVER;
	b->spent = 1;
	/* before the deadline on purpose, the device's longest shot, or not */
	if (!expire(b, arch_timestamp()) && !list_empty(&b->queue) &&
	    !b->short_shot)
		b->stats.early++;
	/* The device interrupted code that had hard IRQs on. */
	adeos_sync_pipeline(ADEOS_WALK_ANY);
	adeos_timer_commit();
}
