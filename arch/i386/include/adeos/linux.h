/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hooks Linux's own files call under CONFIG_ADEOS (linux-patch/):
 * interrupt entry, exception and syscall entry/exit, idle, Linux's APIC
 * EOI. Those of Linux's generic code (genirq, PCI), which core's glue
 * defines for any arch, are in <adeos/hooks.h>.
 *
 * The rule they keep (DESIGN.md): Linux runs with hard IRQs on, except
 * inside explicit hard_* sections. Every way into Linux turns them on
 * and records Linux's state at the entry on the entry's own stack
 * (irqentry_state_t); Linux's local_irq_*() only stall and unstall its
 * stage of the pipeline and never touch the CPU's flag.
 *
 * Any x86 shares it.
 */
#ifndef ADEOS_I386_LINUX_H
#define ADEOS_I386_LINUX_H

#include <linux/types.h>
#include <adeos/adeos.h>
#include <adeos/insn.h>

struct pt_regs;
struct irq_chip;
struct irq_data;
struct irq_desc;

/*
 * Linux's own handling of one vector, between irq_enter_rcu() and
 * irq_exit_rcu(): the pipeline runs it as the root domain's handler,
 * inside Linux's entry (irqentry_enter/exit) made around it.
 */
typedef void (*adx86_linux_irq_fn)(struct pt_regs *regs, u32 vector);

/*
 * The IDT entry of a device IRQ, and of a system vector. @return 0: the
 * pipeline took the IRQ (Linux's part, fn, runs when its stage allows);
 * else a token: the IRQ is only Linux's and Linux runs with its
 * interrupts on, so it is acknowledged, and the IDT entry runs Linux's
 * entry and handler at once, as without the pipeline, then
 * adx86_irq_direct_done(token) before Linux's exit.
 */
unsigned long adx86_irq_entry(struct pt_regs *regs, u32 vector,
			      adx86_linux_irq_fn fn);
unsigned long adx86_sysvec_entry(struct pt_regs *regs, adx86_linux_irq_fn fn,
				 u32 vector);

/*
 * The token: the IRQ, the IRQ Linux was playing before it (put back
 * after: adx86_acked_at_entry() reads it), and whether the pipeline must
 * end the IRQ after Linux's handler (a level line masked at its
 * acknowledge, or held).
 */
#define ADX86_DIRECT (1UL << 31)
#define ADX86_DIRECT_END (1UL << 30)
#define ADX86_DIRECT_OUTER_SHIFT 16
#define ADX86_DIRECT_IRQ 0xffffUL
#define ADX86_DIRECT_NO_IRQ 0x3fffU /* no device IRQ playing */

extern unsigned int adx86_root_irq_playing;
void __adx86_irq_direct_done(unsigned long token);

static __always_inline void adx86_irq_direct_done(unsigned long token)
{
	if (__builtin_expect(token & ADX86_DIRECT_END, 0)) {
		__adx86_irq_direct_done(token);
		return;
	}
	adx86_root_irq_playing =
		(token >> ADX86_DIRECT_OUTER_SHIFT) & ADX86_DIRECT_NO_IRQ;
}

/*
 * What irqentry_enter() found, for irqentry_exit() (irqentry_state_t's
 * adeos field): the CPU's flag was on in the interrupted context, a
 * domain ahead of Linux was running, Linux's stage was stalled. Only
 * ADX86_ENTRY_HW_ON alone means "Linux, with its interrupts on".
 */
#define ADX86_ENTRY_HW_ON 0x1
#define ADX86_ENTRY_DOMAIN 0x2
#define ADX86_ENTRY_STALLED 0x4

/*
 * Exception and interrupt entry from kernel mode: Linux's stage is
 * stalled, the IF bit in @regs becomes Linux's interrupt state, and hard
 * IRQs come back on if the interrupted Linux code had them on. @return
 * the ADX86_ENTRY_* flags to hand to the exit hooks.
 */
