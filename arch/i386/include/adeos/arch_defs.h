/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * i386 for the pipeline's arch contract (core/include/adeos/arch.h): the
 * real interrupt flag, as inline asm of our own, because Linux's irqflags
 * (asm/irqflags.h) become the root stage's and include this header.
 */
#ifndef ADEOS_I386_ARCH_DEFS_H
#define ADEOS_I386_ARCH_DEFS_H

#include <linux/errno.h>
#include <linux/stddef.h>

/* Device IRQs: Linux's IRQ numbers, one per external vector at most. */
#define ARCH_NR_HW_IRQS 224
/*
 * System IRQs: the system vectors at fixed numbers, FIRST_SYSTEM_VECTOR
 * (0xec, the local APIC timer: system IRQ 0) .. 0xff (the spurious
 * vector: 19), then one for device vectors that have no IRQ behind them.
 */
#define ARCH_NR_SYS_IRQS (256 - 0xec + 1)

#define I386_EFLAGS_IF 0x200 /* the interrupt flag in EFLAGS */

/*
 * Where a fault in a domain's handler resumes (arch_call_handler(),
 * landing.S): the stack pointer after the call's saved registers.
 */
struct arch_landing {
	unsigned long sp;
};

static __always_inline unsigned long i386_save_fl(void)
{
	unsigned long flags;

	asm volatile("pushf ; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static __always_inline unsigned long hard_local_irq_save(void)
{
	unsigned long flags = i386_save_fl();

	asm volatile("cli" : : : "memory");
	return flags & I386_EFLAGS_IF;
}

static __always_inline void hard_local_irq_enable(void)
{
	asm volatile("sti" : : : "memory");
}

static __always_inline void hard_local_irq_disable(void)
{
	asm volatile("cli" : : : "memory");
}

static __always_inline void hard_local_irq_restore(unsigned long flags)
{
	if (flags)
		hard_local_irq_enable();
	else
		hard_local_irq_disable();
}

static __always_inline int hard_irqs_disabled(void)
{
	return !(i386_save_fl() & I386_EFLAGS_IF);
}

#endif /* ADEOS_I386_ARCH_DEFS_H */
