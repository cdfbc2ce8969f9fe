// SPDX-License-Identifier: GPL-2.0-only
/*
 * Task contexts on i386 (adeos/context.h): a new task's first stack
 * frame, for switch.S, and the FPU's registers with fxsave/fxrstor (or
 * fnsave/frstor on a CPU without them).
 *
 * Linux 6.1 keeps the FPU eager: the registers hold the state of the
 * task it was running (or of kernel code between kernel_fpu_begin() and
 * kernel_fpu_end()), and CR0.TS stays clear. An executive saves that
 * state before a task of its own computes in floating point and puts it
 * back before Linux runs again (executive/sched.c). Built only into
 * kernels with the executive (CONFIG_ADEOS_EXECUTIVE).
 *
 * i386 only: the start frame is switch.S's, of 32-bit registers; an
 * x86_64 port writes its own (the FPU half, fxsave, would be the same).
 */
#include <linux/export.h>
#include <linux/string.h>
#include <asm/cpufeature.h>
#include <adeos/context.h>

void i386_task_start(void);

/* The frame switch.S pops: esi, edi, ebx, ebp, the return, then ours. */
struct start_frame {
	unsigned long esi, edi, ebx, ebp;
	void (*ret)(void);
	void *arg;
	void (*entry)(void *arg);
};

void arch_task_init(struct arch_task_context *ctx, void *stack,
		    unsigned long size, void (*entry)(void *arg), void *arg)
{
	unsigned long top = ((unsigned long)stack + size) & ~15UL;
	struct start_frame *f = (struct start_frame *)top - 1;

	memset(f, 0, sizeof(*f));
	f->ret = i386_task_start;
	f->arg = arg;
	f->entry = entry;
	ctx->sp = (unsigned long)f;
}
EXPORT_SYMBOL_GPL(arch_task_init);
/*
 * switch.S's, exported here for a module that switches tasks itself
 * (the executive is built in and needs no export): with
 * CONFIG_MODVERSIONS, genksyms takes a symbol's CRC from its C
 * prototype, which an export in the .S file does not have, and a module
 * then fails to load ("no symbol version").
 */
EXPORT_SYMBOL_GPL(arch_task_switch);

/* After finit: all exceptions masked, round to nearest, empty stack. */
#define FPU_INIT_FCW 0x037f
#define FPU_INIT_FTW_FNSAVE 0xffff
#define FPU_INIT_MXCSR 0x1f80

void arch_fpu_init(struct arch_fpu_state *fpu)
{
	u32 *words = (u32 *)fpu->area;

	memset(fpu->area, 0, sizeof(fpu->area));
	if (boot_cpu_has(X86_FEATURE_FXSR)) {
		/* fxsave: FCW at 0, MXCSR at 24; an all-zero FTW is empty */
		words[0] = FPU_INIT_FCW;
		words[6] = FPU_INIT_MXCSR;
	} else {
		/* fnsave: FCW, FSW, FTW as 32-bit words */
		words[0] = FPU_INIT_FCW;
		words[2] = FPU_INIT_FTW_FNSAVE;
	}
}
EXPORT_SYMBOL_GPL(arch_fpu_init);

void arch_fpu_save(struct arch_fpu_state *fpu)
{
	if (boot_cpu_has(X86_FEATURE_FXSR))
		i386_fxsave(&fpu->area);
	else
		/* fnsave reinitializes the FPU: load it back */
		i386_fnsave_keep(&fpu->area);
}
EXPORT_SYMBOL_GPL(arch_fpu_save);

void arch_fpu_restore(const struct arch_fpu_state *fpu)
{
	if (boot_cpu_has(X86_FEATURE_FXSR))
		i386_fxrstor(&fpu->area);
	else
		i386_frstor(&fpu->area);
}
EXPORT_SYMBOL_GPL(arch_fpu_restore);
