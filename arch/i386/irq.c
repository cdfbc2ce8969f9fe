// SPDX-License-Identifier: GPL-2.0-only
/*
 * The root domain's IRQs on x86: the IDT entries of device IRQs and
 * system vectors enter here (linux-patch/0004), and Linux's handlers run
 * from here as the root's, either at once (the direct path, when only
 * Linux takes the IRQ and its interrupts are on) or when the pipeline
 * plays Linux's log. Any x86 shares it; root.c states the rules.
 */
#include <linux/entry-common.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <asm/apic.h>
#include <asm/irq_regs.h>
#include <asm/hw_irq.h>
#include <asm/irq_vectors.h>
#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/direct.h>
#include <adeos/line.h>
#include <adeos/linux.h>
#include <adeos/timer.h>
#include "root.h"

/* How Linux handles one pipeline IRQ, as its entry last saw it. */
struct root_entry {
	adx86_linux_irq_fn fn;
	u32 vector;
};

static struct root_entry root_entries[ADEOS_VIRQ_BASE];

/* ---- the root domain's handlers ---- */

/*
 * The root's acknowledge of every hardware IRQ, from the pipeline's
 * dispatch (adeos/line.h): an edge EOI'd, a level line held until
 * Linux's handler ran, unless Linux's level flow opens it itself.
 */
int adx86_root_ack(unsigned int irq)
{
	return adeos_line_ack_root(&adeos_lines[irq]);
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
void adx86_root_irq(unsigned int irq, void *cookie)
{
	struct root_entry *e = &root_entries[irq];

	if (!adx86_root_frame) {
		root_irq_unframed(irq);
		return;
	}
	root_call_linux(adx86_root_frame, irq, e->fn, e->vector);
}

/*
 * A virtual IRQ's handler, such as Linux's proxied tick, which reads
 * the interrupted frame (get_irq_regs()): the frame played, or one made
 * up at the pipeline's call that played it.
 */
static noinline void root_virq(void (*handler)(unsigned int irq, void *cookie),
			       unsigned int irq, void *cookie)
{
	struct pt_regs replay, *regs = adx86_root_frame, *old;

	if (!regs) {
		make_replay_frame(&replay, _RET_IP_);
		regs = &replay;
	}
	old = set_irq_regs(regs);
	irq_enter_rcu();
	handler(irq, cookie);
	irq_exit_rcu();
	set_irq_regs(old);
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
	if (irq >= ADEOS_VIRQ_BASE)
		root_virq(handler, irq, cookie);
	else
		handler(irq, cookie);
	if (lockdep_on)
		trace_hardirqs_on();
}

/* ---- entries ---- */

/*
 * The pipeline takes @irq: the timer service's device, once the service
 * owns it (timer.c), goes to the service's entry, acknowledged first as
 * its line says; any other IRQ to the pipeline's.
 */
static __always_inline void pipeline_take(unsigned int irq)
{
	if (unlikely(irq == adx86_timer_irq)) {
		arch_irq_ack(irq);
		adeos_timer_interrupt();
		return;
	}
	adeos_handle_irq(irq);
}

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
		pipeline_take(irq);
		return;
	}
	stalled = adeos_root.status & ADEOS_STALL_FLAG;
	adeos_root.status |= ADEOS_STALL_FLAG;
	pipeline_take(irq);
	if (stalled || !adx86_root_log_playable()) {
		if (!stalled)
			adeos_root.status &= ~ADEOS_STALL_FLAG;
		return;
	}
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	/* Linux with its interrupts on: enter it, as its IDT entry did. */
	adx86_irqsoff_exit(_THIS_IP_);
	state = irqentry_enter(regs);
	adx86_root_play(regs);
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
	 * Only Linux's level flow asks whether the pipeline acknowledged
	 * the line (adx86_acked_at_entry()), and only a held line waits
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
	unsigned long flags;

	adx86_root_irq_playing =
		(token >> ADX86_DIRECT_OUTER_SHIFT) & ADX86_DIRECT_NO_IRQ;
	flags = hard_local_irq_save();
	adeos_root_direct_done(irq);
	hard_local_irq_restore(flags);
}
EXPORT_SYMBOL(__adx86_irq_direct_done);

/*
 * Every IRQ: Linux's, at once, if only Linux takes it and Linux runs
 * with its interrupts on (a token for its IDT entry); else through the
 * pipeline's log (0). What Linux's handler needs is kept for a replay.
 * The root's acknowledge is inline here (adx86_root_ack()'s).
 */
static __always_inline unsigned long root_entry(struct pt_regs *regs,
						unsigned int irq,
						adx86_linux_irq_fn fn,
						u32 vector)
{
	const struct adeos_line *line = &adeos_lines[irq];
	struct root_entry *e = &root_entries[irq];
	int direct, end;

	if (likely(adeos_root_may_take(irq))) {
		direct = adeos_root_took(irq, adeos_line_ack_root(line));
		if (direct <= 0)
			return 0;
		end = direct == ADEOS_DIRECT_HELD ||
		      (line->flags & ADEOS_LINE_OS_ENDS);
		return direct_token(irq, end);
	}
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
	direct = root_entry(regs, irq, fn, vector);
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
	direct = root_entry(regs, irq, fn, vector);
	adx86_irqsoff_exit(_THIS_IP_);
	return direct;
}