unsigned int adx86_kernel_entry(struct pt_regs *regs);
/*
 * Before Linux's exit work: what was logged for Linux meanwhile plays,
 * if the frame returns to Linux with its interrupts on.
 */
void adx86_kernel_exit_prepare(struct pt_regs *regs, unsigned int entry);
/*
 * After it: hard IRQs off, the stage and the IF bit as they were at the
 * entry. @exit_rcu (irqentry_state_t): the entry hit the idle task; in
 * 6.1 irqentry_enter() then calls ct_irq_enter() whether RCU was
 * watching or not (always, unless TINY_RCU), and Linux's exit has just
 * called ct_irq_exit(), after which RCU may not be watching: nothing of
 * Linux's is played here.
 */
void adx86_kernel_exit(struct pt_regs *regs, unsigned int entry, bool exit_rcu);

/*
 * NMIs, and the exceptions Linux takes as NMIs (int3, debug from kernel
 * mode): Linux's stage stalls for their duration, so that lockdep finds
 * Linux's interrupts off there as on a machine without the pipeline, and
 * nothing they run plays the log; the exit puts the stage back, without
 * playing either. @return the stage's state for the exit.
 */
unsigned int adx86_nmi_entry(void);
void adx86_nmi_exit(unsigned int entry);

/*
 * Entry from user mode and the return to it, on every syscall: inline,
 * in <adeos/irqflags.h> (adx86_user_entry(), adx86_user_entry_done(),
 * adx86_user_exit()), and the ones below, which only kernel/entry/
 * common.c calls.
 */
#ifdef CONFIG_ADEOS_DEBUG
/* Hard IRQs off and Linux's log empty at a syscall's enable. */
void adx86_syscall_entry_check(void);
#else
static inline void adx86_syscall_entry_check(void)
{
}
#endif

/*
 * A syscall's first enable (syscall_enter_from_user_mode()): the CPU's
 * IRQs have been off since the SYSENTER or int $0x80, and the return to
 * user mode left Linux's log empty with them off, so nothing can have
 * been logged for Linux: unstall and turn them on without a look at the
 * log.
 */
static __always_inline void adx86_syscall_entry_enable(void)
{
	adx86_syscall_entry_check();
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	i386_sti();
}

/*
 * On the return to user mode, its last look, after the exit work: hard
 * IRQs off; whether anything is logged for Linux (to be played, and the
 * exit work done again).
 */
static __always_inline bool adx86_user_exit_logged(void)
{
	i386_cli();
	return adeos_root.log.summary != 0;
}

/*
 * Something is logged for Linux that Linux may play now: nothing holds
 * its log back (arch/i386/root.c).
 */
bool adx86_root_log_playable(void);

/*
 * The pipeline's IRQ of the timer service's device (the local APIC
 * timer's vector, or the PIT's IRQ 0) once the service owns it
 * (timer.c), else ~0: its entry is the service's.
 */
extern unsigned int adx86_timer_irq;
/*
 * Linux's own callbacks for the local APIC timer (linux-patch/0020) and
 * for the PIT (0021): true, and counted, once the service set that
 * device up as its own; they must then write nothing
 * (arch_timer_os_refusals() counts them).
 */
bool adx86_lapic_timer_refused(void);
bool adx86_pit_timer_refused(void);
/*
 * Linux refined tsc_khz a second or so after boot, where it measured
 * the TSC against another clock (tsc.c, through apic.c's
 * lapic_update_tsc_freq(), linux-patch/0020): the service's device and
 * Linux's proxy then convert at the new rate. Process context.
 */
void adx86_tsc_refined(void);

/*
 * Play Linux's log at the return to user mode, with a kernel-mode frame
 * at the caller's code; hard IRQs on after it.
 */
void adx86_root_exit_replay(void);

/*
 * Whether Linux's flow handler runs for the IRQ that the root domain is
 * playing: the pipeline masked and acknowledged it at its entry, so
 * Linux's level flow only records the mask (a second acknowledge finds
 * nothing in service, and the 8259 counts it as spurious). An IRQ that
 * a chained handler raises in software never entered the pipeline.
 */
