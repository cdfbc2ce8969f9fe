/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Time services for domain templates that keep time: the board's spare
 * periodic timer and a free-running timestamp counter. On i386 these are
 * the PIT on IRQ 0, once Linux has moved its tick to the local APIC
 * timer, and the TSC. Call them with hard IRQs off or from the domain.
 */
#ifndef ADEOS_CLOCK_H
#define ADEOS_CLOCK_H

/* Tick at @hz on the timer's IRQ. @return 0, -EINVAL, or -EBUSY. @see arch_timer_stop */
int arch_timer_start(unsigned int hz);
/* Stop the ticks. @see arch_timer_start */
void arch_timer_stop(void);
/* @return the timestamp counter now. */
unsigned long long arch_timestamp(void);
/* @return how many timestamp counts make one microsecond, at least 1. */
unsigned long arch_timestamp_per_us(void);

#endif /* ADEOS_CLOCK_H */
