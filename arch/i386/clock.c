// SPDX-License-Identifier: GPL-2.0-only
/*
 * Time services for domain templates on i386 (adeos/clock.h): the PIT's
 * channel 0, free once Linux ticks from the local APIC timer, and the TSC.
 */
#include <linux/i8253.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/timex.h>
#include <asm/apic.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/clock.h>

#define PIT_RATE_GENERATOR 0x34 /* channel 0, low then high byte, mode 2 */
#define PIT_ONE_SHOT 0x30 /* channel 0, low then high byte, mode 0 */

static unsigned int running_hz;

int arch_timer_start(unsigned int hz)
{
	unsigned long flags, reload;

	if (!hz)
		return -EINVAL;
	reload = DIV_ROUND_CLOSEST(PIT_TICK_RATE, hz);
	if (!reload || reload > 0xffff)
		return -EINVAL;
	/*
	 * The PIT is spare only once Linux ticks from the local APIC timer;
	 * if that failed its verification at boot, the PIT is Linux's tick.
	 */
	if (running_hz || (apic_read(APIC_LVTT) & APIC_LVT_MASKED))
		return -EBUSY;
	flags = hard_local_irq_save();
	outb_p(PIT_RATE_GENERATOR, PIT_MODE);
	outb_p(reload & 0xff, PIT_CH0);
	outb_p(reload >> 8, PIT_CH0);
	running_hz = hz;
	hard_local_irq_restore(flags);
	return 0;
}

/* A one-shot count that never starts: no more ticks. */
void arch_timer_stop(void)
{
	unsigned long flags = hard_local_irq_save();

	outb_p(PIT_ONE_SHOT, PIT_MODE);
	outb_p(0, PIT_CH0);
	outb_p(0, PIT_CH0);
	running_hz = 0;
	hard_local_irq_restore(flags);
}

unsigned long long arch_timestamp(void)
{
	return rdtsc();
}

unsigned long arch_timestamp_per_us(void)
{
	return tsc_khz >= 1000 ? tsc_khz / 1000 : 1;
}
