// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timer service's device (adeos/timer.h) on any x86: the local APIC
 * timer in one-shot count mode, at the rate Linux calibrated for it,
 * deadlines in TSC counts. Linux keeps the tick through the service
 * (core/linux/tick.c, its proxy clock event device); from then on only
 * this file writes the timer's registers.
 *
 * A deadline becomes a count of the APIC timer rounded up, so the shot
 * never comes before the deadline by the TSC unless the two rates are
 * calibrated apart; the service then sets it again (its early count).
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/math64.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include <adeos/timer.h>

/* Linux divides the APIC timer's clock by 16 (apic.c's APIC_DIVISOR). */
#define TIMER_DIVISOR 16
/* The most one shot counts: the register is 32 bits. */
#define TIMER_MAX_COUNT 0x7fffffffU

/* The pipeline's IRQ of the timer's vector, once the service owns it. */
unsigned int adx86_timer_irq = ~0U;
/* Linux's timer callbacks refused since the service set the timer up. */
static bool linux_locked_out;
static unsigned long linux_refused;

/* APIC timer counts per TSC count, as a 0.32 fraction. */
static u32 counts_per_stamp;
static u64 max_stamps;

unsigned long arch_timestamp_khz(void)
{
	return tsc_khz;
}

/* The APIC timer's counts per second (apic.c: the jiffy's, divided). */
static u64 timer_hz(void)
{
	return (u64)lapic_timer_period / TIMER_DIVISOR * HZ;
}

/*
 * Whether the service can own the local APIC timer: Linux calibrated it,
 * and it counts slower than the TSC (a 0.32 fraction holds the ratio).
 */
static bool __init timer_usable(void)
{
	return boot_cpu_has(X86_FEATURE_APIC) && tsc_khz &&
	       lapic_timer_period && timer_hz() < (u64)tsc_khz * 1000;
}

int arch_timer_stops_in_idle(void)
{
	return !boot_cpu_has(X86_FEATURE_ARAT);
}

/*
 * The service takes the timer's vector: its interrupt no longer goes to
 * Linux's handler but to the service's entry (irq.c).
 */
int __init arch_timer_claim(void)
{
	unsigned int irq =
		ADEOS_SYS_IRQ_BASE + LOCAL_TIMER_VECTOR - FIRST_SYSTEM_VECTOR;
	unsigned long flags;

	if (!timer_usable())
		return -ENODEV;
	counts_per_stamp = div64_u64(timer_hz() << 32, (u64)tsc_khz * 1000);
	max_stamps = div64_u64((u64)TIMER_MAX_COUNT << 32, counts_per_stamp);
	adeos_virtualize_irq_from(&adeos_root, irq, NULL, NULL, NULL, 0);
	flags = hard_local_irq_save();
	adx86_timer_irq = irq;
	hard_local_irq_restore(flags);
	return 0;
}

/*
 * Linux let go of its device (the proxy replaced it, and Linux shut the
 * timer down): one-shot mode on the timer's vector, and the deadline
 * the service holds written again.
 */
void __init arch_timer_claimed(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long long next = adeos_timer_programmed();

	apic_write(APIC_TDCR, APIC_TDR_DIV_16);
	apic_write(APIC_LVTT, LOCAL_TIMER_VECTOR);
	if (next != ADEOS_TIMER_NEVER)
		arch_timer_program(next);
	linux_locked_out = true;
	hard_local_irq_restore(flags);
}

bool adx86_timer_linux_refused(void)
{
	if (!linux_locked_out)
		return false;
	linux_refused++;
	return true;
}

unsigned long arch_timer_os_refusals(void)
{
	return linux_refused;
}

const char *arch_timer_name(void)
{
	return "local APIC timer, one-shot";
}

void arch_timer_program(unsigned long long deadline)
{
	u64 now = rdtsc();
	u64 stamps = deadline > now ? deadline - now : 0;
	u32 count;

	if (stamps > max_stamps)
		stamps = max_stamps;
	/* Rounded up, and one more: the count starts at the next edge. */
	count = mul_u64_u32_shr(stamps, counts_per_stamp, 32) + 2;
	apic_write(APIC_TMICT, count);
}

void arch_timer_disarm(void)
{
	apic_write(APIC_TMICT, 0);
}
