/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * int arch_call_handler(struct arch_landing *landing,
 *			 void (*handler)(unsigned int irq, void *cookie),
 *			 unsigned int irq, void *cookie)
 *
 * Calls a domain's handler so that a fault in it can abandon it: the
 * stack pointer above the saved registers goes into @landing, and the
 * exception path (fault.c) resumes a faulting handler's exception at
 * i386_handler_landing with that stack pointer, as if the call had
 * returned 1. Linux's i386 exit rebuilds the iret frame just below a
 * modified regs->sp (IRET_FRAME in entry_32.S): a gap below the saved
 * registers keeps that off them.
 *
 * Kernel calling convention (-mregparm=3): @landing in %eax, @handler
 * in %edx, @irq in %ecx, @cookie on the stack.
 *
 * i386 only: 32-bit registers and calling convention, and entry_32's
 * exit; an x86_64 port writes its own.
 */
#include <linux/linkage.h>
#include <asm/nospec-branch.h>

#define LANDING_GAP 64

SYM_FUNC_START(arch_call_handler)
	pushl	%ebp
	movl	%esp, %ebp
	pushl	%ebx
	pushl	%esi
	pushl	%edi
	movl	%esp, (%eax)		/* landing->sp */
	subl	$LANDING_GAP, %esp
	movl	%edx, %esi		/* the handler */
	movl	%ecx, %eax		/* irq */
	movl	8(%ebp), %edx		/* cookie */
	CALL_NOSPEC esi
	addl	$LANDING_GAP, %esp
	xorl	%eax, %eax
.Lreturn:
	popl	%edi
	popl	%esi
	popl	%ebx
	popl	%ebp
	RET

/* A fault's exception returns here, on the stack landing->sp. */
SYM_INNER_LABEL(i386_handler_landing, SYM_L_GLOBAL)
	cli
	movl	$1, %eax
	jmp	.Lreturn
SYM_FUNC_END(arch_call_handler)
