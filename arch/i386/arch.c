// SPDX-License-Identifier: GPL-2.0-only
/*
 * The i386 controller hooks of the arch contract, for the IRQs of the
 * domains ahead of Linux. Linux's own IRQs are acknowledged the way its
 * flow handlers expect (root.c). The pipeline calls these with hard IRQs
 * off; the 8259's lock is taken that way too (linux-patch/).
 */
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <asm/apic.h>
#include <adeos/adeos.h>

static struct irq_chip *chip_of(unsigned int irq, struct irq_data **data)
{
	struct irq_desc *desc = irq < ARCH_NR_HW_IRQS ? irq_to_desc(irq) : NULL;

	if (!desc)
		return NULL;
	*data = &desc->irq_data;
	return irq_desc_get_chip(desc);
}

/*
 * A domain's device IRQ: on the 8259, mask and EOI it, then open the
 * line again at once; through the local APIC, one EOI. Domains take
 * edge-triggered lines (the PIT, ISA devices): the next edge may come as
 * soon as this one is acknowledged.
 */
int arch_irq_ack(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip;

	if (irq >= ADEOS_SYS_IRQ_BASE) {
		apic_eoi();
		return 1;
	}
	chip = chip_of(irq, &data);
	if (!chip)
		return 1;
	if (!chip->irq_mask_ack) {
		apic_eoi();
		return 1;
	}
	chip->irq_mask_ack(data);
	if (chip->irq_unmask)
		chip->irq_unmask(data);
	return 1;
}

void arch_irq_mask(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip = chip_of(irq, &data);

	if (chip && chip->irq_mask)
		chip->irq_mask(data);
}

void arch_irq_unmask(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip = chip_of(irq, &data);

	if (chip && chip->irq_unmask)
		chip->irq_unmask(data);
}

void arch_panic(const char *func, const char *why)
{
	panic("adeos: %s: %s\n", func, why);
}
