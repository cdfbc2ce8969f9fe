// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-timer: a timer of the pipeline's timer service fires in the domain
 * at the configured rate, every deadline one period after the one
 * before; at every tick the domain reads the timestamp counter first
 * thing and keeps the latency from the deadline, in timestamp counts:
 * its minimum, average, maximum and a histogram. It also stamps every
 * tick, in a ring that Linux reads.
 *
 * Runs ahead of Linux: the handler touches only its own state and its
 * timer. Linux reads the state from /proc/adeos/<domain>/ while the
 * handler may interrupt it; it copies what must be consistent with hard
 * IRQs off, which no domain handler can interrupt.
 */
#include <adeos/clock.h>
#include <adeos/os.h>
#include "rt-timer.h"

/* The rates a domain ticks at: its Kconfig's range. */
#define RT_TIMER_MIN_HZ 20
#define RT_TIMER_MAX_HZ 10000

static void record_latency(struct rt_timer_latency *lat,
			   unsigned long long late)
{
	struct rt_timer_figures *fig = &lat->fig;
	unsigned long stamps = late > ~0UL ? ~0UL : late;
	unsigned long us = stamps / arch_timestamp_per_us();

	if (!fig->samples || stamps < fig->min_stamps)
		fig->min_stamps = stamps;
	if (stamps > fig->max_stamps)
		fig->max_stamps = stamps;
	fig->sum_stamps += stamps;
	fig->samples++;
	if (us < RT_TIMER_HIST_US)
		lat->hist[us]++;
	else
		fig->over++;
}

static struct rt_timer_state *state_of(struct adeos_timer *t)
{
	return (struct rt_timer_state *)((char *)t -
					 __builtin_offsetof(
						 struct rt_timer_state, timer));
}

/*
 * The domain's tick: the latency from the deadline, then the next
 * deadline one period on. A deadline passed already fires at once, so
 * a late tick is caught up, never dropped: the ticks stay a count of
 * the periods.
 */
static void rt_timer_tick(struct adeos_timer *t)
{
	unsigned long long now = arch_timestamp();
	struct rt_timer_state *state = state_of(t);

	record_latency(&state->lat, now - t->deadline);
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
	adeos_timer_arm(t, t->deadline + state->period);
}

/*
 * Tick at @hz from one period from now, or stop (0); hard IRQs off, so
 * that the domain's tick, which arms the timer again, cannot interleave.
 */
static void set_rate(struct rt_timer_state *state, unsigned int hz)
{
	unsigned long flags = hard_local_irq_save();

	adeos_timer_cancel(&state->timer);
	state->timer_hz = hz;
	if (hz) {
		state->period = adeos_div64(
			arch_timestamp_khz() * 1000ULL + hz / 2, hz);
		adeos_timer_arm(&state->timer,
				arch_timestamp() + state->period);
	}
	hard_local_irq_restore(flags);
}

static int rt_timer_start(struct adeos_domain_desc *desc)
{
	struct rt_timer_state *state = desc->state;
	int err;

	if (state->timer_hz < RT_TIMER_MIN_HZ ||
	    state->timer_hz > RT_TIMER_MAX_HZ || !arch_timestamp_khz())
		return -EINVAL;
	err = adeos_timer_attach(&desc->domain);
	if (err)
		return err;
	adeos_timer_init(&state->timer, &desc->domain, rt_timer_tick);
	set_rate(state, state->timer_hz);
	return 0;
}

/*
 * The timer is cancelled, and the domain leaves the service: no tick
 * comes after it. Stopping again (from stop, after a start that failed
 * later on) does nothing.
 */
static void rt_timer_stop(struct adeos_domain_desc *desc)
{
	adeos_timer_detach(&desc->domain);
}

/*
 * The rate, the count and the time it was read at (together, with hard
 * IRQs off: the ticks over a span of the counter are then exact), the
 * period, then the stamps of the last ticks, oldest first.
 */
static int rt_timer_show_status(struct adeos_domain_desc *desc, char *buf,
				int size)
{
	struct rt_timer_state *state = desc->state;
	unsigned long flags = hard_local_irq_save();
	unsigned long end = state->ticks, i;
	unsigned long long now = arch_timestamp();
	unsigned long first = end > RT_TIMER_RING ? end - RT_TIMER_RING : 0;
	int n;

	hard_local_irq_restore(flags);
	n = adeos_snprintf(
		buf, size,
		"hz %u\nticks %lu\nnow %llu\nperiod %llu\nper_us %lu\n",
		state->timer_hz, end, now, state->period,
		arch_timestamp_per_us());
	for (i = first; i < end && n < size; i++)
		n += adeos_snprintf(buf + n, size - n, "stamp %llu\n",
				    state->stamps[i % RT_TIMER_RING]);
	return n < size ? n : size;
}

/* A rate written to status: ticks at it from one period on; 0 stops. */
static int rt_timer_set_rate(struct adeos_domain_desc *desc, const char *buf,
			     int len)
{
	unsigned int hz;
	int err;

	while (len && (buf[len - 1] == '\n' || buf[len - 1] == ' '))
		len--;
	err = adeos_parse_uint(buf, len, &hz);
	if (err)
		return err;
	if (hz && (hz < RT_TIMER_MIN_HZ || hz > RT_TIMER_MAX_HZ))
		return -EINVAL;
	set_rate(desc->state, hz);
	return 0;
}

/* The figures, consistent with each other: copied with hard IRQs off. */
static void copy_figures(struct rt_timer_state *state,
			 struct rt_timer_figures *to)
{
	unsigned long flags = hard_local_irq_save();

	*to = state->lat.fig;
	hard_local_irq_restore(flags);
}

static unsigned long stamps_ns(unsigned long long stamps)
{
	unsigned long long ns = arch_stamps_to_ns(stamps);

	return ns > ~0UL ? ~0UL : ns;
}

/*
 * The latency in nanoseconds, and in timestamp counts as measured: the
 * deadline and the handler's reading are both counts, so the figures
 * are exact to the count.
 */
static int rt_timer_show_latency(struct adeos_domain_desc *desc, char *buf,
				 int size)
{
	struct rt_timer_state *state = desc->state;
	struct rt_timer_figures sum;
	unsigned long avg = 0;
	unsigned int us;
	int n;

	copy_figures(state, &sum);
	if (sum.samples)
		avg = stamps_ns(adeos_div64(sum.sum_stamps, sum.samples));
	n = adeos_snprintf(
		buf, size,
		"hz %u\nsamples %lu\nmin_ns %lu\navg_ns %lu\nmax_ns %lu\noverruns %lu\nmax_gap_us %lu\nmin_stamps %lu\nmax_stamps %lu\n",
		state->timer_hz, sum.samples, stamps_ns(sum.min_stamps), avg,
		stamps_ns(sum.max_stamps), sum.overruns,
		sum.max_gap / arch_timestamp_per_us(), sum.min_stamps,
		sum.max_stamps);
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
	{ .name = "status",
	  .show = rt_timer_show_status,
	  .store = rt_timer_set_rate },
	{ .name = "latency",
	  .show = rt_timer_show_latency,
	  .store = rt_timer_reset_latency },
	{ .name = NULL },
};

const struct adeos_template adeos_template_rt_timer = {
	.name = "rt-timer",
	.start = rt_timer_start,
	.quiesce = rt_timer_stop,
	.stop = rt_timer_stop,
	.files = rt_timer_files,
};
