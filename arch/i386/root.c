// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux on i386 as the pipeline's root domain.
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
 */
#include <linux/context_tracking_irq.h>
#include <linux/entry-common.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <linux/preempt.h>
#include <linux/sched.h>
#include <asm/apic.h>
#include <asm/hw_irq.h>
#include <asm/irq_vectors.h>
#include <asm/nospec-branch.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/direct.h>
#include <adeos/linux.h>
#include <adeos/version.h>

/* How Linux handles one pipeline IRQ, as its entry last saw it. */
struct root_entry {
	adx86_linux_irq_fn fn;
	u32 vector;
	struct irq_desc *desc; /* a device IRQ's, for its acknowledge */
};

static struct root_entry root_entries[ADEOS_VIRQ_BASE];

/*
 * The frame Linux's handlers see while its stage plays: the interrupted
 * one when an entry plays it, one made up at an unstall or at the
 * return to user mode, none for a play by a pipeline call. Set and put
 * back around each play by the code that plays; a play never switches
 * tasks, so it nests strictly.
 */
static struct pt_regs *root_frame;

bool adx86_apic_eoi_by_pipeline;

static bool root_is_current(void)
{
	return adeos_current == &adeos_root;
}

/*
 * Something is logged for Linux that Linux may play now. Not while a
 * domain ahead of Linux has its stage stalled: Linux code may do that
 * (around a domain's critical section); the log then plays when that
 * stage unstalls, and a loop that played until the log is empty would
 * spin for ever.
 */
static bool root_log_playable(void)
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
static void root_play(struct pt_regs *regs)
{
	unsigned long flags = hard_local_irq_save();
	struct pt_regs *outer = root_frame;
	unsigned long switches = debug_task_switches();

	/* An NMI may come anywhere, in the middle of what it would play. */
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && in_nmi())
		adx86_debug_report("Linux's log played in an NMI");
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && !rcu_is_watching())
		adx86_debug_report(
			"Linux's log played while RCU was not watching");
	root_frame = regs;
	adeos_play_root_stage();
	adeos_root.status |= ADEOS_STALL_FLAG;
	root_frame = outer;
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

/* Whether lockdep believes Linux's interrupts are on. */
static bool root_lockdep_irqs_on(void)
{
	/* 0 without CONFIG_TRACE_IRQFLAGS (<linux/irqflags.h>) */
	return lockdep_hardirqs_enabled();
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
	root_play(regs);
	if (lockdep_on) {
		trace_hardirqs_on_prepare();
		lockdep_hardirqs_on_prepare();
	}
	ct_irq_exit();
	if (lockdep_on)
		lockdep_hardirqs_on(CALLER_ADDR0);
}

/*
 * The frame of a replay at an unstall or at the return to user mode:
 * kernel mode, interrupts on, at @ip, the enable or the exit's code
 * that plays it (what profiling and the tick's user/system split read
 * of it), not the pipeline's.
 */
static void make_replay_frame(struct pt_regs *regs, unsigned long ip)
{
	memset(regs, 0, sizeof(*regs));
	regs->cs = __KERNEL_CS;
	regs->ds = __USER_DS;
	regs->es = __USER_DS;
	regs->fs = __KERNEL_PERCPU;
	regs->ss = __KERNEL_DS;
	regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	regs->ip = ip;
	regs->sp = (unsigned long)__builtin_frame_address(0);
	regs->orig_ax = -1;
}

/* A replay at @ip (out of line: a big local). */
static noinline void root_play_replay(unsigned long ip)
{
	struct pt_regs replay;

	make_replay_frame(&replay, ip);
	if (rcu_is_watching())
		root_play(&replay);
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
	    !root_log_playable()) {
		hard_local_irq_restore(flags);
		return;
	}
	adeos_root.status |= ADEOS_STALL_FLAG;
	root_play_replay(ip);
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

/* ---- idle ---- */

/*
 * Idle runs with RCU not watching (between ct_idle_enter() and
 * ct_idle_exit()), where Linux's handlers must not run: what is logged
 * stays, the stage stays stalled, and the idle loop's next enable, once
 * RCU watches again, plays it.
 */
bool adx86_root_idle_prepare(void)
{
	hard_local_irq_disable();
	if (adeos_root.log.summary) {
		hard_local_irq_enable();
		return false;
	}
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	/* What 6.1's native_safe_halt() does before it sleeps. */
	x86_idle_clear_cpu_buffers();
	return true;
}
EXPORT_SYMBOL(adx86_root_idle_prepare);

bool adx86_root_may_sleep(void)
{
	return !adeos_root.log.summary;
}
EXPORT_SYMBOL(adx86_root_may_sleep);

