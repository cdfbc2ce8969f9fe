/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * i386 for the pipeline's arch contract (core/include/adeos/arch.h):
 * the real interrupt flag, through the native_* helpers that stay the
 * real cli/sti whatever Linux's irqflags become.
 */
#ifndef ADEOS_I386_ARCH_DEFS_H
#define ADEOS_I386_ARCH_DEFS_H

#include <linux/errno.h>
#include <linux/stddef.h>
#include <asm/irqflags.h>
#include <asm/processor-flags.h>

/* Device IRQs: one per external vector 0x20-0xff at most. */
#define ARCH_NR_HW_IRQS 224
/* Local APIC timer, spurious, error, and one spare. */
#define ARCH_NR_SYS_IRQS 4

static inline unsigned long hard_local_irq_save(void)
{
	unsigned long flags = native_save_fl();

	native_irq_disable();
	return flags & X86_EFLAGS_IF;
}

static inline void hard_local_irq_restore(unsigned long flags)
{
	if (flags)
		native_irq_enable();
	else
		native_irq_disable();
}

static inline void hard_local_irq_enable(void)
{
	native_irq_enable();
}

static inline void hard_local_irq_disable(void)
{
	native_irq_disable();
}

static inline int hard_irqs_disabled(void)
{
	return !(native_save_fl() & X86_EFLAGS_IF);
}

#endif /* ADEOS_I386_ARCH_DEFS_H */
