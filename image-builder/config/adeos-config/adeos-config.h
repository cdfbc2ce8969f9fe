/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every part of adeos-config shares: the program's name, the
 * symbol prefix, the count of findings, and the helpers that end the
 * program on I/O trouble (exit status 2).
 */
#ifndef ADEOS_CONFIG_TOOL_H
#define ADEOS_CONFIG_TOOL_H

#include <stddef.h>

#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))

/* The symbol prefix, AD_ unless the environment's CONFIG_ says. */
extern const char *prefix;
extern const char *prog;
/* Findings so far: each one printed, and the exit status 1. */
extern int nerrors;

void __attribute__((noreturn, format(printf, 1, 2))) die(const char *fmt, ...);
void *xrealloc(void *p, size_t n);
char *xstrdup(const char *s);
/* Cut the line ending (\n, \r\n) off @s. */
void strip_newline(char *s);

/* adeos-config requested (requested.c). @return the exit status. */
int cmd_requested(int argc, char **argv);

#endif /* ADEOS_CONFIG_TOOL_H */
