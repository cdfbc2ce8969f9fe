/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The devices the timer service can run on, on any x86 (timer.c picks
 * one at boot): the local APIC timer (lapic_timer.c), else the PIT
 * (pit_timer.c). Each turns a span of TSC counts into its own counts.
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
	u64 max_stamps; /* set by usable() */
	bool stops_in_idle; /* set by usable(): C3STOP */
};

extern struct adx86_timer_device adx86_lapic_timer;
extern struct adx86_timer_device adx86_pit_timer;

#endif /* ADX86_TIMER_DEV_H */
