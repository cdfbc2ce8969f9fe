// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-counter: counts every IRQ the domain receives. Runs ahead of
 * Linux, so it only touches its own state.
 */
#include "irq-counter.h"

static void irq_counter_handle(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct irq_counter_state *state = desc->state;

	(void)irq;
	state->count++;
}

const struct adeos_template adeos_template_irq_counter = {
	.name = "irq-counter",
	.handle_irq = irq_counter_handle,
};
