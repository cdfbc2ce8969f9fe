// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/adeos: the pipeline's version, and its domains, head first, each
 * with its stage and the counts of every IRQ it has received; and one
 * directory per domain registered from the configuration, with its
 * priority (write one to renice it) and its template's files.
 */
#include <linux/init.h>
#include <linux/math64.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <adeos/clock.h>
#include <adeos/os.h>
#include <adeos/version.h>
#include "glue.h"

#define MAX_SHOWN 16
#define IRQ_HEADER \
	"   IRQ   received    handled     merged     passed  pending\n"

static int version_show(struct seq_file *m, void *v)
{
	seq_printf(m, "%s\n", ADEOS_VERSION_STRING);
	return 0;
}

/* IRQ numbers as the pipeline numbers them: devices, system, virtual. */
static void show_irq_name(struct seq_file *m, unsigned int irq)
{
	if (irq < ADEOS_SYS_IRQ_BASE)
		seq_printf(m, "%6u", irq);
	else if (irq < ADEOS_VIRQ_BASE)
		seq_printf(m, "  sys%u", irq - ADEOS_SYS_IRQ_BASE);
	else
		seq_printf(m, " virq%u", irq - ADEOS_VIRQ_BASE);
}

/*
 * A domain ahead of Linux: its longest handler call, its calls past its
 * budget (the most in a row against the number that stops it), and why
 * it was stopped if it was.
 */
static void show_calls(struct seq_file *m, adomain_t *d)
{
	const struct adeos_fault *f = &d->fault;

	seq_printf(m, "  longest call %llu us\n",
		   div_u64(d->longest_call, arch_timestamp_per_us()));
	seq_printf(m, "  overruns %lu, most in a row %u of %u\n", d->overruns,
		   d->most_in_row, arch_budget_overruns());
	if (!(d->status & ADEOS_FAULTED_FLAG))
		return;
	if (f->trap == ADEOS_FAULT_BUDGET)
		seq_printf(m, "  faulted: time budget, in %pS for IRQ %u\n",
			   (void *)f->ip, f->irq);
	else
		seq_printf(m,
			   "  faulted: %s at %pS (address %#lx) for IRQ %u\n",
			   f->what, (void *)f->ip, f->address, f->irq);
}

static void show_domain(struct seq_file *m, adomain_t *d)
{
	unsigned int irq;

	seq_printf(m, "%s priority %d stage %s\n", d->name, d->priority,
		   adeos_test_ipipe_from(d) ? "stalled" : "unstalled");
	if (d != adeos_root_domain())
		show_calls(m, d);
	seq_puts(m, IRQ_HEADER);
	for (irq = 0; irq < ADEOS_NR_IRQS; irq++) {
		const struct adeos_irq_stats *st = &d->stats[irq];

		if (!st->received && !d->log.hits[irq])
			continue;
		show_irq_name(m, irq);
		seq_printf(m, " %10lu %10lu %10lu %10lu %8u\n", st->received,
			   st->handled, st->merged, st->passed,
			   d->log.hits[irq]);
	}
}

static int domains_show(struct seq_file *m, void *v)
{
	adomain_t *shown[MAX_SHOWN], *d = NULL;
	unsigned long flags;
	int i, n = 0;

	/*
	 * The walk, with hard IRQs off, sees a consistent pipeline; the
	 * lock keeps the domains it saw registered while they are shown.
	 */
	mutex_lock(&adeos_domains_lock);
	flags = hard_local_irq_save();
	while (n < MAX_SHOWN && (d = adeos_next_domain(d)))
		shown[n++] = d;
	hard_local_irq_restore(flags);
	for (i = 0; i < n; i++) {
		/* a test's pause (debug.c): the lock must hold out */
		adeos_debug_show_pause();
		show_domain(m, shown[i]);
	}
	mutex_unlock(&adeos_domains_lock);
	return 0;
}

int adeos_snprintf(char *buf, int size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

unsigned long long adeos_div64(unsigned long long n, unsigned long d)
{
	return div_u64(n, d);
}

int adeos_parse_uint(const char *word, unsigned int len, unsigned int *v)
{
	char buf[16];

	if (!len || len >= sizeof(buf))
		return -EINVAL;
	memcpy(buf, word, len);
	buf[len] = '\0';
	return kstrtouint(buf, 10, v);
}

#define SHOW_SIZE (8 * PAGE_SIZE)
#define STORE_SIZE 256

/* The files of a domain's directory: its priority, its template's. */
struct domain_file {
	struct adeos_domain_desc *desc;
	const struct adeos_template_file *tf; /* NULL: the priority */
};

static int priority_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	return adeos_snprintf(buf, size, "%d\n", desc->domain.priority);
}

