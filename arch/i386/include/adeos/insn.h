/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Every x86 instruction the arch issues from C, as xv6's x86.h: one
 * static inline wrapper each, and no inline asm anywhere else in the
 * tree (make lint checks; core/internal.h's empty compiler barrier is
 * the pipeline's own). Our own asm, not Linux's native_*() helpers:
 * Linux's <asm/irqflags.h> becomes the root stage's under the pipeline
 * and includes <adeos/irqflags.h>, which calls these; nothing here may
 * include a Linux header that needs the interrupt flag helpers.
 *
 * Plain instructions: no tracing, no checks. The hard_* helpers of
 * <adeos/arch_defs.h> and the syscall fast paths build on them.
 *
 * i386 only as written (pushfl, popl; i386_ names): an x86_64 port gives
 * its own insn.h the same helpers, which the shared files call.
 */
#ifndef ADEOS_I386_INSN_H
#define ADEOS_I386_INSN_H

#include <linux/types.h>

/* The area fxsave and fnsave store into (struct arch_fpu_state's). */
typedef u8 i386_fpu_area[512];

/* A compiler barrier: memory accesses stay on their side of it. */
static __always_inline void i386_barrier(void)
{
	asm volatile("" : : : "memory");
}

/* EFLAGS, pushed and popped. */
static __always_inline unsigned long i386_save_fl(void)
{
	unsigned long flags;

	asm volatile("pushf ; pop %0" : "=rm"(flags) : : "memory");
	return flags;
}

static __always_inline void i386_cli(void)
{
	asm volatile("cli" : : : "memory");
}

static __always_inline void i386_sti(void)
{
	asm volatile("sti" : : : "memory");
}

static __always_inline void i386_hlt(void)
{
	asm volatile("hlt" : : : "memory");
}

/*
 * Enable IRQs and halt: sti's one-instruction shadow keeps an IRQ from
 * slipping in before the hlt, which it then wakes.
 */
static __always_inline void i386_sti_hlt(void)
{
	asm volatile("sti; hlt" : : : "memory");
}

/* The address of the code where this is expanded (inlined or not). */
static __always_inline unsigned long i386_this_ip(void)
{
	unsigned long ip;

	asm volatile("movl $1f, %0\n1:" : "=r"(ip));
	return ip;
}

/* Store the FPU, MMX and SSE registers (CPUs with FXSR). */
static __always_inline void i386_fxsave(i386_fpu_area *area)
{
	asm volatile("fxsave %0" : "=m"(*area));
}

static __always_inline void i386_fxrstor(const i386_fpu_area *area)
{
	asm volatile("fxrstor %0" : : "m"(*area));
}

/*
 * Store the FPU registers (CPUs without FXSR): fnsave reinitializes the
 * FPU, so the same state is loaded back at once.
 */
static __always_inline void i386_fnsave_keep(i386_fpu_area *area)
{
	asm volatile("fnsave %0; frstor %0" : "+m"(*area));
}

static __always_inline void i386_frstor(const i386_fpu_area *area)
{
	asm volatile("frstor %0" : : "m"(*area));
}

#endif /* ADEOS_I386_INSN_H */
