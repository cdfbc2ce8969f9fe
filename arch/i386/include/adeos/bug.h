/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Linux's table of BUG() and WARN() sites, read for a trap in a domain
 * (arch/i386/fault.c). Built only where Linux keeps the table
 * (CONFIG_GENERIC_BUG: arch/i386/bug.c); without it no trap is a BUG().
 */
#ifndef ADEOS_I386_BUG_H
#define ADEOS_I386_BUG_H

#include <linux/types.h>

#ifdef CONFIG_GENERIC_BUG
/* Whether @ip is a BUG() (not a WARN()) of Linux's table. */
bool adx86_bug_not_warn(unsigned long ip);
#else
static inline bool adx86_bug_not_warn(unsigned long ip)
{
	return false;
}
#endif

#endif /* ADEOS_I386_BUG_H */
