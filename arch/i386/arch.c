// SPDX-License-Identifier: GPL-2.0-only
/*
 * The i386 controller hooks of the arch contract. No interrupt goes
 * through the pipeline yet: until Linux's entry is hooked, the pipeline
 * holds only its tables, and the controller calls have nothing to do.
 */
#include <linux/kernel.h>
#include <adeos/adeos.h>

int arch_irq_ack(unsigned int irq)
{
	return 1;
}

void arch_irq_mask(unsigned int irq)
{
}

void arch_irq_unmask(unsigned int irq)
{
}

void arch_panic(const char *func, const char *why)
{
	panic("adeos: %s: %s\n", func, why);
}
