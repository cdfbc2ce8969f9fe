/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time services for domain templates that keep time: the board's spare
 * periodic timer and a free-running timestamp counter. On i386 these are
 * the PIT on IRQ 0, once Linux has moved its tick to the local APIC
 * timer, and the TSC. Call them with hard IRQs off or from the domain.
 */
#ifndef ADEOS_CLOCK_H
#define ADEOS_CLOCK_H

/* arch_timestamp(), the counter itself, the pipeline reads too. */
#include <adeos/arch.h>

/* Tick at @hz on the timer's IRQ. @return 0, -EINVAL, or -EBUSY. @see arch_timer_stop */
int arch_timer_start(unsigned int hz);
/*
 * Stop the ticks: none comes once it returns. The last edge may be
 * raised inside it, so call it while the timer's IRQ is still the
 * domain's (a template's quiesce). Stopped already, it does nothing.
 * @see arch_timer_start
 */
void arch_timer_stop(void);
/*
 * The same timer in one-shot mode, for an executive that programs the
 * next deadline of its tasks. Take it with arch_timer_shot_start(),
 * which fires nothing (0, or -EBUSY as arch_timer_start()); then each
 * arch_timer_shot() makes it fire once, @stamps timestamp counts from
 * now, rounded up to the timer's resolution so that it never fires
 * early by the timestamp counter, and at most as far as the timer can
 * count (the executive sets it again when it fires with nothing due).
 * A new shot replaces the one set before. arch_timer_stop() ends it.
 */
int arch_timer_shot_start(void);
void arch_timer_shot(unsigned long long stamps);
/*
 * @return how many counts of the timer have passed since it last fired,
 * read from the timer itself: at the top of the timer's handler, that
 * is the interrupt's latency, which no timestamp calibration can skew.
 * Meaningful while the handler runs within one period of the tick.
 */
unsigned int arch_timer_counts_since_tick(void);
/* @return @counts of the timer in nanoseconds (up to 65535 counts). */
unsigned int arch_timer_counts_to_ns(unsigned int counts);
/* @return how many arch_timestamp() counts make one microsecond, at least 1. */
unsigned long arch_timestamp_per_us(void);

#endif /* ADEOS_CLOCK_H */
