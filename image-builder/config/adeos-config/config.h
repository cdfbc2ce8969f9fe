/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A .config or a defconfig as read: its entries, the line of each, and
 * the values of symbols; and the place a finding about a symbol names.
 */
#ifndef ADEOS_CONFIG_CONFIG_H
#define ADEOS_CONFIG_CONFIG_H

struct entry {
	char *sym; /* without the prefix */
	char *value; /* as written after '='; NULL for "is not set" */
	int line;
};

struct config {
	const char *file;
	struct entry *v;
	int n, cap;
};

/* The .config checked, and the defconfig it was made from (if known). */
extern struct config config;
extern struct config origin;

/* Read @file into @c; a line that is no entry is a finding. */
void config_load(struct config *c, const char *file);
/* @return the last assignment of @sym in @c (as Kconfig), or NULL. */
struct entry *config_find(const struct config *c, const char *sym);

/* The value of the symbol named by @fmt in config, or NULL. */
const char *value_of(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));
int is_y(const char *v);
int is_n(const char *v);
/* @return 1 and the value in @out, or 0 after a finding. */
int int_value(const char *sym, long *out);
/* @return the unquoted string (allocated), or NULL after a finding. */
const char *string_value(const char *sym);

/* FILE:LINE of @sym for a message: its defconfig line, else its .config one. */
const char *where(const char *sym);
/* Print a finding about @sym at where(@sym). */
void __attribute__((format(printf, 2, 3)))
error_at(const char *sym, const char *fmt, ...);

#endif /* ADEOS_CONFIG_CONFIG_H */
