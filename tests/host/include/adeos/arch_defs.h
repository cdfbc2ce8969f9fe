/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The host arch: a simulated uniprocessor whose interrupt flag is a
 * variable. Every hard_* call is a point where the simulated hardware may
 * raise IRQs (tests/host/host.h), as a real CPU could at that instruction.
 */
#ifndef ADEOS_HOST_ARCH_DEFS_H
#define ADEOS_HOST_ARCH_DEFS_H

#include <errno.h>
#include <setjmp.h>
#include <stddef.h>
#include <ucontext.h>

/* As many device IRQs as an i386 has external vectors. */
#define ARCH_NR_HW_IRQS 224
/* Local APIC timer, spurious, error, and one spare. */
#define ARCH_NR_SYS_IRQS 4

/* Where a simulated fault in a domain's handler lands: a setjmp. */
struct arch_landing {
	jmp_buf jb;
};

/* A task's context (adeos/context.h): a ucontext, and how it begins. */
struct arch_task_context {
	ucontext_t uc;
	void (*entry)(void *arg);
	void *arg;
};

/*
 * The simulated floating point registers are one word (host.fpu_regs):
 * whoever computes writes its own mark there, and finds it again if its
 * state was kept.
 */
struct arch_fpu_state {
	unsigned long regs;
};

unsigned long host_hard_local_irq_save(void);
void host_hard_local_irq_restore(unsigned long flags);
void host_hard_local_irq_enable(void);
void host_hard_local_irq_disable(void);
int host_hard_irqs_disabled(void);

static inline unsigned long hard_local_irq_save(void)
{
	return host_hard_local_irq_save();
}

static inline void hard_local_irq_restore(unsigned long flags)
{
	host_hard_local_irq_restore(flags);
}

static inline void hard_local_irq_enable(void)
{
	host_hard_local_irq_enable();
}

static inline void hard_local_irq_disable(void)
{
	host_hard_local_irq_disable();
}

static inline int hard_irqs_disabled(void)
{
	return host_hard_irqs_disabled();
}

#endif /* ADEOS_HOST_ARCH_DEFS_H */
