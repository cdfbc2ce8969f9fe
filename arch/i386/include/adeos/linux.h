/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hooks Linux's own files call under CONFIG_ADEOS (linux-patch/):
 * interrupt entry, exception and syscall entry/exit, the 8259's lock,
 * Linux's APIC EOI. Everything here runs with hard IRQs off unless it
 * says otherwise.
 */
#ifndef ADEOS_I386_LINUX_H
#define ADEOS_I386_LINUX_H

#include <linux/types.h>

struct pt_regs;

/* Linux's own handling of one vector: irqentry_enter, handler, exit. */
typedef void (*adeos_linux_irq_fn)(struct pt_regs *regs, u32 vector);

/* Linux's handler of the spurious vector, which never goes through. */
void sysvec_spurious_apic_interrupt_root(struct pt_regs *regs, u32 vector);

/* The IDT entry of a device IRQ, and of a system vector. */
void adeos_irq_entry(struct pt_regs *regs, u32 vector, adeos_linux_irq_fn fn);
void adeos_sysvec_entry(struct pt_regs *regs, adeos_linux_irq_fn fn);

/*
 * Exception entry and exit, kernel mode: the IF bit in @regs becomes
 * Linux's interrupt state at entry, and the CPU's again at exit. Before
 * Linux's exit work, what was logged for it is played, if the frame
 * returns to a context with its interrupts on.
 */
void adeos_kernel_entry(struct pt_regs *regs);
void adeos_kernel_exit_prepare(struct pt_regs *regs);
void adeos_kernel_exit(struct pt_regs *regs);
/* Entry from and return to user mode. */
void adeos_user_entry(void);
void adeos_user_exit(void);
/*
 * Before returning to a context with Linux's interrupts on: hard IRQs
 * off; if the root stage has IRQs logged, play them (hard IRQs on) and
 * return true, so that the exit work is checked again.
 */
bool adeos_root_exit_pending(void);

/* Set up the pipeline with Linux as its root domain (from init_IRQ). */
void adeos_arch_init(void);
/* Once the pipeline acknowledges the local APIC, Linux's EOI is a no-op. */
extern bool adeos_apic_eoi_by_pipeline;

#endif /* ADEOS_I386_LINUX_H */
