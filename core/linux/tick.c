// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux's tick through the timer service (adeos/timer.h): a proxy clock
 * event device, rated above every real one so that the tick core takes
 * it, whose next event is one of the root domain's timers. The proxy's
 * rate is the timestamp counter's, so Linux's deltas are deadlines as
 * they are; halved until it fits clockevents' 32 bits (a TSC of 4.3 GHz
 * or more), Linux's deltas are then in 2 or more TSC counts. Its timer fires in the root's stage, as a virtual IRQ:
 * logged while Linux stalls, played at the unstall, where the tick
 * core catches up on the jiffies it missed.
 *
 * Installed at boot once the arch's device is calibrated; a machine
 * whose device the arch cannot claim keeps Linux's own tick device.
 */
#include <linux/clockchips.h>
#include <linux/cpumask.h>
#include <linux/init.h>
#include <linux/limits.h>
#include <linux/math64.h>
#include <linux/printk.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/timekeeping.h>
#include <adeos/os.h>
#include <adeos/timer.h>
#include "glue.h"

/* Above the local APIC timer (100, 150), the HPET (50) and the PIT. */
#define PROXY_RATING 500

static struct adeos_timer proxy_timer;
static bool proxied;
static unsigned long proxy_ticks; /* Linux's tick events, played */
/* Linux's deltas count 2^proxy_shift TSC counts each. */
static unsigned int proxy_shift;
/* The TSC's rate the proxy was last rated at (kHz). */
static unsigned long proxy_khz;

bool adeos_tick_proxied(void)
{
	return proxied;
}

static int proxy_set_next_event(unsigned long delta,
				struct clock_event_device *dev)
{
	return adeos_timer_arm(&proxy_timer,
			       arch_timestamp() + ((u64)delta << proxy_shift));
}

static int proxy_shutdown(struct clock_event_device *dev)
{
	adeos_timer_cancel(&proxy_timer);
	return 0;
}

static int proxy_oneshot(struct clock_event_device *dev)
{
	return 0;
}

static struct clock_event_device proxy_device = {
	.name = "adeos-proxy",
	.features = CLOCK_EVT_FEAT_ONESHOT,
	.rating = PROXY_RATING,
	.set_next_event = proxy_set_next_event,
	.set_state_shutdown = proxy_shutdown,
	.set_state_oneshot = proxy_oneshot,
	.set_state_oneshot_stopped = proxy_shutdown,
	.tick_resume = proxy_oneshot,
};

/* In the root's stage, inside Linux's interrupt context. */
static void proxy_fire(struct adeos_timer *t)
{
	proxy_ticks++;
	proxy_device.event_handler(&proxy_device);
}

/* /proc/adeos/timer: the device and what the service counted. */
static int timer_show(struct seq_file *m, void *v)
{
	unsigned long long next = adeos_timer_programmed();
	struct adeos_timer_stats st;

	adeos_timer_stats(&st);
	seq_printf(m, "device: %s\n", arch_timer_name());
	seq_printf(m, "stops_in_idle: %d\n", arch_timer_stops_in_idle());
	seq_printf(m, "rate: %lu kHz\n", arch_timestamp_khz());
	seq_printf(m, "linux_rate: %lu kHz\n", proxy_khz);
	if (next == ADEOS_TIMER_NEVER)
		seq_puts(m, "programmed: never\n");
	else
		seq_printf(m, "programmed: %llu\n", next);
	seq_printf(m, "interrupts: %lu\nearly: %lu\ndue: %lu\nfired: %lu\n",
		   st.interrupts, st.early, st.due, st.fired);
	seq_printf(m, "writes: %lu\nlinux_refused: %lu\nlinux_ticks: %lu\n",
		   st.programmed, arch_timer_os_refusals(), proxy_ticks);
	return 0;
}

/*
 * The service runs only with a device: without one, a domain's timer
 * would write to the one Linux keeps. The root's stage then takes the
 * service's virtual IRQ for the proxy's timer.
 */
static int __init start_service(void)
{
	int err = adeos_timer_service_start();

	if (err)
		return err;
	err = arch_timer_claim();
	if (err) {
		adeos_timer_service_stop();
		return err;
	}
	return adeos_timer_attach(adeos_root_domain());
}

unsigned long long adeos_os_clock_ns(void)
{
	return ktime_get_mono_fast_ns();
}

/*
 * The two clocks read back to back, hard IRQs off; the span to @ns at
 * the timestamp counter's rate, one count more (a deadline never before
 * the time), or none for a time already passed.
 */
unsigned long long adeos_os_clock_to_stamp(unsigned long long ns)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long long now_ns = ktime_get_mono_fast_ns();
	unsigned long long now = arch_timestamp();
	unsigned long khz = arch_timestamp_khz();

	hard_local_irq_restore(flags);
	if (ns <= now_ns || !khz)
		return now;
	return now + mul_u64_u32_div(ns - now_ns, khz, 1000000) + 1;
}

/* The proxy's deltas: TSC counts halved until the rate fits 32 bits. */
static void __init choose_proxy_shift(unsigned long khz)
{
	while ((u64)khz * 1000 >> proxy_shift > U32_MAX)
		proxy_shift++;
}

/* The proxy's rate in Hz at @khz (within 32 bits, for a rate refined). */
static u32 proxy_rate(unsigned long khz)
{
	return min_t(u64, (u64)khz * 1000 >> proxy_shift, U32_MAX);
}

/*
 * The arch converts at a refined rate (Linux measured the TSC again, a
 * second after boot): Linux's deltas too. clockevents takes the new
 * rate as it stands, the event programmed included.
 */
void adeos_os_timestamp_rate_changed(void)
{
	unsigned long khz = arch_timestamp_khz();

	if (!proxied || !khz || khz == proxy_khz)
		return;
	clockevents_update_freq(&proxy_device, proxy_rate(khz));
	proxy_khz = khz;
	pr_info("adeos: Linux's tick through the pipeline's timer at %lu kHz\n",
		khz);
}

static int __init install_tick_proxy(void)
{
	unsigned long khz = arch_timestamp_khz();
	u32 rate;
	int err;

	err = khz ? start_service() : -ENODEV;
	if (err) {
		pr_info("adeos: Linux keeps its own tick device (%d)\n", err);
		return 0;
	}
	choose_proxy_shift(khz);
	rate = proxy_rate(khz);
	proxy_khz = khz;
	adeos_timer_init(&proxy_timer, adeos_root_domain(), proxy_fire);
	if (arch_timer_stops_in_idle())
		proxy_device.features |= CLOCK_EVT_FEAT_C3STOP;
	proxy_device.cpumask = cpumask_of(smp_processor_id());
	/* From a microsecond on, up to about a second. */
	clockevents_config_and_register(&proxy_device, rate, rate / 1000000 + 1,
					rate);
	arch_timer_claimed();
	proxied = true;
	proc_create_single("adeos/timer", 0444, NULL, timer_show);
	pr_info("adeos: Linux's tick through the pipeline's timer (%s)\n",
		proxy_device.name);
	return 0;
}
device_initcall(install_tick_proxy);
