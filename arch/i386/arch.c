// SPDX-License-Identifier: GPL-2.0-only
/*
 * The i386 controller hooks of the arch contract, for the IRQs of the
 * domains ahead of Linux. Linux's own IRQs are acknowledged the way its
 * flow handlers expect (irq.c). The pipeline calls these with hard IRQs
 * off; the 8259's lock is taken that way too (linux-patch/).
 *
 * Any x86 shares it.
 */
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <linux/mc146818rtc.h>
#include <asm/apic.h>
#include <asm/i8259.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>

/* ---- rtc_lock, a hard lock (adeos/rtc_lock.h) ---- */

/* The CPU's flag Linux's holder of rtc_lock had: one holder at a time. */
static unsigned long rtc_lock_hard;

void adx86_rtc_lock_take(void)
{
	unsigned long flags;

	preempt_disable();
	flags = hard_local_irq_save();
	do_raw_spin_lock(&rtc_lock.rlock);
	rtc_lock_hard = flags;
}
EXPORT_SYMBOL(adx86_rtc_lock_take);

void adx86_rtc_lock_drop(void)
{
	unsigned long flags = rtc_lock_hard;

	do_raw_spin_unlock(&rtc_lock.rlock);
	hard_local_irq_restore(flags);
	preempt_enable();
}
EXPORT_SYMBOL(adx86_rtc_lock_drop);

unsigned long adx86_rtc_lock_domain(void)
{
	unsigned long flags = hard_local_irq_save();

	do_raw_spin_lock(&rtc_lock.rlock);
	return flags;
}
EXPORT_SYMBOL(adx86_rtc_lock_domain);

void adx86_rtc_unlock_domain(unsigned long flags)
{
	do_raw_spin_unlock(&rtc_lock.rlock);
	hard_local_irq_restore(flags);
}
EXPORT_SYMBOL(adx86_rtc_unlock_domain);

static struct irq_chip *chip_of(unsigned int irq, struct irq_data **data)
{
	struct irq_desc *desc = irq < ARCH_NR_HW_IRQS ? irq_to_desc(irq) : NULL;

	if (!desc)
		return NULL;
	*data = &desc->irq_data;
	return irq_desc_get_chip(desc);
}

/*
 * On the 8259, which Linux runs with one flow for every line, what the
 * chipset's edge/level control register (ELCR) says.
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

/*
 * A domain's device IRQ. An edge: on the 8259, mask and EOI, then open
 * the line again at once; through the local APIC, one EOI; the next edge
 * may come as soon as this one is acknowledged. A level line stays
 * asserted until its device is serviced, so it is held: masked, then
 * EOI'd, and opened by arch_irq_end() once its domain is done with it.
 */
int arch_irq_ack(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip;

	if (irq >= ADEOS_SYS_IRQ_BASE) {
		apic_eoi();
		return ADEOS_ACK_DONE;
	}
	chip = chip_of(irq, &data);
	if (!chip)
		return ADEOS_ACK_DONE;
	if (adx86_line_is_level(irq, data, chip)) {
		if (chip->irq_mask_ack) {
			chip->irq_mask_ack(data);
		} else {
			if (chip->irq_mask)
				chip->irq_mask(data);
			apic_eoi();
		}
		return ADEOS_ACK_HELD;
	}
	if (!chip->irq_mask_ack) {
		apic_eoi();
		return ADEOS_ACK_DONE;
	}
	chip->irq_mask_ack(data);
	if (chip->irq_unmask)
		chip->irq_unmask(data);
	return ADEOS_ACK_DONE;
}

/* Unless Linux has disabled the line meanwhile (disable_irq()). */
void arch_irq_end(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip = chip_of(irq, &data);

	if (chip && chip->irq_unmask && !irqd_irq_disabled(data))
		chip->irq_unmask(data);
}

/*
 * Raised again and not yet taken: on the 8259, its request register; on
 * the local APIC (IO-APIC lines, MSIs), the request bit of the IRQ's
 * vector. A level line the IO-APIC re-sends once ended shows there
 * too; on real hardware the re-send may land a little after the look.
 */
int arch_irq_pending(unsigned int irq)
{
	struct irq_data *data;
	struct irq_chip *chip = chip_of(irq, &data);
	struct irq_cfg *cfg;
	unsigned int vector;

	if (!chip)
		return 0;
	if (chip == &i8259A_chip)
		return !!legacy_pic->irq_pending(irq);
	cfg = irqd_cfg(data);
	if (!cfg || !cfg->vector)
		return 0;
	vector = cfg->vector;
	return !!(apic_read(APIC_IRR + (vector / 32) * 0x10) &
		  BIT(vector % 32));
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
EXPORT_SYMBOL_GPL(arch_panic);
