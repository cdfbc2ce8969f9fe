// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pipeline's torture (core/torture.c) in the kernel
 * (CONFIG_ADEOS_TORTURE): the same model as on the host, run on the real
 * CPU flag and entry, with Linux as the root and the board's domains in
 * the pipeline, while Linux's own IRQs come in. Once at boot
 * (CONFIG_ADEOS_TORTURE_BOOT_EVENTS), and on demand: writing
 * "EVENTS [SEED]" to /proc/adeos/torture runs it in the writer's
 * context; reading shows the last run's line.
 *
 * Its hardware IRQs are device IRQ numbers nobody uses (no Linux
 * descriptor, no domain's handler), raised through the pipeline's entry
 * as the CPU would take them; Linux's handler slots for them are put
 * back afterwards.
 */
#include <linux/bottom_half.h>
#include <linux/init.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/kernel.h>
#include <linux/proc_fs.h>
#include <linux/random.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <linux/uaccess.h>
#include <adeos/timer.h>
#include <adeos/torture.h>
#include "glue.h"

#define BOOT_SEED 20020603UL
/* A run from /proc: 10^8 events take minutes under QEMU. */
#define MAX_EVENTS 100000000ULL

static DEFINE_MUTEX(torture_lock); /* one run at a time; @last */
static char last[400] = "no run yet\n";

/* ---- what the kernel gives the model ---- */

/*
 * i386's entry for an IRQ only Linux takes, while Linux runs with its
 * interrupts on: the pipeline's fast path (adeos_root_direct()), then
 * Linux's handler at once, its stage stalled and hard IRQs on, as its
 * IDT entry runs it; what came meanwhile plays at the exit.
 * @return false if the IRQ must go through adeos_handle_irq().
 */
static bool take_direct(unsigned int irq)
{
	struct adeos_irq_slot *slot = &adeos_root.irqs[irq];
	int go;

	if (adeos_current_domain() != &adeos_root)
		return false;
	go = adeos_root_direct(irq);
	if (go <= 0)
		return go < 0;
	adeos_root.status |= ADEOS_STALL_FLAG;
	hard_local_irq_enable();
	arch_run_root_handler(slot->handler, irq, slot->cookie);
	hard_local_irq_disable();
	if (go == ADEOS_DIRECT_HELD)
		adeos_root_direct_done(irq);
	/* Linux's exit plays what came meanwhile, as its entry's would. */
	adeos_play_root_stage();
	return true;
}

/*
 * As the CPU takes an interrupt: hard IRQs off, then one of the
 * pipeline's two entries, @direct choosing.
 */
static void torture_raise(unsigned int irq, int direct)
{
	unsigned long flags = hard_local_irq_save();

	if (!direct || !take_direct(irq))
		adeos_handle_irq(irq);
	hard_local_irq_restore(flags);
}

static void torture_root_stall(void)
{
	local_irq_disable();
}

static void torture_root_unstall(void)
{
	local_irq_enable();
}

/* Linux's flags word for the stall state, restored as saved. */
static unsigned long saved_flags;

static unsigned int torture_root_test_and_stall(void)
{
	local_irq_save(saved_flags);
	return irqs_disabled_flags(saved_flags);
}

static void torture_root_restore(unsigned int x)
{
	local_irq_restore(saved_flags);
}

/*
 * Nothing of the torture is stalled: let Linux run its softirqs and
 * other tasks (the run keeps both away otherwise: a softirq played
 * inside one of the root's handlers would enable, and a task switch
 * inside a handler would be a switch inside a play of Linux's log).
 */
static void torture_pause(void)
{
	local_bh_enable();
	preempt_enable();
	cond_resched();
	preempt_disable();
	local_bh_disable();
}

static const struct adeos_torture_ops kernel_ops = {
	.raise = torture_raise,
	.root_stall = torture_root_stall,
	.root_unstall = torture_root_unstall,
	.root_test_and_stall = torture_root_test_and_stall,
	.root_restore = torture_root_restore,
	.pause = torture_pause,
};

/* ---- its IRQs ---- */

static struct adeos_irq_slot linux_slots[ADEOS_TORTURE_HW_IRQS];

/*
 * No Linux descriptor (so no acknowledge touches a controller), no
 * domain's handler but Linux's own.
 */
static bool irq_unused(unsigned int irq)
{
	adomain_t *d;

	if (irq_to_desc(irq))
		return false;
	for (d = adeos_next_domain(NULL); d; d = adeos_next_domain(d))
		if (d != &adeos_root &&
		    (d->irqs[irq].control & ADEOS_HANDLE_MASK))
			return false;
	return true;
}

/*
 * Take the highest unused device IRQs from Linux's slots.
 * @return how many it took.
 */
static unsigned int take_irqs(struct adeos_torture *t)
{
	unsigned int irq = ARCH_NR_HW_IRQS, n = 0;

	while (n < ADEOS_TORTURE_HW_IRQS && irq-- > NR_IRQS_LEGACY) {
		if (!irq_unused(irq))
			continue;
		linux_slots[n] = adeos_root.irqs[irq];
		adeos_virtualize_irq_from(&adeos_root, irq, NULL, NULL, NULL,
					  0);
		t->hw_irqs[n++] = irq;
	}
	return n;
}

static void give_irqs_back(struct adeos_torture *t, unsigned int n)
{
	unsigned int x;

	for (x = 0; x < n; x++) {
		struct adeos_irq_slot *s = &linux_slots[x];

		if (s->handler)
			adeos_virtualize_irq_from(&adeos_root, t->hw_irqs[x],
						  s->handler, s->cookie,
						  s->acknowledge, s->control);
	}
}

/*
 * What Linux's own IRQs did meanwhile: all it received, ours aside, and
 * its tick, which the timer service's virtual IRQ brings to its stage.
 */
static unsigned long linux_received(const struct adeos_torture *t)
{
	int tick = adeos_timer_virq();
	unsigned long n = 0;
	unsigned int irq, x;

	for (irq = 0; irq < ADEOS_VIRQ_BASE; irq++) {
		for (x = 0; x < ADEOS_TORTURE_HW_IRQS; x++)
			if (t->hw_irqs[x] == irq)
				break;
		if (x == ADEOS_TORTURE_HW_IRQS)
			n += adeos_root.stats[irq].received;
	}
	if (tick >= 0)
		n += adeos_root.stats[tick].received;
	return n;
}

/* ---- a run ---- */

static void format_result(const struct adeos_torture *t, unsigned long real)
{
	if (t->failed)
		snprintf(
			last, sizeof(last),
			"FAIL seed=%lu: failed at event %llu: %s; replay with: echo '%llu %lu' > /proc/adeos/torture\n",
			t->seed, t->events, t->why, t->limit, t->seed);
	else
		snprintf(
			last, sizeof(last),
			"PASS seed=%lu: %llu events, %lu hardware IRQs, %lu virtual, %lu deliveries, %lu nested, %lu passed down; Linux received %lu IRQs of its own meanwhile\n",
			t->seed, t->events, t->hw_raised, t->virqs_sent,
			t->deliveries, t->nested, t->handed_down, real);
}

/*
 * The run, with the domains lock held (no domain comes or goes through
 * the glue meanwhile, and /proc/adeos/domains waits), preemption and
 * softirqs off but at the torture's quiet points.
 */
static int run(unsigned long long events, unsigned long seed)
{
	struct adeos_torture t = {
		.seed = seed,
		.limit = events,
		.first_priority = ADEOS_MIN_PRI,
		/* Handlers nest on the task's stack. */
		.max_hw_nest = 3,
		.max_handler_nest = 5,
		/* Linux's handlers run with its interrupts off. */
		.root_handler_may_unstall = 0,
		.ops = &kernel_ops,
	};
	unsigned long real;
	unsigned int taken;
	int err;

	mutex_lock(&adeos_domains_lock);
	taken = take_irqs(&t);
	if (taken < ADEOS_TORTURE_HW_IRQS) {
		give_irqs_back(&t, taken);
		mutex_unlock(&adeos_domains_lock);
		snprintf(last, sizeof(last),
			 "FAIL seed=%lu: fewer than %d unused device IRQs\n",
			 seed, ADEOS_TORTURE_HW_IRQS);
		return -ENOSPC;
	}
	real = linux_received(&t);
	preempt_disable();
	local_bh_disable();
	err = adeos_torture_run(&t);
	local_bh_enable();
	preempt_enable();
	real = linux_received(&t) - real;
	give_irqs_back(&t, ADEOS_TORTURE_HW_IRQS);
	mutex_unlock(&adeos_domains_lock);
	format_result(&t, real);
	return err;
}

static int run_and_log(unsigned long long events, unsigned long seed)
{
	int err;

	mutex_lock(&torture_lock);
	err = run(events, seed);
	if (err)
		pr_err("adeos: torture %s", last);
	else
		pr_info("adeos: torture %s", last);
	mutex_unlock(&torture_lock);
	return err;
}

/* ---- /proc/adeos/torture ---- */

static int torture_show(struct seq_file *m, void *v)
{
	mutex_lock(&torture_lock);
	seq_puts(m, last);
	mutex_unlock(&torture_lock);
	return 0;
}

static int torture_open(struct inode *inode, struct file *file)
{
	return single_open(file, torture_show, NULL);
}

/* "EVENTS [SEED]": whole decimal numbers, EVENTS 1..MAX_EVENTS. */
static int parse_request(char *buf, unsigned long long *events,
			 unsigned long *seed)
{
	char *seed_word, *p = strim(buf);

	seed_word = strpbrk(p, " \t");
	if (seed_word)
		*seed_word++ = 0;
	if (kstrtoull(p, 10, events) || !*events || *events > MAX_EVENTS)
		return -EINVAL;
	if (!seed_word) {
		*seed = get_random_u32();
		return 0;
	}
	return kstrtoul(skip_spaces(seed_word), 10, seed) ? -EINVAL : 0;
}

static ssize_t torture_write(struct file *file, const char __user *ubuf,
			     size_t count, loff_t *ppos)
{
	unsigned long long events;
	unsigned long seed;
	char buf[48];
	int err;

	if (count >= sizeof(buf))
		return -EINVAL;
	if (copy_from_user(buf, ubuf, count))
		return -EFAULT;
	buf[count] = 0;
	err = parse_request(buf, &events, &seed);
	if (err)
		return err;
	err = run_and_log(events, seed);
	/* A failed run is news, not a bad write: the line says it. */
	return err == -ENOSPC ? err : count;
}

static const struct proc_ops torture_ops = {
	.proc_open = torture_open,
	.proc_read = seq_read,
	.proc_lseek = seq_lseek,
	.proc_release = single_release,
	.proc_write = torture_write,
};

static int __init adeos_torture_init(void)
{
	if (!proc_create("adeos/torture", 0600, NULL, &torture_ops))
		return -ENOMEM;
	if (CONFIG_ADEOS_TORTURE_BOOT_EVENTS)
		run_and_log(CONFIG_ADEOS_TORTURE_BOOT_EVENTS, BOOT_SEED);
	return 0;
}
/* After the self-test, with the board's domains registered and running. */
late_initcall_sync(adeos_torture_init);
