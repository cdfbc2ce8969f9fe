// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-idlewake: a cpuidle driver whose one state raises a virtual IRQ
 * for Linux just before it sleeps. cpuidle enters a state with Linux's
 * stage stalled, so the IRQ is logged, not played: the sleep that
 * follows (halt, or sti;mwait with mwait=1) must give way to it (the
 * pipeline's idle check, adx86_root_idle_prepare()), and Linux's handler
 * then runs at once. An idle that sleeps over it anyway runs the handler
 * only when some later IRQ ends the sleep.
 *
 * At load, ROUNDS idle entries each raise one, stamped with the
 * timestamp counter (guest time under QEMU's -icount); the handler
 * stamps it again. Stop the domains' timers first (race_test writes 0
 * to the rt-timer domain's status), so that no domain tick ends a sleep
 * (Linux's own tick still does). The load prints
 * the delays; the module stays loaded, its driver gone, until rmmod.
 * Load it with no other cpuidle driver (idle=halt). A test module:
 * never load it in a product.
 */
#include <linux/cpuidle.h>
#include <linux/jiffies.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sched/idle.h>
#include <linux/wait.h>
#include <asm/cpufeature.h>
#include <asm/mwait.h>
#include <adeos/adeos.h>
#include <adeos/clock.h>

static unsigned int rounds = 100;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "idle entries that raise a virtual IRQ for Linux");
static bool mwait;
module_param(mwait, bool, 0444);
MODULE_PARM_DESC(mwait, "sleep in sti;mwait, not halt");

#define WAIT_MS 20000

static int virq = -1;
/* Set by the idle state, cleared by Linux's handler. */
static unsigned int raised, served;
static unsigned long long raised_at;
static unsigned long long min_delay = ~0ULL, max_delay, sum_delay;
static DECLARE_WAIT_QUEUE_HEAD(done);

/* Linux's handler of the virtual IRQ: how long it waited in the log. */
static void linux_virq(unsigned int n, void *cookie)
{
	unsigned long long delay = arch_timestamp() - raised_at;

	if (raised == served)
		return;
	min_delay = min(min_delay, delay);
	max_delay = max(max_delay, delay);
	sum_delay += delay;
	WRITE_ONCE(served, served + 1);
	if (served == rounds)
		wake_up(&done);
}

/* The body of Linux's mwait_idle(), as adeos-mwait.ko has it. */
static void sleep_mwait(void)
{
	if (!current_set_polling_and_test()) {
		__monitor((void *)&current_thread_info()->flags, 0, 0);
		if (!need_resched())
			__sti_mwait(0, 0);
		else
			raw_local_irq_enable();
	} else {
		raw_local_irq_enable();
	}
	__current_clr_polling();
}

/*
 * Linux's stage is stalled here (and RCU not watching): the virtual IRQ
 * is logged for Linux, then the state sleeps as an idle driver does.
 * One round at a time: the next waits for the handler. A state returns
 * with interrupts off; cpuidle enables them itself.
 */
static int idlewake_enter(struct cpuidle_device *dev,
			  struct cpuidle_driver *drv, int index)
{
	if (raised == served && raised < rounds) {
		raised++;
		raised_at = arch_timestamp();
		adeos_trigger_irq(virq);
	}
	if (mwait)
		sleep_mwait();
	else
		raw_safe_halt();
	raw_local_irq_disable();
	return index;
}

static struct cpuidle_driver idlewake_driver = {
	.name = "adeos_idlewake",
	.owner = THIS_MODULE,
	.states = {
		{
			.name = "IDLEWAKE",
			.desc = "a virq for Linux, then sleep",
			.exit_latency = 1,
			.target_residency = 1,
			.enter = idlewake_enter,
		},
	},
	.state_count = 1,
};

static unsigned long long to_ns(unsigned long long stamps)
{
	return div_u64(stamps * 1000, arch_timestamp_per_us());
}

static void report(void)
{
	pr_info("adeos-idlewake: %u virtual IRQs logged before %s, %u served; delay min %llu ns, avg %llu ns, max %llu ns\n",
		raised, mwait ? "sti;mwait" : "halt", served,
		served ? to_ns(min_delay) : 0,
		served ? to_ns(div_u64(sum_delay, served)) : 0,
		to_ns(max_delay));
}

/* Run the rounds: the CPU idles while the load waits for them. */
static int run_rounds(void)
{
	int err = cpuidle_register(&idlewake_driver, NULL);

	if (err) {
		pr_err("adeos-idlewake: cpuidle_register: %d (another driver?)\n",
		       err);
		return err;
	}
	wait_event_timeout(done, READ_ONCE(served) == rounds,
			   msecs_to_jiffies(WAIT_MS));
	cpuidle_unregister(&idlewake_driver);
	return 0;
}

static int __init idlewake_init(void)
{
	int err;

	if (mwait && !boot_cpu_has(X86_FEATURE_MWAIT)) {
		pr_err("adeos-idlewake: the CPU has no MONITOR/MWAIT\n");
		return -ENODEV;
	}
	virq = adeos_alloc_virq();
	if (virq < 0)
		return virq;
	err = adeos_virtualize_irq_from(adeos_root_domain(), virq, linux_virq,
					NULL, NULL, ADEOS_HANDLE_MASK);
	if (err)
		goto err_free;
	err = run_rounds();
	if (err)
		goto err_release;
	report();
	return 0;

err_release:
	adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL, NULL,
				  0);
err_free:
	adeos_free_virq(virq);
	return err;
}

static void __exit idlewake_exit(void)
{
	adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL, NULL,
				  0);
	adeos_free_virq(virq);
}

module_init(idlewake_init);
module_exit(idlewake_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a virtual IRQ for Linux logged before idle sleeps");
