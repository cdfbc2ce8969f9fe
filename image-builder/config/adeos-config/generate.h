/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared by the writers of generated files: generate.c (the table and
 * the modules) and kbuild.c (what the kernel builds).
 */
#ifndef ADEOS_CONFIG_GENERATE_H
#define ADEOS_CONFIG_GENERATE_H

#include <stdio.h>

/* Write @out through @fn(f, @arg) and a temporary file: all, or nothing. */
void write_file(const char *out, void (*fn)(FILE *f, const void *arg),
		const void *arg);
/* @dir's *.c files, sorted, into *@out (each malloc'ed). @return how many. */
int template_sources(const char *dir, char ***out);
/* OUT's folder, templates.kbuild and linux.fragment (kbuild.c). */
void write_templates_kbuild(const char *out);

#endif /* ADEOS_CONFIG_GENERATE_H */
