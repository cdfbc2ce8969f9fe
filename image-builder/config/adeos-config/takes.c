// SPDX-License-Identifier: GPL-2.0-only
/*
 * What a domain of a template may take: each template declares it in its
 * own folder, in a file named "takes", so that a copy of the folder
 * carries the rule along. One declaration a line ('#' starts a comment):
 *
 *   irqs N | N-M	how many IRQ entries a domain of it has (0: none)
 *   kinds K...		the kinds an entry may be: legacy gsi pci-intx pci-msi
 *   numbers N...	the numbers a legacy or GSI entry may name
 *   replaced N TEXT	a legacy entry naming N is refused with TEXT: what
 *			gives the domain what IRQ N once did
 *
 * A template without the file takes anything. A domain that breaks its
 * template's rule is a finding at the entry (or the domain) that does,
 * naming the rule's file and line.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

#define MAX_NUMBERS 32
#define MAX_REPLACED 4

/* A template's rule, as read from its takes file; line 0: not given. */
struct takes {
	char file[PATH_MAX];
	int irqs_line, min_irqs, max_irqs;
	int kinds_line, kinds[NR_IRQ_KINDS];
	int numbers_line, nnumbers;
	long numbers[MAX_NUMBERS];
	int nreplaced, replaced_line[MAX_REPLACED];
	long replaced[MAX_REPLACED];
	char replaced_by[MAX_REPLACED][256];
};

/* The kinds as a takes file spells them, in enum irq_kind's order. */
static const char *const kind_words[NR_IRQ_KINDS] = {
	[IRQ_LEGACY] = "legacy",
	[IRQ_GSI] = "gsi",
	[IRQ_PCI_INTX] = "pci-intx",
	[IRQ_PCI_MSI] = "pci-msi",
};

static void takes_error(const struct takes *t, int line, const char *what,
			const char *word)
{
	printf("%s:%d: error: %s '%s'\n", t->file, line, what, word);
	nerrors++;
}

static void parse_irqs(struct takes *t, int line, char *arg)
{
	char *end;

	t->min_irqs = strtol(arg, &end, 10);
	t->max_irqs = *end == '-' ? strtol(end + 1, &end, 10) : t->min_irqs;
	if (end == arg || *end || t->min_irqs < 0 || t->max_irqs < t->min_irqs)
		takes_error(t, line, "irqs takes N or N-M, not", arg);
	else
		t->irqs_line = line;
}

static void parse_kind(struct takes *t, int line, const char *word)
{
	int k;

	for (k = 0; k < NR_IRQ_KINDS; k++)
		if (!strcmp(word, kind_words[k])) {
			t->kinds[k] = 1;
			t->kinds_line = line;
			return;
		}
	takes_error(
		t, line,
		"no such kind of IRQ entry (legacy, gsi, pci-intx, pci-msi):",
		word);
}

static void parse_number(struct takes *t, int line, const char *word)
{
	char *end;
	long n = strtol(word, &end, 0);

	if (end == word || *end || n < 0 || t->nnumbers == MAX_NUMBERS) {
		takes_error(t, line, "not an IRQ number (or too many):", word);
		return;
	}
	t->numbers[t->nnumbers++] = n;
	t->numbers_line = line;
}

static void parse_replaced(struct takes *t, int line, const char *word,
			   char *text)
{
	char *end;
	long n = strtol(word, &end, 0);
	int k = t->nreplaced;

	if (end == word || *end || n < 0) {
		takes_error(t, line, "not an IRQ number:", word);
		return;
	}
	text += strspn(text ? text : "", " \t");
	if (!text || !*text) {
		takes_error(t, line,
			    "replaced takes N and what replaced it, not", word);
		return;
	}
	if (k == MAX_REPLACED) {
		takes_error(t, line, "too many replaced IRQs:", word);
		return;
	}
	t->replaced[k] = n;
	t->replaced_line[k] = line;
	snprintf(t->replaced_by[k], sizeof(t->replaced_by[k]), "%s", text);
	t->nreplaced++;
}

static void parse_line(struct takes *t, int line, char *s)
{
	char *save = NULL, *key, *word;

	s[strcspn(s, "#")] = '\0';
	key = strtok_r(s, " \t", &save);
	if (!key)
		return;
	word = strtok_r(NULL, " \t", &save);
	if (!word) {
		takes_error(t, line, "a declaration with no value:", key);
	} else if (!strcmp(key, "irqs")) {
		parse_irqs(t, line, word);
	} else if (!strcmp(key, "kinds")) {
		for (; word; word = strtok_r(NULL, " \t", &save))
			parse_kind(t, line, word);
	} else if (!strcmp(key, "replaced")) {
		parse_replaced(t, line, word, save);
	} else if (!strcmp(key, "numbers")) {
		for (; word; word = strtok_r(NULL, " \t", &save))
			parse_number(t, line, word);
	} else {
		takes_error(
			t, line,
			"unknown declaration (irqs, kinds, numbers, replaced):",
			key);
	}
}

