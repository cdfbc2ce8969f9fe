// SPDX-License-Identifier: GPL-2.0-only
/*
 * A trap in a domain at a BUG() or a WARN(): which one, from Linux's
 * table of them (CONFIG_GENERIC_BUG; <adeos/bug.h> answers "no BUG()"
 * without it). A WARN() continues; a BUG() stops the domain. Any x86
 * shares it.
 */
#include <linux/bug.h>
#include <adeos/bug.h>
#include <adeos/linux.h>

/* find_bug() takes RCU's lockdep map: Linux code for the domain. */
bool adx86_bug_not_warn(unsigned long ip)
{
	const struct bug_entry *bug;

	adx86_linux_for_domain(true);
	bug = find_bug(ip);
	adx86_linux_for_domain(false);
	return bug && !(bug->flags & BUGFLAG_WARNING);
}
