// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-timers: two domains ahead of Linux ("tmr-a" at priority 262,
 * "tmr-b" at 261) on the pipeline's timer service, each with TIMERS
 * timers. At load, Linux arms, re-arms and cancels them at random for
 * ROUNDS rounds (a seed makes the rounds the same every run), deadlines
 * up to SPAN_US ahead, a few microseconds apart, then waits for every
 * timer to be idle. Each
 * handler checks the timestamp counter against its deadline: a timer
 * that fires early, one that fires twice for one arming, or an arming
 * that neither fired nor was cancelled nor moved is a failure. Then one
 * timer of each domain is armed at a time of Linux's monotonic clock
 * (adeos_os_clock_to_stamp()), whose handler reads the clock again: it
 * must not be before that time. The load prints the counts; the module
 * stays loaded until rmmod. A test module: never load it in a product.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <adeos/adeos.h>
#include <adeos/clock.h>
#include <adeos/os.h>
#include <adeos/timer.h>

#define TIMERS 8
#define SPAN_US 2000
#define MONO_US 1500
#define WAIT_MS 1000
#define PACE_US 32

static unsigned int rounds = 20000;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "arms and cancels in all");
static unsigned int seed = 2002;
module_param(seed, uint, 0444);
MODULE_PARM_DESC(seed, "the random rounds' seed");

struct tmr {
	struct adeos_timer timer;
	bool armed; /* by Linux, and neither fired nor cancelled since */
};

struct tdomain {
	adomain_t domain;
	const char *name;
	int priority;
	struct tmr tmrs[TIMERS];
	struct adeos_timer mono;
	unsigned long long mono_ns, mono_fired_ns;
	bool registered;
};

static struct tdomain doms[2] = {
	{ .name = "tmr-a", .priority = 262 },
	{ .name = "tmr-b", .priority = 261 },
};
static unsigned long arms, moves, cancels, fired, early, twice, wrong_stage;
static unsigned long long latest;
static u32 rnd;

static u32 next_random(void)
{
	rnd ^= rnd << 13;
	rnd ^= rnd >> 17;
	rnd ^= rnd << 5;
	return rnd;
}

static struct tdomain *domain_of(struct adeos_timer *t)
{
	return container_of(t->domain, struct tdomain, domain);
}

/* In the domain's stage: not early, and once per arming. */
static void tmr_fire(struct adeos_timer *t)
{
	unsigned long long now = arch_timestamp();
	struct tmr *m = container_of(t, struct tmr, timer);

	if (adeos_current_domain() != t->domain)
		wrong_stage++;
	if (now < t->deadline)
		early++;
	else if (now - t->deadline > latest)
		latest = now - t->deadline;
	if (!m->armed)
		twice++;
	m->armed = false;
	fired++;
}

static void mono_fire(struct adeos_timer *t)
{
	domain_of(t)->mono_fired_ns = adeos_os_clock_ns();
}

/*
 * One round, hard IRQs off so that no handler comes in between: arm
 * (moving it if it was armed) or cancel a random timer of a random
 * domain. Then up to PACE_US of Linux's time, IRQs on: timers fire
 * between the rounds too, not only at the end.
 */
static void one_round(void)
{
	struct tdomain *d = &doms[next_random() % 2];
	struct tmr *m = &d->tmrs[next_random() % TIMERS];
	u32 r = next_random();
	unsigned long flags = hard_local_irq_save();

	if (r % 4) {
		if (m->armed)
			moves++;
		m->armed = true;
		arms++;
		adeos_timer_arm(&m->timer,
				arch_timestamp() +
					(unsigned long long)(r % SPAN_US) *
						arch_timestamp_per_us());
	} else if (adeos_timer_cancel(&m->timer)) {
		m->armed = false;
		cancels++;
	}
	hard_local_irq_restore(flags);
	udelay(r % PACE_US);
}

static bool all_idle(void)
{
	int i, k;

	for (i = 0; i < 2; i++)
		for (k = 0; k < TIMERS; k++)
			if (READ_ONCE(doms[i].tmrs[k].armed))
				return false;
	return true;
}

static void release(void)
{
	int i;

	for (i = 1; i >= 0; i--) {
		if (!doms[i].registered)
			continue;
		adeos_timer_detach(&doms[i].domain);
		adeos_unregister_domain(&doms[i].domain);
		doms[i].registered = false;
	}
}

static int set_up(struct tdomain *d)
{
	adattr_t attr;
	int err, k;

	adeos_init_attr(&attr);
	attr.name = d->name;
	attr.priority = d->priority;
	err = adeos_register_domain(&d->domain, &attr);
	if (err)
		return err;
	d->registered = true;
	err = adeos_timer_attach(&d->domain);
	if (err)
		return err;
	for (k = 0; k < TIMERS; k++)
		adeos_timer_init(&d->tmrs[k].timer, &d->domain, tmr_fire);
	adeos_timer_init(&d->mono, &d->domain, mono_fire);
	return 0;
}

/* A timer of each domain at a time of Linux's clock, MONO_US ahead. */
static void monotonic_round(void)
{
	int i;

	for (i = 0; i < 2; i++) {
		doms[i].mono_ns = adeos_os_clock_ns() + MONO_US * 1000ULL;
		adeos_timer_arm(&doms[i].mono,
				adeos_os_clock_to_stamp(doms[i].mono_ns));
	}
	msleep(MONO_US / 1000 + 20);
}

static int __init timers_init(void)
{
	unsigned int i;
	int err;

	rnd = seed ? seed : 1;
	err = set_up(&doms[0]);
	if (!err)
		err = set_up(&doms[1]);
	if (err) {
		release();
		return err;
	}
	for (i = 0; i < rounds; i++) {
		one_round();
		if (i % 64 == 0)
			cond_resched();
	}
	for (i = 0; i < WAIT_MS && !all_idle(); i++)
		usleep_range(1000, 2000);
	monotonic_round();
	pr_info("adeos-timers: %lu arms (%lu moved), %lu cancelled, %lu fired, %lu early, %lu twice, %lu in another stage, %s; latest %llu ns after its deadline\n",
		arms, moves, cancels, fired, early, twice, wrong_stage,
		all_idle() ? "all idle" : "some still armed",
		arch_stamps_to_ns(latest));
	for (i = 0; i < 2; i++)
		pr_info("adeos-timers: %s: armed for Linux's clock at %llu ns, fired at %llu ns (%s)\n",
			doms[i].name, doms[i].mono_ns, doms[i].mono_fired_ns,
			doms[i].mono_fired_ns >= doms[i].mono_ns ?
				"not before" :
				"BEFORE");
	return 0;
}

static void __exit timers_exit(void)
{
	release();
}

module_init(timers_init);
module_exit(timers_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: two domains arm and cancel timers of the service");
