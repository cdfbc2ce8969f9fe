/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A domain's template state as C (state.c), for generate.c's table and
 * modules.
 */
#ifndef ADEOS_CONFIG_STATE_H
#define ADEOS_CONFIG_STATE_H

#include <stdio.h>
#include "domains.h"

/* @tmpl, a template's name, as a C identifier into @buf ("rt_tasks"). */
void c_ident(char *buf, size_t len, const char *tmpl);
/* "static struct <template>_state domain<n>_state = { ... };" */
void emit_state(FILE *f, const struct domain *d);

#endif /* ADEOS_CONFIG_STATE_H */
