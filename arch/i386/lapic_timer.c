// SPDX-License-Identifier: GPL-2.0-only
/*
 * The local APIC timer as the timer service's device (timer_dev.h), in
 * one-shot count mode at the rate Linux calibrated for it. A span of
 * TSC counts becomes a count of the APIC timer rounded up, so the shot
 * never comes before the deadline by the TSC unless the two rates are
 * calibrated apart; the service then sets it again (its early count).
 *
 * Any x86 shares it.
 */
#include <linux/init.h>
#include <linux/math64.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include "timer_dev.h"

/* Linux divides the APIC timer's clock by 16 (apic.c's APIC_DIVISOR). */
#define TIMER_DIVISOR 16
/* The most one shot counts: the register is 32 bits. */
#define TIMER_MAX_COUNT 0x7fffffffU

/* APIC timer counts per TSC count, as a 0.32 fraction. */
static u32 counts_per_stamp;

/* The APIC timer's counts per second (apic.c: the jiffy's, divided). */
static u64 timer_hz(void)
{
	return (u64)lapic_timer_period / TIMER_DIVISOR * HZ;
}

/* The timer's counts per TSC count at @khz, and the longest shot. */
static void lapic_set_rate(unsigned long khz)
{
	counts_per_stamp = div64_u64(timer_hz() << 32, (u64)khz * 1000);
	adx86_lapic_timer.max_stamps =
		div64_u64((u64)TIMER_MAX_COUNT << 32, counts_per_stamp);
}

/*
 * Linux calibrated the timer (not with noapictimer or nolapic), and it
 * counts slower than the TSC (a 0.32 fraction holds the ratio).
 */
static bool lapic_usable(void)
{
	if (!boot_cpu_has(X86_FEATURE_APIC) || !tsc_khz ||
	    !lapic_timer_period || timer_hz() >= (u64)tsc_khz * 1000)
		return false;
	lapic_set_rate(tsc_khz);
	adx86_lapic_timer.stops_in_idle = !boot_cpu_has(X86_FEATURE_ARAT);
	return true;
}

/* The timer's vector, as the pipeline numbers system vectors. */
static unsigned int lapic_irq(void)
{
	return ADEOS_SYS_IRQ_BASE + LOCAL_TIMER_VECTOR - FIRST_SYSTEM_VECTOR;
}

static void lapic_setup(void)
{
	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, LOCAL_TIMER_VECTOR);
}

static void lapic_program(u64 stamps)
{
	/* Rounded up, and one more: the count starts at the next edge. */
	apic_write(APIC_TMICT,
		   mul_u64_u32_shr(stamps, counts_per_stamp, 32) + 2);
}

static void lapic_disarm(void)
{
	apic_write(APIC_TMICT, 0);
}

struct adx86_timer_device adx86_lapic_timer = {
	.name = "local APIC timer, one-shot",
	.usable = lapic_usable,
	.irq = lapic_irq,
	.setup = lapic_setup,
	.program = lapic_program,
	.set_rate = lapic_set_rate,
	.disarm = lapic_disarm,
};
