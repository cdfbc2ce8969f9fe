/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The devices the timer service can run on, on any x86 (timer.c picks
 * one at boot): the local APIC timer in TSC-deadline mode where the CPU
 * has it (tsc_deadline_timer.c), else in one-shot count mode
 * (lapic_timer.c), else the PIT (pit_timer.c). Each turns a span of TSC
 * counts into its own counts.
 */
#ifndef ADX86_TIMER_DEV_H
#define ADX86_TIMER_DEV_H

#include <linux/types.h>

struct adx86_timer_device {
	const char *name;
	/*
	 * Whether the device can be the service's on this machine (boot,
	 * process context); then the pipeline's IRQ it interrupts on.
	 */
	bool (*usable)(void);
	unsigned int (*irq)(void);
	/* Linux let go of it: set it up for one-shot (hard IRQs off). */
	void (*setup)(void);
	/*
	 * Fire once, @stamps TSC counts from now, never sooner: at most
	 * max_stamps (the caller clamps). Hard IRQs off.
	 */
	void (*program)(u64 stamps);
	void (*disarm)(void);
	/*
	 * Convert at the TSC's rate @khz from now on (usable() sets the
	 * first); max_stamps with it. Hard IRQs off. NULL for a device
	 * that counts the TSC itself.
	 */
	void (*set_rate)(unsigned long khz);
	u64 max_stamps; /* set by set_rate() */
	bool stops_in_idle; /* set by usable(): C3STOP */
};

extern struct adx86_timer_device adx86_tsc_deadline_timer;
extern struct adx86_timer_device adx86_lapic_timer;
extern struct adx86_timer_device adx86_pit_timer;

#endif /* ADX86_TIMER_DEV_H */
