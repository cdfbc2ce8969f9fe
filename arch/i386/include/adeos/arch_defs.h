/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * i386 for the pipeline's arch contract (core/include/adeos/arch.h): the
 * real interrupt flag, on instructions of our own (<adeos/insn.h>),
 * because Linux's irqflags (asm/irqflags.h) become the root stage's and
 * include this header.
 *
 * Any x86 shares it (both widths have the same 256 vectors).
 */
#ifndef ADEOS_I386_ARCH_DEFS_H
#define ADEOS_I386_ARCH_DEFS_H

#include <linux/errno.h>
#include <linux/stddef.h>
#include <linux/types.h>
#include <adeos/insn.h>

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

/* A task's context (adeos/context.h): its stack pointer, and on it the rest. */
struct arch_task_context {
	unsigned long sp;
};

/* The FPU, SSE and MMX registers as fxsave stores them (fnsave: less). */
struct arch_fpu_state {
	i386_fpu_area area;
} __aligned(16);

/*
 * The hard-IRQs-off tracer (CONFIG_ADEOS_TRACE_IRQSOFF, irqsoff.c): a
 * section begins where the flag goes off and ends where it goes on
 * again, each noted with the address of the code that did it.
 */
#ifdef CONFIG_ADEOS_TRACE_IRQSOFF
extern bool adx86_irqsoff_tracing;
void adx86_irqsoff_begin(unsigned long ip);
void adx86_irqsoff_end(unsigned long ip);
/*
 * Entries the CPU made with the flag off: an IRQ's (ended by
 * adx86_irqsoff_exit() at its return), an exception's or a syscall's,
 * which may come inside an IRQ entry's and then continues it.
 */
void __adx86_irqsoff_irq_entry(unsigned long ip);
void __adx86_irqsoff_trap_entry(unsigned long ip);
#define adx86_irqsoff_traced() __builtin_expect(adx86_irqsoff_tracing, 0)

static __always_inline void adx86_irqsoff_irq_entry(unsigned long ip)
{
	if (adx86_irqsoff_traced())
		__adx86_irqsoff_irq_entry(ip);
}

static __always_inline void adx86_irqsoff_trap_entry(unsigned long ip)
{
	if (adx86_irqsoff_traced())
		__adx86_irqsoff_trap_entry(ip);
}

static __always_inline void adx86_irqsoff_exit(unsigned long ip)
{
	if (adx86_irqsoff_traced())
		adx86_irqsoff_end(ip);
}
#else
#define adx86_irqsoff_traced() 0
static inline void adx86_irqsoff_begin(unsigned long ip)
{
}

static inline void adx86_irqsoff_end(unsigned long ip)
{
}

static inline void adx86_irqsoff_irq_entry(unsigned long ip)
{
}

static inline void adx86_irqsoff_trap_entry(unsigned long ip)
{
}

static inline void adx86_irqsoff_exit(unsigned long ip)
{
}
#endif
/* The address of the code where this is expanded (inlined or not). */
static __always_inline unsigned long adx86_this_ip(void)
{
	return i386_this_ip();
}

static __always_inline unsigned long hard_local_irq_save(void)
{
	unsigned long flags = i386_save_fl();

	i386_cli();
	if (adx86_irqsoff_traced() && (flags & I386_EFLAGS_IF))
		adx86_irqsoff_begin(adx86_this_ip());
	return flags & I386_EFLAGS_IF;
}

static __always_inline void hard_local_irq_enable(void)
{
	if (adx86_irqsoff_traced())
		adx86_irqsoff_end(adx86_this_ip());
	i386_sti();
}

static __always_inline void hard_local_irq_disable(void)
{
	if (adx86_irqsoff_traced()) {
		hard_local_irq_save();
		return;
	}
	i386_cli();
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
