// SPDX-License-Identifier: GPL-2.0-only
/*
 * The timer service's device (adeos/timer.h) on any x86, chosen once at
 * boot: the local APIC timer in TSC-deadline mode where the CPU has it,
 * else in count mode where Linux calibrated it, else the PIT where Linux
 * set it up as its tick (timer_dev.h). adeos.timer=deadline, lapic or
 * pit on the command line asks for one; the service then
 * runs on no other. Linux keeps its tick through the service
 * (core/linux/tick.c, its proxy clock event device); from then on only
 * the service writes the device's registers, and Linux's own callbacks
 * for it are refused and counted (linux-patch/0020, 0021).
 *
 * Deadlines are in TSC counts; the device turns the span from now into
 * its own counts, rounded up.
 */
#include <linux/errno.h>
#include <linux/init.h>
#include <linux/string.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include <adeos/os.h>
#include <adeos/timer.h>
#include "timer_dev.h"

/* The pipeline's IRQ of the device, once the service owns it. */
unsigned int adx86_timer_irq = ~0U;
static struct adx86_timer_device *device;
/* adeos.timer=: the device asked for, or NULL for the first usable. */
static struct adx86_timer_device *asked;
static bool asked_bad;
/* Linux's callbacks for the device refused since the service set it up. */
static bool linux_locked_out;
static unsigned long linux_refused;

static int __init parse_timer(char *arg)
{
	if (!strcmp(arg, "deadline"))
		asked = &adx86_tsc_deadline_timer;
	else if (!strcmp(arg, "lapic"))
		asked = &adx86_lapic_timer;
	else if (!strcmp(arg, "pit"))
		asked = &adx86_pit_timer;
	else
		asked_bad = true;
	return 1;
}
__setup("adeos.timer=", parse_timer);

static struct adx86_timer_device *__init pick_device(void)
{
	if (asked_bad)
		pr_err("adeos: adeos.timer= takes deadline, lapic or pit: the first usable is taken\n");
	if (asked && !asked_bad)
		return asked->usable() ? asked : NULL;
	if (adx86_tsc_deadline_timer.usable())
		return &adx86_tsc_deadline_timer;
	if (adx86_lapic_timer.usable())
		return &adx86_lapic_timer;
	if (adx86_pit_timer.usable())
		return &adx86_pit_timer;
	return NULL;
}

int arch_timer_stops_in_idle(void)
{
	return device && device->stops_in_idle;
}

/*
 * The service takes the device's IRQ: it no longer goes to Linux's
 * handler but to the service's entry (irq.c).
 */
int __init arch_timer_claim(void)
{
	struct adx86_timer_device *dev = pick_device();
	unsigned long flags;
	unsigned int irq;

	if (!dev)
		return -ENODEV;
	irq = dev->irq();
	adeos_virtualize_irq_from(&adeos_root, irq, NULL, NULL, NULL, 0);
	flags = hard_local_irq_save();
	device = dev;
	adx86_timer_irq = irq;
	hard_local_irq_restore(flags);
	return 0;
}

/*
 * Linux let go of its device (the proxy replaced it, and Linux shut the
 * device down): one-shot mode, and the deadline the service holds
 * written again.
 */
void __init arch_timer_claimed(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long long next = adeos_timer_programmed();

	device->setup();
	if (next != ADEOS_TIMER_NEVER)
		arch_timer_program(next);
	linux_locked_out = true;
	hard_local_irq_restore(flags);
}

void adx86_tsc_refined(void)
{
	unsigned long flags;

	if (!linux_locked_out)
		return;
	if (device->set_rate) {
		flags = hard_local_irq_save();
		device->set_rate(tsc_khz);
		hard_local_irq_restore(flags);
	}
	adeos_os_timestamp_rate_changed();
}

static bool refused(const struct adx86_timer_device *dev)
{
	if (!linux_locked_out || device != dev)
		return false;
	linux_refused++;
	return true;
}

bool adx86_lapic_timer_refused(void)
{
	return refused(&adx86_lapic_timer);
}

bool adx86_pit_timer_refused(void)
{
	return refused(&adx86_pit_timer);
}

unsigned long arch_timer_os_refusals(void)
{
	return linux_refused;
}

const char *arch_timer_name(void)
{
	return device ? device->name : "none";
}

int arch_timer_irq(void)
{
	return device ? (int)adx86_timer_irq : -1;
}

int arch_timer_program(unsigned long long deadline)
{
	u64 now = rdtsc();
	u64 stamps = deadline > now ? deadline - now : 0;

	if (stamps > device->max_stamps) {
		device->program(device->max_stamps);
		return 1;
	}
	device->program(stamps);
	return 0;
}

void arch_timer_disarm(void)
{
	device->disarm();
}
