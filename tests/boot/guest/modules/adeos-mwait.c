// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-mwait: a cpuidle driver whose one state sleeps in sti;mwait,
 * as Linux's mwait_idle() does when the CPU offers MWAIT with a C1
 * sub-state. QEMU's TCG offers MONITOR/MWAIT but no sub-state (CPUID
 * leaf 5 EDX is 0), so Linux never picks mwait for its idle threads
 * there; with this driver loaded (and no other cpuidle driver), its
 * idle threads sleep in mwait through the same __sti_mwait() the
 * pipeline's patch guards. A test module: never load it in a product.
 */
#include <linux/cpuidle.h>
#include <linux/module.h>
#include <linux/sched/idle.h>
#include <asm/cpufeature.h>
#include <asm/mwait.h>

/*
 * The body of Linux's mwait_idle() (arch/x86/kernel/process.c, which is
 * static there): arm the monitor on the thread's flags, then sti;mwait
 * unless a reschedule is already due. A cpuidle state returns with
 * interrupts off, as intel_idle's do after their sti;mwait: cpuidle
 * enables them itself, and tells lockdep.
 */
static int mwait_enter(struct cpuidle_device *dev, struct cpuidle_driver *drv,
		       int index)
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
	raw_local_irq_disable();
	return index;
}

static struct cpuidle_driver mwait_driver = {
	.name = "adeos_mwait",
	.owner = THIS_MODULE,
	.states = {
		{
			.name = "MWAIT",
			.desc = "sti;mwait, as mwait_idle()",
			.exit_latency = 1,
			.target_residency = 1,
			.enter = mwait_enter,
		},
	},
	.state_count = 1,
};

static int __init mwait_init(void)
{
	int err;

	if (!boot_cpu_has(X86_FEATURE_MWAIT)) {
		pr_err("adeos-mwait: the CPU has no MONITOR/MWAIT\n");
		return -ENODEV;
	}
	err = cpuidle_register(&mwait_driver, NULL);
	if (err) {
		pr_err("adeos-mwait: cpuidle_register: %d (another driver?)\n",
		       err);
		return err;
	}
	pr_info("adeos-mwait: the idle threads sleep in sti;mwait\n");
	return 0;
}

static void __exit mwait_exit(void)
{
	cpuidle_unregister(&mwait_driver);
}

module_init(mwait_init);
module_exit(mwait_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a cpuidle driver that sleeps in sti;mwait");
