// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-planted: a domain that breaks the pipeline's first rule for
 * domains (never call into Linux): its handler takes a Linux spinlock
 * with spin_lock_irqsave(), which is Linux code taking Linux's
 * interrupt flag. A kernel built with CONFIG_ADEOS_DEBUG must name the
 * domain, once. A test module: never load it in a product.
 *
 * At load it registers "planted" at priority 250, gives it a virtual
 * IRQ and raises it TRIGGERS times (module parameter, default 10).
 */
#include <linux/module.h>
#include <linux/spinlock.h>
#include <adeos/adeos.h>

static unsigned int triggers = 10;
module_param(triggers, uint, 0444);
MODULE_PARM_DESC(triggers, "how many times to raise the virtual IRQ");

static adomain_t planted;
static int virq = -1;
static DEFINE_SPINLOCK(linux_lock);
static unsigned long handled;

static void planted_handler(unsigned int irq, void *cookie)
{
	unsigned long flags;

	/* The planted bug: Linux's own locking, from a domain. */
	spin_lock_irqsave(&linux_lock, flags);
	handled++;
	spin_unlock_irqrestore(&linux_lock, flags);
}

static int __init planted_init(void)
{
	adattr_t attr;
	unsigned int i;
	int err;

	adeos_init_attr(&attr);
	attr.name = "planted";
	attr.priority = 250;
	err = adeos_register_domain(&planted, &attr);
	if (err)
		return err;
	virq = adeos_alloc_virq();
	if (virq < 0) {
		adeos_unregister_domain(&planted);
		return virq;
	}
	err = adeos_virtualize_irq_from(&planted, virq, planted_handler, NULL,
					NULL, ADEOS_HANDLE_MASK);
	if (err) {
		adeos_free_virq(virq);
		adeos_unregister_domain(&planted);
		return err;
	}
	for (i = 0; i < triggers; i++)
		adeos_trigger_irq(virq);
	pr_info("adeos-planted: %lu of %u virtual IRQs handled\n", handled,
		triggers);
	return 0;
}

static void __exit planted_exit(void)
{
	adeos_virtualize_irq_from(&planted, virq, NULL, NULL, NULL, 0);
	adeos_free_virq(virq);
	adeos_unregister_domain(&planted);
}

module_init(planted_init);
module_exit(planted_exit);
MODULE_DESCRIPTION("Adeos test: a domain that calls into Linux");
MODULE_LICENSE("GPL");
