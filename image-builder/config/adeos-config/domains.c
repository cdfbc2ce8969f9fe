// SPDX-License-Identifier: GPL-2.0-only
/*
 * The domains of a configuration: read from the DOMAINn_* symbols of
 * the .config, then validated against each other and the board (names,
 * priorities, templates, IRQs) before any code is written. Every
 * finding names the symbol and where it was set (error_at).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

#define ROOT_NAME "Linux"

struct domain doms[ADEOS_MAX_DOMAINS];
int ndoms;

static struct tmpl tmpls[MAX_TEMPLATES];
static int ntmpls;
static char known_list[MAX_TEMPLATES * 64];

/* ---- reading ---- */

static void read_irq(struct domain *d, int k)
{
	struct dirq *q = &d->irqs[d->nirqs];
	char sym[64];

	snprintf(sym, sizeof(sym), "DOMAIN%d_IRQ%d_NUMBER", d->slot, k);
	if (!int_value(sym, &q->number))
		return;
	q->slot = k;
	q->exclusive = is_y(value_of("DOMAIN%d_IRQ%d_EXCLUSIVE", d->slot, k));
	q->pass = !q->exclusive &&
		  is_y(value_of("DOMAIN%d_IRQ%d_PASS", d->slot, k));
	q->each = is_y(value_of("DOMAIN%d_IRQ%d_EACH", d->slot, k));
	d->nirqs++;
}

/* Symbols of a domain slot that are the slot's own, not its template's. */
static int slot_symbol(const char *rest)
{
	int k, off = 0;

	if (!strcmp(rest, "NAME") || !strcmp(rest, "PRIORITY") ||
	    !strcmp(rest, "MODULE") || !strncmp(rest, "TEMPLATE", 8))
		return 1;
	return sscanf(rest, "IRQ%d%n", &k, &off) == 1 &&
	       (!rest[off] || rest[off] == '_');
}

static void read_options(struct domain *d)
{
	char prefix_n[32];
	size_t len, i;
	int e;

	len = snprintf(prefix_n, sizeof(prefix_n), "DOMAIN%d_", d->slot);
	for (e = 0; e < config.n && d->nopts < MAX_OPTIONS; e++) {
		const char *sym = config.v[e].sym;
		struct dopt *o = &d->opts[d->nopts];

		if (strncmp(sym, prefix_n, len) || slot_symbol(sym + len))
			continue;
		for (i = 0; sym[len + i] && i + 1 < sizeof(o->field); i++)
			o->field[i] = tolower((unsigned char)sym[len + i]);
		o->field[i] = '\0';
		o->value = config.v[e].value;
		d->nopts++;
	}
}

static void read_domain(int slot)
{
	struct domain *d = &doms[ndoms++];
	char sym[64];
	int k;

	d->slot = slot;
	snprintf(sym, sizeof(sym), "DOMAIN%d_NAME", slot);
	d->name = string_value(sym);
	snprintf(sym, sizeof(sym), "DOMAIN%d_PRIORITY", slot);
	if (!int_value(sym, &d->priority))
		d->priority = -1;
	snprintf(sym, sizeof(sym), "DOMAIN%d_TEMPLATE", slot);
	d->tmpl = string_value(sym);
	d->module = is_y(value_of("DOMAIN%d_MODULE", slot));
	for (k = 1; k <= ADEOS_CONFIG_IRQS; k++)
		if (is_y(value_of("DOMAIN%d_IRQ%d", slot, k)))
			read_irq(d, k);
	read_options(d);
}

/* ---- the templates known ---- */

void load_templates(const char *list)
{
	char *copy = xstrdup(list), *item, *save = NULL;

	for (item = strtok_r(copy, " ", &save); item && ntmpls < MAX_TEMPLATES;
	     item = strtok_r(NULL, " ", &save)) {
		char *slash = strrchr(item, '/');

		while (slash && !slash[1] && slash != item) {
			*slash = '\0';
			slash = strrchr(item, '/');
		}
		tmpls[ntmpls].name = slash ? slash + 1 : item;
		tmpls[ntmpls].dir = slash ? item : NULL;
		snprintf(known_list + strlen(known_list),
			 sizeof(known_list) - strlen(known_list), "%s%s",
			 ntmpls ? " " : "", tmpls[ntmpls].name);
		ntmpls++;
	}
}

const struct tmpl *find_template(const char *name)
{
	int i;

	for (i = 0; name && i < ntmpls; i++)
		if (!strcmp(tmpls[i].name, name))
			return &tmpls[i];
	return NULL;
}

/* ---- names, priorities, templates ---- */

/* @return 1 if @name is well-formed; else a finding about @sym, and 0. */
static int check_name_text(const char *sym, const char *name)
{
	const char *p;

	if (!*name) {
		error_at(sym, "empty domain name");
		return 0;
	}
	for (p = name; *p; p++) {
		if (isalnum((unsigned char)*p) || *p == '-' || *p == '_')
			continue;
		error_at(
			sym,
			"'%c' in domain name \"%s\" (use letters, digits, '-' and '_')",
			*p, name);
		return 0;
	}
	return 1;
}

static void check_name(const struct domain *d)
{
	char sym[64], other[64];
	int i;

	snprintf(sym, sizeof(sym), "DOMAIN%d_NAME", d->slot);
	if (!d->name || !check_name_text(sym, d->name))
		return;
	if (strlen(d->name) > ADEOS_NAME_MAX_LEN)
		error_at(sym, "domain name \"%s\" is longer than %d characters",
			 d->name, ADEOS_NAME_MAX_LEN);
	if (!strcmp(d->name, ROOT_NAME))
		error_at(sym, "\"%s\" is the root domain's name", ROOT_NAME);
	for (i = 0; &doms[i] != d; i++) {
		if (!doms[i].name || strcmp(doms[i].name, d->name))
			continue;
		snprintf(other, sizeof(other), "DOMAIN%d_NAME", doms[i].slot);
		error_at(sym,
			 "domain name \"%s\" is taken by domain %d (%s%s, %s)",
			 d->name, doms[i].slot, prefix, other, where(other));
	}
}

