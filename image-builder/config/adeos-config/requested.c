// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-config requested: every value a defconfig asks for must hold in
 * the final .config. kconfig-conf resets out-of-range values and drops
 * unknown symbols without failing, so this is where they fail. The same
 * holds for a .config edited by hand (--in-config): make domains brings
 * it up to date with the Kconfig first, and every line of it that this
 * reset or dropped fails here, naming what was written and what it
 * would have become.
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

/*
 * The words of a finding: a defconfig "requested" a value that "the
 * final .config" lacks; a .config edited by hand had a value that
 * bringing it up to date would change (--in-config).
 */
struct wording {
	const char *asked; /* "requested %s" */
	const char *became; /* ", but the final .config has %s" */
	const char *dropped; /* ..., but the final .config does not have it */
	const char *unset; /* ..., but the final .config has it not set */
	const char *unknown; /* "unknown symbol (requested %s)" */
};

static const struct wording for_defconfig = {
	"requested %s",
	"but the final .config has",
	"but the final .config does not have it",
	"but the final .config has it not set",
	"unknown symbol (requested %s)",
};

static const struct wording for_config = {
	"%s here",
	"but make domains would make it",
	"but make domains would drop it",
	"but make domains would unset it",
	"unknown symbol (%s here; make domains would drop it)",
};

static const struct wording *words = &for_defconfig;

/*
 * Symbols renamed since a defconfig or .config may have been written:
 * a line naming the old one is refused, naming its successor. The one
 * table of them; add a row whenever a symbol is renamed.
 */
static const struct renamed {
	const char *old, *successor, *why;
} renamed[] = {
	{ "LINUX_CONFIG_FRAGMENT", "LINUX_CONFIG_FRAGMENTS",
	  "a list of fragments, applied in order, since 0.2: board/common/linux.fragment, shared extras, then the board's own" },
};

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

/*
 * The symbols the Kconfig defines (--known), one a line: "SYM", or
 * "SYM MIN MAX" for an int with a range (the one without a condition,
 * else its first).
 */
struct known_sym {
	char *sym;
	int has_range;
	long min, max;
};

static struct known_sym *known;
static int nknown;

static void load_known(const char *file)
{
	char buf[256], sym[128];
	FILE *f = fopen(file, "r");
	struct known_sym *k;

	if (!f)
		die("%s: %s", file, strerror(errno));
	while (fgets(buf, sizeof(buf), f)) {
		known = xrealloc(known, (nknown + 1) * sizeof(*known));
		k = &known[nknown];
		k->has_range = sscanf(buf, "%127s %ld %ld", sym, &k->min,
				      &k->max) == 3;
		if (sscanf(buf, "%127s", sym) == 1) {
			k->sym = xstrdup(sym);
			nknown++;
		}
	}
	fclose(f);
}

static const struct known_sym *find_known(const char *sym)
{
	int i;

	for (i = 0; i < nknown; i++)
		if (!strcmp(known[i].sym, sym))
			return &known[i];
	return NULL;
}

/* Without --known, every symbol counts as known. */
static int is_known(const char *sym)
{
	return !known || find_known(sym);
}

static const struct renamed *find_renamed(const char *sym)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(renamed); i++)
		if (!strcmp(renamed[i].old, sym))
			return &renamed[i];
	return NULL;
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

/*
 * A domain slot above PIPELINE_MAX_DOMAINS: menuconfig hides it, and
 * Kconfig turns it off, with every symbol of the slot. @return 1 if
 * that is why @want went (one finding per slot, at DOMAINn itself).
 */
static int slot_above_max(const struct entry *want)
{
	const struct entry *max = config_find(&config, "PIPELINE_MAX_DOMAINS");
	int slot, off = 0;

	if (sscanf(want->sym, "DOMAIN%d%n", &slot, &off) != 1 || !off ||
	    (want->sym[off] && want->sym[off] != '_') || !max || !max->value ||
	    slot <= atol(max->value))
		return 0;
	if (want->sym[off])
		return 1;
	request_error(
		"domain slot %d is above %sPIPELINE_MAX_DOMAINS=%s: raise that to %d or more, or use a slot up to %s",
		slot, prefix, max->value, slot, max->value);
	return 1;
}

/* "requested X" or "X here", for the findings' text. */
static const char *asked(const struct entry *want)
{
	static char buf[512];

	snprintf(buf, sizeof(buf), words->asked, want->value);
	return buf;
}

static void check_missing(const struct entry *want)
{
	const struct renamed *r = find_renamed(want->sym);
	char tmpl[64];
	int slot;

	if (is_known(want->sym)) {
		if (!slot_above_max(want))
			request_error("%s, %s (its dependencies are off)",
				      asked(want), words->dropped);
	} else if (r) {
		request_error("renamed %s%s (%s): write %s%s=%s", prefix,
			      r->successor, r->why, prefix, r->successor,
			      want->value);
	} else if (template_choice(want->sym, &slot, tmpl, sizeof(tmpl))) {
		request_error("unknown template '%s' for domain %d", tmpl,
			      slot);
	} else {
		request_error(words->unknown, want->value);
	}
}

/*
 * Why Kconfig changed @want's value to @got's: out of the symbol's
 * range, which it names, or a value it does not take.
 */
static void report_reset(const struct entry *want, const struct entry *got)
{
	const struct known_sym *k = find_known(want->sym);
	char *end;
	long n = strtol(want->value, &end, 0);

	if (k && k->has_range && end != want->value && !*end &&
	    (n < k->min || n > k->max))
		request_error("%s, %s %s: out of its range, %ld-%ld",
			      asked(want), words->became, got->value, k->min,
			      k->max);
	else if (k && k->has_range)
		request_error("%s, %s %s: not a number in its range, %ld-%ld",
			      asked(want), words->became, got->value, k->min,
			      k->max);
	else
		request_error("%s, %s %s (not a valid value)", asked(want),
			      words->became, got->value);
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
		"%s, %s %s: a legacy (ISA) IRQ is 0-%d (for an input of the interrupt controller, ask for %sDOMAIN%d_IRQ%d_GSI=y)",
		asked(want), words->became, got->value, NR_ISA_IRQS - 1, prefix,
		slot, k);
	return 1;
}

static void check_requested(const struct entry *want)
{
	const struct entry *got = config_find(&config, want->sym);

	request = want;
	if (!want->value) {
		if (got && got->value && strcmp(got->value, "n"))
			request_error("%s, %s %s",
				      words == &for_config ?
					      "not set here" :
					      "requested not set",
				      words->became, got->value);
	} else if (!got) {
		check_missing(want);
	} else if (!got->value) {
		request_error("%s, %s", asked(want), words->unset);
	} else if (strcmp(got->value, want->value) &&
		   !legacy_irq_above_isa(want, got)) {
		report_reset(want, got);
	}
}

int cmd_requested(int argc, char **argv)
{
	int i, j;

	for (;;) {
		if (argc >= 2 && !strcmp(argv[0], "--known")) {
			load_known(argv[1]);
			argc -= 2;
			argv += 2;
		} else if (argc >= 1 && !strcmp(argv[0], "--in-config")) {
			words = &for_config;
			argc--;
			argv++;
		} else {
			break;
		}
	}
	if (argc < 2)
		die("usage: requested [--known FILE] [--in-config] CONFIG FRAGMENT...");
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
