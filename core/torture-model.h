/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Between the files of the pipeline's torture (adeos/torture.h): the
 * reference model's state and calls (torture-model.c), the events that
 * reach the pipeline, IRQs and the handlers' actions
 * (torture-events.c), and the driver, the root's code (torture.c).
 * The model's names start with tm_: the kernel links it with the rest.
 */
#ifndef ADEOS_TORTURE_MODEL_H
#define ADEOS_TORTURE_MODEL_H

#include <adeos/torture.h>
#include <adeos/os.h>

#define NDOM 5 /* four domains that come and go, and the root (last) */
#define ROOT_IDX (NDOM - 1)
#define NHW ADEOS_TORTURE_HW_IRQS
#define NVIRQ 3
#define NIRQ (NHW + NVIRQ)
#define MAX_LEVELS 16
#define PRIORITY_SPAN 20
#define NMODES 8

struct mdom {
	adomain_t *d;
	const char *name;
	int registered;
	int priority;
	int levels; /* stall levels: [0] outside handlers, one per handler */
	int stall[MAX_LEVELS];
	unsigned int control[NIRQ];
	int has_handler[NIRQ];
	unsigned long arrivals[NIRQ]; /* owed to the domain, ever */
	unsigned long covered[NIRQ]; /* of those, delivered or merged */
	unsigned long dropped[NIRQ]; /* of those, handed down on release */
};

/* The run, and the model of the pipeline it drives (torture-model.c). */
extern struct adeos_torture *tm_run; /* the run in progress */
extern struct mdom tm_dom[NDOM];
extern int tm_pipe[NDOM], tm_npipe; /* model pipeline, head first */
extern unsigned int tm_irqs[NIRQ]; /* model IRQ index -> pipeline IRQ */
extern unsigned long long tm_rng;
/* IRQs raised inside handlers, and handlers, nested (torture-events.c). */
extern int tm_handler_depth, tm_hw_depth;
/* Pipeline calls made inside a hard section of the caller, nested. */
extern int tm_hard_sections;

/*
 * A broken check: the first one is recorded, and the run winds down
 * (no more IRQs raised, no more actions) to its next driver step.
 */
#define fail(...)                                                        \
	do {                                                             \
		if (!tm_run->failed)                                     \
			adeos_snprintf(tm_run->why, sizeof(tm_run->why), \
				       __VA_ARGS__);                     \
		tm_run->failed = 1;                                      \
	} while (0)

#define check(cond, ...)                   \
	do {                               \
		if (!(cond))               \
			fail(__VA_ARGS__); \
	} while (0)

static inline unsigned long tm_rnd(unsigned long n)
{
	tm_rng ^= tm_rng >> 12;
	tm_rng ^= tm_rng << 25;
	tm_rng ^= tm_rng >> 27;
	/* 31 bits: a 32-bit division, on every arch. */
	return (unsigned long)(tm_rng * 0x2545F4914F6CDD1DULL >> 33) % n;
}

static inline int tm_stalled(int i)
{
	return tm_dom[i].stall[tm_dom[i].levels - 1];
}

static inline int tm_active(int i)
{
	return tm_dom[i].levels - 1;
}

static inline unsigned long tm_outstanding(int i, int x)
{
	return tm_dom[i].arrivals[x] - tm_dom[i].covered[x] -
	       tm_dom[i].dropped[x];
}

/* ---- the model (torture-model.c) ---- */

/* Sort the registered domains into the model pipeline, head first. */
void tm_reorder(void);
/* @return @i's place in the model pipeline (its length, if absent). */
int tm_pos(int i);
/* Mirror of what the pipeline does with @n arrivals from position @pos. */
void tm_log_down(int pos, int x, unsigned long n);
/* Domain @i registers at @priority, as new. */
void tm_reset(int i, int priority);
/* The model's index of @d, or -1 for a domain it does not know. */
int tm_index(const adomain_t *d);
/* @return a free priority in the torture's span, or -1. */
int tm_free_priority(void);
/* What the pipeline must answer to a new control mask. */
int tm_control_allowed(int i, int x, unsigned int control, int handler);
/* The control mask the pipeline keeps for IRQ @x. */
unsigned int tm_stored(int x, unsigned int control);
/* Domain @i lets IRQ @x go: what it held passes down. */
void tm_release(int i, int x);
/* Nothing may wait in a stage that nothing holds back. */
void tm_check_quiet_point(void);
/* The pipeline's own state must be the model's. */
void tm_check_state(void);

/* ---- the events (torture-events.c) ---- */

/* A device IRQ, at random, taken now. */
void tm_raise_hw(void);
/* A virtual IRQ, at random, triggered from a hard section. */
void tm_send_virq(void);
/* The handler of every IRQ of the torture's domains (@cookie: the domain). */
void tm_handler(unsigned int irq, void *cookie);

#endif /* ADEOS_TORTURE_MODEL_H */
