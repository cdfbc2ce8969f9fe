// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-nothread: a Linux driver that requests IRQ IRQ (module parameter,
 * default 3) with IRQF_NO_THREAD, as the 8259's cascade does: a flag
 * that IRQF_TIMER includes, and that must not make the glue take the
 * driver for the PIT's tick. Unloading frees the IRQ. A test module:
 * never load it in a product.
 */
#include <linux/interrupt.h>
#include <linux/module.h>

static unsigned int irq = 3;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the IRQ the driver requests");

static irqreturn_t nothread_irq(int n, void *dev)
{
	return IRQ_NONE;
}

static int __init nothread_init(void)
{
	return request_irq(irq, nothread_irq, IRQF_NO_THREAD, "nothread-drv",
			   &irq);
}

static void __exit nothread_exit(void)
{
	free_irq(irq, &irq);
}

module_init(nothread_init);
module_exit(nothread_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a Linux driver whose IRQ is not threaded");
