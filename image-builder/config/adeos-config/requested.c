// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-config requested: every value a defconfig asks for must hold in
 * the final .config. kconfig-conf resets out-of-range values and drops
 * unknown symbols without failing, so this is where they fail.
 */
#include <ctype.h>
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

/* Findings of "requested" are located at the request itself. */
static const struct entry *request;

static void __attribute__((format(printf, 1, 2)))
request_error(const char *fmt, ...)
{
	va_list ap;

	printf("%s:%d: error: %s%s: ", origin.file, request->line, prefix,
	       request->sym);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nerrors++;
}

/* The symbols the Kconfig defines (--known), one a line. */
static char **known;
static int nknown;

static void load_known(const char *file)
{
	char buf[256];
	FILE *f = fopen(file, "r");

	if (!f)
		die("%s: %s", file, strerror(errno));
	while (fgets(buf, sizeof(buf), f)) {
		strip_newline(buf);
		known = xrealloc(known, (nknown + 1) * sizeof(*known));
		known[nknown++] = xstrdup(buf);
	}
	fclose(f);
}

/* Without --known, every symbol counts as known. */
static int is_known(const char *sym)
{
	int i;

	for (i = 0; i < nknown; i++)
		if (!strcmp(known[i], sym))
			return 1;
	return !known;
}

/* DOMAINn_TEMPLATE_X names template x (lower case, '-' for '_'). */
static int template_choice(const char *sym, int *slot, char *tmpl, size_t len)
{
	int n, off = 0;
	size_t i;

	if (sscanf(sym, "DOMAIN%d_TEMPLATE_%n", &n, &off) != 1 || !off)
		return 0;
	for (i = 0; sym[off + i] && i + 1 < len; i++)
		tmpl[i] = sym[off + i] == '_' ? '-' : tolower(sym[off + i]);
	tmpl[i] = '\0';
	*slot = n;
	return 1;
}

static void check_missing(const struct entry *want)
{
	char tmpl[64];
	int slot;

	if (is_known(want->sym)) {
		request_error(
			"requested %s, but the final .config does not have it (its dependencies are off)",
			want->value);
	} else if (template_choice(want->sym, &slot, tmpl, sizeof(tmpl))) {
		request_error("unknown template '%s' for domain %d", tmpl,
			      slot);
	} else {
		request_error("unknown symbol (requested %s)", want->value);
	}
}

/*
 * Kconfig keeps a legacy entry's number to the ISA IRQs: a number above
 * (an IO-APIC input, as a legacy entry could name before entries had a
 * kind) comes back reset. Say why, and what to ask for instead.
 * @return 1 if that is what happened, and was reported.
 */
static int legacy_irq_above_isa(const struct entry *want,
				const struct entry *got)
{
	int slot, k, off = 0;
	char *end;
	long n;

	if (sscanf(want->sym, "DOMAIN%d_IRQ%d_NUMBER%n", &slot, &k, &off) != 2)
		return 0;
	if (!off || want->sym[off] ||
	    !is_y(value_of("DOMAIN%d_IRQ%d_LEGACY", slot, k)))
		return 0;
	n = strtol(want->value, &end, 0);
	if (end == want->value || *end || n < NR_ISA_IRQS)
		return 0;
	request_error(
		"requested %s, but the final .config has %s: a legacy (ISA) IRQ is 0-%d (for an input of the interrupt controller, ask for %sDOMAIN%d_IRQ%d_GSI=y)",
		want->value, got->value, NR_ISA_IRQS - 1, prefix, slot, k);
	return 1;
}

static void check_requested(const struct entry *want)
{
	const struct entry *got = config_find(&config, want->sym);

	request = want;
	if (!want->value) {
		if (got && got->value && strcmp(got->value, "n"))
			request_error(
				"requested not set, but the final .config has %s",
				got->value);
	} else if (!got) {
		check_missing(want);
	} else if (!got->value) {
		request_error(
			"requested %s, but the final .config has it not set",
			want->value);
	} else if (strcmp(got->value, want->value) &&
		   !legacy_irq_above_isa(want, got)) {
		request_error(
			"requested %s, but the final .config has %s (out of range, or not a valid value)",
			want->value, got->value);
	}
}

int cmd_requested(int argc, char **argv)
{
	int i, j;

	if (argc >= 2 && !strcmp(argv[0], "--known")) {
		load_known(argv[1]);
		argc -= 2;
		argv += 2;
	}
	if (argc < 2)
		die("usage: requested [--known FILE] CONFIG FRAGMENT...");
	config_load(&config, argv[0]);
	for (i = 1; i < argc; i++) {
		origin.n = 0;
		config_load(&origin, argv[i]);
		for (j = 0; j < origin.n; j++)
			/* the last assignment of a symbol is the one asked for */
			if (config_find(&origin, origin.v[j].sym) ==
			    &origin.v[j])
				check_requested(&origin.v[j]);
	}
	return nerrors ? 1 : 0;
}
