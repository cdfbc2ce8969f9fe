// SPDX-License-Identifier: GPL-2.0-only
/*
 * The stall facility, a test and benchmark tool built only with
 * CONFIG_ADEOS_STALL: Linux disables its interrupts (local_irq_save) for
 * a given time, once or in a loop, and records what the window did:
 *
 *  - the CPU's own flag inside it (still on: only the root stage stalls);
 *  - the TSC at both ends;
 *  - Linux's local APIC timer count (LOC) and jiffies before the window,
 *    at its end and after the replay;
 *  - the system IRQs logged for Linux meanwhile, and those that came
 *    while the log was replayed;
 *  - the device IRQs that came for Linux inside it, by IRQ (a level line
 *    Linux holds must come once, not storm).
 *
 *   echo "US [COUNT [GAP]]" > /proc/adeos/stall
 *                  COUNT windows of US microseconds each, 20 ms apart
 *                  (asleep), or GAP microseconds apart (busy in the
 *                  kernel with Linux's interrupts on, where a
 *                  preemptible kernel may switch tasks); plain decimal
 *                  numbers only
 *   echo "hard US" > /proc/adeos/stall
 *                  one section of US microseconds with the CPU's flag
 *                  off (hard_local_irq_save), which no domain can
 *                  interrupt: the hard-IRQs-off tracer's known case
 *   cat /proc/adeos/stall                     the last window's record
 *
 * Any x86 shares it.
 */
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/jiffies.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include <asm/hardirq.h>
#include <asm/tsc.h>
#include <adeos/adeos.h>
#include <adeos/timer.h>

#define MAX_STALL_US 5000000

struct stall_record {
	unsigned long us;
	int hw_if_on;
	u64 tsc_start, tsc_end;
	unsigned int loc_before, loc_end;
	unsigned long jiffies_before, jiffies_end, jiffies_after;
	unsigned int sys_logged; /* system IRQs logged for Linux meanwhile */
	unsigned int sys_late; /* more that came while they were replayed */
};

static struct stall_record last;
/* Device IRQ arrivals for Linux: before the last window, then inside it. */
static unsigned long received_before[ARCH_NR_HW_IRQS];
static unsigned long window_arrivals[ARCH_NR_HW_IRQS];

/*
 * Linux's timer interrupts: its system IRQs, and the timer service's
 * virtual IRQ once Linux's tick comes through the service's proxy.
 */
static unsigned int root_sys_logged(void)
{
	int tick = adeos_timer_virq();
	unsigned int irq, n = tick >= 0 ? adeos_root.log.hits[tick] : 0;

	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		n += adeos_root.log.hits[irq];
	return n;
}

static unsigned long root_sys_received(void)
{
	int tick = adeos_timer_virq();
	unsigned long n = tick >= 0 ? adeos_root.stats[tick].received : 0;
	unsigned int irq;

	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		n += adeos_root.stats[irq].received;
	return n;
}

/* At the start of a window, Linux's stage stalled, hard IRQs on. */
static void note_device_irqs_before(void)
{
	unsigned int irq;

	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++) {
		received_before[irq] = adeos_root.stats[irq].received;
		window_arrivals[irq] = 0;
	}
}

/*
 * At the end of a window, hard IRQs off. With Linux's stage stalled,
 * every IRQ that came for Linux waits in its log until the unstall, so
 * only the IRQs pending there can have arrivals in the window: walk the
 * log's few words, not every IRQ. This section bounds every domain's
 * latency while the facility runs (make bench's rt domain under
 * hackbench+stall): the walk keeps it short.
 */
static void note_device_irqs_inside(void)
{
	unsigned long bits;
	unsigned int w, irq;

	for (w = 0; w < ADEOS_LOG_WORDS; w++) {
		for (bits = adeos_root.log.words[w]; bits; bits &= bits - 1) {
			irq = w * ADEOS_LOG_WORD_BITS + __builtin_ctzl(bits);
			if (irq < ARCH_NR_HW_IRQS)
				window_arrivals[irq] =
					adeos_root.stats[irq].received -
					received_before[irq];
		}
	}
}

