// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lines of the hardware IRQs, as the arch describes them, and the
 * end of a held one (adeos/line.h has the flow and why).
 */
#include "internal.h"
#include <adeos/line.h>

/* A line no controller serves (yet): nothing to acknowledge. */
static void no_line_op(const struct adeos_line *line)
{
	(void)line;
}

static int no_line_state(const struct adeos_line *line)
{
	(void)line;
	return 0;
}

static const struct adeos_line_ops no_line_ops = {
	.mask = no_line_op,
	.unmask = no_line_op,
	.eoi = no_line_op,
	.mask_eoi = no_line_op,
	.os_disabled = no_line_state,
	.pending = no_line_state,
};

struct adeos_line adeos_lines[ADEOS_VIRQ_BASE] = {
	[0 ... ADEOS_VIRQ_BASE - 1] = { .ops = &no_line_ops },
};

/*
 * An IRQ may come in between the OS's change and this write: it is
 * acknowledged the old way or the new, never half of each.
 */
void adeos_line_set(unsigned int irq, const struct adeos_line_ops *ops,
		    void *hw, unsigned int flags)
{
	struct adeos_line *line = &adeos_lines[irq];
	unsigned long hard;

	if (irq >= ADEOS_VIRQ_BASE)
		arch_panic(__func__, "not a hardware IRQ");
	hard = hard_local_irq_save();
	line->ops = ops ? ops : &no_line_ops;
	line->hw = hw;
	line->flags = flags;
	hard_local_irq_restore(hard);
}

void adeos_line_end(const struct adeos_line *line)
{
	if (!line->ops->os_disabled(line))
		line->ops->unmask(line);
}
