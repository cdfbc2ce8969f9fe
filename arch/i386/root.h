/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux as the root domain: what its files share, private to the arch.
 * root.c's comment states the rules they keep.
 *
 *   root.c      the play of Linux's stage, at an unstall or an enable,
 *               inside an entry or at an exit
 *   idle.c      idle: sleep only while nothing is logged for Linux
 *   irq.c       the root's IRQs: Linux's handlers and acknowledges, and
 *               the IRQ entries of Linux's IDT that feed them
 *               (adx86_irq_entry(), adx86_sysvec_entry(), the direct path)
 *   entry.c     exception, syscall and NMI entry and exit
 *   setup.c     the pipeline set up with Linux as its root (init_IRQ)
 *   frame_32.h  the frame made up for a replay: entry_32's pt_regs
 *
 * Any x86 shares these but frame_32.h; what only i386 has besides is in
 * landing.S and switch.S. A 64-bit port adds frame_64.h and its own
 * assembler files, and copies nothing here.
 */
#ifndef ADEOS_I386_ROOT_H
#define ADEOS_I386_ROOT_H

#include <linux/irqflags.h>
#include <linux/preempt.h>
#include <linux/types.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include "frame_32.h"

struct pt_regs;

/*
 * The frame Linux's handlers see while its stage plays: the interrupted
 * one when an entry plays it, one made up at an unstall or at the
 * return to user mode, none for a play by a pipeline call. Set and put
 * back around each play by the code that plays; a play never switches
 * tasks, so it nests strictly.
 */
extern struct pt_regs *adx86_root_frame;

static inline bool root_is_current(void)
{
	return adeos_current == &adeos_root;
}

/* Whether lockdep believes Linux's interrupts are on. */
static inline bool root_lockdep_irqs_on(void)
{
	/* 0 without CONFIG_TRACE_IRQFLAGS (<linux/irqflags.h>) */
	return lockdep_hardirqs_enabled();
}

/* Play what is logged for Linux, for the frame @regs (root.c). */
void adx86_root_play(struct pt_regs *regs);
/* A replay at @ip, in a frame made up there (root.c). */
noinline void adx86_root_play_replay(unsigned long ip);

/*
 * The root domain's handler of device and system IRQs, and its
 * acknowledge of them all (irq.c), for setup.c.
 */
void adx86_root_irq(unsigned int irq, void *cookie);
int adx86_root_ack(unsigned int irq);

#endif /* ADEOS_I386_ROOT_H */
