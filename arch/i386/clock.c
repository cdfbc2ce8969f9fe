// SPDX-License-Identifier: GPL-2.0-only
/*
 * Time services for domain templates on i386 (adeos/clock.h): the PIT's
 * channel 0, free once Linux ticks from the local APIC timer, and the TSC.
 */
#include <linux/export.h>
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
#define PIT_LATCH_CH0 0x00 /* channel 0: hold the count for reading */
#define PIT_STATUS_CH0 0xe2 /* read-back: channel 0's status, not its count */
#define PIT_STATUS_OUT 0x80 /* the status's bit: the output is high */
#define PIT_STOP_POLLS 1000 /* reads of it, about 1 ms: it takes 2 us */

static unsigned int running_hz;
static unsigned int reload;

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
	if (running_hz || (apic_read(APIC_LVTT) & APIC_LVT_MASKED))
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

	if (!running_hz)
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
	hard_local_irq_restore(flags);
}
EXPORT_SYMBOL_GPL(arch_timer_stop);

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