/*
 * Idle: Linux comes here with its stage stalled. Play what is logged,
 * or else unstall and halt, with no IRQ able to slip in between.
 */
void adx86_root_safe_halt(void)
{
	if (adx86_root_idle_prepare())
		i386_sti_hlt();
}
EXPORT_SYMBOL(adx86_root_safe_halt);

/* ---- the root domain's handlers ---- */

/* Level IRQs masked at entry for Linux, to unmask once it handled them. */
static DECLARE_BITMAP(masked_for_root, ARCH_NR_HW_IRQS);

/*
 * Acknowledge a device IRQ for Linux. On the 8259, mask and EOI; Linux's
 * level flow unmasks once its handler ran, but an edge line opens again
 * at once, as on the IO-APIC: the next edge is logged, not merged by the
 * 8259 while Linux's stage is stalled. Through the local APIC (IO-APIC
 * lines), one EOI now, since Linux's own is a no-op; a level line is
 * masked first, so that it does not fire again before Linux's handler
 * ran.
 */
static __always_inline int root_ack_desc(unsigned int irq,
					 struct irq_desc *desc)
{
	struct irq_chip *chip = desc ? irq_desc_get_chip(desc) : NULL;

	if (!chip)
		return ADEOS_ACK_DONE;
	/* The common case first: an IO-APIC edge, one EOI. */
	if (!chip->irq_mask_ack && !irqd_is_level_type(&desc->irq_data)) {
		apic_eoi();
		return ADEOS_ACK_DONE;
	}
	if (chip->irq_mask_ack) {
		chip->irq_mask_ack(&desc->irq_data);
		if (chip->irq_unmask &&
		    !adx86_line_is_level(irq, &desc->irq_data, chip))
			chip->irq_unmask(&desc->irq_data);
		return ADEOS_ACK_DONE;
	}
	if (irqd_is_level_type(&desc->irq_data) && chip->irq_mask) {
		chip->irq_mask(&desc->irq_data);
		__set_bit(irq, masked_for_root);
	}
	apic_eoi();
	return ADEOS_ACK_DONE;
}

/* The root's acknowledge of device IRQs, from the pipeline's dispatch. */
static int root_ack(unsigned int irq)
{
	/* Set by this IRQ's entry: irq_to_desc() is a tree walk. */
	return root_ack_desc(irq, root_entries[irq].desc);
}

/* After Linux's handler: open a level line masked at entry. */
static void root_irq_done(unsigned int irq)
{
	struct irq_desc *desc;
	unsigned long flags;

	if (irq >= ARCH_NR_HW_IRQS || !test_bit(irq, masked_for_root))
		return;
	flags = hard_local_irq_save();
	__clear_bit(irq, masked_for_root);
	desc = irq_to_desc(irq);
	if (desc && irq_desc_get_chip(desc)->irq_unmask &&
	    !irqd_irq_disabled(&desc->irq_data))
		irq_desc_get_chip(desc)->irq_unmask(&desc->irq_data);
	hard_local_irq_restore(flags);
}

/* The device IRQ whose Linux handler the root is running, or none. */
#define NO_IRQ_PLAYING ADX86_DIRECT_NO_IRQ
unsigned int adx86_root_irq_playing = NO_IRQ_PLAYING;

bool adx86_acked_at_entry(struct irq_desc *desc)
{
	return irq_desc_get_irq(desc) == adx86_root_irq_playing;
}

/* Linux's handler of @irq, for the frame @regs, the way its entry saw it. */
static __always_inline void root_call_linux(struct pt_regs *regs,
					    unsigned int irq,
					    adx86_linux_irq_fn fn, u32 vector)
{
	unsigned int outer = adx86_root_irq_playing;

	adx86_root_irq_playing = irq < ARCH_NR_HW_IRQS ? irq : NO_IRQ_PLAYING;
	fn(regs, vector);
	adx86_root_irq_playing = outer;
	root_irq_done(irq);
}

/*
 * Linux's log played by a pipeline call Linux made (a trigger, the
 * unstall of a stage ahead of it): no entry, return or unstall of
 * Linux's gave a frame; one is made up at the pipeline's call.
 */
static noinline void root_irq_unframed(unsigned int irq)
{
	struct root_entry *e = &root_entries[irq];
	struct pt_regs replay;

	make_replay_frame(&replay, _RET_IP_);
	root_call_linux(&replay, irq, e->fn, e->vector);
}

/*
 * The root domain's handler of device and system IRQs: Linux's own, for
 * the frame of the entry, or of the unstall or exit that plays it.
 */
