// SPDX-License-Identifier: GPL-2.0-only
/*
 * The PIT's channel 0 as the timer service's device (timer_dev.h), for
 * machines whose local APIC timer the service cannot have (nolapic,
 * noapictimer, a timer Linux did not calibrate): mode 0, one shot per
 * deadline, on IRQ 0. A span of TSC counts becomes PIT counts (1.193182
 * MHz) rounded up; the longest shot is 65535 counts, 55 ms, and a later
 * deadline takes several. Only where Linux set the PIT up as its tick
 * (not on a machine whose PIT is gated off, nor where the HPET ticks).
 *
 * Any x86 shares it.
 */
#include <linux/i8253.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/math64.h>
#include <asm/time.h>
#include <asm/tsc.h>
#include <adeos/hardlock.h>
#include "timer_dev.h"

#define PIT_ONE_SHOT 0x30 /* channel 0, low then high byte, mode 0 */
#define PIT_MAX_COUNT 0xffff

static u64 stamps_per_s;

/* The TSC's counts per second at @khz, and the longest shot. */
static void pit_set_rate(unsigned long khz)
{
	stamps_per_s = (u64)khz * 1000;
	/* one count less than the most: the shot starts at the next edge */
	adx86_pit_timer.max_stamps =
		div_u64((u64)(PIT_MAX_COUNT - 1) * stamps_per_s, PIT_TICK_RATE);
}

static bool pit_usable(void)
{
	if (global_clock_event != &i8253_clockevent || !tsc_khz)
		return false;
	pit_set_rate(tsc_khz);
	adx86_pit_timer.stops_in_idle = false;
	return true;
}

static unsigned int pit_irq(void)
{
	return 0;
}

static void pit_setup(void)
{
}

/*
 * Mode 0: the output goes low as the mode is written and rises, raising
 * IRQ 0, when the count runs out; writing the mode also cancels a shot
 * still running. i8253_lock, a hard lock (adeos/hardlock.h) as Linux
 * takes it too (linux-patch/0012), keeps its clocksource's latch of
 * channel 0 apart.
 */
static void pit_write(unsigned int mode, unsigned int count)
{
	unsigned long flags;

	adx86_hard_spin_lock_irqsave(&i8253_lock, flags);
	outb(mode, PIT_MODE);
	outb(count & 0xff, PIT_CH0);
	outb(count >> 8, PIT_CH0);
	adx86_hard_spin_unlock_irqrestore(&i8253_lock, flags);
}

static void pit_program(u64 stamps)
{
	u64 counts = stamps * PIT_TICK_RATE + stamps_per_s - 1;

	/* rounded up, and one more: the count starts at the next edge */
	pit_write(PIT_ONE_SHOT, div64_u64(counts, stamps_per_s) + 1);
}

/* A shot of the longest count, whose interrupt finds nothing due. */
static void pit_disarm(void)
{
	pit_write(PIT_ONE_SHOT, PIT_MAX_COUNT);
}

struct adx86_timer_device adx86_pit_timer = {
	.name = "PIT (8254), one-shot",
	.usable = pit_usable,
	.irq = pit_irq,
	.setup = pit_setup,
	.program = pit_program,
	.set_rate = pit_set_rate,
	.disarm = pit_disarm,
};
