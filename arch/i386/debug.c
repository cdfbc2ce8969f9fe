// SPDX-License-Identifier: GPL-2.0-only
/*
 * CONFIG_ADEOS_DEBUG: the pipeline's own checks of how Linux and the
 * domains use it. Each broken rule prints one "adeos: DEBUG:" line that
 * names it and the domain it happened in, once per rule and domain (a
 * handler breaks it on every IRQ); the debug board's tests fail on any.
 *
 * A report may come from a domain's handler, with hard IRQs off, where
 * Linux's console must not be entered: the line goes through
 * printk_deferred(), which Linux prints later from its own context.
 *
 * Any x86 shares it.
 */
#include <linux/compiler.h>
#include <linux/export.h>
#include <linux/hardirq.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <adeos/adeos.h>
#include <adeos/debug.h>
#include <adeos/linux.h>

#define MAX_REPORTED 32

static struct {
	const char *what;
	const adomain_t *domain;
} reported[MAX_REPORTED];
static unsigned int nr_reported;
/* printk_deferred() takes Linux's interrupt flag too: no report of it. */
static bool reporting;

static bool first_report(const char *what, const adomain_t *d)
{
	unsigned int i;

	for (i = 0; i < nr_reported; i++)
		if (reported[i].what == what && reported[i].domain == d)
			return false;
	if (nr_reported < MAX_REPORTED) {
		reported[nr_reported].what = what;
		reported[nr_reported].domain = d;
		nr_reported++;
	}
	return true;
}

static const char report_fmt[] =
	KERN_WARNING "adeos: DEBUG: %s%s%s%s in domain %s, at %pS\n";

/* One line for @kind in the current domain, the first time only. */
static void report(const char *kind, const char *detail, void *where)
{
	unsigned long flags = hard_local_irq_save();
	adomain_t *d = adeos_current_domain();

	if (!reporting && first_report(kind, d)) {
		reporting = true;
		printk_deferred(report_fmt, kind, detail ? " (" : "",
				detail ? detail : "", detail ? ")" : "",
				d ? d->name : "(none)", where);
		/* Linux's own context can print its stack at once. */
		if (d == adeos_root_domain() && !in_nmi())
			dump_stack();
		reporting = false;
	}
	hard_local_irq_restore(flags);
}

void adx86_debug_report(const char *what)
{
	report(what, NULL, __builtin_return_address(0));
}

/*
 * A domain ahead of Linux took Linux's interrupt flag: it is running
 * Linux code (a lock Linux may hold with its stage stalled, an
 * allocator), which may deadlock the machine. NMIs may, on their own;
 * so may Linux's code that runs on a domain's behalf: its exception
 * path, and printk, which stores and defers as from an NMI.
 * One report per domain, whichever call it made first.
 */
void adx86_debug_root_only(const char *what)
{
	adomain_t *d = adeos_current_domain();

	if (likely(d == adeos_root_domain()) || !d || in_nmi() || reporting ||
	    adx86_linux_runs_for_domain())
		return;
	report("Linux code called from a domain ahead of Linux", what,
	       __builtin_return_address(0));
}
EXPORT_SYMBOL(adx86_debug_root_only);

/* Entry from user mode: Linux's stage unstalled, Linux current. */
void adx86_user_entry_check(void)
{
	if ((adeos_root.status & ADEOS_STALL_FLAG) || adx86_domain_running())
		adx86_debug_report(
			"entry from user mode found Linux's stage stalled");
}
EXPORT_SYMBOL(adx86_user_entry_check);

/* A syscall's first enable: hard IRQs off, nothing logged for Linux. */
void adx86_syscall_entry_check(void)
{
	if (!hard_irqs_disabled() || adeos_root.log.summary ||
	    adx86_domain_running())
		adx86_debug_report(
			"syscall entry found hard IRQs on or IRQs logged for Linux");
}