static void check_priority(const struct domain *d)
{
	char sym[64], other[64];
	int i;

	snprintf(sym, sizeof(sym), "DOMAIN%d_PRIORITY", d->slot);
	if (d->priority < 0)
		return;
	if (d->priority < ADEOS_MIN_PRI || d->priority > ADEOS_MAX_PRI) {
		error_at(sym, "priority %ld is outside %d-%d", d->priority,
			 ADEOS_MIN_PRI, ADEOS_MAX_PRI);
		return;
	}
	for (i = 0; &doms[i] != d; i++) {
		if (doms[i].priority != d->priority)
			continue;
		snprintf(other, sizeof(other), "DOMAIN%d_PRIORITY",
			 doms[i].slot);
		error_at(sym,
			 "priority %ld is taken by domain %d \"%s\" (%s%s, %s)",
			 d->priority, doms[i].slot,
			 doms[i].name ? doms[i].name : "?", prefix, other,
			 where(other));
	}
}

static void check_template(const struct domain *d, int have_list)
{
	char sym[64];

	if (!d->tmpl || !have_list || find_template(d->tmpl))
		return;
	snprintf(sym, sizeof(sym), "DOMAIN%d_TEMPLATE", d->slot);
	error_at(sym, "unknown template \"%s\" (known: %s)", d->tmpl,
		 known_list);
}

/* ---- IRQs ---- */

static void irq_sym(char *buf, size_t len, const struct domain *d,
		    const struct dirq *q)
{
	snprintf(buf, len, "DOMAIN%d_IRQ%d_NUMBER", d->slot, q->slot);
}

/*
 * Entry @q of @d takes the IRQ of entry @o of @od, an earlier one: the
 * same domain twice, or an exclusive owner and another taker.
 */
static void report_clash(const struct domain *d, const struct dirq *q,
			 const struct domain *od, const struct dirq *o)
{
	char sym[64], other[64];
	const struct domain *owner = o->exclusive ? od : d;
	const struct domain *taker = o->exclusive ? d : od;
	const char *owner_sym = o->exclusive ? other : sym;

	irq_sym(sym, sizeof(sym), d, q);
	irq_sym(other, sizeof(other), od, o);
	if (od == d)
		error_at(sym, "IRQ %ld is already taken by this domain (%s%s)",
			 q->number, prefix, other);
	else if (o->exclusive || q->exclusive)
		error_at(
			sym,
			"IRQ %ld is owned exclusively by domain %d \"%s\" (%s%s, %s), and domain %d \"%s\" takes it too",
			q->number, owner->slot, owner->name, prefix, owner_sym,
			where(owner_sym), taker->slot, taker->name);
}

/* Does an earlier IRQ entry (of any domain) clash with @q of @d? */
static void check_irq_clash(const struct domain *d, const struct dirq *q)
{
	int i, k;

	for (i = 0; i < ndoms; i++) {
		for (k = 0; k < doms[i].nirqs; k++) {
			const struct dirq *o = &doms[i].irqs[k];

			if (o == q)
				return;
			if (o->number == q->number)
				report_clash(d, q, &doms[i], o);
		}
	}
}

static void check_irqs(const struct domain *d, long board_irqs)
{
	char sym[64];
	int k;

	for (k = 0; k < d->nirqs; k++) {
		const struct dirq *q = &d->irqs[k];

		irq_sym(sym, sizeof(sym), d, q);
		if (q->number < 0 || q->number >= board_irqs) {
			error_at(
				sym,
				"the board has no IRQ %ld (it has 0-%ld: %sBOARD_NR_IRQS=%ld)",
				q->number, board_irqs - 1, prefix, board_irqs);
			continue;
		}
		check_irq_clash(d, q);
	}
}

static void check_irq_count(const struct domain *d)
{
	char sym[64];

	if (d->nirqs <= ADEOS_DOMAIN_MAX_IRQS)
		return;
	snprintf(sym, sizeof(sym), "DOMAIN%d", d->slot);
	error_at(sym, "domain \"%s\" takes %d IRQs, at most %d", d->name,
		 d->nirqs, ADEOS_DOMAIN_MAX_IRQS);
}

/* ---- all of them ---- */

static void check_count(long max)
{
	char list[ADEOS_MAX_DOMAINS * 16] = "";
	int i;

	if (ndoms <= max)
		return;
	for (i = 0; i < ndoms; i++)
		snprintf(list + strlen(list), sizeof(list) - strlen(list),
			 "%s%d", i ? ", " : "", doms[i].slot);
	error_at(
		"PIPELINE_MAX_DOMAINS",
		"%d domains are enabled (slots %s), the pipeline takes at most %ld",
		ndoms, list, max);
}

void validate(int have_list)
{
	long board_irqs = 0, max = 0;
	int slot, i;

	int_value("BOARD_NR_IRQS", &board_irqs);
	int_value("PIPELINE_MAX_DOMAINS", &max);
	for (slot = 1; slot <= ADEOS_MAX_DOMAINS; slot++)
		if (is_y(value_of("DOMAIN%d", slot)))
			read_domain(slot);
	check_count(max);
	for (i = 0; i < ndoms; i++) {
		check_name(&doms[i]);
		check_priority(&doms[i]);
		check_template(&doms[i], have_list);
		check_irq_count(&doms[i]);
		check_irqs(&doms[i], board_irqs);
	}
}
