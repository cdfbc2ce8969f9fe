/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * void arch_task_switch(struct arch_task_context *from,
 *			 struct arch_task_context *to)
 *
 * Switches stacks between two tasks of an executive (adeos/context.h):
 * the registers a call may not clobber go on the stack it leaves, whose
 * pointer goes into @from; @to's pointer comes back, and its registers
 * off it. Hard IRQs are off throughout, and each side's own code puts
 * the flag back as it had it: EFLAGS is not switched.
 *
 * A new task's stack (arch_task_init(), context.c) holds zeroed
 * registers and i386_task_start as the return address, then the
 * task's argument and entry: the first switch to it "returns" there.
 *
 * Kernel calling convention (-mregparm=3): @from in %eax, @to in %edx.
 *
 * i386 only: 32-bit registers and calling convention; an x86_64 port
 * writes its own.
 */
#include <linux/linkage.h>
#include <asm/nospec-branch.h>

SYM_FUNC_START(arch_task_switch)
	pushl	%ebp
	pushl	%ebx
	pushl	%edi
	pushl	%esi
	movl	%esp, (%eax)
	movl	(%edx), %esp
	popl	%esi
	popl	%edi
	popl	%ebx
	popl	%ebp
	RET
SYM_FUNC_END(arch_task_switch)

/* A new task: entry(arg), which never returns. */
SYM_CODE_START(i386_task_start)
	popl	%eax			/* arg */
	popl	%ecx			/* entry */
	CALL_NOSPEC ecx
	ud2
SYM_CODE_END(i386_task_start)