bool adx86_acked_at_entry(struct irq_desc *desc);

/*
 * Whether the line of @irq (@data, its chip @chip) is level-triggered:
 * on the IO-APIC, as Linux set its pin up; on the 8259, as the chipset's
 * ELCR says (arch/i386/line.c). Process context.
 */
bool adx86_line_is_level(unsigned int irq, struct irq_data *data,
			 struct irq_chip *chip);
/*
 * Linux changed the chip, the flow handler or the trigger of @desc's
 * line: the pipeline chooses how to acknowledge it again
 * (arch/i386/line.c). Any context.
 */
void adx86_line_changed(struct irq_desc *desc);
/* The chipset's ELCR now says ISA IRQ @irq is level-triggered. */
void adx86_line_elcr_changed(unsigned int irq);
/* The descriptor of @irq goes: nothing acknowledges the line. */
void adx86_line_forget(unsigned int irq);
/*
 * Make ISA IRQ @irq deliverable for domain @domain before the glue
 * requests it: its IO-APIC pin where Linux left it on the 8259 (no
 * firmware entry), set up as the chipset's ELCR says the line is. 0, or
 * a negative errno after a message naming why the hardware cannot
 * deliver it (the cascade IRQ 2, a pin that carries another source).
 * Process context (arch/i386/route.c).
 */
int adx86_route_isa_irq(unsigned int irq, const char *domain);

/*
 * Exceptions taken while a domain ahead of Linux runs (arch/i386/fault.c).
 *
 * Linux's trap code calls adx86_domain_trap() where it would oops, once
 * it found no fixup of its own: true when the fault hit a domain's
 * handler, which is then stopped; @regs resume at the pipeline's landing
 * (the handler's frames are abandoned). @address: what a page fault was
 * for, else 0.
 */
bool adx86_domain_trap(struct pt_regs *regs, int trapnr, unsigned long address);
/* A BUG() (not a WARN()) at @regs->ip, in a domain: not Linux's to report. */
bool adx86_domain_bug(struct pt_regs *regs);
/* A double fault in a domain: panic, naming it. */
void adx86_double_fault(struct pt_regs *regs);
/*
 * A domain ahead of Linux runs: its faults and printk are not Linux's.
 * Inline: every page fault from user mode asks.
 */
struct adeos_domain;
extern struct adeos_domain adeos_root, *adeos_current;

static __always_inline bool adx86_domain_running(void)
{
	return adeos_current != &adeos_root;
}
/*
 * Linux code runs on a domain's behalf (its exception, its printk): it
 * may take Linux's interrupt flag, which CONFIG_ADEOS_DEBUG otherwise
 * reports from a domain. Nests; no-op when Linux is current.
 */
void adx86_linux_for_domain(bool begin);
/* The exception entry of a domain (adx86_kernel_entry) is one such. */
bool adx86_linux_runs_for_domain(void);

/*
 * An exception, before Linux handles it: offered to the domains that
 * catch its vector (adeos_catch_event()). true: one handled it, and
 * Linux must not. Inline, one test when no domain catches the vector
 * (every page fault comes here).
 */
extern unsigned long adeos_event_map;
bool __adx86_exception_event(unsigned int vector, struct pt_regs *regs);

static __always_inline bool adx86_exception_event(unsigned int vector,
						  struct pt_regs *regs)
{
	if (__builtin_expect(!(adeos_event_map & (1UL << vector)), 1))
		return false;
	return __adx86_exception_event(vector, regs);
}

/* Set up the pipeline with Linux as its root domain (from init_IRQ). */
void adx86_arch_init(void);
/* Once the pipeline acknowledges the local APIC, Linux's EOI is a no-op. */
extern bool adx86_apic_eoi_by_pipeline;

#endif /* ADEOS_I386_LINUX_H */
