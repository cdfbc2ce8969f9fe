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

#endif /* ADEOS_LINUX_GLUE_H */
