/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rt-timer: a periodic real-time domain on the pipeline's timer service
 * that measures its latency from each deadline to its handler.
 */
#ifndef ADEOS_TEMPLATE_RT_TIMER_H
#define ADEOS_TEMPLATE_RT_TIMER_H

#include <adeos/template.h>
#include <adeos/timer.h>

#define RT_TIMER_RING 1024 /* timestamps kept, a power of two */
#define RT_TIMER_HIST_US 1000 /* 1 us buckets; later samples count as over */

/* The summary figures: Linux copies them together, with hard IRQs off. */
struct rt_timer_figures {
	unsigned long samples;
	/* from the deadline to the handler, in timestamp counts */
	unsigned long min_stamps, max_stamps;
	unsigned long long sum_stamps; /* for the average */
	unsigned long overruns; /* ticks more than 1.5 periods apart */
	unsigned long max_gap; /* the longest time between two ticks, stamps */
	unsigned int over; /* samples of RT_TIMER_HIST_US or more */
};

/* Written by the domain only; Linux resets them with hard IRQs off. */
struct rt_timer_latency {
	struct rt_timer_figures fig;
	unsigned int hist[RT_TIMER_HIST_US];
};

struct rt_timer_state {
	unsigned int timer_hz; /* DOMAIN<n>_TIMER_HZ, or as written to status */
	struct adeos_timer timer; /* the service's: fires every period */
	unsigned long ticks;
	unsigned long long period; /* in timestamp counts */
	unsigned long long last_stamp;
	unsigned long long stamps[RT_TIMER_RING]; /* written by the domain */
	struct rt_timer_latency lat;
};

extern const struct adeos_template adeos_template_rt_timer;

#endif /* ADEOS_TEMPLATE_RT_TIMER_H */
