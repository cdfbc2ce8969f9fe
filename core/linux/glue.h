/* SPDX-License-Identifier: GPL-2.0-only */
/* Between the files of the Linux glue. */
#ifndef ADEOS_LINUX_GLUE_H
#define ADEOS_LINUX_GLUE_H

#include <adeos/template.h>

/* Give a registered domain its /proc/adeos/<name>, if its template shows. */
void adeos_proc_add_domain(struct adeos_domain_desc *desc);

#endif /* ADEOS_LINUX_GLUE_H */
