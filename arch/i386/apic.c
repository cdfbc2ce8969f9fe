// SPDX-License-Identifier: GPL-2.0-only
/*
 * The lines the local APIC delivers, for the pipeline's acknowledge
 * flow (adeos/line.h): the IO-APIC's pins, edge or level (Linux's
 * fasteoi flow), and MSIs. Each is EOI'd at the local APIC (Linux's own
 * EOI is then a no-op: linux-patch/), and masked where it comes from,
 * by its chip in Linux (an IO-APIC pin, a device's MSI mask bit). Then
 * the local APIC's own system vectors (its timer, IPIs, errors): an EOI
 * only; the spurious vector is never in service and gets none.
 * Hard IRQs off.
 *
 * Any x86 shares it.
 */
#include <linux/irq.h>
#include <asm/apic.h>
#include <asm/hw_irq.h>
#include <asm/irq_vectors.h>
#include <adeos/line.h>
#include <adeos/lines.h>

static struct irq_data *data_of(const struct adeos_line *line)
{
	return line->hw;
}

static void apic_line_mask(const struct adeos_line *line)
{
	struct irq_data *d = data_of(line);

	d->chip->irq_mask(d);
}

static void apic_line_unmask(const struct adeos_line *line)
{
	struct irq_data *d = data_of(line);

	d->chip->irq_unmask(d);
}

static void apic_line_eoi(const struct adeos_line *line)
{
	apic_eoi();
}

static void apic_line_mask_eoi(const struct adeos_line *line)
{
	apic_line_mask(line);
	apic_eoi();
}

static int apic_line_os_disabled(const struct adeos_line *line)
{
	return irqd_irq_disabled(data_of(line));
}

/*
 * The request bit of the line's vector. A level line the IO-APIC
 * re-sends once ended shows there too; on real hardware the re-send may
 * land a little after the look.
 */
static int apic_line_pending(const struct adeos_line *line)
{
	struct irq_cfg *cfg = irqd_cfg(data_of(line));
	unsigned int vector;

	if (!cfg || !cfg->vector)
		return 0;
	vector = cfg->vector;
	return !!(apic_read(APIC_IRR + (vector / 32) * 0x10) &
		  BIT(vector % 32));
}

const struct adeos_line_ops adx86_apic_line_ops = {
	.mask = apic_line_mask,
	.unmask = apic_line_unmask,
	.eoi = apic_line_eoi,
	.mask_eoi = apic_line_mask_eoi,
	.os_disabled = apic_line_os_disabled,
	.pending = apic_line_pending,
};

static void no_mask(const struct adeos_line *line)
{
}

/* A line whose chip cannot mask it: an EOI is all there is. */
const struct adeos_line_ops adx86_apic_eoi_line_ops = {
	.mask = no_mask,
	.unmask = no_mask,
	.eoi = apic_line_eoi,
	.mask_eoi = apic_line_eoi,
	.os_disabled = apic_line_os_disabled,
	.pending = apic_line_pending,
};

static int no_state(const struct adeos_line *line)
{
	return 0;
}

/* The local APIC's own vectors: nothing to mask, nothing to ask. */
const struct adeos_line_ops adx86_sysvec_line_ops = {
	.mask = no_mask,
	.unmask = no_mask,
	.eoi = apic_line_eoi,
	.mask_eoi = apic_line_eoi,
	.os_disabled = no_state,
	.pending = no_state,
};
