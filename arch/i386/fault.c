// SPDX-License-Identifier: GPL-2.0-only
/*
 * Exceptions in a domain ahead of Linux.
 *
 * Linux's trap code (linux-patch/0017) resolves what it can by itself
 * first, in a domain as anywhere: exception-table fixups, lazily synced
 * vmalloc mappings, spurious faults, text_poke_bp()'s int3, a WARN().
 * Where it would oops instead, it asks adx86_domain_trap(): a fault in a
 * domain's handler is the domain's. The pipeline records it and gives
 * back the landing of the handler call (landing.S); the exception then
 * returns there instead of to the faulting instruction, so the handler's
 * frames are abandoned and Linux's exit code runs as for any exception,
 * balanced. The pipeline stops the domain once it lands.
 *
 * What the handler changed before it faulted stays as it left it: a
 * lock it held is still held. A stopped domain's module can be removed,
 * since its handlers are never called again.
 *
 * Any x86 shares it; landing.S, where a faulting handler resumes, is
 * i386's.
 */
#include <linux/bug.h>
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <linux/ptrace.h>
#include <asm/cpufeature.h>
#include <asm/trapnr.h>
#include <adeos/adeos.h>
#include <adeos/bug.h>
#include <adeos/linux.h>

/* i386_handler_landing: landing.S's way back into arch_call_handler. */
void i386_handler_landing(void);

/* Linux code running on a domain's behalf, nested (one CPU). */
static unsigned int for_domain;

void adx86_linux_for_domain(bool begin)
{
	if (!adx86_domain_running())
		return;
	if (begin)
		for_domain++;
	else if (for_domain)
		for_domain--;
}
EXPORT_SYMBOL_GPL(adx86_linux_for_domain);

/* landing.S's, for a module's rtx.c; from C for its CRC (context.c) */
EXPORT_SYMBOL_GPL(arch_call_handler);

bool adx86_linux_runs_for_domain(void)
{
	return for_domain != 0;
}

bool adx86_domain_bug(struct pt_regs *regs)
{
	return adx86_domain_running() && adx86_bug_not_warn(regs->ip);
}

static const char *trap_name(int trapnr, unsigned long ip)
{
	switch (trapnr) {
	case X86_TRAP_DE:
		return "divide error";
	case X86_TRAP_BP:
		return "int3";
	case X86_TRAP_OF:
		return "overflow";
	case X86_TRAP_BR:
		return "bounds";
	case X86_TRAP_UD:
		return adx86_bug_not_warn(ip) ? "BUG()" : "invalid opcode";
	case X86_TRAP_NP:
		return "segment not present";
	case X86_TRAP_SS:
		return "stack segment";
	case X86_TRAP_GP:
		return "general protection";
	case X86_TRAP_PF:
		return "page fault";
	case X86_TRAP_AC:
		return "alignment check";
	default:
		return "exception";
	}
}

bool adx86_domain_trap(struct pt_regs *regs, int trapnr, unsigned long address)
{
	struct adeos_fault fault = {
		.trap = trapnr,
		.what = trap_name(trapnr, regs->ip),
		.ip = regs->ip,
		.address = address,
	};
	struct arch_landing *landing;
	unsigned long flags;

	if (!adx86_domain_running() || user_mode(regs))
		return false;
	flags = hard_local_irq_save();
	landing = adeos_domain_fault(&fault);
	hard_local_irq_restore(flags);
	if (!landing)
		return false;
	regs->ip = (unsigned long)i386_handler_landing;
	regs->sp = landing->sp;
	/* Linux's exit puts the flag back as the entry found it: cli there. */
	regs->flags &= ~X86_EFLAGS_TF;
	return true;
}

bool __adx86_exception_event(unsigned int vector, struct pt_regs *regs)
{
	return adeos_handle_event(vector, regs) == ADEOS_EVENT_HANDLED;
}

void adx86_double_fault(struct pt_regs *regs)
{
	adomain_t *d = adeos_current_domain();

	if (d == adeos_root_domain())
		return;
	/* panic() takes Linux's interrupt flag: Linux code for the domain. */
	adx86_linux_for_domain(true);
	panic("adeos: double fault in domain %s at %pS\n", d->name,
	      (void *)regs->ip);
}

/*
 * A hypervisor sets CPUID's hypervisor bit (QEMU does under TCG and
 * KVM alike): its host can preempt the virtual CPU inside any call.
 */
unsigned int arch_budget_overruns(void)
{
	return boot_cpu_has(X86_FEATURE_HYPERVISOR) ?
		       ADEOS_BUDGET_OVERRUNS_GUEST :
		       ADEOS_BUDGET_OVERRUNS;
}

/*
 * One line for Linux's log when the pipeline stopped @d: deferred, as
 * any printk from a domain, since the pipeline calls it with hard IRQs
 * off in the middle of its dispatch.
 */
void arch_report_fault(const struct adeos_domain *d)
{
	const struct adeos_fault *f = &d->fault;
	const char *fate = d->on_fault == ADEOS_FAULT_PASS_IRQS ?
				   "go on down the pipeline" :
				   "go to nobody, but those Linux shares";

	adx86_linux_for_domain(true);
	if (f->trap == ADEOS_FAULT_BUDGET)
		printk_deferred(
			KERN_ERR
			"adeos: domain %s stopped: %u calls in a row of %pS, the last for IRQ %u, ran past its time budget; its IRQs %s\n",
			d->name, d->overruns_in_row, (void *)f->ip, f->irq,
			fate);
	else
		printk_deferred(
			KERN_ERR
			"adeos: domain %s stopped: %s at %pS (address %#lx) in its handler of IRQ %u; its IRQs %s\n",
			d->name, f->what, (void *)f->ip, f->address, f->irq,
			fate);
	adx86_linux_for_domain(false);
}
