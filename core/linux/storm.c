// SPDX-License-Identifier: GPL-2.0-only
/*
 * The storm guard (core/storm.c) under Linux: its threshold from the
 * configuration (CONFIG_ADEOS_STORM_THRESHOLD), one line in Linux's log
 * for each storm caught, and /proc/adeos/storms: what it caught, and
 * which lines it holds masked; writing an IRQ number opens that line.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <adeos/clock.h>
#include <adeos/storm.h>

/* Storms of each line already in Linux's log. */
static unsigned long reported[ARCH_NR_HW_IRQS];

static unsigned long long to_us(unsigned long long counts)
{
	return div_u64(counts, arch_timestamp_per_us());
}

/*
 * Linux's handler of the guard's virtual IRQ: the storms caught since
 * the last one, one line each. Linux's stage is stalled: no storm
 * record changes under it but on a new catch, which comes here again.
 */
static void report_storms(unsigned int virq, void *cookie)
{
	unsigned int irq;

	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++) {
		const struct adeos_storm *s = adeos_storm_state(irq);

		if (s->caught == reported[irq])
			continue;
		reported[irq] = s->caught;
		pr_warn("adeos: IRQ %u storm: %u arrivals in a row, each pending again before Linux could run (%llu us), for domain %s: the line is masked; write %u to /proc/adeos/storms to open it again\n",
			irq, s->arrivals, to_us(s->took), s->domain, irq);
	}
}

static int storms_show(struct seq_file *m, void *v)
{
	unsigned int irq, threshold = adeos_storm_threshold();

	if (!threshold)
		seq_puts(m, "threshold 0 (no guard)\n");
	else
		seq_printf(m, "threshold %u arrivals in a row\n", threshold);
	seq_printf(m, "caught %lu\n", adeos_storm_count());
	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++) {
		struct adeos_storm s;
		unsigned long flags = hard_local_irq_save();

		s = *adeos_storm_state(irq);
		hard_local_irq_restore(flags);
		if (!s.caught)
			continue;
		seq_printf(
			m,
			"IRQ %u %s: domain %s, caught %lu, last %u arrivals in %llu us\n",
			irq, s.masked ? "masked" : "open", s.domain, s.caught,
			s.arrivals, to_us(s.took));
	}
	return 0;
}

static int storms_open(struct inode *inode, struct file *file)
{
	return single_open(file, storms_show, NULL);
}

/* An IRQ number, whole: its line opens, if the guard masked it. */
static ssize_t storms_write(struct file *file, const char __user *ubuf,
			    size_t count, loff_t *ppos)
{
	unsigned int irq;
	int err = kstrtouint_from_user(ubuf, count, 10, &irq);

	if (err)
		return err;
	err = adeos_storm_clear(irq);
	return err ? err : count;
}

static const struct proc_ops storms_ops = {
	.proc_open = storms_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
	.proc_write = storms_write,
};

/* Before the board's domains start (late_initcall). */
static int __init adeos_storm_init(void)
{
	int virq = adeos_alloc_virq();

	if (virq < 0 ||
	    adeos_virtualize_irq_from(adeos_root_domain(), virq, report_storms,
				      NULL, NULL, ADEOS_HANDLE_MASK)) {
		pr_err("adeos: the storm guard has no virtual IRQ\n");
		virq = -1;
	}
	adeos_storm_setup(CONFIG_ADEOS_STORM_THRESHOLD, virq);
	return proc_create("adeos/storms", 0644, NULL, &storms_ops) ? 0 :
								      -ENOMEM;
}
device_initcall(adeos_storm_init);
