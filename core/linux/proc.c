// SPDX-License-Identifier: GPL-2.0-only
/*
 * /proc/adeos: the pipeline's version, and its domains, head first, each
 * with its stage and the counts of every IRQ it has received.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <adeos/template.h>
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

static void show_domain(struct seq_file *m, adomain_t *d)
{
	unsigned int irq;

	seq_printf(m, "%s priority %d stage %s\n", d->name, d->priority,
		   adeos_test_ipipe_from(d) ? "stalled" : "unstalled");
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
	unsigned long flags = hard_local_irq_save();
	int i, n = 0;

	/* Linux is here, so no domain can come or go meanwhile. */
	while (n < MAX_SHOWN && (d = adeos_next_domain(d)))
		shown[n++] = d;
	hard_local_irq_restore(flags);
	for (i = 0; i < n; i++)
		show_domain(m, shown[i]);
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

#define SHOW_SIZE (8 * PAGE_SIZE)

/* /proc/adeos/<domain>: what the domain's template has to say. */
static int template_show(struct seq_file *m, void *v)
{
	struct adeos_domain_desc *desc = m->private;
	char *buf = kmalloc(SHOW_SIZE, GFP_KERNEL);
	int n;

	if (!buf)
		return -ENOMEM;
	n = desc->tmpl->show(desc, buf, SHOW_SIZE);
	seq_write(m, buf, n);
	kfree(buf);
	return 0;
}

static struct proc_dir_entry *dir;

void __init adeos_proc_add_domain(struct adeos_domain_desc *desc)
{
	if (dir && desc->tmpl->show)
		proc_create_single_data(desc->name, 0444, dir, template_show,
					desc);
}

static int __init adeos_proc_init(void)
{
	dir = proc_mkdir("adeos", NULL);
	if (!dir)
		return -ENOMEM;
	proc_create_single("version", 0444, dir, version_show);
	proc_create_single("domains", 0444, dir, domains_show);
	return 0;
}
fs_initcall(adeos_proc_init);
