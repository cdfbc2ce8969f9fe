// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-cmos: a domain ahead of Linux that shares the CMOS RTC with it.
 * The domain "cmos" (priority 265) owns ISA IRQ IRQ (module parameter,
 * default 3); its handler reads RTC register C under rtc_lock, as a
 * domain acknowledging the RTC's periodic IRQ does. At load, Linux takes
 * rtc_lock ROUNDS times, selects register D and, inside its section,
 * raises the domain's IRQ through QEMU's pc-testdev before it reads the
 * data port. With rtc_lock a hard lock the IRQ waits for the unlock;
 * with a lock that only stalls Linux's stage the domain comes in between
 * and finds rtc_lock held (it tries the lock rather than spin for ever).
 * The load prints the counts; the module stays loaded until rmmod. A
 * test module: never load it in a product.
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mc146818rtc.h>
#include <linux/module.h>
#include <adeos/adeos.h>

#define TESTDEV_IRQ_PORT 0x2000

static unsigned int irq = 3;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ the domain owns");
static unsigned int rounds = 1000;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "Linux's sections under rtc_lock");

static adomain_t cmos_domain;
static unsigned long handled, collided;
static bool requested;

/*
 * A domain would just take the lock; this one looks first, so that a
 * holder it interrupted is counted, not waited for without end (the
 * debug board's spinlocks have a lock word even on a uniprocessor).
 */
static void domain_irq(unsigned int n, void *cookie)
{
	unsigned long flags;

	if (raw_spin_is_locked(&rtc_lock.rlock)) {
		collided++;
		return;
	}
	flags = adx86_rtc_lock_domain();
	outb(RTC_REG_C, RTC_PORT(0));
	(void)inb(RTC_PORT(1));
	adx86_rtc_unlock_domain(flags);
	handled++;
}

/* Never called: the domain does not pass the IRQ on. Linux routes it. */
static irqreturn_t linux_irq(int n, void *dev)
{
	return IRQ_NONE;
}

static unsigned char read_reg_d(bool raise)
{
	unsigned long flags;
	unsigned char value;

	spin_lock_irqsave(&rtc_lock, flags);
	outb(RTC_REG_D, RTC_PORT(0));
	if (raise) {
		outb(1, TESTDEV_IRQ_PORT + irq);
		outb(0, TESTDEV_IRQ_PORT + irq);
	}
	value = inb(RTC_PORT(1));
	spin_unlock_irqrestore(&rtc_lock, flags);
	return value;
}

static void release(void)
{
	adeos_virtualize_irq_from(&cmos_domain, irq, NULL, NULL, NULL, 0);
	adeos_unregister_domain(&cmos_domain);
	if (requested)
		free_irq(irq, &cmos_domain);
}

static int __init cmos_init(void)
{
	unsigned int i, right = 0;
	unsigned char expected;
	adattr_t attr;
	int err;

	/* On the IO-APIC Linux routes an IRQ only once it is requested. */
	err = request_irq(irq, linux_irq, 0, "adeos-cmos", &cmos_domain);
	if (err)
		return err;
	requested = true;
	adeos_init_attr(&attr);
	attr.name = "cmos";
	attr.priority = 265;
	err = adeos_register_domain(&cmos_domain, &attr);
	if (err) {
		free_irq(irq, &cmos_domain);
		return err;
	}
	err = adeos_virtualize_irq_from(&cmos_domain, irq, domain_irq, NULL,
					NULL,
					ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	if (err) {
		release();
		return err;
	}
	expected = read_reg_d(false);
	for (i = 0; i < rounds; i++)
		right += read_reg_d(true) == expected;
	pr_info("adeos-cmos: %u rounds: register D read right %u times (0x%02x); the domain read register C %lu times, found rtc_lock held %lu times\n",
		rounds, right, expected, READ_ONCE(handled),
		READ_ONCE(collided));
	return 0;
}

static void __exit cmos_exit(void)
{
	release();
}

module_init(cmos_init);
module_exit(cmos_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a domain that shares the CMOS RTC with Linux");
