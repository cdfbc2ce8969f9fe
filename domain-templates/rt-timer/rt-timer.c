// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-timer: the spare timer (the PIT on i386) ticks at the configured
 * rate; at every tick the domain reads how long ago the timer fired,
 * from the timer's own count, and keeps the latency's minimum, average,
 * maximum and a histogram. It also stamps every tick with the timestamp
 * counter, in a ring that Linux reads.
 *
 * Runs ahead of Linux: the handler touches only its own state and the
 * timer. Linux reads the state from /proc/adeos/<domain>/ while the
 * handler may interrupt it; it copies what must be consistent with hard
 * IRQs off, which no domain handler can interrupt.
 */
#include <adeos/clock.h>
#include <adeos/os.h>
#include "rt-timer.h"

static void record_latency(struct rt_timer_latency *lat, unsigned int counts)
{
	struct rt_timer_figures *fig = &lat->fig;
	unsigned int us = arch_timer_counts_to_ns(counts) / 1000;

	if (!fig->samples || counts < fig->min_counts)
		fig->min_counts = counts;
	if (counts > fig->max_counts)
		fig->max_counts = counts;
	fig->sum_counts += counts;
	fig->samples++;
	if (us < RT_TIMER_HIST_US)
		lat->hist[us]++;
	else
		fig->over++;
}

static void rt_timer_tick(unsigned int irq, void *cookie)
{
	unsigned int counts = arch_timer_counts_since_tick();
	struct adeos_domain_desc *desc = cookie;
	struct rt_timer_state *state = desc->state;
	unsigned long long now = arch_timestamp();

	(void)irq;
	record_latency(&state->lat, counts);
	/* a tick that came late by more than half a period was missed */
	if (state->ticks) {
		unsigned long long gap = now - state->last_stamp;

		if (gap > state->period + state->period / 2)
			state->lat.fig.overruns++;
		if (gap > state->lat.fig.max_gap)
			state->lat.fig.max_gap = gap > ~0UL ? ~0UL : gap;
	}
	state->last_stamp = now;
	state->stamps[state->ticks % RT_TIMER_RING] = now;
	state->ticks++;
}

static int rt_timer_start(struct adeos_domain_desc *desc)
{
	struct rt_timer_state *state = desc->state;

	if (!state->timer_hz)
		return -EINVAL;
	state->period = (unsigned long long)arch_timestamp_per_us() *
			(1000000 / state->timer_hz);
	return arch_timer_start(state->timer_hz);
}

/*
 * The timer stops while IRQ 0 is still the domain's: its last edge, if
 * the stop raises one, is the domain's too. Stopping again (from stop,
 * after a start that failed later on) does nothing.
 */
static void rt_timer_stop(struct adeos_domain_desc *desc)
{
	(void)desc;
	arch_timer_stop();
}

/* The rate, the count, then the stamps of the last ticks, oldest first. */
static int rt_timer_show_status(struct adeos_domain_desc *desc, char *buf,
				int size)
{
	struct rt_timer_state *state = desc->state;
	unsigned long end = state->ticks, i;
	unsigned long first = end > RT_TIMER_RING ? end - RT_TIMER_RING : 0;
	int n = adeos_snprintf(buf, size, "hz %u\nticks %lu\nper_us %lu\n",
			       state->timer_hz, end, arch_timestamp_per_us());

	for (i = first; i < end && n < size; i++)
		n += adeos_snprintf(buf + n, size - n, "stamp %llu\n",
				    state->stamps[i % RT_TIMER_RING]);
	return n < size ? n : size;
}

/* The figures, consistent with each other: copied with hard IRQs off. */
static void copy_figures(struct rt_timer_state *state,
			 struct rt_timer_figures *to)
{
	unsigned long flags = hard_local_irq_save();

	*to = state->lat.fig;
	hard_local_irq_restore(flags);
}

/* In 32-bit arithmetic: the whole counts, then thousandths of one. */
static unsigned int average_ns(unsigned long sum, unsigned long samples)
{
	unsigned long rest = sum % samples, milli;

	milli = samples >= 1000 ? rest / (samples / 1000) :
				  rest * 1000 / samples;
	return arch_timer_counts_to_ns(sum / samples) +
	       arch_timer_counts_to_ns(milli > 1000 ? 1000 : milli) / 1000;
}

static int rt_timer_show_latency(struct adeos_domain_desc *desc, char *buf,
				 int size)
{
	struct rt_timer_state *state = desc->state;
	struct rt_timer_figures sum;
	unsigned int avg = 0, us;
	int n;

	copy_figures(state, &sum);
	if (sum.samples)
		avg = average_ns(sum.sum_counts, sum.samples);
	n = adeos_snprintf(
		buf, size,
		"hz %u\nsamples %lu\nmin_ns %u\navg_ns %u\nmax_ns %u\noverruns %lu\nmax_gap_us %lu\n",
		state->timer_hz, sum.samples,
		arch_timer_counts_to_ns(sum.min_counts), avg,
		arch_timer_counts_to_ns(sum.max_counts), sum.overruns,
		sum.max_gap / arch_timestamp_per_us());
	/* each bucket on its own: the domain may be adding to it */
	for (us = 0; us < RT_TIMER_HIST_US && n < size; us++)
		if (state->lat.hist[us])
			n += adeos_snprintf(buf + n, size - n, "hist %u %u\n",
					    us, state->lat.hist[us]);
	if (n < size)
		n += adeos_snprintf(buf + n, size - n, "hist_over %u %u\n",
				    RT_TIMER_HIST_US, sum.over);
	return n < size ? n : size;
}

/* Any write starts the figures afresh. */
static int rt_timer_reset_latency(struct adeos_domain_desc *desc,
				  const char *buf, int len)
{
	struct rt_timer_state *state = desc->state;
	unsigned long flags = hard_local_irq_save();

	(void)buf;
	(void)len;
	__builtin_memset(&state->lat, 0, sizeof(state->lat));
	hard_local_irq_restore(flags);
	return 0;
}

static const struct adeos_template_file rt_timer_files[] = {
	{ .name = "status", .show = rt_timer_show_status },
	{ .name = "latency",
	  .show = rt_timer_show_latency,
	  .store = rt_timer_reset_latency },
	{ .name = NULL },
};

const struct adeos_template adeos_template_rt_timer = {
	.name = "rt-timer",
	.handle_irq = rt_timer_tick,
	.start = rt_timer_start,
	.quiesce = rt_timer_stop,
	.stop = rt_timer_stop,
	.files = rt_timer_files,
};
