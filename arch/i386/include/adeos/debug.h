/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * CONFIG_ADEOS_DEBUG: the pipeline's own checks (arch/i386/debug.c).
 * Without it, the calls compile to nothing.
 */
#ifndef ADEOS_I386_DEBUG_H
#define ADEOS_I386_DEBUG_H

#ifdef CONFIG_ADEOS_DEBUG
/* Linux's interrupt flag used by a domain ahead of Linux: report it. */
void adx86_debug_root_only(const char *what);
/* One "adeos: DEBUG:" line for a broken rule, naming the domain. */
void adx86_debug_report(const char *what);
#else
static inline void adx86_debug_root_only(const char *what)
{
}

static inline void adx86_debug_report(const char *what)
{
}
#endif

#endif /* ADEOS_I386_DEBUG_H */