static void root_irq(unsigned int irq, void *cookie)
{
	struct root_entry *e = &root_entries[irq];

	if (!root_frame) {
		root_irq_unframed(irq);
		return;
	}
	root_call_linux(root_frame, irq, e->fn, e->vector);
}

/*
 * Every handler of Linux's stage: its stage is stalled, so lockdep must
 * see Linux's interrupts off while it runs, whichever way it was played
 * (an entry has told lockdep so already; an unstall has not). Linux's
 * handlers of device and system IRQs make their own hardirq context
 * (irq_enter_rcu, irq_exit_rcu); a virtual IRQ's handler gets one here,
 * so that what it wakes preempts at the return and the softirqs it
 * raises run at irq_exit.
 */
void arch_run_root_handler(void (*handler)(unsigned int irq, void *cookie),
			   unsigned int irq, void *cookie)
{
	bool lockdep_on = root_lockdep_irqs_on();

	/* A walk inside a caller's hard section never gets this far. */
	if (IS_ENABLED(CONFIG_ADEOS_DEBUG) && adeos_hard_section_walks())
		adx86_debug_report(
			"Linux's log played inside a caller's hard section");
	if (lockdep_on)
		trace_hardirqs_off();
	if (irq >= ADEOS_VIRQ_BASE) {
		irq_enter_rcu();
		handler(irq, cookie);
		irq_exit_rcu();
	} else {
		handler(irq, cookie);
	}
	if (lockdep_on)
		trace_hardirqs_on();
}

static int root_sysvec_ack(unsigned int irq)
{
	apic_eoi();
	return ADEOS_ACK_DONE;
}

/* The spurious vector is never in service: it gets no EOI. */
static int root_spurious_ack(unsigned int irq)
{
	return ADEOS_ACK_DONE;
}

/* ---- entries ---- */

/*
 * The pipeline's part of an interrupt, then Linux's if it may run now.
 * Linux's stage is stalled while the pipeline logs and runs the domains
 * ahead of it, so that Linux's handlers run only inside Linux's entry.
 */
static void pipeline_entry(struct pt_regs *regs, unsigned int irq)
{
	irqentry_state_t state;
	unsigned long stalled;

	if (!root_is_current()) {
		/* A domain ahead of Linux was interrupted: not Linux. */
		adeos_handle_irq(irq);
		return;
	}
	stalled = adeos_root.status & ADEOS_STALL_FLAG;
	adeos_root.status |= ADEOS_STALL_FLAG;
	adeos_handle_irq(irq);
	if (stalled || !root_log_playable()) {
		if (!stalled)
			adeos_root.status &= ~ADEOS_STALL_FLAG;
		return;
	}
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	/* Linux with its interrupts on: enter it, as its IDT entry did. */
	adx86_irqsoff_exit(_THIS_IP_);
	state = irqentry_enter(regs);
	root_play(regs);
	irqentry_exit(regs, state);
}

/*
 * A direct IRQ goes back to its IDT entry, which runs Linux's entry and
 * handler as without the pipeline, then adx86_irq_direct_done() with
 * the token made here (<adeos/linux.h>).
 */
static __always_inline unsigned long direct_token(unsigned int irq, int end)
{
	unsigned long token = ADX86_DIRECT | irq;

	/*
	 * Only a level line's flow asks whether the pipeline acknowledged
	 * it (adx86_acked_at_entry()), and only a level or held line waits
	 * for the handler's end: an edge costs nothing more.
	 */
	if (end) {
		token |=
			ADX86_DIRECT_END | (unsigned long)adx86_root_irq_playing
						   << ADX86_DIRECT_OUTER_SHIFT;
		adx86_root_irq_playing = irq;
	}
	return token;
}

void __adx86_irq_direct_done(unsigned long token)
{
	unsigned int irq = token & ADX86_DIRECT_IRQ;

	adx86_root_irq_playing =
		(token >> ADX86_DIRECT_OUTER_SHIFT) & ADX86_DIRECT_NO_IRQ;
	root_irq_done(irq);
	adeos_root_direct_done(irq);
}
EXPORT_SYMBOL(__adx86_irq_direct_done);

/*
 * Every IRQ: Linux's, at once, if only Linux takes it and Linux runs
 * with its interrupts on (a token for its IDT entry); else through the
 * pipeline's log (0). What Linux's handler needs is kept for a replay,
 * and the descriptor for the root's acknowledge (root_ack()).
 */
