// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-takes: a domain that takes an IRQ from Linux and gives it back,
 * CYCLES times, while arrivals wait on both sides of each change. The
 * domain "takes" (priority 275) owns ISA IRQ IRQ (module parameter,
 * default 3) alone while it is started (adeos_domain_start(), as a
 * loadable domain is). In each cycle, with Linux's stage stalled, QEMU's
 * pc-testdev raises two edges for Linux, the domain starts, two edges
 * reach it, one more waits in its stalled stage as it stops, and one
 * waits for Linux after it: six edges, each handled once by the owner of
 * the line at its arrival, and the one the domain had pending when it
 * let go by Linux, which takes the line back first: two for the domain,
 * four for Linux. The load prints what each side handled and what the
 * pipeline dropped. A test module: never load it in a product.
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <adeos/template.h>

#define TESTDEV_IRQ_PORT 0x2000
#define EDGES_PER_CYCLE 6

static unsigned int irq = 3;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ the domain takes and gives back");
static unsigned int cycles = 200;
module_param(cycles, uint, 0444);
MODULE_PARM_DESC(cycles, "take and release cycles");

static unsigned long domain_calls, linux_calls;

static void takes_irq(unsigned int n, void *cookie)
{
	domain_calls++;
}

static const struct adeos_template takes_template = {
	.name = "takes",
	.handle_irq = takes_irq,
};

static struct adeos_domain_irq takes_irqs[1];
static struct adeos_domain_desc takes_desc = {
	.name = "takes",
	.priority = 275,
	.tmpl = &takes_template,
	.irqs = takes_irqs,
	.nr_irqs = 1,
};

static irqreturn_t linux_handler(int n, void *dev)
{
	linux_calls++;
	return IRQ_HANDLED;
}

static void edge(void)
{
	outb(1, TESTDEV_IRQ_PORT + irq);
	outb(0, TESTDEV_IRQ_PORT + irq);
}

/* Arrivals a domain's handlers ran for: each delivery, merged ones too. */
static unsigned long arrivals(adomain_t *d)
{
	return d->stats[irq].handled + d->stats[irq].merged;
}

static int cycle(void)
{
	unsigned long flags;
	int err;

	local_irq_save(flags);
	edge();
	edge();
	err = adeos_domain_start(&takes_desc);
	if (!err) {
		edge();
		edge();
		adeos_stall_ipipe_from(&takes_desc.domain);
		edge();
		err = adeos_domain_stop(&takes_desc);
		edge();
	}
	local_irq_restore(flags);
	return err;
}

static int __init takes_init(void)
{
	unsigned long linux_before, dropped = adeos_dropped_count();
	unsigned long domain_total = 0;
	unsigned int i;
	int err;

	takes_irqs[0].irq = irq;
	takes_irqs[0].mode = ADEOS_HANDLE_MASK | ADEOS_EACH_MASK |
			     ADEOS_EXCLUSIVE_MASK;
	/* Linux's driver of the line: it routes it, and counts. */
	err = request_irq(irq, linux_handler, 0, "adeos-takes", &takes_desc);
	if (err)
		return err;
	linux_before = arrivals(adeos_root_domain());
	for (i = 0; i < cycles && !err; i++) {
		err = cycle();
		/* a domain registered again starts from zero */
		domain_total += arrivals(&takes_desc.domain);
	}
	pr_info("adeos-takes: cycles %u edges %u domain %lu linux %lu dropped %lu calls %lu error %d\n",
		i, i * EDGES_PER_CYCLE, domain_total,
		arrivals(adeos_root_domain()) - linux_before,
		adeos_dropped_count() - dropped, linux_calls, err);
	free_irq(irq, &takes_desc);
	return 0;
}

static void __exit takes_exit(void)
{
}

module_init(takes_init);
module_exit(takes_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a domain that takes an IRQ and gives it back");
