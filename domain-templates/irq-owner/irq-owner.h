/* SPDX-License-Identifier: GPL-2.0-only */
/* irq-owner: takes device IRQs ahead of Linux and counts them. */
#ifndef ADEOS_TEMPLATE_IRQ_OWNER_H
#define ADEOS_TEMPLATE_IRQ_OWNER_H

#include <adeos/template.h>

struct irq_owner_state {
	/* per IRQ entry of the domain, in the order of its desc->irqs */
	unsigned long counts[ADEOS_DOMAIN_MAX_IRQS];
};

extern const struct adeos_template adeos_template_irq_owner;

#endif /* ADEOS_TEMPLATE_IRQ_OWNER_H */
