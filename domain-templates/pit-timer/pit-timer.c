// SPDX-License-Identifier: GPL-2.0-only
/*
 * pit-timer: the PIT ticks at the configured rate; the domain stamps
 * every tick with the timestamp counter, in a ring that Linux reads.
 * Runs ahead of Linux: it touches only its own state and the timer.
 */
#include <adeos/clock.h>
#include "pit-timer.h"

static void pit_timer_tick(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct pit_timer_state *state = desc->state;

	(void)irq;
	state->stamps[state->ticks % PIT_TIMER_RING] = arch_timestamp();
	state->ticks++;
}

static int pit_timer_start(struct adeos_domain_desc *desc)
{
	struct pit_timer_state *state = desc->state;

	return arch_timer_start(state->pit_hz);
}

static void pit_timer_stop(struct adeos_domain_desc *desc)
{
	(void)desc;
	arch_timer_stop();
}

/* The rate, the count, then the stamps of the last ticks, oldest first. */
static int pit_timer_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	struct pit_timer_state *state = desc->state;
	unsigned long end = state->ticks, i;
	unsigned long first = end > PIT_TIMER_RING ? end - PIT_TIMER_RING : 0;
	int n = adeos_snprintf(buf, size, "hz %u\nticks %lu\nper_us %lu\n",
			       state->pit_hz, end, arch_timestamp_per_us());

	for (i = first; i < end && n < size; i++)
		n += adeos_snprintf(buf + n, size - n, "stamp %llu\n",
				    state->stamps[i % PIT_TIMER_RING]);
	return n < size ? n : size;
}

const struct adeos_template adeos_template_pit_timer = {
	.name = "pit-timer",
	.handle_irq = pit_timer_tick,
	.start = pit_timer_start,
	.stop = pit_timer_stop,
	.show = pit_timer_show,
};
