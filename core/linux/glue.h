/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the files of the Linux glue. */
#ifndef ADEOS_LINUX_GLUE_H
#define ADEOS_LINUX_GLUE_H

#include <linux/mutex.h>
#include <adeos/template.h>

/*
 * Held while domains come and go through the glue, and while
 * /proc/adeos/domains shows them: a module domain that unregisters must
 * not vanish under a reader.
 */
extern struct mutex adeos_domains_lock;

/*
 * /proc/adeos/<name>/: the domain's priority (writable: a renice) and
 * its template's files. @return 0 or a negative error.
 */
int adeos_proc_add_domain(struct adeos_domain_desc *desc);
void adeos_proc_remove_domain(struct adeos_domain_desc *desc);

/*
 * CONFIG_ADEOS_DEBUG: where a reader of /proc/adeos/domains holds
 * domains it walked to but has not shown, a test may make it sleep
 * (/proc/adeos/show_pause, debug.c). Nothing without the option.
 */
#ifdef CONFIG_ADEOS_DEBUG
void adeos_debug_show_pause(void);
#else
static inline void adeos_debug_show_pause(void)
{
}
#endif

#endif /* ADEOS_LINUX_GLUE_H */
