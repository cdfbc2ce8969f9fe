// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-share: a loadable domain on one IRQ, as a board's would be, to
 * see a domain and a Linux driver on one line. The domain "share"
 * (priority PRIORITY, by default the lowest a domain may have, right
 * ahead of Linux) takes ISA IRQ IRQ (default 4, the
 * console's serial line) and passes it on, or, with alone=1, keeps it
 * to itself (exclusive and terminated): the glue must refuse that on a
 * line a Linux driver uses, naming the driver. With quiet=1 its handler
 * quiets QEMU's pc-testdev, for a domain on a free ISA line.
 * /proc/adeos/share/status has the domain's and Linux's counts of the
 * IRQ since the take, read together. A test module: never load it in a
 * product.
 */
#include <linux/io.h>
#include <linux/module.h>
#include <adeos/os.h>

static unsigned int irq = 4;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the IRQ the domain takes");
static int priority = ADEOS_MIN_PRI;
module_param(priority, int, 0444);
MODULE_PARM_DESC(priority, "the domain's priority");
static bool alone;
module_param(alone, bool, 0444);
MODULE_PARM_DESC(alone, "keep the IRQ to the domain (exclusive, terminated)");

/*
 * With quiet=1 the handler lowers pc-testdev's line (port 0x2000 + IRQ),
 * as a driver quiets its device: a level line raised once is then one
 * arrival, as an edge is.
 */
static bool quiet;
module_param(quiet, bool, 0444);
MODULE_PARM_DESC(quiet, "lower QEMU's pc-testdev line in the handler");
#define TESTDEV_IRQ_PORT 0x2000

static void share_irq(unsigned int n, void *cookie)
{
	if (quiet)
		outb(0, TESTDEV_IRQ_PORT + n);
}

/* What Linux had of the IRQ when the domain took it. */
static unsigned long linux_before;

/*
 * The domain's and Linux's counts of the IRQ, read together: every
 * arrival since the take reached both.
 */
static int share_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long mine = desc->domain.stats[irq].received;
	unsigned long root = adeos_root_domain()->stats[irq].received;

	hard_local_irq_restore(flags);
	return adeos_snprintf(buf, size, "domain %lu\nlinux %lu\n", mine,
			      root - linux_before);
}

static const struct adeos_template_file share_files[] = {
	{ .name = "status", .show = share_show },
	{ .name = NULL },
};

static const struct adeos_template share_template = {
	.name = "share",
	.handle_irq = share_irq,
	.files = share_files,
};

static struct adeos_domain_irq share_irqs[1];
static struct adeos_domain_desc share_desc = {
	.name = "share",
	.tmpl = &share_template,
	.irqs = share_irqs,
	.nr_irqs = 1,
};

static int __init share_init(void)
{
	share_desc.priority = priority;
	share_irqs[0].irq = irq;
	share_irqs[0].mode = ADEOS_HANDLE_MASK | ADEOS_EACH_MASK |
			     (alone ? ADEOS_EXCLUSIVE_MASK : ADEOS_PASS_MASK);
	unsigned long flags;
	int err = adeos_load_domain(&share_desc);

	if (err)
		return err;
	/*
	 * Every arrival since the domain took the line reached it and then
	 * Linux: what Linux had beyond the domain's count came before.
	 */
	flags = hard_local_irq_save();
	linux_before = adeos_root_domain()->stats[irq].received -
		       share_desc.domain.stats[irq].received;
	hard_local_irq_restore(flags);
	return 0;
}

static void __exit share_exit(void)
{
	adeos_unload_domain(&share_desc);
}

module_init(share_init);
module_exit(share_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a domain on a line a Linux driver uses");
