// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux's idle on x86, through the pipeline (linux-patch/0011): its
 * halt, and the checks that its mwait and ACPI C-state entries make
 * before they sleep. Any x86 shares it.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <asm/nospec-branch.h>
#include <adeos/adeos.h>
#include <adeos/insn.h>
#include <adeos/linux.h>

/*
 * Idle runs with RCU not watching (between ct_idle_enter() and
 * ct_idle_exit()), where Linux's handlers must not run: what is logged
 * stays, the stage stays stalled, and the idle loop's next enable, once
 * RCU watches again, plays it.
 */
bool adx86_root_idle_prepare(void)
{
	hard_local_irq_disable();
	if (adeos_root.log.summary) {
		hard_local_irq_enable();
		return false;
	}
	adeos_root.status &= ~ADEOS_STALL_FLAG;
	/* What 6.1's native_safe_halt() does before it sleeps. */
	x86_idle_clear_cpu_buffers();
	return true;
}
EXPORT_SYMBOL(adx86_root_idle_prepare);

bool adx86_root_may_sleep(void)
{
	return !adeos_root.log.summary;
}
EXPORT_SYMBOL(adx86_root_may_sleep);

/*
 * Idle: Linux comes here with its stage stalled. Play what is logged,
 * or else unstall and halt, with no IRQ able to slip in between.
 */
void adx86_root_safe_halt(void)
{
	if (adx86_root_idle_prepare())
		i386_sti_hlt();
}
EXPORT_SYMBOL(adx86_root_safe_halt);
