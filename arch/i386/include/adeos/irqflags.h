/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux's interrupt flag, pipelined: asm/irqflags.h includes this under
 * CONFIG_ADEOS_IRQFLAGS. Disabling stalls the root domain's stage;
 * enabling unstalls it and plays what was logged meanwhile. Neither
 * touches the CPU's flag: Linux runs with hard IRQs on (every way into
 * Linux turns them on), and a hard_* section that calls Linux code keeps
 * them off. Saved flags report the stage as a fake IF bit, so that code
 * testing X86_EFLAGS_IF keeps working.
 *
 * Any x86 shares it.
 */
#ifndef ADEOS_I386_IRQFLAGS_H
#define ADEOS_I386_IRQFLAGS_H

#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/insn.h>

/*
 * Linux's interrupts on: unstall, play, maybe preempt (out of line, with
 * CONFIG_ADEOS_DEBUG's checks: an enable with hard IRQs off, a restore
 * or enable from a domain ahead of Linux).
 */
void adx86_root_enable(void);
void adx86_root_restore(void);
/* The stage is unstalled and something is logged: play it. */
void adx86_root_sync_pending(void);
void adx86_root_safe_halt(void);
/*
 * Idle: with Linux's stage stalled, either return false if something is
 * logged for Linux (do not sleep: the stage stays stalled, hard IRQs on,
 * and Linux's next enable plays it), or unstall the stage and return
 * true with hard IRQs off, for the caller's sti;hlt or sti;mwait, in
 * front of which no IRQ can slip.
 */
bool adx86_root_idle_prepare(void);
/* Nothing is logged for Linux: a sleep with hard IRQs off may begin. */
bool adx86_root_may_sleep(void);

static __always_inline unsigned long arch_local_save_flags(void)
{
	return (adeos_root.status & ADEOS_STALL_FLAG) ? 0 : I386_EFLAGS_IF;
}

static __always_inline void arch_local_irq_disable(void)
{
	adx86_debug_root_only("local_irq_disable");
	adeos_root.status |= ADEOS_STALL_FLAG;
	i386_barrier();
}

/*
 * Unstall; play what was logged before the unstall. An IRQ taken after
 * it is played by its own entry.
 */
static __always_inline void adx86_root_unstall(void)
{
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	i386_barrier();
	if (__builtin_expect(adeos_root.log.summary != 0, 0))
		adx86_root_sync_pending();
}

static __always_inline void arch_local_irq_enable(void)
{
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG))
		adx86_root_enable();
	else
		adx86_root_unstall();
}

/*
 * A restore puts back what a save found, which may be "on" inside a
 * hard section that called Linux code: no check of the CPU's flag.
 */
static __always_inline void arch_local_irq_restore(unsigned long flags)
{
	if (!(flags & I386_EFLAGS_IF))
		return;
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG))
		adx86_root_restore();
	else
		adx86_root_unstall();
}

static inline void arch_safe_halt(void)
{
	adx86_root_safe_halt();
}

static inline void halt(void)
{
	i386_hlt();
}

/*
 * Entry from user mode and the return to it, on every syscall (kernel/
 * entry/common.c, linux-patch 0005): inline, a few instructions each,
 * with the CPU's flag set by plain sti/cli: the hard-IRQs-off tracer does
 * not time these short fixed sections (an IRQ entry ends its own before
 * Linux's entry code runs).
 */
#ifdef CONFIG_ADEOS_DEBUG
/* The stage must be unstalled, Linux current, when user mode enters. */
void adx86_user_entry_check(void);
#else
static inline void adx86_user_entry_check(void)
{
}
#endif

/* Entry from user mode: Linux's stage stalls at once. */
static __always_inline void adx86_user_entry(void)
{
	adx86_user_entry_check();
	adeos_root.status |= ADEOS_STALL_FLAG;
}

/* Linux runs with hard IRQs on, its stage stalled until it enables. */
static __always_inline void adx86_user_entry_done(void)
{
	i386_sti();
}

/*
 * The return to user mode, after adx86_user_exit_logged() found nothing
 * (hard IRQs off already): Linux's stage unstalls.
 */
static __always_inline void adx86_user_exit(void)
{
	adeos_root.status &= ~ADEOS_STALL_FLAG;
}

static __always_inline unsigned long arch_local_irq_save(void)
{
	unsigned long flags = arch_local_save_flags();

	arch_local_irq_disable();
	return flags;
}

#endif /* ADEOS_I386_IRQFLAGS_H */
