/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the files of the Linux glue. */
#ifndef ADEOS_LINUX_GLUE_H
#define ADEOS_LINUX_GLUE_H

#include <adeos/template.h>

/*
 * /proc/adeos/<name>/: the domain's priority (writable: a renice) and
 * its template's files. @return 0 or a negative error.
 */
int adeos_proc_add_domain(struct adeos_domain_desc *desc);
void adeos_proc_remove_domain(struct adeos_domain_desc *desc);

#endif /* ADEOS_LINUX_GLUE_H */
