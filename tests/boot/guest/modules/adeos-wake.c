// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-wake: a domain ahead of Linux that wakes a Linux task. The
 * domain "wake" (priority 270) takes ISA IRQ IRQ (module parameter,
 * default 3) and does not pass it on; its handler counts the IRQ and raises a virtual IRQ
 * for Linux, whose handler wakes the readers of /proc/adeos-wake. A
 * read blocks until the count moved past what that reader last saw, and
 * returns the count as text.
 *
 * A write of "held" raises the IRQ from Linux while Linux holds the
 * domain's stage stalled, then unstalls it: the domain's handler runs
 * inside the unstall, and its virtual IRQ wakes the reader there. On a
 * preemptible kernel the reader must have run before the unstall
 * returns (held_prompt), not at the next preemption point (held_late):
 * the unstall of a stage ahead of Linux preempts as an interrupt's
 * return would.
 *
 * A write of "hard" raises the virtual IRQ for Linux inside a hard
 * section of Linux's: Linux's handler must not run inside it (it runs
 * with hard IRQs on), but at Linux's next enable (hard_kept, else
 * hard_broken). A test module: never load it in a product.
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/proc_fs.h>
#include <linux/slab.h>
#include <linux/uaccess.h>
#include <linux/wait.h>
#include <adeos/adeos.h>

static unsigned int irq = 3;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ the domain owns");

#define TESTDEV_IRQ_PORT 0x2000
#define HELD_SPINS 1000000

static unsigned long held_prompt, held_late, hard_kept, hard_broken;
module_param(hard_kept, ulong, 0444);
MODULE_PARM_DESC(hard_kept, "hard writes played at Linux's next enable");
module_param(hard_broken, ulong, 0444);
MODULE_PARM_DESC(hard_broken, "hard writes played inside the section");
module_param(held_prompt, ulong, 0444);
MODULE_PARM_DESC(held_prompt, "held writes whose reader ran in the unstall");
module_param(held_late, ulong, 0444);
MODULE_PARM_DESC(held_late, "held writes whose reader ran later");

static adomain_t wake_domain;
static int virq = -1;
static unsigned long raised, reads, linux_calls;
static DECLARE_WAIT_QUEUE_HEAD(readers);
static bool requested;

static void domain_irq(unsigned int n, void *cookie)
{
	WRITE_ONCE(raised, raised + 1);
	adeos_trigger_irq(virq);
}

static void linux_virq(unsigned int n, void *cookie)
{
	linux_calls++;
	wake_up_interruptible(&readers);
}

/* Never called: the domain does not pass the IRQ on. Linux routes it. */
static irqreturn_t linux_irq(int n, void *dev)
{
	return IRQ_NONE;
}

static ssize_t wake_read(struct file *file, char __user *buf, size_t len,
			 loff_t *pos)
{
	unsigned long *seen = file->private_data, now;
	char text[24];
	int n;

	if (wait_event_interruptible(readers, READ_ONCE(raised) != *seen))
		return -ERESTARTSYS;
	now = READ_ONCE(raised);
	*seen = now;
	WRITE_ONCE(reads, reads + 1);
	n = scnprintf(text, sizeof(text), "%lu\n", now);
	if (len < n)
		return -EINVAL;
	return copy_to_user(buf, text, n) ? -EFAULT : n;
}

/*
 * "held": the IRQ raised while the domain's stage is stalled (it waits
 * in the domain's log), then the unstall, from Linux. @return -EIO if
 * the IRQ never reached the domain's log.
 */
static int raise_held(void)
{
	unsigned long received = READ_ONCE(wake_domain.stats[irq].received);
	unsigned long before = READ_ONCE(reads);
	int spins;

	adeos_stall_ipipe_from(&wake_domain);
	outb(1, TESTDEV_IRQ_PORT + irq);
	for (spins = 0; spins < HELD_SPINS &&
			READ_ONCE(wake_domain.stats[irq].received) == received;
	     spins++)
		cpu_relax();
	outb(0, TESTDEV_IRQ_PORT + irq);
	adeos_unstall_ipipe_from(&wake_domain);
	if (spins == HELD_SPINS)
		return -EIO;
	if (READ_ONCE(reads) != before)
		held_prompt++;
	else
		held_late++;
	return 0;
}

/* "hard": Linux's virtual IRQ raised inside a hard section of Linux's. */
static void raise_in_hard_section(void)
{
	unsigned long before = linux_calls, flags;
	bool inside;

	flags = hard_local_irq_save();
	adeos_trigger_irq(virq);
	inside = linux_calls != before;
	hard_local_irq_restore(flags);
	/* Linux's next enable plays what the section left */
	local_irq_disable();
	local_irq_enable();
	if (!inside && linux_calls == before + 1)
		hard_kept++;
	else
		hard_broken++;
}

static ssize_t wake_write(struct file *file, const char __user *buf, size_t len,
			  loff_t *pos)
{
	char word[8] = "";
	int err;

	if (len >= sizeof(word) || copy_from_user(word, buf, len))
		return -EINVAL;
	if (!strcmp(strim(word), "hard")) {
		raise_in_hard_section();
		return len;
	}
	if (strcmp(word, "held"))
		return -EINVAL;
	err = raise_held();
	return err ? err : len;
}

static int wake_open(struct inode *inode, struct file *file)
{
	unsigned long *seen = kmalloc(sizeof(*seen), GFP_KERNEL);

	if (!seen)
		return -ENOMEM;
	*seen = READ_ONCE(raised);
	file->private_data = seen;
	return 0;
}

static int wake_release(struct inode *inode, struct file *file)
{
	kfree(file->private_data);
	return 0;
}

static const struct proc_ops wake_ops = {
	.proc_open = wake_open,
	.proc_read = wake_read,
	.proc_write = wake_write,
	.proc_release = wake_release,
	.proc_lseek = noop_llseek,
};

static void release(void)
{
	remove_proc_entry("adeos-wake", NULL);
	adeos_virtualize_irq_from(&wake_domain, irq, NULL, NULL, NULL, 0);
	if (virq >= 0) {
		adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL,
					  NULL, 0);
		adeos_free_virq(virq);
	}
	adeos_unregister_domain(&wake_domain);
	if (requested)
		free_irq(irq, &wake_domain);
}

static int __init wake_init(void)
{
	adattr_t attr;
	int err;

	/* On the IO-APIC Linux routes an IRQ only once it is requested. */
	err = request_irq(irq, linux_irq, 0, "adeos-wake", &wake_domain);
	if (err)
		return err;
	requested = true;
	adeos_init_attr(&attr);
	attr.name = "wake";
	attr.priority = 270;
	err = adeos_register_domain(&wake_domain, &attr);
	if (err) {
		free_irq(irq, &wake_domain);
		return err;
	}
	virq = adeos_alloc_virq();
	err = virq < 0 ? virq : 0;
	if (!err)
		err = adeos_virtualize_irq_from(adeos_root_domain(), virq,
						linux_virq, NULL, NULL,
						ADEOS_HANDLE_MASK);
	if (!err)
		/* Handled, not passed on: Linux's handler never runs. */
		err = adeos_virtualize_irq_from(
			&wake_domain, irq, domain_irq, NULL, NULL,
			ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	if (!err && !proc_create("adeos-wake", 0644, NULL, &wake_ops))
		err = -ENOMEM;
	if (err)
		release();
	return err;
}

static void __exit wake_exit(void)
{
	release();
}

module_init(wake_init);
module_exit(wake_exit);
MODULE_DESCRIPTION("Adeos test: a domain that wakes a Linux task");
MODULE_LICENSE("GPL");