/* Read @dir/takes into @t. @return 0 if there is none. */
static int read_takes(struct takes *t, const char *dir)
{
	char buf[512];
	int line = 0;
	FILE *f;

	memset(t, 0, sizeof(*t));
	snprintf(t->file, sizeof(t->file), "%s/takes", dir);
	f = fopen(t->file, "r");
	if (!f) {
		if (errno != ENOENT)
			die("%s: %s", t->file, strerror(errno));
		return 0;
	}
	while (fgets(buf, sizeof(buf), f)) {
		strip_newline(buf);
		parse_line(t, ++line, buf);
	}
	fclose(f);
	return 1;
}

static int number_allowed(const struct takes *t, long n)
{
	int i;

	for (i = 0; i < t->nnumbers; i++)
		if (t->numbers[i] == n)
			return 1;
	return !t->numbers_line;
}

/* The replaced declaration that names @q, or -1. */
static int replaced_by(const struct takes *t, const struct dirq *q)
{
	int k;

	for (k = 0; k < t->nreplaced; k++)
		if (q->kind == IRQ_LEGACY && q->number == t->replaced[k])
			return k;
	return -1;
}

/* Entry @q of @d against its template's kinds and numbers. */
static void check_entry(const struct takes *t, const struct domain *d,
			const struct dirq *q)
{
	char sym[64], what[64];

	int r = replaced_by(t, q);

	irq_sym(sym, sizeof(sym), d, q);
	irq_text(what, sizeof(what), q);
	if (r >= 0)
		error_at(
			sym,
			"%s: domain %d \"%s\" of template %s no longer takes it: %s (%s:%d)",
			what, d->slot, d->name, d->tmpl, t->replaced_by[r],
			t->file, t->replaced_line[r]);
	else if (t->kinds_line && !t->kinds[q->kind])
		error_at(
			sym,
			"%s: domain %d \"%s\" of template %s may not take an IRQ of this kind (%s:%d)",
			what, d->slot, d->name, d->tmpl, t->file,
			t->kinds_line);
	else if (!is_pci(q->kind) && !number_allowed(t, q->number))
		error_at(
			sym,
			"%s: domain %d \"%s\" of template %s may not take it (%s:%d)",
			what, d->slot, d->name, d->tmpl, t->file,
			t->numbers_line);
}

/* "1", "1-3": how many IRQ entries the rule allows. */
static const char *count_text(const struct takes *t)
{
	static char buf[32];

	if (t->min_irqs == t->max_irqs)
		snprintf(buf, sizeof(buf), "%d", t->min_irqs);
	else
		snprintf(buf, sizeof(buf), "%d-%d", t->min_irqs, t->max_irqs);
	return buf;
}

void check_takes(const struct domain *d)
{
	const struct tmpl *tm = find_template(d->tmpl);
	char sym[64];
	struct takes t;
	int k;

	if (!tm || !tm->dir || !read_takes(&t, tm->dir))
		return;
	for (k = 0; k < d->nirqs; k++)
		if (replaced_by(&t, &d->irqs[k]) >= 0)
			break;
	/* an entry the template no longer takes says so, not the count */
	if (k == d->nirqs && t.irqs_line &&
	    (d->nirqs < t.min_irqs || d->nirqs > t.max_irqs)) {
		/* at the first entry too many, or at the domain */
		if (d->nirqs > t.max_irqs)
			irq_sym(sym, sizeof(sym), d, &d->irqs[t.max_irqs]);
		else
			snprintf(sym, sizeof(sym), "DOMAIN%d", d->slot);
		if (t.max_irqs == 0)
			error_at(
				sym,
				"domain %d \"%s\" of template %s takes %d IRQ%s, and the template takes none (%s:%d)",
				d->slot, d->name, d->tmpl, d->nirqs,
				d->nirqs == 1 ? "" : "s", t.file, t.irqs_line);
		else
			error_at(
				sym,
				"domain %d \"%s\" of template %s takes %d IRQ%s, and the template takes %s (%s:%d)",
				d->slot, d->name, d->tmpl, d->nirqs,
				d->nirqs == 1 ? "" : "s", count_text(&t),
				t.file, t.irqs_line);
	}
	for (k = 0; k < d->nirqs; k++)
		check_entry(&t, d, &d->irqs[k]);
}
