/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The storm guard (core/storm.c): a device IRQ that a domain ahead of
 * the root takes, and that fires again and again before the root gets
 * to run a single instruction, is masked at the controller.
 *
 * Its criterion is the root's progress, not a rate: at the end of each
 * arrival the pipeline asks the controller whether the line is already
 * pending again (arch_irq_pending()), which means that the root, which
 * the CPU would return to, is held off by it. A level line that its
 * domain never clears is pending again as soon as it is ended; an edge
 * source faster than its handling is pending again before the return.
 * A flood that the root's own code raises never is: each edge waits
 * for the root to run. THRESHOLD such arrivals in a row are a storm.
 *
 * The root's own IRQs (those it takes first) keep the OS's handling.
 */
#ifndef ADEOS_STORM_H
#define ADEOS_STORM_H

#include <adeos/adeos.h>

/* One device IRQ line, as the guard sees it. */
struct adeos_storm {
	unsigned int run; /* arrivals in a row found pending again */
	unsigned long long since; /* timestamp of the run's first */
	int masked; /* masked by the guard until adeos_storm_clear() */
	unsigned long caught; /* storms caught on this line, ever */
	/* The last storm: whose IRQ, its run, timestamp counts it took. */
	char domain[ADEOS_NAME_MAX_LEN + 1];
	unsigned int arrivals;
	unsigned long long took;
};

/*
 * Watch every device IRQ of the domains ahead of the root: @threshold
 * arrivals in a row make a storm (0: no guard). @virq, if not -1, is
 * triggered at each storm caught, for the OS to report it.
 */
void adeos_storm_setup(unsigned int threshold, int virq);
unsigned int adeos_storm_threshold(void);
/* The guard's state of device IRQ @irq, or NULL. Hard IRQs off to read it whole. */
const struct adeos_storm *adeos_storm_state(unsigned int irq);
/*
 * Open a line the guard masked (its device quieted, or to try again).
 * -EINVAL: not a device IRQ; -ENOENT: the guard holds no mask on it.
 */
int adeos_storm_clear(unsigned int irq);
/* Storms caught on all lines since boot. */
unsigned long adeos_storm_count(void);

#endif /* ADEOS_STORM_H */
