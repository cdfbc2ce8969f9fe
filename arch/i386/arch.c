// SPDX-License-Identifier: GPL-2.0-only
/*
 * The i386 odds and ends of the arch contract: rtc_lock as a hard lock,
 * and the panic. The controller hooks are line.c's.
 *
 * Any x86 shares it.
 */
#include <linux/export.h>
#include <linux/kernel.h>
#include <linux/mc146818rtc.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>

/* ---- rtc_lock, a hard lock (adeos/rtc_lock.h) ---- */

/* The CPU's flag Linux's holder of rtc_lock had: one holder at a time. */
static unsigned long rtc_lock_hard;

void adx86_rtc_lock_take(void)
{
	unsigned long flags;

	preempt_disable();
	flags = hard_local_irq_save();
	do_raw_spin_lock(&rtc_lock.rlock);
	rtc_lock_hard = flags;
}
EXPORT_SYMBOL(adx86_rtc_lock_take);

void adx86_rtc_lock_drop(void)
{
	unsigned long flags = rtc_lock_hard;

	do_raw_spin_unlock(&rtc_lock.rlock);
	hard_local_irq_restore(flags);
	preempt_enable();
}
EXPORT_SYMBOL(adx86_rtc_lock_drop);

unsigned long adx86_rtc_lock_domain(void)
{
	unsigned long flags = hard_local_irq_save();

	do_raw_spin_lock(&rtc_lock.rlock);
	return flags;
}
EXPORT_SYMBOL(adx86_rtc_lock_domain);

void adx86_rtc_unlock_domain(unsigned long flags)
{
	do_raw_spin_unlock(&rtc_lock.rlock);
	hard_local_irq_restore(flags);
}
EXPORT_SYMBOL(adx86_rtc_unlock_domain);

void arch_panic(const char *func, const char *why)
{
	panic("adeos: %s: %s\n", func, why);
}
EXPORT_SYMBOL_GPL(arch_panic);
