// SPDX-License-Identifier: GPL-2.0-only
/*
 * The longest section with hard IRQs off (CONFIG_ADEOS_TRACE_IRQSOFF).
 * It bounds the latency of every domain: an IRQ that comes inside it
 * waits for its end. I-pipe users read this figure first.
 *
 * A section begins where the CPU's flag goes off: a hard_* call that
 * finds it on, or an entry the CPU made with it off (an IRQ, or an
 * exception taken with the flag on in kernel mode). It ends at the
 * hard_* call that turns it on, where the IRQ entry hands over to
 * Linux's entry code, or at the return of an IRQ entry (its iret
 * follows). A flag turned on by an iret or a sysexit is not seen; the
 * next section's beginning replaces the stale one, and an end that finds
 * the flag already on ends nothing. The short fixed sections on the way
 * into and out of user mode (<adeos/irqflags.h>) are not timed: every
 * syscall would pay for it.
 *
 *   cat /proc/adeos/hardirqs_off    the longest section since the reset
 *   echo 1 >/proc/adeos/hardirqs_off    reset it and trace (0: stop)
 *
 * Any x86 shares it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/math64.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>

bool adx86_irqsoff_tracing;
EXPORT_SYMBOL(adx86_irqsoff_tracing);

struct irqsoff_section {
	u64 ticks;
	unsigned long from, to;
};

static struct irqsoff_section longest;
static unsigned long sections; /* measured since the reset */
static u64 begin_tsc;
static unsigned long begin_ip; /* 0: no section open */
static bool begun_by_irq; /* the open section is an IRQ entry's */

void adx86_irqsoff_begin(unsigned long ip)
{
	begin_tsc = rdtsc();
	begin_ip = ip;
	begun_by_irq = false;
}
EXPORT_SYMBOL(adx86_irqsoff_begin);

void adx86_irqsoff_end(unsigned long ip)
{
	u64 ticks = rdtsc() - begin_tsc;

	if (!begin_ip || !hard_irqs_disabled()) {
		begin_ip = 0;
		return;
	}
	sections++;
	if (ticks > longest.ticks) {
		longest.ticks = ticks;
		longest.from = begin_ip;
		longest.to = ip;
	}
	begin_ip = 0;
}
EXPORT_SYMBOL(adx86_irqsoff_end);

void __adx86_irqsoff_irq_entry(unsigned long ip)
{
	adx86_irqsoff_begin(ip);
	begun_by_irq = true;
}

/*
 * Linux's entry code, called by the pipeline's IRQ entry, enters here
 * too: the IRQ's section goes on. Otherwise an open section is stale
 * (an iret ended it).
 */
void __adx86_irqsoff_trap_entry(unsigned long ip)
{
	if (!(begin_ip && begun_by_irq))
		adx86_irqsoff_begin(ip);
}

static int irqsoff_show(struct seq_file *m, void *v)
{
	struct irqsoff_section s;
	unsigned long flags, n;
	bool on;

	flags = hard_local_irq_save();
	s = longest;
	n = sections;
	on = adx86_irqsoff_tracing;
	hard_local_irq_restore(flags);
	seq_printf(m, "tracing %s\nsections %lu\n", on ? "on" : "off", n);
	if (!s.from || !tsc_khz)
		return 0;
	seq_printf(m, "longest_ns %llu\nfrom %pS\nto %pS\n",
		   div_u64(s.ticks * 1000000ULL, tsc_khz), (void *)s.from,
		   (void *)s.to);
	return 0;
}

static ssize_t irqsoff_write(struct file *file, const char __user *ubuf,
			     size_t len, loff_t *pos)
{
	unsigned long flags;
	unsigned int on;
	int err;

	/* 0 or 1 and nothing else: kstrtobool() would take "1e3" as 1. */
	err = kstrtouint_from_user(ubuf, len, 10, &on);
	if (err)
		return err;
	if (on > 1)
		return -EINVAL;
	flags = hard_local_irq_save();
	adx86_irqsoff_tracing = false;
	memset(&longest, 0, sizeof(longest));
	sections = 0;
	begin_ip = 0;
	adx86_irqsoff_tracing = on;
	hard_local_irq_restore(flags);
	return len;
}

static int irqsoff_open(struct inode *inode, struct file *file)
{
	return single_open(file, irqsoff_show, NULL);
}

static const struct proc_ops irqsoff_ops = {
	.proc_open = irqsoff_open,
	.proc_read = seq_read,
	.proc_write = irqsoff_write,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static int __init irqsoff_init(void)
{
	return proc_create("adeos/hardirqs_off", 0600, NULL, &irqsoff_ops) ?
		       0 :
		       -ENOMEM;
}
late_initcall(irqsoff_init);
