/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time for domain templates: the timestamp counter (the TSC on x86),
 * and the pipeline's timer service (adeos/timer.h), whose one-shot
 * timers a domain arms at a time of that counter and which fire in the
 * domain's stage. No template programs a hardware timer: the service
 * owns the one the pipeline runs on.
 */
#ifndef ADEOS_CLOCK_H
#define ADEOS_CLOCK_H

/* arch_timestamp(), the counter itself, the pipeline reads too. */
#include <adeos/arch.h>
#include <adeos/timer.h>

/* @return how many arch_timestamp() counts make one microsecond, at least 1. */
unsigned long arch_timestamp_per_us(void);
/*
 * @return @stamps timestamp counts in nanoseconds, at the counter's
 * calibrated rate (arch_timestamp_khz()), rounded down. Any context.
 */
unsigned long long arch_stamps_to_ns(unsigned long long stamps);

#endif /* ADEOS_CLOCK_H */
