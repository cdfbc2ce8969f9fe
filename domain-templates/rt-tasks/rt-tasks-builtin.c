// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: Linux's side. A stopped task's line in Linux's log, and the
 * template's calls for modules that bring tasks of their own (the
 * executive's are exported by executive/linux/exports.c). Built into
 * the kernel only, never into a domain's module (a -builtin.c file): a
 * domain built as a module takes these from the kernel
 * (printk_deferred() is not exported to modules).
 */
#include <linux/export.h>
#include <linux/printk.h>
#include <linux/string.h>
#include <adeos/linux.h>
#include "rt-tasks.h"

/* Deferred, as any printk from a domain: it runs in the domain. */
void rt_tasks_os_report(struct rt_tasks_state *st, struct rtx_task *t)
{
	const struct adeos_fault *f = &t->fault;
	const char *dom = st->desc ? st->desc->name : "?";

	adx86_linux_for_domain(true);
	if (f->trap == ADEOS_FAULT_BUDGET)
		printk_deferred(
			KERN_ERR
			"adeos: task %s of domain %s stopped: it ran %u us without blocking (its time budget)\n",
			t->name, dom, st->task_budget_us);
	else
		printk_deferred(
			KERN_ERR
			"adeos: task %s of domain %s stopped: %s at %pS (address %#lx)\n",
			t->name, dom, f->what, (void *)f->ip, f->address);
	adx86_linux_for_domain(false);
}
EXPORT_SYMBOL_GPL(rt_tasks_os_report);

/*
 * The executive of the built-in rt-tasks domain named @name, for a
 * module that brings tasks of its own; NULL if there is none.
 */
struct rtx *rt_tasks_find(const char *name)
{
	unsigned int k;

	for (k = 0; k < adeos_nr_domains; k++) {
		struct adeos_domain_desc *desc = &adeos_domains[k];
		struct rt_tasks_state *st = desc->state;

		if (desc->tmpl == &adeos_template_rt_tasks &&
		    !strcmp(desc->name, name) && st->rtx.started)
			return &st->rtx;
	}
	return NULL;
}

EXPORT_SYMBOL_GPL(rt_tasks_find);
EXPORT_SYMBOL_GPL(rt_tasks_add);
