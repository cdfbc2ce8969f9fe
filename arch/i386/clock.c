// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timestamp counter of adeos/clock.h on x86: the TSC, at the rate
 * Linux calibrated (tsc_khz).
 *
 * Any x86 shares it.
 */
#include <linux/export.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/clock.h>

unsigned long long arch_timestamp(void)
{
	return rdtsc();
}
EXPORT_SYMBOL_GPL(arch_timestamp);

/* A module domain's timer service reads it (rt-timer's period). */
unsigned long arch_timestamp_khz(void)
{
	return tsc_khz;
}
EXPORT_SYMBOL_GPL(arch_timestamp_khz);

unsigned long arch_timestamp_per_us(void)
{
	return tsc_khz >= 1000 ? tsc_khz / 1000 : 1;
}
EXPORT_SYMBOL_GPL(arch_timestamp_per_us);

/* An unknown rate (timestamp_check()'s warning): a cycle a microsecond. */
unsigned long long arch_stamps_to_ns(unsigned long long stamps)
{
	return tsc_khz ? mul_u64_u32_div(stamps, 1000000, tsc_khz) :
			 stamps * 1000;
}
EXPORT_SYMBOL_GPL(arch_stamps_to_ns);

/*
 * Linux calibrates the TSC against the PIT, with the ACPI PM timer or
 * the HPET as a reference; with neither (a kernel without ACPI), a busy
 * host under a hypervisor can fail the PIT's loops, and the rate stays
 * unknown. Say so once: the domains' microseconds are then TSC cycles.
 */
static int __init timestamp_check(void)
{
	if (!tsc_khz)
		pr_warn("adeos: the TSC's rate is unknown (Linux could not calibrate it): the domains' time budgets and figures in microseconds count TSC cycles\n");
	return 0;
}
late_initcall(timestamp_check);
