// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux on i386 as the pipeline's root domain.
 *
 * Every device IRQ and system vector enters adeos_irq_entry() or
 * adeos_sysvec_entry() instead of Linux's handler. The pipeline
 * acknowledges it, runs the domains ahead of Linux, and logs it for
 * Linux; Linux's own handling (irqentry_enter, handler, irqentry_exit)
 * runs as the root domain's handler: at once when Linux was running with
 * its interrupts on, otherwise when its stage unstalls (a replay, on
 * a frame made up for it).
 *
 * The IF bit that Linux's entry and exit code reads in pt_regs is made
 * to mean Linux's interrupt state, the root stage, at every kernel-mode
 * exception entry; the CPU's own bit is kept aside and put back for iret.
 */
#include <linux/bitmap.h>
#include <linux/export.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <asm/apic.h>
#include <asm/hw_irq.h>
#include <asm/ptrace.h>
#include <asm/segment.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>

/* How Linux handles one pipeline IRQ, as its entry last saw it. */
struct root_entry {
	adeos_linux_irq_fn fn;
	u32 vector;
};

static struct root_entry root_entries[ADEOS_NR_IRQS];
/* The system vectors met so far, by Linux handler: their IRQ numbers. */
static adeos_linux_irq_fn sysvec_fns[ARCH_NR_SYS_IRQS];
/* The frame of the IRQ being taken, for a root delivery made at once. */
static struct pt_regs *entry_regs;
/* The frame handed to Linux's handler: its entry/exit hooks keep off. */
static struct pt_regs *root_handler_regs;

/* The CPU's IF bits of the kernel-mode exception frames in progress. */
static unsigned long saved_hw_if;
static unsigned int saved_hw_depth;

bool adeos_apic_eoi_by_pipeline;

/* ---- Linux's interrupt flag ---- */

void adeos_root_enable(void)
{
	adeos_unstall_ipipe_from(&adeos_root);
	hard_local_irq_enable();
}
/* Any module's local_irq_enable() comes here. */
EXPORT_SYMBOL(adeos_root_enable);

/*
 * Idle: Linux comes here with its stage stalled. Play what is logged,
 * or else unstall and halt, with no IRQ able to slip in between.
 */
void adeos_root_safe_halt(void)
{
	hard_local_irq_disable();
	if (adeos_root.log.summary) {
		adeos_root_enable();
		return;
	}
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	asm volatile("sti; hlt" : : : "memory");
}
EXPORT_SYMBOL(adeos_root_safe_halt);

/* ---- the root domain's handlers ---- */

/* Level IRQs masked at entry for Linux, to unmask once it handled them. */
static DECLARE_BITMAP(masked_for_root, ARCH_NR_HW_IRQS);

/*
 * Acknowledge a device IRQ for Linux. On the 8259, mask and EOI: Linux's
 * level flow unmasks. Through the local APIC (IO-APIC lines), one EOI
 * now, since Linux's own is a no-op; a level line is masked first, so
 * that it does not fire again before Linux's handler ran.
 */
static int root_ack(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);
	struct irq_chip *chip = desc ? irq_desc_get_chip(desc) : NULL;

	if (!chip)
		return 1;
	if (chip->irq_mask_ack) {
		chip->irq_mask_ack(&desc->irq_data);
		return 1;
	}
	if (irqd_is_level_type(&desc->irq_data) && chip->irq_mask) {
		chip->irq_mask(&desc->irq_data);
		__set_bit(irq, masked_for_root);
	}
	apic_eoi();
	return 1;
}

/* After Linux's handler: open a level line masked at entry. */
static void root_irq_done(unsigned int irq)
{
	struct irq_desc *desc;
	unsigned long flags;

	if (irq >= ARCH_NR_HW_IRQS || !test_bit(irq, masked_for_root))
		return;
	flags = hard_local_irq_save();
	__clear_bit(irq, masked_for_root);
	desc = irq_to_desc(irq);
	if (desc && irq_desc_get_chip(desc)->irq_unmask &&
	    !irqd_irq_disabled(&desc->irq_data))
		irq_desc_get_chip(desc)->irq_unmask(&desc->irq_data);
	hard_local_irq_restore(flags);
}

/* A frame for a replay: kernel mode, interrupts on, here. */
static void make_replay_frame(struct pt_regs *regs)
{
	memset(regs, 0, sizeof(*regs));
	regs->cs = __KERNEL_CS;
	regs->ds = __USER_DS;
	regs->es = __USER_DS;
	regs->fs = __KERNEL_PERCPU;
	regs->ss = __KERNEL_DS;
	regs->flags = X86_EFLAGS_IF | X86_EFLAGS_FIXED;
	regs->ip = (unsigned long)__builtin_return_address(0);
	regs->sp = (unsigned long)__builtin_frame_address(0);
	regs->orig_ax = -1;
}

static void root_irq(unsigned int irq, void *cookie)
{
	struct root_entry *e = &root_entries[irq];
	struct pt_regs replay, *regs = entry_regs, *outer = root_handler_regs;

	entry_regs = NULL;
	/* With the CPU's flag as Linux's own, its handlers want it off. */
	if (!IS_ENABLED(CONFIG_ADEOS_IRQFLAGS))
		hard_local_irq_disable();
	if (!regs) {
		make_replay_frame(&replay);
		regs = &replay;
	}
	root_handler_regs = regs;
	e->fn(regs, e->vector);
	root_handler_regs = outer;
	root_irq_done(irq);
}

