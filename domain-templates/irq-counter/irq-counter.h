/* SPDX-License-Identifier: GPL-2.0-only */
/* irq-counter: a domain that counts its IRQs. */
#ifndef ADEOS_TEMPLATE_IRQ_COUNTER_H
#define ADEOS_TEMPLATE_IRQ_COUNTER_H

#include <adeos/template.h>

struct irq_counter_state {
	unsigned long count; /* IRQs received, all lines together */
};

extern const struct adeos_template adeos_template_irq_counter;

#endif /* ADEOS_TEMPLATE_IRQ_COUNTER_H */
