// SPDX-License-Identifier: GPL-2.0-only
/*
 * The acknowledge flow of adeos/line.h against a fake controller: every
 * trigger (edge, level), holder (the pipeline, or the OS's own flow)
 * and taker (the root, a domain ahead of it); then the flow as a
 * domain's acknowledge inside the pipeline, held and ended by it.
 */
#include "fixture.h"
#include <adeos/line.h>

/* The fake controller's one line: what was done to it. */
struct fake_chip {
	int masked;
	int disabled; /* the OS disabled the line: an end leaves it shut */
	int pending;
	unsigned int irq; /* mirrored into the host's model, if nonzero */
	unsigned int eois, mask_eois, masks, unmasks;
};

static struct fake_chip *chip_of(const struct adeos_line *line)
{
	return line->hw;
}

static void fake_mask(const struct adeos_line *line)
{
	struct fake_chip *c = chip_of(line);

	c->masks++;
	c->masked = 1;
}

static void fake_unmask(const struct adeos_line *line)
{
	struct fake_chip *c = chip_of(line);

	c->unmasks++;
	c->masked = 0;
}

static void fake_eoi(const struct adeos_line *line)
{
	chip_of(line)->eois++;
}

/* As the host's controller model sees it: arch_irq_end() opens it. */
static void fake_mask_eoi(const struct adeos_line *line)
{
	struct fake_chip *c = chip_of(line);

	c->mask_eois++;
	c->masked = 1;
	if (c->irq)
		host.masked[c->irq] = 1;
}

static int fake_os_disabled(const struct adeos_line *line)
{
	return chip_of(line)->disabled;
}

static int fake_pending(const struct adeos_line *line)
{
	return chip_of(line)->pending;
}

static const struct adeos_line_ops fake_ops = {
	.mask = fake_mask,
	.unmask = fake_unmask,
	.eoi = fake_eoi,
	.mask_eoi = fake_mask_eoi,
	.os_disabled = fake_os_disabled,
	.pending = fake_pending,
};

static struct fake_chip chip;

static const struct adeos_line *line_of(unsigned int irq, unsigned int flags)
{
	__builtin_memset(&chip, 0, sizeof(chip));
	adeos_line_set(irq, &fake_ops, &chip, flags);
	return &adeos_lines[irq];
}

/* One case of the matrix: acknowledge, then end what is held. */
static void one_case(int level, int os_ends, int root, int disabled)
{
	unsigned int flags = (level ? ADEOS_LINE_LEVEL : 0) |
			     (os_ends ? ADEOS_LINE_OS_ENDS : 0);
	const struct adeos_line *line = line_of(5, flags);
	int held = level && !(root && os_ends);
	int ack;

	chip.disabled = disabled;
	ack = root ? adeos_line_ack_root(line) : adeos_line_ack(line);
	assert_int_equal(ack, held ? ADEOS_ACK_HELD : ADEOS_ACK_DONE);
	/* an edge is EOI'd only; a level line masked and EOI'd once */
	assert_int_equal(chip.eois, !level);
	assert_int_equal(chip.mask_eois, level);
	assert_int_equal(chip.masked, level);
	if (!held)
		return;
	adeos_line_end(line);
	assert_int_equal(chip.masked, disabled);
	assert_int_equal(chip.unmasks, !disabled);
}

static void flow_for_every_kind_of_line(void **state)
{
	int level, os_ends, root, disabled;

	(void)state;
	for (level = 0; level < 2; level++)
		for (os_ends = 0; os_ends < 2; os_ends++)
			for (root = 0; root < 2; root++)
				for (disabled = 0; disabled < 2; disabled++)
					one_case(level, os_ends, root,
						 disabled);
}

/* The OS's flow opens its own level line: the root never holds it. */
static void os_ended_level_line_is_not_the_roots_to_hold(void **state)
{
	const struct adeos_line *line =
		line_of(5, ADEOS_LINE_LEVEL | ADEOS_LINE_OS_ENDS);

	(void)state;
	assert_int_equal(adeos_line_ack_root(line), ADEOS_ACK_DONE);
	assert_int_equal(chip.masked, 1);
	assert_int_equal(chip.unmasks, 0);
	/* a domain ahead of the root holds the same line */
	chip.masked = 0;
	assert_int_equal(adeos_line_ack(line), ADEOS_ACK_HELD);
	assert_int_equal(chip.masked, 1);
}

