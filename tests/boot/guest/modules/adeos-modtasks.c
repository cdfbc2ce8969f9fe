// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-modtasks: tasks that a module brings, at run time, to the built-in
 * rt-tasks domain DOMAIN (default "tasks"), with the executive's own
 * calls: mod-tx, every 2 ms, sends four numbered messages through a
 * queue of 8 to mod-rx, which checks that they come in order. With
 * FAULT=1, mod-div divides by zero in its second release: it must be
 * stopped and named, and the others go on. With SPIN=1, mod-spin never
 * blocks after its first release: the domain's budget must stop it.
 * Unloading takes the tasks out and prints what they saw. A test
 * module: never load it in a product.
 *
 * needs-symbol: rt_tasks_find (the rt-tasks template in the kernel, and
 * with it the executive)
 */
#include <linux/module.h>
#include <linux/printk.h>
#include <adeos/clock.h>
#include "rt-tasks.h"

#define STACK 8192

static char *domain = "tasks";
module_param(domain, charp, 0444);
static int fault;
module_param(fault, int, 0444);
static int spin;
module_param(spin, int, 0444);

static struct rtx *x;
static struct rtx_task tasks[4];
static unsigned char stacks[4][STACK] __aligned(16);
static int started[4];
static struct rtx_queue queue;
static unsigned char qbuf[RTX_QUEUE_BYTES(8)];
static unsigned long sent, received, wrong;

static void produce(struct rtx_task *t)
{
	u32 n = 0;
	int i;

	for (;;) {
		for (i = 0; i < 4; i++, n++)
			if (!rtx_queue_send(&queue, &n, sizeof(n)))
				sent++;
		rtx_wait_period(x);
	}
}

static void consume(struct rtx_task *t)
{
	u32 want = 0, v;

	for (;;) {
		if (rtx_queue_receive(&queue, &v, sizeof(v)) != sizeof(v) ||
		    v != want)
			wrong++;
		want = v + 1;
		received++;
	}
}

static void divide(struct rtx_task *t)
{
	volatile int zero = 0;

	rtx_wait_period(x);
	pr_info("adeos-modtasks: %d\n", 100 / zero);
}

static void spin_forever(struct rtx_task *t)
{
	rtx_wait_period(x);
	for (;;)
		cpu_relax();
}

static int add(int k, const char *name, int prio, unsigned int period_us,
	       rtx_body_t body)
{
	unsigned long long period =
		(unsigned long long)period_us * arch_timestamp_per_us();
	int err = rtx_task_init(x, &tasks[k], name, prio, period, body, NULL, 0,
				stacks[k], STACK);

	if (!err)
		err = rtx_task_start(&tasks[k], arch_timestamp() + period);
	if (!err)
		started[k] = 1;
	return err;
}

static void take_out(void)
{
	int k;

	for (k = 0; k < 4; k++)
		if (started[k])
			rtx_task_delete(&tasks[k]);
}

static int __init tasks_init(void)
{
	int err;

	x = rt_tasks_find(domain);
	if (!x) {
		pr_err("adeos-modtasks: no rt-tasks domain %s\n", domain);
		return -ENODEV;
	}
	rtx_queue_init(&queue, x, qbuf, 8);
	err = add(0, "mod-rx", 45, 0, consume);
	if (!err)
		err = add(1, "mod-tx", 40, 2000, produce);
	if (!err && fault)
		err = add(2, "mod-div", 35, 5000, divide);
	if (!err && spin)
		err = add(3, "mod-spin", 30, 5000, spin_forever);
	if (err)
		take_out();
	return err;
}

static void __exit tasks_exit(void)
{
	take_out();
	pr_info("adeos-modtasks: %lu sent, %lu received, %lu out of order\n",
		sent, received, wrong);
}

module_init(tasks_init);
module_exit(tasks_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adeos test: a module's own tasks in an rt-tasks domain");
