// SPDX-License-Identifier: GPL-2.0-only
/*
 * The domains of a configuration, read from the DOMAINn_* symbols of
 * the .config into doms[] (domains.h): the values as they stand; what
 * each must be, and against the others, domains.c and irqs.c check.
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

struct domain doms[ADEOS_MAX_DOMAINS];
int ndoms;

const char *const irq_kind_names[NR_IRQ_KINDS] = {
	[IRQ_LEGACY] = "LEGACY",
	[IRQ_GSI] = "GSI",
	[IRQ_PCI_INTX] = "PCI_INTX",
	[IRQ_PCI_MSI] = "PCI_MSI",
};

/* The kind entry @k chose; none (a .config older than the choice): legacy. */
static enum irq_kind read_kind(int slot, int k)
{
	int i;

	for (i = IRQ_LEGACY + 1; i < NR_IRQ_KINDS; i++)
		if (is_y(value_of("DOMAIN%d_IRQ%d_%s", slot, k,
				  irq_kind_names[i])))
			return i;
	return IRQ_LEGACY;
}

/* An entry names a number (legacy, GSI) or a PCI device, not both. */
static int read_irq_target(struct dirq *q, int slot, int k)
{
	char sym[64];

	q->number = -1;
	q->device = NULL;
	if (is_pci(q->kind)) {
		snprintf(sym, sizeof(sym), "DOMAIN%d_IRQ%d_DEVICE", slot, k);
		q->device = string_value(sym);
		return q->device != NULL;
	}
	snprintf(sym, sizeof(sym), "DOMAIN%d_IRQ%d_NUMBER", slot, k);
	return int_value(sym, &q->number);
}

static void read_irq(struct domain *d, int k)
{
	struct dirq *q = &d->irqs[d->nirqs];

	q->kind = read_kind(d->slot, k);
	if (!read_irq_target(q, d->slot, k))
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
	    !strcmp(rest, "MODULE") || !strncmp(rest, "TEMPLATE", 8) ||
	    !strcmp(rest, "FAULT_DROP_IRQS") ||
	    !strcmp(rest, "FAULT_PASS_IRQS") || !strcmp(rest, "BUDGET_US"))
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

/*
 * DOMAINn_BUDGET_US: microseconds, 0 for no limit. Kconfig keeps it in
 * its range; a .config written by hand may not, and one older than the
 * option has none: Kconfig's default then.
 */
static void read_budget(struct domain *d)
{
	char sym[64];

	snprintf(sym, sizeof(sym), "DOMAIN%d_BUDGET_US", d->slot);
	d->budget_us = DEFAULT_BUDGET_US;
	if (!value_of("%s", sym))
		return;
	if (!int_value(sym, &d->budget_us))
		return;
	if (d->budget_us < 0 || d->budget_us > MAX_BUDGET_US)
		error_at(
			sym,
			"budget %ld is outside 0-%d (microseconds; 0 for no limit)",
			d->budget_us, MAX_BUDGET_US);
}

void read_domain(int slot)
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
	d->pass_on_fault = is_y(value_of("DOMAIN%d_FAULT_PASS_IRQS", slot));
	read_budget(d);
	for (k = 1; k <= ADEOS_CONFIG_IRQS; k++)
		if (is_y(value_of("DOMAIN%d_IRQ%d", slot, k)))
			read_irq(d, k);
	read_options(d);
}
