// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-pollidle: a cpuidle driver whose one state polls, as cpuidle's
 * own poll state (drivers/cpuidle/poll_state.c) and cpu_idle_poll() do:
 * it turns interrupts on between ct_idle_enter() and ct_idle_exit(),
 * with RCU not watching, and spins until a reschedule is due. Each
 * entry first raises a virtual IRQ for Linux, which Linux's stalled
 * stage logs, so that every entry has something to play at that enable,
 * where a timer tick lands only now and then. Linux's handler of it
 * counts its calls, and those made while RCU was not watching
 * (/sys/module/adeos_pollidle/parameters/). A test module: never load
 * it in a product.
 */
#include <linux/cpuidle.h>
#include <linux/module.h>
#include <linux/rcupdate.h>
#include <linux/sched/clock.h>
#include <linux/sched/idle.h>
#include <adeos/adeos.h>

/* As long as cpuidle's poll state spins at most, about a tick. */
#define POLL_NS (NSEC_PER_SEC / HZ)

static unsigned long entries, played, unwatched;
module_param(entries, ulong, 0444);
MODULE_PARM_DESC(entries, "entries of the poll state");
module_param(played, ulong, 0444);
MODULE_PARM_DESC(played, "calls of Linux's handler of the virtual IRQ");
module_param(unwatched, ulong, 0444);
MODULE_PARM_DESC(unwatched, "those made while RCU was not watching");

static int virq = -1;

static void linux_virq(unsigned int irq, void *cookie)
{
	played++;
	if (!rcu_is_watching())
		unwatched++;
}

static int poll_enter(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		      int index)
{
	u64 start = local_clock();

	entries++;
	adeos_trigger_irq(virq);
	/* poll_idle()'s enable: Linux plays its log here */
	local_irq_enable();
	if (!current_set_polling_and_test()) {
		while (!need_resched() && local_clock() - start < POLL_NS)
			cpu_relax();
	}
	current_clr_polling();
	return index;
}

static struct cpuidle_driver poll_driver = {
	.name = "adeos_pollidle",
	.owner = THIS_MODULE,
	.states = {
		{
			.name = "POLLV",
			.desc = "a virtual IRQ for Linux, then poll",
			.exit_latency = 0,
			.target_residency = 0,
			.flags = CPUIDLE_FLAG_POLLING,
			.enter = poll_enter,
		},
	},
	.state_count = 1,
};

static void release_virq(void)
{
	adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL, NULL,
				  0);
	adeos_free_virq(virq);
}

static int __init pollidle_init(void)
{
	int err;

	virq = adeos_alloc_virq();
	if (virq < 0)
		return virq;
	err = adeos_virtualize_irq_from(adeos_root_domain(), virq, linux_virq,
					NULL, NULL,
					ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	if (err) {
		adeos_free_virq(virq);
		return err;
	}
	err = cpuidle_register(&poll_driver, NULL);
	if (err) {
		pr_err("adeos-pollidle: cpuidle_register: %d (another driver?)\n",
		       err);
		release_virq();
		return err;
	}
	pr_info("adeos-pollidle: the idle threads poll\n");
	return 0;
}

static void __exit pollidle_exit(void)
{
	cpuidle_unregister(&poll_driver);
	release_virq();
}

module_init(pollidle_init);
module_exit(pollidle_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a cpuidle driver that polls with a Linux IRQ logged");
