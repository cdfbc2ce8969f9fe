/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Private to the pipeline files: the pipeline's state and the pending log.
 * Everything here runs with hard IRQs off unless it says otherwise.
 */
#ifndef ADEOS_INTERNAL_H
#define ADEOS_INTERNAL_H

#include <adeos/adeos.h>

_Static_assert(ADEOS_LOG_WORDS <= ADEOS_LOG_WORD_BITS,
	       "the log's summary word must cover every log word");
_Static_assert(ADEOS_NR_VIRQS <= ADEOS_LOG_WORD_BITS,
	       "the virtual IRQ map is one word");
_Static_assert(ADEOS_NR_EVENTS <= ADEOS_LOG_WORD_BITS,
	       "the event map is one word");

struct adeos_pipeline {
	unsigned long virq_map; /* allocated virtual IRQs */
	unsigned long unhandled;
	unsigned long spurious;
	unsigned long dropped; /* handed down to no domain that takes them */
	unsigned long departed; /* delivered to domains since unregistered */
	int root_played; /* the root's stage was played (sync_and_tell) */
	unsigned int hard_walks; /* walks inside a caller's hard section */
};

extern struct adeos_pipeline adeos_pipe;

/* The storm guard (storm.c): the end of each arrival a domain took first. */
void adeos_storm_watch(adomain_t *d, unsigned int irq);
/* Whether the guard holds @irq masked: nothing else may open it. */
int adeos_storm_masked(unsigned int irq);
/* No guard, no record (adeos_init()). */
void adeos_storm_reset(void);

/* Keep the compiler from moving memory accesses across a stage change. */
static inline void adeos_barrier(void)
{
	__asm__ __volatile__("" : : : "memory");
}

static inline int adeos_is_virq(unsigned int irq)
{
	return irq >= ADEOS_VIRQ_BASE && irq < ADEOS_NR_IRQS;
}

static inline int adeos_virq_allocated(unsigned int irq)
{
	return adeos_pipe.virq_map & (1UL << (irq - ADEOS_VIRQ_BASE));
}

/* A device or system IRQ, or an allocated virtual one. */
static inline int adeos_irq_valid(unsigned int irq)
{
	if (irq < ADEOS_VIRQ_BASE)
		return 1;
	return adeos_is_virq(irq) && adeos_virq_allocated(irq);
}

/* Log @n arrivals of @irq for @d. */
static inline void adeos_log_add(adomain_t *d, unsigned int irq, unsigned int n)
{
	unsigned int w = irq / ADEOS_LOG_WORD_BITS;

	d->log.hits[irq] += n;
	d->log.words[w] |= 1UL << (irq % ADEOS_LOG_WORD_BITS);
	d->log.summary |= 1UL << w;
	d->stats[irq].received += n;
}

/*
 * @return the lowest pending IRQ of @d, or -1: low numbers go first. A
 * summary bit over an empty word (which no path of the pipeline leaves,
 * but which an NMI's view of a half-updated log could show) is dropped,
 * never read as an IRQ number: ctz of zero is undefined.
 */
static inline int adeos_log_first(adomain_t *d)
{
	unsigned int w;

	while (d->log.summary) {
		w = __builtin_ctzl(d->log.summary);
		if (d->log.words[w])
			return w * ADEOS_LOG_WORD_BITS +
			       __builtin_ctzl(d->log.words[w]);
		d->log.summary &= ~(1UL << w);
	}
	return -1;
}

/* Forget @irq in @d's log. @return how many arrivals it held. */
static inline unsigned int adeos_log_drop(adomain_t *d, unsigned int irq)
{
	unsigned int w = irq / ADEOS_LOG_WORD_BITS;
	unsigned int n = d->log.hits[irq];

	d->log.hits[irq] = 0;
	d->log.words[w] &= ~(1UL << (irq % ADEOS_LOG_WORD_BITS));
	if (!d->log.words[w])
		d->log.summary &= ~(1UL << w);
	return n;
}

/*
 * Take one delivery of @irq off @d's log, as its replay policy says: one
 * arrival (each), or all of them at once (merge).
 * @return how many arrivals the delivery covers.
 */
static inline unsigned int adeos_log_take(adomain_t *d, unsigned int irq)
{
	unsigned int n = d->log.hits[irq];

	d->stats[irq].handled++;
	if (n > 1 && (d->irqs[irq].control & ADEOS_EACH_MASK)) {
		d->log.hits[irq] = n - 1;
		return 1;
	}
	adeos_log_drop(d, irq);
	if (n > 1)
		d->stats[irq].merged += n - 1;
	return n;
}

/* pipeline.c */
int adeos_log_down(adomain_t *d, unsigned int irq, unsigned int n);
void adeos_hand_down(adomain_t *d, unsigned int irq, unsigned int n);
/* How a walk may play: chosen from the caller's saved hard flag. */
enum adeos_walk {
	ADEOS_WALK_ANY, /* hard IRQs were on: each stage as it runs */
	ADEOS_WALK_HARD_SECTION, /* they were off: they stay off */
};
void adeos_sync_pipeline(enum adeos_walk walk);
/* The walk for a caller whose hard_local_irq_save() returned @flags. */
enum adeos_walk adeos_walk_for(unsigned long flags);
void adeos_end_held(adomain_t *d, unsigned int irq);

/* fault.c: stop @d, which faulted or overran; its IRQs go on as it says. */
void adeos_stop_faulted(adomain_t *d);

/* event.c */
void adeos_update_event_map(void);

/* domain.c */
int adeos_domain_registered(const adomain_t *adp);

/*
 * timer.c: the device, spent by its interrupt, set again for the queue's
 * head if it is not yet; the pipeline calls it before hard IRQs go on.
 */
void adeos_timer_commit(void);

#endif /* ADEOS_INTERNAL_H */
