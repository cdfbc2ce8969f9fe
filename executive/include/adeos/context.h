/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Task contexts: what an executive that runs tasks inside a domain
 * (executive/) needs from the machine: the arch builds its side
 * (arch/i386/context.c, switch.S) only into kernels with the executive
 * (CONFIG_ADEOS_EXECUTIVE). Each task has a stack of its own; the
 * executive switches between them, and back to the context that was
 * running when it took over (the OS, or a domain below), only from its
 * domain's scheduler hook (adeos/sched.h) or from a task, never with a
 * handler of its domain on the stack.
 *
 * The arch's <adeos/arch_defs.h> provides struct arch_task_context
 * (what a switch saves) and struct arch_fpu_state (the floating point
 * and vector registers, as its save instruction lays them out).
 * Everything here is called with hard IRQs off.
 */
#ifndef ADEOS_CONTEXT_H
#define ADEOS_CONTEXT_H

#include <adeos/arch.h>

/*
 * Make @ctx start @entry(@arg) on the stack @stack of @size bytes at
 * its first arch_task_switch() to it, with hard IRQs off. @entry must
 * never return. @see arch_task_switch
 */
void arch_task_init(struct arch_task_context *ctx, void *stack,
		    unsigned long size, void (*entry)(void *arg), void *arg);
/*
 * Save the running context in @from and resume @to; returns when
 * something switches back to @from. Only the registers a function call
 * may not clobber are kept: the caller's compiler saved the rest.
 */
void arch_task_switch(struct arch_task_context *from,
		      struct arch_task_context *to);

/*
 * The floating point and vector registers: what Linux's eager FPU keeps
 * live for the task it interrupted, and what a task that computes in
 * floating point changes. @see arch_fpu_restore
 */
/* Fill @fpu with the registers' state after a reset. */
void arch_fpu_init(struct arch_fpu_state *fpu);
/* Store the registers in @fpu. */
void arch_fpu_save(struct arch_fpu_state *fpu);
/* Load the registers from @fpu. */
void arch_fpu_restore(const struct arch_fpu_state *fpu);

#endif /* ADEOS_CONTEXT_H */