static int root_sysvec_ack(unsigned int irq)
{
	apic_eoi();
	return 1;
}

/* ---- entries ---- */

static void pipeline_entry(struct pt_regs *regs, unsigned int irq,
			   adeos_linux_irq_fn fn, u32 vector)
{
	struct pt_regs *outer = entry_regs;

	root_entries[irq].fn = fn;
	root_entries[irq].vector = vector;
	entry_regs = regs;
	adeos_handle_irq(irq);
	entry_regs = outer;
}

/* Straight to Linux, hard IRQs off: nothing the pipeline should log. */
static void linux_direct(struct pt_regs *regs, adeos_linux_irq_fn fn,
			 u32 vector)
{
	struct pt_regs *outer = root_handler_regs;

	root_handler_regs = regs;
	fn(regs, vector);
	root_handler_regs = outer;
}

void adeos_irq_entry(struct pt_regs *regs, u32 vector, adeos_linux_irq_fn fn)
{
	struct irq_desc *desc = __this_cpu_read(vector_irq[vector]);

	if (IS_ERR_OR_NULL(desc) || irq_desc_get_irq(desc) >= ARCH_NR_HW_IRQS) {
		/* No IRQ behind the vector: Linux reports it; we EOI. */
		apic_eoi();
		linux_direct(regs, fn, vector);
		return;
	}
	pipeline_entry(regs, irq_desc_get_irq(desc), fn, vector);
}

void adeos_sysvec_entry(struct pt_regs *regs, adeos_linux_irq_fn fn)
{
	unsigned int i;

	/* A spurious vector is never in service: no EOI, no pipeline. */
	if (fn == sysvec_spurious_apic_interrupt_root) {
		linux_direct(regs, fn, 0);
		return;
	}
	for (i = 0; i < ARCH_NR_SYS_IRQS && sysvec_fns[i] != fn; i++)
		if (!sysvec_fns[i]) {
			sysvec_fns[i] = fn;
			break;
		}
	if (i == ARCH_NR_SYS_IRQS)
		panic("adeos: more system vectors than pipeline IRQs\n");
	pipeline_entry(regs, ADEOS_SYS_IRQ_BASE + i, fn, 0);
}

/* ---- exception and syscall entry and exit ---- */

void adeos_kernel_entry(struct pt_regs *regs)
{
	unsigned long hw = !!(regs->flags & X86_EFLAGS_IF);

	if (regs == root_handler_regs)
		return;
	if (saved_hw_depth >= BITS_PER_LONG)
		panic("adeos: exception frames nested too deep\n");
	saved_hw_if = (saved_hw_if << 1) | hw;
	saved_hw_depth++;
	if (adeos_root.status & ADEOS_STALL_FLAG)
		regs->flags &= ~X86_EFLAGS_IF;
	adeos_root.status |= ADEOS_STALL_FLAG;
}

void adeos_kernel_exit_prepare(struct pt_regs *regs)
{
	if (regs == root_handler_regs || !(regs->flags & X86_EFLAGS_IF))
		return;
	while (adeos_root_exit_pending())
		;
}

void adeos_kernel_exit(struct pt_regs *regs)
{
	if (regs == root_handler_regs)
		return;
	hard_local_irq_disable();
	if (regs->flags & X86_EFLAGS_IF)
		adeos_root.status &= ~ADEOS_STALL_FLAG;
	else
		adeos_root.status |= ADEOS_STALL_FLAG;
	if (saved_hw_if & 1)
		regs->flags |= X86_EFLAGS_IF;
	else
		regs->flags &= ~X86_EFLAGS_IF;
	saved_hw_if >>= 1;
	saved_hw_depth--;
}

void adeos_user_entry(void)
{
	adeos_root.status |= ADEOS_STALL_FLAG;
}

void adeos_user_exit(void)
{
	hard_local_irq_disable();
	adeos_root.status &= ~ADEOS_STALL_FLAG;
}

bool adeos_root_exit_pending(void)
{
	hard_local_irq_disable();
	if (!adeos_root.log.summary)
		return false;
	adeos_root_enable();
	adeos_root.status |= ADEOS_STALL_FLAG;
	return true;
}

/* ---- set-up ---- */

void __init adeos_arch_init(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long stalled = adeos_root.status & ADEOS_STALL_FLAG;
	unsigned int irq;

	adeos_init("Linux");
	/* Without the irqflags hook Linux uses the real flag: never stalled. */
	if (IS_ENABLED(CONFIG_ADEOS_IRQFLAGS))
		adeos_root.status |= stalled;
	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, root_irq, NULL,
					  root_ack, ADEOS_HANDLE_MASK);
	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, root_irq, NULL,
					  root_sysvec_ack,
					  ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	adeos_apic_eoi_by_pipeline = true;
	hard_local_irq_restore(flags);
	pr_info("adeos: pipeline %s: Linux is the root domain\n",
		ADEOS_VERSION_STRING);
}
