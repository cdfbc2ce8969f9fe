// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task contexts on the host (adeos/context.h): ucontexts, switched with
 * swapcontext(); and a floating point unit of one word, so that a test
 * sees whose state the registers hold.
 */
#include <stdio.h>
#include <stdlib.h>
#include "host.h"
#include <adeos/context.h>

/* The context being switched to, for its first instructions. */
static struct arch_task_context *starting;

static void trampoline(void)
{
	struct arch_task_context *ctx = starting;

	ctx->entry(ctx->arg);
	fprintf(stderr, "host: a task's entry returned\n");
	abort();
}

void arch_task_init(struct arch_task_context *ctx, void *stack,
		    unsigned long size, void (*entry)(void *arg), void *arg)
{
	if (getcontext(&ctx->uc))
		abort();
	ctx->uc.uc_stack.ss_sp = stack;
	ctx->uc.uc_stack.ss_size = size;
	ctx->uc.uc_link = NULL;
	ctx->entry = entry;
	ctx->arg = arg;
	makecontext(&ctx->uc, trampoline, 0);
}

void arch_task_switch(struct arch_task_context *from,
		      struct arch_task_context *to)
{
	if (host.hard_on)
		host.violations++;
	host.task_switches++;
	starting = to;
	if (swapcontext(&from->uc, &to->uc))
		abort();
}

void arch_fpu_init(struct arch_fpu_state *fpu)
{
	fpu->regs = 0;
}

void arch_fpu_save(struct arch_fpu_state *fpu)
{
	fpu->regs = host.fpu_regs;
	host.fpu_saves++;
}

void arch_fpu_restore(const struct arch_fpu_state *fpu)
{
	host.fpu_regs = fpu->regs;
	host.fpu_restores++;
}