/* A renice, while IRQs flow: the pipeline moves the domain atomically. */
static int priority_store(struct adeos_domain_desc *desc, const char *buf,
			  int len)
{
	int pri, err = kstrtoint(buf, 0, &pri);

	if (err)
		return err;
	err = adeos_renice_domain(&desc->domain, pri);
	if (!err)
		desc->priority = pri;
	return err;
}

static const struct adeos_template_file priority_file = {
	.name = "priority",
	.show = priority_show,
	.store = priority_store,
};

static int domain_file_show(struct seq_file *m, void *v)
{
	struct domain_file *f = m->private;
	char *buf = kmalloc(SHOW_SIZE, GFP_KERNEL);
	int n;

	if (!buf)
		return -ENOMEM;
	n = f->tf->show(f->desc, buf, SHOW_SIZE);
	seq_write(m, buf, clamp_t(int, n, 0, SHOW_SIZE));
	kfree(buf);
	return 0;
}

static int domain_file_open(struct inode *inode, struct file *file)
{
	return single_open(file, domain_file_show, pde_data(inode));
}

static ssize_t domain_file_write(struct file *file, const char __user *ubuf,
				 size_t count, loff_t *ppos)
{
	struct domain_file *f = pde_data(file_inode(file));
	char buf[STORE_SIZE];
	int err;

	if (!f->tf->store)
		return -EPERM;
	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = '\0';
	err = f->tf->store(f->desc, buf, count);
	return err ? err : count;
}

static const struct proc_ops domain_file_ops = {
	.proc_open = domain_file_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
	.proc_write = domain_file_write,
};

/* What the glue keeps of a domain's directory. */
struct domain_dir {
	struct proc_dir_entry *dir;
	unsigned int nr_files;
	struct domain_file files[];
};

static int add_file(struct domain_dir *d, struct adeos_domain_desc *desc,
		    const struct adeos_template_file *tf)
{
	struct domain_file *f = &d->files[d->nr_files++];

	f->desc = desc;
	f->tf = tf;
	return proc_create_data(tf->name, tf->store ? 0644 : 0444, d->dir,
				&domain_file_ops, f) ?
		       0 :
		       -ENOMEM;
}

static struct proc_dir_entry *dir;

int adeos_proc_add_domain(struct adeos_domain_desc *desc)
{
	const struct adeos_template_file *tf = desc->tmpl->files;
	unsigned int n = 1;
	struct domain_dir *d;
	int err;

	while (tf && tf[n - 1].name)
		n++;
	d = kzalloc(struct_size(d, files, n), GFP_KERNEL);
	if (!d)
		return -ENOMEM;
	d->dir = proc_mkdir(desc->name, dir);
	err = d->dir ? add_file(d, desc, &priority_file) : -ENOMEM;
	for (; !err && tf && tf->name; tf++)
		err = add_file(d, desc, tf);
	if (err) {
		proc_remove(d->dir);
		kfree(d);
		return err;
	}
	desc->os_data = d;
	return 0;
}

/* Waits for the readers and writers in progress, then frees. */
void adeos_proc_remove_domain(struct adeos_domain_desc *desc)
{
	struct domain_dir *d = desc->os_data;

	if (!d)
		return;
	proc_remove(d->dir);
	kfree(d);
	desc->os_data = NULL;
}

/* The pipeline's own counts of IRQs no domain got. */
static int counts_show(struct seq_file *m, void *v)
{
	seq_printf(m,
		   "unhandled %lu\nspurious %lu\ndropped %lu\ndeparted %lu\n",
		   adeos_unhandled_count(), adeos_spurious_count(),
		   adeos_dropped_count(), adeos_departed_count());
	return 0;
}

static int __init adeos_proc_init(void)
{
	dir = proc_mkdir("adeos", NULL);
	if (!dir)
		return -ENOMEM;
	proc_create_single("version", 0444, dir, version_show);
	proc_create_single("domains", 0444, dir, domains_show);
	proc_create_single("counts", 0444, dir, counts_show);
	return 0;
}
fs_initcall(adeos_proc_init);
