/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * i386 only: the frame made up for Linux's handlers when its log plays
 * outside any entry of its own (root.h). Its layout is entry_32's
 * struct pt_regs, with the data segments (ds, es) and the per-CPU one
 * (fs) that entry_32.S pushes; an x86_64 port writes its own, where
 * pt_regs has no ds, es or fs.
 */
#ifndef ADEOS_I386_FRAME_32_H
#define ADEOS_I386_FRAME_32_H

#include <linux/compiler.h>
#include <linux/string.h>
#include <asm/ptrace.h>
#include <asm/segment.h>

/*
 * The frame of a replay at an unstall or at the return to user mode:
 * kernel mode, interrupts on, at @ip, the enable or the exit's code
 * that plays it (what profiling and the tick's user/system split read
 * of it), not the pipeline's. Always inline, as when root.c held it:
 * the frame's sp is its caller's.
 */
static __always_inline void make_replay_frame(struct pt_regs *regs,
					      unsigned long ip)
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

#endif /* ADEOS_I386_FRAME_32_H */
