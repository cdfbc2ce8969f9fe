// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pipeline's self-test (CONFIG_ADEOS_SELFTEST), once at boot, on the
 * real controller and timer with the configured domains running: Linux
 * stalls while timer ticks arrive and gets them all on unstall; the
 * domains ahead of it keep receiving meanwhile; a probe domain takes a
 * virtual IRQ at once while Linux's copy waits; renice moves it. One
 * line says PASS or FAIL and why.
 */
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/init.h>
#include <linux/printk.h>
#include <adeos/adeos.h>
#include <adeos/timer.h>
#include "glue.h"

static adomain_t probe;
static unsigned long probe_hits, root_hits;
static bool probe_context_ok = true;

/*
 * The probe runs as itself, its stage stalled; hard IRQs off at the
 * head of the pipeline, on below it.
 */
static void probe_handler(unsigned int irq, void *cookie)
{
	bool head = adeos_next_domain(NULL) == &probe;

	probe_hits++;
	if (!adeos_test_ipipe() || hard_irqs_disabled() != head ||
	    adeos_current_domain() != &probe)
		probe_context_ok = false;
}

static void root_handler(unsigned int irq, void *cookie)
{
	root_hits++;
}

static unsigned long stage_count(adomain_t *d, unsigned int irq, bool pending)
{
	return pending ? d->log.hits[irq] : d->stats[irq].handled;
}

/* Linux's timer interrupts: system IRQs, or the proxied tick's. */
static unsigned long sys_sum(adomain_t *d, bool pending)
{
	int tick = adeos_tick_proxied() ? adeos_timer_virq() : -1;
	unsigned long n = tick >= 0 ? stage_count(d, tick, pending) : 0;
	unsigned int irq;

	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		n += stage_count(d, irq, pending);
	return n;
}

/* IRQs received so far by the domains ahead of Linux. */
static unsigned long ahead_received(void)
{
	adomain_t *d;
	unsigned long n = 0;
	unsigned int irq;

	for (d = adeos_next_domain(NULL); d && d != &adeos_root;
	     d = adeos_next_domain(d))
		for (irq = 0; irq < ADEOS_VIRQ_BASE; irq++)
			n += d->stats[irq].received;
	return n;
}

/*
 * How many of Linux's timer ticks a stall must log. A periodic timer
 * goes on ticking: 3. A one-shot one (high resolution timers, or a
 * tickless kernel) is programmed again by the handler of its last
 * event, which the stall holds back: that one event.
 */
static unsigned long ticks_to_log(void)
{
	struct hrtimer t;
	bool hres;

	/* The proxy is one-shot: Linux's tick core arms one event at a time. */
	if (IS_ENABLED(CONFIG_NO_HZ_COMMON) || adeos_tick_proxied())
		return 1;
	hrtimer_init_on_stack(&t, CLOCK_MONOTONIC, HRTIMER_MODE_REL);
	hres = hrtimer_is_hres_active(&t);
	destroy_hrtimer_on_stack(&t);
	return hres ? 1 : 3;
}

/*
 * Stall Linux until ticks_to_log() timer ticks are logged for it (1 s at
 * most). @ahead counts what the domains ahead of Linux received
 * meanwhile: if they were receiving IRQs before, they must have gone on.
 */
static const char *check_timer_stall(unsigned long *logged,
				     unsigned long *ahead_in_stall)
{
	unsigned long flags, handled, ahead, ms, wanted = ticks_to_log();
	bool ticked_in_stall, active = ahead_received() > 0;

	local_irq_save(flags);
	handled = sys_sum(&adeos_root, false);
	ahead = ahead_received();
	for (ms = 0; ms < 1000 && sys_sum(&adeos_root, true) < wanted; ms++)
		udelay(1000);
	*logged = sys_sum(&adeos_root, true);
	ticked_in_stall = sys_sum(&adeos_root, false) != handled;
	*ahead_in_stall = ahead_received() - ahead;
	local_irq_restore(flags);
	if (ticked_in_stall)
		return "Linux took a timer tick with its stage stalled";
	if (*logged < wanted)
		return wanted == 1 ?
			       "no one-shot timer tick logged in a 1 s stall" :
			       "fewer than 3 timer ticks logged in a 1 s stall";
	if (sys_sum(&adeos_root, false) < handled + *logged)
		return "the logged timer ticks were not all replayed";
	if (active && !*ahead_in_stall)
		return "the domains ahead of Linux stopped while it stalled";
	return NULL;
}

