// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux's entries on x86 other than its IRQs' (linux-patch/0005,
 * kernel/entry/common.c): exceptions and interrupts from kernel mode,
 * the return to user mode after a syscall or an exception, and NMIs
 * (with the exceptions Linux takes as NMIs). Each keeps what its exit
 * puts back on its own stack; root.c states the rules. Any x86 shares
 * it: the flags it reads and writes in pt_regs are the same in both
 * widths.
 */
#include <linux/irqflags.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <asm/ptrace.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include "root.h"

unsigned int adx86_kernel_entry(struct pt_regs *regs)
{
	unsigned int entry = 0;

	if (regs->flags & X86_EFLAGS_IF) {
		/* Otherwise a hard section goes on through the exception. */
		adx86_irqsoff_trap_entry(_THIS_IP_);
		entry |= ADX86_ENTRY_HW_ON;
	}
	if (!root_is_current()) {
		entry |= ADX86_ENTRY_DOMAIN;
		/* Linux's trap code, for the domain's exception. */
		adx86_linux_for_domain(true);
	}
	if (adeos_root.status & ADEOS_STALL_FLAG)
		entry |= ADX86_ENTRY_STALLED;
	adeos_root.status |= ADEOS_STALL_FLAG;
	/* Linux's interrupts were on only if all three say so. */
	if (entry != ADX86_ENTRY_HW_ON)
		regs->flags &= ~X86_EFLAGS_IF;
	/* Linux code was interrupted with hard IRQs on: so it goes on. */
	if ((entry & (ADX86_ENTRY_HW_ON | ADX86_ENTRY_DOMAIN)) ==
	    ADX86_ENTRY_HW_ON)
		hard_local_irq_enable();
	return entry;
}

void adx86_kernel_exit_prepare(struct pt_regs *regs, unsigned int entry)
{
	if (entry != ADX86_ENTRY_HW_ON)
		return;
	while (adx86_root_log_playable())
		adx86_root_play(regs);
}

void adx86_kernel_exit(struct pt_regs *regs, unsigned int entry, bool exit_rcu)
{
	bool preempted = false;

	hard_local_irq_disable();
	if (entry != ADX86_ENTRY_HW_ON) {
		if (entry & ADX86_ENTRY_DOMAIN)
			adx86_linux_for_domain(false);
		if (!(entry & ADX86_ENTRY_STALLED))
			adeos_root.status &= ~ADEOS_STALL_FLAG;
		if (entry & ADX86_ENTRY_HW_ON)
			regs->flags |= X86_EFLAGS_IF;
		else
			regs->flags &= ~X86_EFLAGS_IF;
		return;
	}
	/*
	 * IRQs logged during Linux's exit work would wait behind the iret
	 * until Linux next unstalls: play them as if they came in now. Not
	 * where the entry hit the idle task (exit_rcu: in 6.1 every such
	 * entry enters RCU with ct_irq_enter(), watching or not, unless RCU
	 * is TINY_RCU), whose exit has just called ct_irq_exit(): RCU may
	 * not be watching any more. The idle loop plays them, at its next
	 * enable or before it sleeps (adx86_root_idle_prepare()).
	 */
	while (!exit_rcu && adx86_root_log_playable()) {
		adx86_root_play(regs);
		if (IS_ENABLED(CONFIG_PREEMPTION) && !preempt_count() &&
		    need_resched()) {
			hard_local_irq_enable();
			preempt_schedule_irq();
			hard_local_irq_disable();
			preempted = true;
		}
	}
	/* preempt_schedule_irq() told lockdep Linux's interrupts are off. */
	if (preempted)
		trace_hardirqs_on();
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	regs->flags |= X86_EFLAGS_IF;
}

/* ---- NMI ---- */

unsigned int adx86_nmi_entry(void)
{
	unsigned int stalled = adeos_root.status & ADEOS_STALL_FLAG;

	adeos_root.status |= ADEOS_STALL_FLAG;
	return stalled;
}

void adx86_nmi_exit(unsigned int entry)
{
	if (!entry)
		adeos_root.status &= ~ADEOS_STALL_FLAG;
}

/*
 * What came for Linux during its exit work, with its stage stalled:
 * Linux's time, so it plays with a kernel-mode frame at the exit's
 * code, where the CPU was (Linux without the pipeline would take it
 * after its iret, in user mode, and charge a tick of it to user time,
 * which the instruction counts of a syscall loop do not bear out:
 * tests/boot/guest/user-share.c). Hard IRQs on after it.
 */
void adx86_root_exit_replay(void)
{
	adx86_root_play_replay(_RET_IP_);
	hard_local_irq_enable();
}
