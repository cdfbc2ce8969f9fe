// SPDX-License-Identifier: GPL-2.0-only
/*
 * The domains of a configuration, validated against each other and the
 * board before any code is written: read (read.c), then their names,
 * priorities and templates (here), their count, and their IRQs (irqs.c).
 * Every finding names the symbol and where it was set (error_at).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

#define ROOT_NAME "Linux"

static struct tmpl tmpls[MAX_TEMPLATES];
static int ntmpls;
static char known_list[MAX_TEMPLATES * 64];

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
	check_board_drivers();
	for (i = 0; i < ndoms; i++) {
		check_name(&doms[i]);
		check_priority(&doms[i]);
		check_template(&doms[i], have_list);
		check_irq_count(&doms[i]);
		check_irqs(&doms[i], board_irqs);
		if (have_list)
			check_takes(&doms[i]);
	}
}
