// SPDX-License-Identifier: GPL-2.0-only
/*
 * The local APIC timer in TSC-deadline mode as the timer service's
 * device (timer_dev.h), where the CPU has the mode: the timer fires when
 * the TSC reaches the value written to MSR_IA32_TSC_DEADLINE, so a
 * deadline of the service, in TSC counts, is the device's own, with no
 * calibration of another clock and no rounding. Linux uses this mode
 * where it can, and then does not calibrate the count mode at all
 * (lapic_timer_period stays 0): on such a PC this is the device.
 *
 * QEMU's TCG does not offer the mode; the host tests run this file
 * against a fake x86 (tests/unit/test_x86timer.c), and docs/hardware.md
 * says how to check it on a PC.
 *
 * Any x86 shares it.
 */
#include <linux/types.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include "timer_dev.h"

/*
 * The longest shot: any span the service asks for (it never asks for a
 * deadline as far as the TSC's wrap; 2^62 counts is decades).
 */
#define DEADLINE_MAX_STAMPS (1ULL << 62)

static bool deadline_usable(void)
{
	if (!boot_cpu_has(X86_FEATURE_TSC_DEADLINE_TIMER) || !tsc_khz)
		return false;
	adx86_tsc_deadline_timer.max_stamps = DEADLINE_MAX_STAMPS;
	adx86_tsc_deadline_timer.stops_in_idle =
		!boot_cpu_has(X86_FEATURE_ARAT);
	return true;
}

/* The local APIC timer's vector, as the pipeline numbers system vectors. */
static unsigned int deadline_irq(void)
{
	return ADEOS_SYS_IRQ_BASE + LOCAL_TIMER_VECTOR - FIRST_SYSTEM_VECTOR;
}

static void deadline_setup(void)
{
	apic_write(APIC_LVTT, LOCAL_TIMER_VECTOR | APIC_LVT_TIMER_TSCDEADLINE);
}

/*
 * The MSR write is not serializing: the fence keeps it after the TSC
 * read and the stores before it, as Linux's own lapic_next_deadline()
 * does. 0 would disarm the timer: a deadline of 0 is written as 1, as
 * much in the past.
 */
static void write_deadline(u64 tsc)
{
	weak_wrmsr_fence();
	wrmsrl(MSR_IA32_TSC_DEADLINE, tsc);
}

static void deadline_program(u64 stamps)
{
	u64 tsc = rdtsc() + stamps;

	write_deadline(tsc ? tsc : 1);
}

static void deadline_disarm(void)
{
	write_deadline(0);
}

struct adx86_timer_device adx86_tsc_deadline_timer = {
	.name = "local APIC timer, TSC-deadline",
	.usable = deadline_usable,
	.irq = deadline_irq,
	.setup = deadline_setup,
	.program = deadline_program,
	/* no set_rate: the device counts the TSC itself */
	.disarm = deadline_disarm,
};
