// SPDX-License-Identifier: GPL-2.0-only
/*
 * Time services for domain templates on i386 (adeos/clock.h): the PIT's
 * channel 0, free once Linux ticks from the local APIC timer, and the TSC.
 *
 * Any x86 shares it.
 */
#include <linux/export.h>
#include <linux/i8253.h>
#include <linux/init.h>
#include <linux/io.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/timex.h>
#include <asm/apic.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/clock.h>

#define PIT_RATE_GENERATOR 0x34 /* channel 0, low then high byte, mode 2 */
#define PIT_ONE_SHOT 0x30 /* channel 0, low then high byte, mode 0 */
#define PIT_LATCH_CH0 0x00 /* channel 0: hold the count for reading */
#define PIT_STATUS_CH0 0xe2 /* read-back: channel 0's status, not its count */
#define PIT_STATUS_OUT 0x80 /* the status's bit: the output is high */
#define PIT_STOP_POLLS 1000 /* reads of it, about 1 ms: it takes 2 us */

#define PIT_READ_BACK_CH0 0xc2 /* read-back: status, then the count */
#define PIT_MAX_COUNT 0xffff

static unsigned int running_hz;
static unsigned int reload;
/* One-shot mode: taken, and the longest shot in TSC counts. */
static bool shot_mode;
static u64 shot_max_stamps;

/* The PIT is spare, for one user, only once Linux ticks from the LAPIC. */
static bool pit_spare(void)
{
	return !running_hz && !shot_mode &&
	       !(apic_read(APIC_LVTT) & APIC_LVT_MASKED);
}

int arch_timer_start(unsigned int hz)
{
	unsigned long flags, count;

	if (!hz)
		return -EINVAL;
	count = DIV_ROUND_CLOSEST(PIT_TICK_RATE, hz);
	if (!count || count > 0xffff)
		return -EINVAL;
	/*
	 * The PIT is spare only once Linux ticks from the local APIC timer;
	 * if that failed its verification at boot, the PIT is Linux's tick.
	 */
	if (!pit_spare())
		return -EBUSY;
	flags = hard_local_irq_save();
	outb_p(PIT_RATE_GENERATOR, PIT_MODE);
	outb_p(count & 0xff, PIT_CH0);
	outb_p(count >> 8, PIT_CH0);
	running_hz = hz;
	reload = count;
	hard_local_irq_restore(flags);
	return 0;
}
EXPORT_SYMBOL_GPL(arch_timer_start);

/*
 * No tick left to come: a one-shot count of 1 runs out at once, and the
 * output stays high from then on, until the PIT is programmed again. Its
 * rising edge is the last IRQ, raised here: a domain stops its timer
 * while the IRQ is still its own (a template's quiesce). A count of 0
 * would run 65536 counts and raise one 55 ms after the stop.
 */
void arch_timer_stop(void)
{
	unsigned long flags;
	int polls;

	if (!running_hz && !shot_mode)
		return;
	flags = hard_local_irq_save();
	outb_p(PIT_ONE_SHOT, PIT_MODE);
	outb_p(1, PIT_CH0);
	outb_p(0, PIT_CH0);
	for (polls = 0; polls < PIT_STOP_POLLS; polls++) {
		outb(PIT_STATUS_CH0, PIT_MODE);
		if (inb(PIT_CH0) & PIT_STATUS_OUT)
			break;
	}
	running_hz = 0;
	reload = 0;
	shot_mode = false;
	hard_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(arch_timer_stop);

int arch_timer_shot_start(void)
{
	unsigned long flags;

	if (!tsc_khz)
		return -EINVAL;
	flags = hard_local_irq_save();
	if (!pit_spare()) {
		hard_local_irq_restore(flags);
		return -EBUSY;
	}
	shot_mode = true;
	shot_max_stamps =
		div_u64((u64)PIT_MAX_COUNT * tsc_khz * 1000, PIT_TICK_RATE);
	hard_local_irq_restore(flags);
	return 0;
}
EXPORT_SYMBOL_GPL(arch_timer_shot_start);

/*
 * Mode 0: the output goes low when the mode is written and rises, raising
 * IRQ 0, when the count runs out; it then counts on from 0xffff down.
 * Writing the mode first also cancels a shot still running.
 */
void arch_timer_shot(unsigned long long stamps)
{
	unsigned int count;

	if (!shot_mode)
		return;
	if (stamps >= shot_max_stamps)
		count = PIT_MAX_COUNT;
	else
		count = div64_u64(stamps * PIT_TICK_RATE + tsc_khz * 1000ULL -
					  1,
				  tsc_khz * 1000ULL);
	if (!count)
		count = 1;
	outb(PIT_ONE_SHOT, PIT_MODE);
	outb(count & 0xff, PIT_CH0);
	outb(count >> 8, PIT_CH0);
}
EXPORT_SYMBOL_GPL(arch_timer_shot);

/*
 * After a shot ran out the count goes on from 0xffff: 0x10000 - count
 * counts have passed since it fired. Before it ran out (the output still
 * low), none.
 */
static unsigned int counts_since_shot(void)
{
	unsigned int status, count;

	outb(PIT_READ_BACK_CH0, PIT_MODE);
	status = inb(PIT_CH0);
	count = inb(PIT_CH0);
	count |= inb(PIT_CH0) << 8;
	if (!(status & PIT_STATUS_OUT))
		return 0;
	return (0x10000 - count) & 0xffff;
}

/*
 * In mode 2 the count runs from the reload value down to 1 and the
 * output rises, raising IRQ 0, as it starts again: reload - count
 * counts have passed since. Latched, so that both bytes belong to one
 * reading; plain port accesses, as the read sits on the measured path.
 */
unsigned int arch_timer_counts_since_tick(void)
{
	unsigned long flags;
	unsigned int count;

	if (shot_mode) {
		flags = hard_local_irq_save();
		count = counts_since_shot();
		hard_local_irq_restore(flags);
		return count;
	}
	if (!reload)
		return 0;
	flags = hard_local_irq_save();
	outb(PIT_LATCH_CH0, PIT_MODE);
	count = inb(PIT_CH0);
	count |= inb(PIT_CH0) << 8;
	hard_local_irq_restore(flags);
	return count && count <= reload ? reload - count : 0;
}
EXPORT_SYMBOL_GPL(arch_timer_counts_since_tick);

/* A PIT count is 1e9 / 1193182 ns: 838.095 ns. */
unsigned int arch_timer_counts_to_ns(unsigned int counts)
{
	return counts * 838 + counts * 95 / 1000;
}
EXPORT_SYMBOL_GPL(arch_timer_counts_to_ns);

unsigned long long arch_timestamp(void)
{
	return rdtsc();
}
EXPORT_SYMBOL_GPL(arch_timestamp);

unsigned long arch_timestamp_per_us(void)
{
	return tsc_khz >= 1000 ? tsc_khz / 1000 : 1;
}
EXPORT_SYMBOL_GPL(arch_timestamp_per_us);

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
