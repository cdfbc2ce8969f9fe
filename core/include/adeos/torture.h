/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pipeline's torture (core/torture.c): random pipeline operations,
 * from the root and from inside handlers, while IRQs come in, checked
 * step by step against a reference model of what the pipeline owes each
 * domain. The same model runs on the host (tests/torture/, the simulated
 * arch) and in the kernel (core/linux/torture.c, the real one), each
 * giving it what only it knows: how an IRQ is raised, how the root's
 * own code stalls its stage, where the run may yield.
 */
#ifndef ADEOS_TORTURE_H
#define ADEOS_TORTURE_H

#include <adeos/adeos.h>

/* Device IRQs the torture raises: given by the caller, free of users. */
#define ADEOS_TORTURE_HW_IRQS 9

struct adeos_torture_ops {
	/*
	 * Take @irq as the CPU takes an interrupt, now (hard IRQs are on).
	 * @direct: a random bit, for an arch with more than one entry.
	 */
	void (*raise)(unsigned int irq, int direct);
	/*
	 * The root's own stage, from the root's code outside its handlers
	 * (on Linux: local_irq_disable() and friends).
	 */
	void (*root_stall)(void);
	void (*root_unstall)(void);
	unsigned int (*root_test_and_stall)(void);
	void (*root_restore)(unsigned int x);
	/*
	 * A quiet point: the root runs, no stage of the torture is stalled.
	 * The OS may run other work here (optional).
	 */
	void (*pause)(void);
	/* What the arch saw go wrong, or NULL (optional). */
	const char *(*arch_check)(void);
};

struct adeos_torture {
	/* Set by the caller. */
	unsigned long seed;
	unsigned long long limit; /* events to run */
	unsigned int hw_irqs[ADEOS_TORTURE_HW_IRQS];
	int first_priority; /* its domains take free ones from here on */
	int max_hw_nest; /* IRQs raised inside IRQs' handlers, nested */
	int max_handler_nest; /* handler actions, nested */
	/* Whether the root's handlers may unstall its stage. */
	int root_handler_may_unstall;
	const struct adeos_torture_ops *ops;
	/* Results. */
	unsigned long long events;
	unsigned long hw_raised, virqs_sent, deliveries, nested, handed_down;
	int failed;
	char why[200]; /* the first broken check, when failed */
};

/*
 * Run @t->limit events with the current domain the root, hard IRQs on
 * and its stage unstalled; leave the pipeline as found (the torture's
 * domains unregistered, its IRQs released). @return 0, or -1 with
 * @t->why. One run at a time.
 */
int adeos_torture_run(struct adeos_torture *t);
/*
 * The hardware's chance to interrupt: raises IRQs at random, if hard
 * IRQs are on. The host's simulated CPU calls it at every hard_* call.
 */
void adeos_torture_window(void);

#endif /* ADEOS_TORTURE_H */