static __always_inline unsigned long
root_entry(struct pt_regs *regs, unsigned int irq, struct irq_desc *desc,
	   adx86_linux_irq_fn fn, u32 vector)
{
	adeos_irq_ack_t ack = adeos_root.irqs[irq].acknowledge;
	struct root_entry *e = &root_entries[irq];
	struct irq_chip *chip;
	int direct;

	if (likely(adeos_root_may_take(irq))) {
		if (ack != root_ack) {
			/* A system vector: its line has no level. */
			direct = adeos_root_took(irq, ack(irq));
			return direct > 0 ?
				       direct_token(irq,
						    direct ==
							    ADEOS_DIRECT_HELD) :
				       0;
		}
		/* A device IRQ's acknowledge, inline, with its descriptor. */
		direct = adeos_root_took(irq, root_ack_desc(irq, desc));
		if (direct <= 0)
			return 0;
		chip = irq_desc_get_chip(desc);
		return direct_token(
			irq, direct == ADEOS_DIRECT_HELD ||
				     (chip &&
				      (chip->irq_mask_ack ||
				       irqd_is_level_type(&desc->irq_data))));
	}
	e->desc = desc;
	e->fn = fn;
	e->vector = vector;
	pipeline_entry(regs, irq);
	return 0;
}

/*
 * Device vectors that have no IRQ behind them (unused, or being freed
 * while an IRQ was in flight) go to Linux through one pipeline IRQ of
 * their own, after the system vectors: Linux reports or retires them.
 */
#define ROOT_NO_IRQ_VECTOR \
	(ADEOS_SYS_IRQ_BASE + NR_VECTORS - FIRST_SYSTEM_VECTOR)

unsigned long adx86_irq_entry(struct pt_regs *regs, u32 vector,
			      adx86_linux_irq_fn fn)
{
	struct irq_desc *desc = __this_cpu_read(vector_irq[vector]);
	unsigned int irq = ROOT_NO_IRQ_VECTOR;
	unsigned long direct;

	adx86_irqsoff_irq_entry(_THIS_IP_);
	if (!IS_ERR_OR_NULL(desc) && irq_desc_get_irq(desc) < ARCH_NR_HW_IRQS)
		irq = irq_desc_get_irq(desc);
	direct = root_entry(regs, irq, desc, fn, vector);
	/* The pipeline's part of the hard-IRQs-off section ends here. */
	adx86_irqsoff_exit(_THIS_IP_);
	return direct;
}

/* System vectors at fixed IRQs: the local APIC timer is the first. */
unsigned long adx86_sysvec_entry(struct pt_regs *regs, adx86_linux_irq_fn fn,
				 u32 vector)
{
	unsigned int irq = ADEOS_SYS_IRQ_BASE + vector - FIRST_SYSTEM_VECTOR;
	unsigned long direct;

	adx86_irqsoff_irq_entry(_THIS_IP_);
	if (vector < FIRST_SYSTEM_VECTOR || vector >= NR_VECTORS)
		arch_panic(__func__, "a system vector below the first");
	direct = root_entry(regs, irq, NULL, fn, vector);
	adx86_irqsoff_exit(_THIS_IP_);
	return direct;
}

/* ---- exception and syscall entry and exit ---- */

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
	while (root_log_playable())
		root_play(regs);
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
	while (!exit_rcu && root_log_playable()) {
		root_play(regs);
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
 * tests/boot/guest/user-share.c).
 */
bool __adx86_root_exit_pending(void)
{
	if (!root_log_playable())
		return false;
	root_play_replay(_RET_IP_);
	hard_local_irq_enable();
	return true;
}

/* ---- set-up ---- */

void __init adx86_arch_init(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long stalled = adeos_root.status & ADEOS_STALL_FLAG;
	unsigned int irq;

	/* Every system vector has its IRQ, and so has "no IRQ behind it". */
	BUILD_BUG_ON(NR_VECTORS - FIRST_SYSTEM_VECTOR + 1 != ARCH_NR_SYS_IRQS);
	adeos_init("Linux");
	/* Without the irqflags hook Linux uses the real flag: never stalled. */
	if (IS_ENABLED(CONFIG_ADEOS_IRQFLAGS))
		adeos_root.status |= stalled;
	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, root_irq, NULL,
					  root_ack, ADEOS_HANDLE_MASK);
	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, root_irq, NULL,
					  root_sysvec_ack,
					  ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	adeos_virtualize_irq_from(&adeos_root,
				  ADEOS_SYS_IRQ_BASE + SPURIOUS_APIC_VECTOR -
					  FIRST_SYSTEM_VECTOR,
				  root_irq, NULL, root_spurious_ack,
				  ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	adx86_apic_eoi_by_pipeline = true;
	hard_local_irq_restore(flags);
	pr_info("adeos: pipeline %s: Linux is the root domain\n",
		ADEOS_VERSION_STRING);
}
