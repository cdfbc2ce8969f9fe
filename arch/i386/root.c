// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux on x86 as the pipeline's root domain.
 *
 * Every device IRQ and system vector enters adx86_irq_entry() or
 * adx86_sysvec_entry(). The pipeline acknowledges it, runs the domains
 * ahead of Linux, and logs it for Linux. If Linux was running with its
 * interrupts on, Linux is entered at once (irqentry_enter) and its stage
 * is played inside that entry, so that preemption and softirqs happen at
 * its exit as for any interrupt; otherwise the entry returns straight to
 * what it interrupted, and the log plays when Linux's stage unstalls.
 *
 * One rule keeps this sound (DESIGN.md): Linux runs with hard IRQs on,
 * except inside explicit hard_* sections. Every way into Linux turns
 * them on; Linux's local_irq_*() never touch them. What an entry must
 * restore at its exit lives on that entry's stack (irqentry_state_t),
 * never in a global, because a preemptible kernel switches tasks
 * between nested entries.
 *
 * Linux's handlers are played only from an entry, from an unstall, from
 * idle and from the exits, never recursively from inside Linux's own
 * exit: the preemption that a played handler calls for happens after the
 * play has returned.
 *
 * This file plays Linux's stage. The root domain's other jobs have files
 * of their own, which root.h lists; any x86 shares them all but
 * frame_32.h.
 */
#include <linux/context_tracking_irq.h>
#include <linux/export.h>
#include <linux/ftrace.h>
#include <linux/hardirq.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/rcupdate.h>
#include <linux/sched.h>
#include <asm/ptrace.h>
#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/linux.h>
#include "root.h"

struct pt_regs *adx86_root_frame;

/*
 * Something is logged for Linux that Linux may play now. Not while a
 * domain ahead of Linux has its stage stalled: Linux code may do that
 * (around a domain's critical section); the log then plays when that
 * stage unstalls, and a loop that played until the log is empty would
 * spin for ever. Out of line, as the compiler left it when root.c held
 * all of the root's code: splitting the file changed no call on the IRQ
 * path.
 */
noinline bool adx86_root_log_playable(void)
{
	return adeos_root.log.summary && !adeos_held_back(&adeos_root);
}

/* ---- playing Linux's stage ---- */

/* With CONFIG_ADEOS_DEBUG, how often the current task was switched out. */
static unsigned long debug_task_switches(void)
{
	if (!IS_ENABLED(CONFIG_ADEOS_DEBUG))
		return 0;
	return current->nvcsw + current->nivcsw;
}

/*
 * Play what is logged for Linux, as handlers of interrupts that @regs
 * (or a made-up frame) took. Linux's stage is stalled before and after;
 * hard IRQs as the caller had them.
 */
void adx86_root_play(struct pt_regs *regs)
{
	unsigned long flags = hard_local_irq_save();
	struct pt_regs *outer = adx86_root_frame;
	unsigned long switches = debug_task_switches();

	/* An NMI may come anywhere, in the middle of what it would play. */
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && in_nmi())
		adx86_debug_report("Linux's log played in an NMI");
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && !rcu_is_watching())
		adx86_debug_report(
			"Linux's log played while RCU was not watching");
	adx86_root_frame = regs;
	adeos_play_root_stage();
	adeos_root.status |= ADEOS_STALL_FLAG;
	adx86_root_frame = outer;
	/*
	 * Linux is preempted after the play, never inside it: the task
	 * that took over would find the pipeline mid-sync, and its own
	 * enable would play the log again from inside a handler.
	 */
	if (debug_task_switches() != switches)
		adx86_debug_report(
			"Linux switched tasks inside a play of its log");
	hard_local_irq_restore(flags);
}

/*
 * Idle's polling loops (cpu_idle_poll(), cpuidle's poll state) turn
 * Linux's interrupts on between ct_idle_enter() and ct_idle_exit(),
 * with RCU not watching: what was logged plays there as an interrupt
 * taken there is handled, inside ct_irq_enter(), the way
 * irqentry_enter() and irqentry_exit() wrap it for the idle task, and
 * with lockdep told that interrupts are off meanwhile.
 */
static void root_play_unwatched(struct pt_regs *regs)
{
	bool lockdep_on = root_lockdep_irqs_on();

	if (lockdep_on)
		lockdep_hardirqs_off(CALLER_ADDR0);
	ct_irq_enter();
	if (lockdep_on)
		trace_hardirqs_off_finish();
	adx86_root_play(regs);
	if (lockdep_on) {
		trace_hardirqs_on_prepare();
		lockdep_hardirqs_on_prepare();
	}
	ct_irq_exit();
	if (lockdep_on)
		lockdep_hardirqs_on(CALLER_ADDR0);
}

/* A replay at @ip (out of line: a big local). */
noinline void adx86_root_play_replay(unsigned long ip)
{
	struct pt_regs replay;

	make_replay_frame(&replay, ip);
	if (rcu_is_watching())
		adx86_root_play(&replay);
	else
		root_play_unwatched(&replay);
}

/* Linux turned its interrupts on at @ip: play what it missed. */
static void root_sync_pending(unsigned long ip)
{
	unsigned long flags;

	/* An NMI or a domain ahead of Linux never plays Linux's stage. */
	if (in_nmi() || !root_is_current())
		return;
	flags = hard_local_irq_save();
	/*
	 * Nor does Linux code inside a hard section (a restore there puts
	 * back an "on" it saved): Linux's handlers would run with hard IRQs
	 * on in the middle of it. The next entry or enable plays the log.
	 */
	if (!flags || (adeos_root.status & ADEOS_STALL_FLAG) ||
	    !adx86_root_log_playable()) {
		hard_local_irq_restore(flags);
		return;
	}
	adeos_root.status |= ADEOS_STALL_FLAG;
	adx86_root_play_replay(ip);
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	hard_local_irq_restore(flags);
	/* As at the return from an interrupt that came in now. */
	preempt_check_resched();
}

void adx86_root_sync_pending(void)
{
	root_sync_pending(_RET_IP_);
}
EXPORT_SYMBOL(adx86_root_sync_pending);

static void root_unstall(unsigned long ip)
{
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	barrier();
	if (adeos_root.log.summary)
		root_sync_pending(ip);
}

/*
 * local_irq_enable() with CONFIG_ADEOS_DEBUG. An explicit enable with
 * hard IRQs off is code that expects it to turn them on, which it no
 * longer does.
 */
void adx86_root_enable(void)
{
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && hard_irqs_disabled() &&
	    root_is_current() && !in_nmi())
		adx86_debug_report("local_irq_enable() with hard IRQs off");
	adx86_debug_root_only("local_irq_enable");
	root_unstall(_RET_IP_);
}
EXPORT_SYMBOL(adx86_root_enable);

/* local_irq_restore() of an "on" state, with CONFIG_ADEOS_DEBUG. */
void adx86_root_restore(void)
{
	adx86_debug_root_only("local_irq_restore");
	root_unstall(_RET_IP_);
}
EXPORT_SYMBOL(adx86_root_restore);

/* Never inside a hard section: preemption would turn hard IRQs on. */
void arch_root_played(void)
{
	if (!in_nmi() && !irqs_disabled() && !hard_irqs_disabled())
		preempt_check_resched();
}