/* A line no controller serves: acknowledged, nothing touched. */
static void undescribed_line_touches_nothing(void **state)
{
	const struct adeos_line *line = line_of(6, ADEOS_LINE_LEVEL);

	(void)state;
	adeos_line_set(6, NULL, NULL, 0);
	assert_int_equal(adeos_line_ack(line), ADEOS_ACK_DONE);
	assert_int_equal(adeos_line_ack_root(line), ADEOS_ACK_DONE);
	adeos_line_end(line);
	line->ops->mask(line);
	assert_int_equal(line->ops->pending(line), 0);
	assert_int_equal(chip.eois + chip.mask_eois + chip.masks, 0);
}

/* Re-described (the OS changed its trigger): the next ack follows. */
static void a_changed_line_is_acknowledged_the_new_way(void **state)
{
	const struct adeos_line *line = line_of(7, 0);

	(void)state;
	assert_int_equal(adeos_line_ack(line), ADEOS_ACK_DONE);
	adeos_line_set(7, &fake_ops, &chip, ADEOS_LINE_LEVEL);
	assert_int_equal(adeos_line_ack(line), ADEOS_ACK_HELD);
	assert_int_equal(chip.eois, 1);
	assert_int_equal(chip.mask_eois, 1);
	chip.pending = 1;
	assert_int_equal(line->ops->pending(line), 1);
}

static int line_ack(unsigned int irq)
{
	return adeos_line_ack(&adeos_lines[irq]);
}

static int line_ack_root(unsigned int irq)
{
	return adeos_line_ack_root(&adeos_lines[irq]);
}

/*
 * In the pipeline: a domain's level line is held while the domain is
 * stalled, and ended once its handler ran; the root's direct path holds
 * it the same way, and not an OS-ended one.
 */
static void pipeline_holds_what_the_flow_holds(void **state)
{
	(void)state;
	add_domain(0, 200);
	adeos_virtualize_irq_from(&dom[0], 5, record, &dom[0], line_ack,
				  HANDLE);
	line_of(5, ADEOS_LINE_LEVEL);
	chip.irq = 5;
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(5);
	assert_int_equal(chip.mask_eois, 1);
	assert_int_equal(dom[0].irqs[5].held, 1);
	assert_int_equal(host.ends[5], 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(deliveries(&dom[0], 5), 1);
	assert_int_equal(dom[0].irqs[5].held, 0);
	assert_int_equal(host.ends[5], 1);
	assert_int_equal(host.violations, 0);
}

static void root_direct_path_holds_by_the_same_data(void **state)
{
	unsigned long flags;

	(void)state;
	adeos_virtualize_irq_from(ROOT, 9, record, ROOT, line_ack_root, HANDLE);
	line_of(9, ADEOS_LINE_LEVEL);
	chip.irq = 9;
	flags = hard_local_irq_save();
	assert_int_equal(adeos_root_direct(9), ADEOS_DIRECT_HELD);
	assert_int_equal(ROOT->irqs[9].held, 1);
	adeos_root_direct_done(9);
	assert_int_equal(ROOT->irqs[9].held, 0);
	assert_int_equal(host.ends[9], 1);
	/* Linux's level flow opens it: taken, not held */
	line_of(9, ADEOS_LINE_LEVEL | ADEOS_LINE_OS_ENDS);
	assert_int_equal(adeos_root_direct(9), 1);
	assert_int_equal(ROOT->irqs[9].held, 0);
	assert_int_equal(chip.mask_eois, 1);
	hard_local_irq_restore(flags);
	assert_int_equal(host.violations, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(flow_for_every_kind_of_line),
		UNIT(os_ended_level_line_is_not_the_roots_to_hold),
		UNIT(undescribed_line_touches_nothing),
		UNIT(a_changed_line_is_acknowledged_the_new_way),
		UNIT(pipeline_holds_what_the_flow_holds),
		UNIT(root_direct_path_holds_by_the_same_data),
	};

	return cmocka_run_group_tests_name("line", tests, NULL, NULL);
}
