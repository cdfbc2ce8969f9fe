// SPDX-License-Identifier: GPL-2.0-only
/*
 * Reading a .config or a defconfig: PREFIXSYM=value lines, "# PREFIXSYM
 * is not set" lines, comments and blank lines; the values of symbols;
 * and where a finding about a symbol is located.
 */
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"

struct config config;
struct config origin;

static void add_entry(struct config *c, const char *sym, const char *value,
		      int line)
{
	if (c->n == c->cap) {
		c->cap = c->cap ? 2 * c->cap : 64;
		c->v = xrealloc(c->v, c->cap * sizeof(*c->v));
	}
	c->v[c->n].sym = xstrdup(sym);
	c->v[c->n].value = value ? xstrdup(value) : NULL;
	c->v[c->n].line = line;
	c->n++;
}

/* One line: PREFIXSYM=value, "# PREFIXSYM is not set", comment, blank. */
static void parse_line(struct config *c, char *s, int line)
{
	size_t plen = strlen(prefix);
	char *eq, *end;

	if (!strncmp(s, "# ", 2) && !strncmp(s + 2, prefix, plen)) {
		end = strstr(s, " is not set");
		if (end && !end[11]) {
			*end = '\0';
			add_entry(c, s + 2 + plen, NULL, line);
		}
		return;
	}
	if (*s == '#' || *s == '\0')
		return;
	eq = strchr(s, '=');
	if (strncmp(s, prefix, plen) || !eq) {
		fprintf(stderr, "%s:%d: error: not a %sSYMBOL=value line: %s\n",
			c->file, line, prefix, s);
		nerrors++;
		return;
	}
	*eq = '\0';
	add_entry(c, s + plen, eq + 1, line);
}

void config_load(struct config *c, const char *file)
{
	char buf[4096];
	FILE *f = fopen(file, "r");
	int line = 0;

	if (!f)
		die("%s: %s", file, strerror(errno));
	c->file = file;
	while (fgets(buf, sizeof(buf), f)) {
		strip_newline(buf);
		parse_line(c, buf, ++line);
	}
	fclose(f);
}

struct entry *config_find(const struct config *c, const char *sym)
{
	int i;

	for (i = c->n - 1; i >= 0; i--)
		if (!strcmp(c->v[i].sym, sym))
			return &c->v[i];
	return NULL;
}

const char *value_of(const char *fmt, ...)
{
	char sym[128];
	const struct entry *e;
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(sym, sizeof(sym), fmt, ap);
	va_end(ap);
	e = config_find(&config, sym);
	return e ? e->value : NULL;
}

int is_y(const char *v)
{
	return v && !strcmp(v, "y");
}

int is_n(const char *v)
{
	return v && !strcmp(v, "n");
}

/* A Kconfig string value, unquoted; NULL if it is not one. */
static char *unquote(const char *v)
{
	char *out, *o;

	if (!v || *v != '"')
		return NULL;
	out = o = xrealloc(NULL, strlen(v));
	for (v++; *v && *v != '"'; v++) {
		if (*v == '\\' && v[1])
			v++;
		*o++ = *v;
	}
	*o = '\0';
	if (*v != '"' || v[1]) {
		free(out);
		return NULL;
	}
	return out;
}

int int_value(const char *sym, long *out)
{
	const struct entry *e = config_find(&config, sym);
	const char *v = e ? e->value : NULL;
	char *end;

	if (!v) {
		error_at(sym, "missing from the .config");
		return 0;
	}
	errno = 0;
	*out = strtol(v, &end, 0);
	if (errno || end == v || *end) {
		error_at(sym, "'%s' is not a number", v);
		return 0;
	}
	return 1;
}

const char *string_value(const char *sym)
{
	const struct entry *e = config_find(&config, sym);
	char *s = e ? unquote(e->value) : NULL;

	if (!e)
		error_at(sym, "missing from the .config");
	else if (!s)
		error_at(sym, "%s is not a string", e->value);
	return s;
}

/*
 * The defconfig line that set @sym, if it still holds; else its line in
 * the .config. Two buffers, so that one message can name two places.
 */
const char *where(const char *sym)
{
	static char bufs[2][PATH_MAX + 32];
	static int turn;
	char *buf = bufs[turn ^= 1];
	const struct entry *o = origin.file ? config_find(&origin, sym) : NULL;
	const struct entry *e = config_find(&config, sym);

	if (o && e && o->value && e->value && !strcmp(o->value, e->value))
		snprintf(buf, sizeof(bufs[0]), "%s:%d", origin.file, o->line);
	else if (e)
		snprintf(buf, sizeof(bufs[0]), "%s:%d", config.file, e->line);
	else
		snprintf(buf, sizeof(bufs[0]), "%s", config.file);
	return buf;
}

void error_at(const char *sym, const char *fmt, ...)
{
	va_list ap;

	printf("%s: error: %s%s: ", where(sym), prefix, sym);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nerrors++;
}
