// SPDX-License-Identifier: GPL-2.0-only
/*
 * CONFIG_ADEOS_DEBUG: /proc/adeos/show_pause, a forced preemption point
 * for tests. A reader of /proc/adeos/domains walks the domains, then
 * shows each one it walked to; whatever keeps a module domain from
 * unregistering in between (adeos_domains_lock, held across both) is
 * what the pause tests. Writing MS arms one pause: the next reader
 * sleeps MS milliseconds before it shows its first domain, so that an
 * rmmod started meanwhile can run to its end if nothing holds it back
 * (a domain freed under the reader). Reading prints the pause armed (0:
 * none) and how many readers paused.
 */
#include <linux/atomic.h>
#include <linux/delay.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include "glue.h"

#define MAX_PAUSE_MS 10000

static atomic_t pause_ms = ATOMIC_INIT(0);
static atomic_t paused = ATOMIC_INIT(0);

/* Process context, adeos_domains_lock held. */
void adeos_debug_show_pause(void)
{
	int ms = atomic_xchg(&pause_ms, 0);

	if (!ms)
		return;
	/* counted first: a test sees the reader's pause begin */
	atomic_inc(&paused);
	msleep(ms);
}

static int show_pause_show(struct seq_file *m, void *v)
{
	seq_printf(m, "armed %d\npaused %d\n", atomic_read(&pause_ms),
		   atomic_read(&paused));
	return 0;
}

static int show_pause_open(struct inode *inode, struct file *file)
{
	return single_open(file, show_pause_show, NULL);
}

static ssize_t show_pause_write(struct file *file, const char __user *ubuf,
				size_t count, loff_t *ppos)
{
	unsigned int ms;
	int err = kstrtouint_from_user(ubuf, count, 0, &ms);

	if (err)
		return err;
	if (ms > MAX_PAUSE_MS)
		return -ERANGE;
	atomic_set(&pause_ms, ms);
	return count;
}

static const struct proc_ops show_pause_ops = {
	.proc_open = show_pause_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
	.proc_write = show_pause_write,
};

static int __init adeos_debug_proc_init(void)
{
	return proc_create("adeos/show_pause", 0600, NULL, &show_pause_ops) ?
		       0 :
		       -ENOMEM;
}
late_initcall(adeos_debug_proc_init);
