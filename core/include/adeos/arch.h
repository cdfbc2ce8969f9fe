/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The arch contract: everything the pipeline needs from the machine, and
 * nothing more. This comment lists all of it, each hook declared once,
 * in the header of its topic.
 *
 * Each arch supplies <adeos/arch_defs.h> (found through the include
 * path), which must provide:
 *
 *   ARCH_NR_HW_IRQS           number of device IRQs, numbered from 0
 *   ARCH_NR_SYS_IRQS          number of system IRQs the arch routes through
 *                             the pipeline (a per-CPU timer, spurious and
 *                             error interrupts)
 *   struct arch_landing       where a fault in a domain's handler resumes
 *                             (arch_call_handler(), below)
 *   struct arch_task_context  what a task switch saves (adeos/context.h)
 *   struct arch_fpu_state     the floating point and vector registers, as
 *                             the arch's save instruction lays them out
 *                             (adeos/context.h)
 *   NULL, the E* error numbers, and the hard_* helpers below as static
 *   inline functions (they sit on every interrupt path).
 *
 * and implements, out of line, the hooks of four headers:
 *
 *   adeos/arch.h     (this one) the hard interrupt flag: hard_*; the
 *                    interrupt controller: arch_irq_ack, arch_irq_end,
 *                    arch_irq_pending, arch_irq_mask, arch_irq_unmask;
 *                    handler calls: arch_run_root_handler,
 *                    arch_root_played, arch_call_handler; a handler
 *                    call's time: arch_timestamp, arch_budget_overruns;
 *                    failures: arch_report_fault, arch_panic
 *   adeos/clock.h    the timestamp counter's rate for templates that
 *                    keep time: arch_timestamp_per_us,
 *                    arch_stamps_to_ns
 *   adeos/timer.h    the timer service's one-shot device:
 *                    arch_timer_program, arch_timer_disarm; taken from
 *                    the OS at boot: arch_timer_claim,
 *                    arch_timer_claimed, arch_timer_stops_in_idle,
 *                    arch_timestamp_khz; arch_timer_name,
 *                    arch_timer_os_refusals, arch_timer_irq
 *   adeos/context.h  (executive/include/) task contexts for the executive:
 *                    arch_task_init, arch_task_switch; the FPU:
 *                    arch_fpu_init, arch_fpu_save, arch_fpu_restore
 *
 * The arch describes its IRQ lines to the pipeline's one acknowledge
 * flow through adeos/line.h: struct adeos_line_ops, each controller's
 * mask, unmask and EOI, filled once per controller, and adeos_line_set()
 * for each line, again whenever the OS changes its controller or
 * trigger (its arch_irq_ack/arch_irq_end may then be the flow's own).
 *
 * The arch calls the pipeline through the adeos_* entries at the end of
 * this header. The OS the pipeline runs under has a contract of its
 * own, adeos/os.h.
 *
 * Prefixes: a name says where it is defined (make lint checks adeos_).
 *   adeos_  core/ only: the public API (adeos.h), and what core offers
 *           the arch and the OS (the headers of core/include/adeos/,
 *           such as the "what the arch calls" below, and hooks.h for
 *           Linux's generic code); no arch defines an adeos_ name
 *   arch_   the contract's hooks, which each arch implements out of line
 *   hard_   the real CPU interrupt flag, as opposed to a pipeline stage
 *           (static inline in each arch's arch_defs.h)
 *   adx86_  an x86 arch's own glue and helpers, which i386 and a later
 *           x86_64 share: the hooks Linux's x86 code calls
 *           (<adeos/linux.h>), the root stage's irqflags, rtc_lock, the
 *           hard locks, the checks and the irqsoff tracer; ADX86_ for its
 *           constants, __adx86_ for the out-of-line half of an inline.
 *           Not x86_, which is Linux's (x86_init, x86_idle_...).
 *   i386_   what only the 32-bit port can have: the instruction helpers
 *           of <adeos/insn.h>, the symbols of landing.S and switch.S
 *
 * Calling context: the pipeline calls every arch_* hook with hard IRQs
 * off, so an arch needs no locking of its own against the pipeline.
 */
#ifndef ADEOS_ARCH_H
#define ADEOS_ARCH_H

#include <adeos/arch_defs.h>

/* The hard interrupt flag (static inline in arch_defs.h). */

/*
 * Disable hard IRQs; return the previous state, nonzero if they were on
 * (the pipeline reads a caller's hard section from it).
 * @see hard_local_irq_restore
 */
static inline unsigned long hard_local_irq_save(void);
/* Put the hard flag back as hard_local_irq_save() found it. @see hard_local_irq_save */
static inline void hard_local_irq_restore(unsigned long flags);
/* Enable hard IRQs; pending ones may be taken at once. @see hard_local_irq_disable */
static inline void hard_local_irq_enable(void);
/* Disable hard IRQs. @see hard_local_irq_enable */
static inline void hard_local_irq_disable(void);
/* @return nonzero if hard IRQs are off. */
static inline int hard_irqs_disabled(void);

/* The interrupt controller (out of line). */

/*
 * Acknowledge a device or system IRQ so that the controller can raise
 * the next one: an EOI for an edge, and for a level-triggered line a
 * mask and an EOI, which holds it until arch_irq_end(). The pipeline
 * uses this when no domain installed an acknowledge routine of its own.
 * @return ADEOS_ACK_DONE, ADEOS_ACK_HELD for a line held, or
 * ADEOS_ACK_SPURIOUS for an IRQ that was not there (dropped).
 */
int arch_irq_ack(unsigned int irq);
/* Open the line of a held IRQ again (ADEOS_ACK_HELD). */
void arch_irq_end(unsigned int irq);
/*
 * Whether device IRQ @irq is pending at the controller, raised again
 * and not yet taken (the storm guard asks at the end of an arrival).
 */
int arch_irq_pending(unsigned int irq);
/* Mask an IRQ line at the controller. @see arch_irq_unmask */
void arch_irq_mask(unsigned int irq);
/* Unmask an IRQ line at the controller. @see arch_irq_mask */
void arch_irq_unmask(unsigned int irq);

/*
 * Run one of the root domain's handlers for @irq: the OS wraps it in
 * what its own interrupt handlers expect around them (on Linux, the
 * hardirq context of irq_enter/irq_exit, for virtual IRQs too). Called
 * with the root's stage stalled and hard IRQs on, unless the root is
 * the head of the pipeline.
 */
void arch_run_root_handler(void (*handler)(unsigned int irq, void *cookie),
			   unsigned int irq, void *cookie);

/*
 * The root domain asked the pipeline for something (a virtual IRQ) and
 * the pipeline played the root's stage for it on the spot. Called once
 * the caller's hard IRQs are back as they were, with the root current:
 * an OS that preempts at the return from an interrupt does so here too,
 * since the root's handlers may have woken a task.
 */
void arch_root_played(void);

/*
 * Call @handler(@irq, @cookie), a domain's, with a landing pad: @landing
 * (struct arch_landing, from arch_defs.h) records where a fault inside
 * the handler resumes, once the arch's exception path has abandoned the
 * handler's frames (adeos_domain_fault()).
 * @return 0 when the handler returned, nonzero when a fault landed.
 */
int arch_call_handler(struct arch_landing *landing,
		      void (*handler)(unsigned int irq, void *cookie),
		      unsigned int irq, void *cookie);
/*
 * @return the timestamp counter now: a free-running count, at the rate
 * arch_timestamp_per_us() gives (adeos/clock.h). A handler call's
 * duration, for the budgets; templates read the time with it.
 */
unsigned long long arch_timestamp(void);
/*
 * The handler calls in a row past their domain's budget that stop it:
 * ADEOS_BUDGET_OVERRUNS, or ADEOS_BUDGET_OVERRUNS_GUEST in a virtual
 * machine (adeos.h says why).
 */
unsigned int arch_budget_overruns(void);
/* A domain was stopped (adomain_t.fault): one line for the OS's log. */
struct adeos_domain;
void arch_report_fault(const struct adeos_domain *d);

/* A broken pipeline invariant: report it, naming @func, and stop. */
void arch_panic(const char *func, const char *why) __attribute__((noreturn));

/* What the arch calls. */

/*
 * The pipeline's one entry for a hardware IRQ, called by the arch's entry
 * glue with hard IRQs off; returns with hard IRQs off.
 */
void adeos_handle_irq(unsigned int irq);
/*
 * Its fast path for an IRQ only the root takes, while the root runs
 * unstalled (core/pipeline.c): 1, the arch runs the root's handler at
 * once; ADEOS_DIRECT_HELD, the same, then adeos_root_direct_done(); 0,
 * it calls adeos_handle_irq(); -1, spurious. Hard IRQs off.
 */
#define ADEOS_DIRECT_HELD 2
int adeos_root_direct(unsigned int irq);
void adeos_root_direct_done(unsigned int irq);
/*
 * Unstall the root's stage and play what can be played, the root's log
 * with hard IRQs on for its handlers: the arch's own play of the root,
 * from a point where the OS runs with hard IRQs on (an entry, an
 * enable, an exit) though they are off for the call. Returns with hard
 * IRQs off; the arch preempts afterwards as it does.
 */
void adeos_play_root_stage(void);
/*
 * How many walks inside a caller's hard section are in progress: while
 * one is, hard IRQs stay off and no root handler runs (debug checks).
 */
unsigned int adeos_hard_section_walks(void);

#endif /* ADEOS_ARCH_H */
