/* SPDX-License-Identifier: GPL-2.0-only */
/* pit-timer: a periodic domain that timestamps the ticks of the PIT. */
#ifndef ADEOS_TEMPLATE_PIT_TIMER_H
#define ADEOS_TEMPLATE_PIT_TIMER_H

#include <adeos/template.h>

#define PIT_TIMER_RING 1024 /* timestamps kept, a power of two */

struct pit_timer_state {
	unsigned int pit_hz; /* DOMAIN<n>_PIT_HZ */
	unsigned long ticks;
	unsigned long long stamps[PIT_TIMER_RING]; /* written by the domain */
};

extern const struct adeos_template adeos_template_pit_timer;

#endif /* ADEOS_TEMPLATE_PIT_TIMER_H */