static const char *virq_round(int virq, unsigned long n)
{
	unsigned long flags;

	local_irq_save(flags);
	adeos_trigger_irq(virq);
	if (probe_hits != n || root_hits != n - 1) {
		local_irq_restore(flags);
		return "a virtual IRQ did not reach the probe at once";
	}
	local_irq_restore(flags);
	if (root_hits != n)
		return "Linux did not get the virtual IRQ when it unstalled";
	return probe_context_ok ? NULL : "the probe ran in the wrong context";
}

static bool priority_taken(int priority)
{
	adomain_t *d;

	for (d = adeos_next_domain(NULL); d; d = adeos_next_domain(d))
		if (d->priority == priority)
			return true;
	return false;
}

/*
 * The free priority nearest @from, going by @step: the board's domains
 * may sit anywhere, right ahead of Linux too.
 */
static int free_priority(int from, int step)
{
	int p;

	for (p = from; p >= ADEOS_MIN_PRI && p <= ADEOS_MAX_PRI; p += step)
		if (!priority_taken(p))
			return p;
	return -1;
}

/* The first domain below @priority: Linux, or one of the board's. */
static adomain_t *next_below(int priority)
{
	adomain_t *d = adeos_next_domain(NULL);

	while (d->priority >= priority)
		d = adeos_next_domain(d);
	return d;
}

static const char *check_virq_and_renice(void)
{
	const char *why;
	adattr_t attr;
	int virq, low;

	adeos_init_attr(&attr);
	attr.name = "selftest";
	attr.priority = free_priority(ADEOS_MAX_PRI, -1);
	low = free_priority(ADEOS_MIN_PRI, 1);
	if (attr.priority < 0 || low < 0 || low >= attr.priority)
		return "no free priorities for the probe domain";
	if (adeos_register_domain(&probe, &attr))
		return "cannot register the probe domain";
	virq = adeos_alloc_virq();
	if (virq < 0 ||
	    adeos_virtualize_irq_from(&probe, virq, probe_handler, NULL, NULL,
				      ADEOS_HANDLE_MASK | ADEOS_PASS_MASK) ||
	    adeos_virtualize_irq_from(&adeos_root, virq, root_handler, NULL,
				      NULL, ADEOS_HANDLE_MASK)) {
		why = "cannot set up a virtual IRQ";
		goto out;
	}
	why = virq_round(virq, 1);
	if (!why && adeos_renice_domain(&probe, low))
		why = "renice refused";
	if (!why && adeos_next_domain(&probe) != next_below(low))
		why = "renice did not move the probe to its place";
	if (!why)
		why = virq_round(virq, 2);
	adeos_virtualize_irq_from(&probe, virq, NULL, NULL, NULL, 0);
	adeos_virtualize_irq_from(&adeos_root, virq, NULL, NULL, NULL, 0);
	adeos_free_virq(virq);
out:
	adeos_unregister_domain(&probe);
	return why;
}

static int __init adeos_selftest(void)
{
	unsigned long logged = 0, ahead = 0;
	const char *why = check_timer_stall(&logged, &ahead);

	if (!why)
		why = check_virq_and_renice();
	if (why)
		pr_err("adeos: self-test FAIL: %s\n", why);
	else
		pr_info("adeos: self-test PASS: %lu timer ticks logged and replayed across a stall, %lu IRQs ahead of Linux meanwhile, virtual IRQ, renice\n",
			logged, ahead);
	return 0;
}
late_initcall_sync(adeos_selftest);
