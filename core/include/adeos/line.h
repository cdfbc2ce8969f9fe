/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The acknowledge flow of a hardware IRQ (core/line.c), written once
 * for every controller and for every domain, the root included.
 *
 * The arch describes each line once (adeos_line_set()), and again
 * whenever the OS changes the line's controller or trigger: which
 * controller's operations act on it, and how it is triggered. The flow
 * then needs no look at the controller per IRQ:
 *
 *  - an edge is EOI'd at its acknowledge: the controller may raise the
 *    next one at once, and the pipeline logs it;
 *  - a level line stays asserted until its device is serviced: its
 *    acknowledge masks and EOIs it, and it is held, masked, until the
 *    handler of the domain that acknowledged it is done
 *    (adeos_line_end(), unless the OS disabled the line meanwhile);
 *  - for the root only, a line whose OS flow handler masks and unmasks
 *    it itself (ADEOS_LINE_OS_ENDS: Linux's handle_level_irq()) is not
 *    held by the pipeline: the OS's handler opens it again, told that
 *    the pipeline acknowledged it already.
 *
 * Hard IRQs off for all of it.
 */
#ifndef ADEOS_LINE_H
#define ADEOS_LINE_H

#include <adeos/adeos.h>

struct adeos_line;

/*
 * A controller's operations on one of its lines, filled by the arch
 * once per controller. Each is given the line (its hw handle).
 */
struct adeos_line_ops {
	/* Shut the line at the controller. @see unmask */
	void (*mask)(const struct adeos_line *line);
	/* Open the line at the controller. @see mask */
	void (*unmask)(const struct adeos_line *line);
	/* An edge's acknowledge: the controller may raise the next one. */
	void (*eoi)(const struct adeos_line *line);
	/* A level's acknowledge: mask, then EOI (one step on some). */
	void (*mask_eoi)(const struct adeos_line *line);
	/* Whether the OS disabled the line: an end leaves it shut. */
	int (*os_disabled)(const struct adeos_line *line);
	/* Whether the line is raised again and not yet taken. */
	int (*pending)(const struct adeos_line *line);
};

/* The line is level-triggered: held from its acknowledge to its end. */
#define ADEOS_LINE_LEVEL 0x1
/* The root's OS flow handler masks and opens the line itself. */
#define ADEOS_LINE_OS_ENDS 0x2

/* One hardware IRQ's line, as the arch last described it. */
struct adeos_line {
	const struct adeos_line_ops *ops;
	void *hw; /* the arch's handle of the line, for ops */
	unsigned int flags; /* ADEOS_LINE_* */
};

/* Every hardware IRQ's: device lines, then system IRQs. */
extern struct adeos_line adeos_lines[ADEOS_VIRQ_BASE];

/*
 * Describe the line of hardware IRQ @irq: @ops of its controller, @hw
 * for them, @flags (ADEOS_LINE_*). @ops NULL: no controller (nothing
 * to acknowledge). Any context; takes hard IRQs off to write.
 */
void adeos_line_set(unsigned int irq, const struct adeos_line_ops *ops,
		    void *hw, unsigned int flags);

/* A domain's acknowledge of @line: ADEOS_ACK_HELD for a level line. */
static inline __attribute__((always_inline)) int
adeos_line_ack(const struct adeos_line *line)
{
	if (!(line->flags & ADEOS_LINE_LEVEL)) {
		line->ops->eoi(line);
		return ADEOS_ACK_DONE;
	}
	line->ops->mask_eoi(line);
	return ADEOS_ACK_HELD;
}

/*
 * The root's: as a domain's, but a line that the OS's flow handler
 * opens again is not the pipeline's to hold.
 */
static inline __attribute__((always_inline)) int
adeos_line_ack_root(const struct adeos_line *line)
{
	if (line->flags & ADEOS_LINE_OS_ENDS) {
		adeos_line_ack(line);
		return ADEOS_ACK_DONE;
	}
	return adeos_line_ack(line);
}

/* Open a held line again, unless the OS disabled it meanwhile. */
void adeos_line_end(const struct adeos_line *line);

#endif /* ADEOS_LINE_H */
