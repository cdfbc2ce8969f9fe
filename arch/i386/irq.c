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
#include <asm/hw_irq.h>
#include <asm/irq_vectors.h>
#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/direct.h>
#include <adeos/linux.h>
#include "root.h"

/* How Linux handles one pipeline IRQ, as its entry last saw it. */
struct root_entry {
	adx86_linux_irq_fn fn;
	u32 vector;
	struct irq_desc *desc; /* a device IRQ's, for its acknowledge */
};

static struct root_entry root_entries[ADEOS_VIRQ_BASE];

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
int adx86_root_ack(unsigned int irq)
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

int adx86_root_sysvec_ack(unsigned int irq)
{
	apic_eoi();
	return ADEOS_ACK_DONE;
}

/* The spurious vector is never in service: it gets no EOI. */
int adx86_root_spurious_ack(unsigned int irq)
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
 * and the descriptor for the root's acknowledge (adx86_root_ack()).
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
		if (ack != adx86_root_ack) {
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
