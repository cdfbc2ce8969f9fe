// SPDX-License-Identifier: GPL-2.0-only
/*
 * Each hardware IRQ's line, described for the pipeline's acknowledge
 * flow (adeos/line.h): its controller's operations (i8259.c, apic.c)
 * and its trigger, chosen here once, when Linux sets the line up, and
 * again whenever Linux changes the line's chip, flow handler or trigger
 * (linux-patch/: __irq_do_set_handler(), __irq_set_trigger(),
 * irq_modify_status(), the ELCR's level setting, a descriptor's free).
 * That covers the IO-APIC taking the legacy lines over from the 8259
 * after init_IRQ, request_irq(), irq_set_irq_type(), MSI set-up and
 * route.c's routing of a domain's ISA line. Nothing on the interrupt
 * path looks at a chip. Then the arch contract's controller hooks, in
 * terms of the lines.
 *
 * Any x86 shares it.
 */
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <asm/i8259.h>
#include <asm/irq_vectors.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include <adeos/lines.h>

/*
 * On the 8259, which Linux runs with one flow for every line, what the
 * chipset's edge/level control register (ELCR) says. Process context.
 */
bool adx86_line_is_level(unsigned int irq, struct irq_data *data,
			 struct irq_chip *chip)
{
	if (!chip->irq_mask_ack)
		return irqd_is_level_type(data);
	if (irq >= 16)
		return false;
	return inb(PIC_ELCR1 + irq / 8) & (1 << (irq % 8));
}

static const struct adeos_line_ops *ops_of(struct irq_chip *chip)
{
	if (!chip)
		return NULL;
	if (chip == &i8259A_chip)
		return &adx86_i8259_line_ops;
	if (chip->irq_mask && chip->irq_unmask)
		return &adx86_apic_line_ops;
	return &adx86_apic_eoi_line_ops;
}

/*
 * Linux's level flow (handle_level_irq(), the 8259's for every line)
 * masks, acknowledges and opens the line itself: for the root, the
 * pipeline only acknowledges it and says so (adx86_acked_at_entry()).
 */
static unsigned int flags_of(unsigned int irq, struct irq_desc *desc)
{
	struct irq_chip *chip = irq_desc_get_chip(desc);
	unsigned int flags = 0;

	if (chip && adx86_line_is_level(irq, &desc->irq_data, chip))
		flags |= ADEOS_LINE_LEVEL;
	if (desc->handle_irq == handle_level_irq)
		flags |= ADEOS_LINE_OS_ENDS;
	return flags;
}

void adx86_line_changed(struct irq_desc *desc)
{
	unsigned int irq = irq_desc_get_irq(desc);

	if (irq < ARCH_NR_HW_IRQS)
		adeos_line_set(irq, ops_of(irq_desc_get_chip(desc)),
			       &desc->irq_data, flags_of(irq, desc));
}

void adx86_line_forget(unsigned int irq)
{
	if (irq < ARCH_NR_HW_IRQS)
		adeos_line_set(irq, NULL, NULL, 0);
}

void adx86_line_elcr_changed(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	if (desc)
		adx86_line_changed(desc);
}

/*
 * Every line as Linux has set it up so far (from init_IRQ); the
 * spurious vector is never in service and keeps no controller.
 */
void __init adx86_lines_init(void)
{
	unsigned int irq;

	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		adx86_line_elcr_changed(irq);
	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		adeos_line_set(irq, &adx86_sysvec_line_ops, NULL, 0);
	adeos_line_set(ADEOS_SYS_IRQ_BASE + SPURIOUS_APIC_VECTOR -
			       FIRST_SYSTEM_VECTOR,
		       NULL, NULL, 0);
}

/* ---- the arch contract's controller hooks (adeos/arch.h) ---- */

int arch_irq_ack(unsigned int irq)
{
	return adeos_line_ack(&adeos_lines[irq]);
}

void arch_irq_end(unsigned int irq)
{
	adeos_line_end(&adeos_lines[irq]);
}

int arch_irq_pending(unsigned int irq)
{
	const struct adeos_line *line = &adeos_lines[irq];

	return line->ops->pending(line);
}

void arch_irq_mask(unsigned int irq)
{
	const struct adeos_line *line = &adeos_lines[irq];

	line->ops->mask(line);
}

void arch_irq_unmask(unsigned int irq)
{
	const struct adeos_line *line = &adeos_lines[irq];

	line->ops->unmask(line);
}
