// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-sink: a Linux driver for an IRQ that nothing else uses, whose
 * handler does nothing but claim it. make bench raises that IRQ from the
 * guest (QEMU's pc-testdev) on the same kernel with the pipeline on and
 * off, to count what the pipeline adds to Linux's own interrupt path.
 */
#include <linux/interrupt.h>
#include <linux/module.h>

static unsigned int irq = 7;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ to claim (default 7)");

static unsigned long hits;
module_param(hits, ulong, 0444);
MODULE_PARM_DESC(hits, "interrupts handled (read-only)");

static irqreturn_t irq_sink_handle(int irq, void *dev_id)
{
	hits++;
	return IRQ_HANDLED;
}

static int __init irq_sink_init(void)
{
	return request_irq(irq, irq_sink_handle, 0, "irq-sink", &hits);
}

static void __exit irq_sink_exit(void)
{
	free_irq(irq, &hits);
}

module_init(irq_sink_init);
module_exit(irq_sink_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("An IRQ handler that only claims its IRQ, for make bench");
