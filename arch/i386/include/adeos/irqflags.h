/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux's interrupt flag, pipelined: asm/irqflags.h includes this under
 * CONFIG_ADEOS. Disabling stalls the root domain's stage and leaves the
 * CPU's flag alone; enabling unstalls it, replays what was logged, and
 * executes sti (Linux relies on that: every IDT gate and new task starts
 * with the real flag off). Saved flags report the stage as a fake IF
 * bit, so that code testing X86_EFLAGS_IF keeps working.
 */
#ifndef ADEOS_I386_IRQFLAGS_H
#define ADEOS_I386_IRQFLAGS_H

#include <adeos/adeos.h>

void adeos_root_enable(void);
void adeos_root_safe_halt(void);

static __always_inline unsigned long arch_local_save_flags(void)
{
	return (adeos_root.status & ADEOS_STALL_FLAG) ? 0 : I386_EFLAGS_IF;
}

static __always_inline void arch_local_irq_disable(void)
{
	adeos_root.status |= ADEOS_STALL_FLAG;
	asm volatile("" : : : "memory");
}

static __always_inline void arch_local_irq_enable(void)
{
	adeos_root_enable();
}

static inline void arch_safe_halt(void)
{
	adeos_root_safe_halt();
}

static inline void halt(void)
{
	asm volatile("hlt" : : : "memory");
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}

#endif /* ADEOS_I386_IRQFLAGS_H */