static void stall_window(unsigned long us)
{
	struct stall_record r = { .us = us };
	unsigned long flags, done, received;

	local_irq_save(flags);
	r.jiffies_before = jiffies;
	r.loc_before = this_cpu_read(irq_stat.apic_timer_irqs);
	r.hw_if_on = !hard_irqs_disabled();
	note_device_irqs_before();
	r.tsc_start = rdtsc();
	for (done = 0; done < us; done += 100)
		udelay(100);
	/*
	 * The end of the window, read with hard IRQs off so that nothing
	 * arrives between the readings.
	 */
	hard_local_irq_disable();
	r.tsc_end = rdtsc();
	r.loc_end = this_cpu_read(irq_stat.apic_timer_irqs);
	r.jiffies_end = jiffies;
	r.sys_logged = root_sys_logged();
	note_device_irqs_inside();
	received = root_sys_received();
	/* Linux runs with hard IRQs on: its enable leaves them as it finds them. */
	hard_local_irq_enable();
	local_irq_restore(flags);
	flags = hard_local_irq_save();
	r.jiffies_after = jiffies;
	r.sys_late = root_sys_received() - received;
	hard_local_irq_restore(flags);
	last = r;
}

/* Up to @max plain decimal numbers, blank-separated, into @v. */
static int parse_numbers(char *buf, unsigned long *v, int max)
{
	char *word;
	int n = 0;

	buf = strim(buf);
	while ((word = strsep(&buf, " \t"))) {
		if (!*word)
			continue;
		if (n == max || kstrtoul(word, 10, &v[n]))
			return -EINVAL;
		n++;
	}
	return n;
}

/* Between two windows: asleep, or busy with interrupts on. */
static void stall_gap(unsigned long gap_us)
{
	if (!gap_us) {
		msleep(20);
		return;
	}
	for (; gap_us > 100; gap_us -= 100)
		udelay(100);
	udelay(gap_us);
	cond_resched();
}

/* Hard IRQs off for @us: nothing, not even a domain, runs meanwhile. */
static noinline void hard_section(unsigned long us)
{
	unsigned long flags = hard_local_irq_save();

	for (; us > 100; us -= 100)
		udelay(100);
	udelay(us);
	hard_local_irq_restore(flags);
}

#define MAX_HARD_US 10000

static ssize_t stall_write(struct file *file, const char __user *ubuf,
			   size_t len, loff_t *pos)
{
	unsigned long v[3] = { 0, 1, 0 }, i;
	char buf[48];

	if (len >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, len))
		return -EFAULT;
	buf[len] = '\0';
	if (!strncmp(buf, "hard ", 5)) {
		if (parse_numbers(buf + 5, v, 1) != 1 || !v[0] ||
		    v[0] > MAX_HARD_US)
			return -EINVAL;
		hard_section(v[0]);
		return len;
	}
	if (parse_numbers(buf, v, 3) < 1 || !v[0] || v[0] > MAX_STALL_US ||
	    !v[1] || v[2] > MAX_STALL_US)
		return -EINVAL;
	for (i = 0; i < v[1] && !fatal_signal_pending(current); i++) {
		stall_window(v[0]);
		if (i + 1 < v[1])
			stall_gap(v[2]);
	}
	return len;
}

static int stall_show(struct seq_file *m, void *v)
{
	unsigned int irq;

	seq_printf(m, "us %lu\nhw_if_on %d\ntsc_start %llu\ntsc_end %llu\n",
		   last.us, last.hw_if_on, last.tsc_start, last.tsc_end);
	seq_printf(m, "loc_before %u\nloc_end %u\n", last.loc_before,
		   last.loc_end);
	seq_printf(m,
		   "jiffies_before %lu\njiffies_end %lu\njiffies_after %lu\n",
		   last.jiffies_before, last.jiffies_end, last.jiffies_after);
	seq_printf(m, "sys_logged %u\nsys_late %u\n", last.sys_logged,
		   last.sys_late);
	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		if (window_arrivals[irq])
			seq_printf(m, "irq %u %lu\n", irq,
				   window_arrivals[irq]);
	return 0;
}

static int stall_open(struct inode *inode, struct file *file)
{
	return single_open(file, stall_show, NULL);
}

static const struct proc_ops stall_ops = {
	.proc_open = stall_open,
	.proc_read = seq_read,
	.proc_write = stall_write,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
};

static int __init stall_init(void)
{
	return proc_create("adeos/stall", 0600, NULL, &stall_ops) ? 0 : -ENOMEM;
}
late_initcall(stall_init);
