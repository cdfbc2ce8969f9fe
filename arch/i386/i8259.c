// SPDX-License-Identifier: GPL-2.0-only
/*
 * The 8259 pair's lines, for the pipeline's acknowledge flow
 * (adeos/line.h). Linux's chip masks and EOIs in one step
 * (mask_and_ack_8259A(), which also tells a spurious IRQ 7 or 15 from
 * a real one, and which auto-EOI mode swaps for a plain mask): an edge
 * is opened again at once, so that the next one is logged rather than
 * merged by the 8259 while its domain is stalled; a level line stays
 * masked until its end. The 8259's own operations, read at each call
 * (Linux swaps them for auto-EOI mode): an IRQ that the 8259 raised
 * while Linux hands the line to the IO-APIC is still the 8259's to
 * acknowledge. Hard IRQs off; the 8259's lock is taken that way too
 * (linux-patch/).
 *
 * Any x86 shares it.
 */
#include <linux/irq.h>
#include <asm/i8259.h>
#include <adeos/line.h>
#include <adeos/lines.h>

static struct irq_data *data_of(const struct adeos_line *line)
{
	return line->hw;
}

static void i8259_mask(const struct adeos_line *line)
{
	i8259A_chip.irq_mask(data_of(line));
}

static void i8259_unmask(const struct adeos_line *line)
{
	i8259A_chip.irq_unmask(data_of(line));
}

static void i8259_mask_eoi(const struct adeos_line *line)
{
	i8259A_chip.irq_mask_ack(data_of(line));
}

static void i8259_eoi(const struct adeos_line *line)
{
	i8259_mask_eoi(line);
	i8259_unmask(line);
}

static int i8259_os_disabled(const struct adeos_line *line)
{
	return irqd_irq_disabled(data_of(line));
}

/* Its request register: raised again and not yet taken. */
static int i8259_pending(const struct adeos_line *line)
{
	return !!legacy_pic->irq_pending(data_of(line)->irq);
}

const struct adeos_line_ops adx86_i8259_line_ops = {
	.mask = i8259_mask,
	.unmask = i8259_unmask,
	.eoi = i8259_eoi,
	.mask_eoi = i8259_mask_eoi,
	.os_disabled = i8259_os_disabled,
	.pending = i8259_pending,
};
