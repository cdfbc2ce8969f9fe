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
	d->pass_on_fault = is_y(value_of("DOMAIN%d_FAULT_PASS_IRQS", slot));
	read_budget(d);
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

/* The symbol that names what entry @q takes: its NUMBER, or its DEVICE. */
void irq_sym(char *buf, size_t len, const struct domain *d,
	     const struct dirq *q)
{
	snprintf(buf, len, "DOMAIN%d_IRQ%d_%s", d->slot, q->slot,
		 is_pci(q->kind) ? "DEVICE" : "NUMBER");
}

/* What entry @q takes, for a message: "IRQ 4", "GSI 18", ... */
void irq_text(char *buf, size_t len, const struct dirq *q)
{
	switch (q->kind) {
	case IRQ_LEGACY:
		snprintf(buf, len, "IRQ %ld", q->number);
		break;
	case IRQ_GSI:
		snprintf(buf, len, "GSI %ld", q->number);
		break;
	default:
		snprintf(buf, len, "the %s of PCI device %s",
			 q->kind == IRQ_PCI_MSI ? "MSI vector" : "INTx line",
			 q->device);
	}
}

/* Are the first @n characters of @s hex digits? */
static int hex_digits(const char *s, int n)
{
	int i;

	for (i = 0; i < n; i++)
		if (!isxdigit((unsigned char)s[i]))
			return 0;
	return 1;
}

/* "vvvv:dddd": a PCI vendor ID and device ID. */
static int is_pci_ids(const char *s)
{
	return strlen(s) == 9 && hex_digits(s, 4) && s[4] == ':' &&
	       hex_digits(s + 5, 4);
}

/* "bb:ss.f": a bus; a slot, 5 bits (00-1f); a function, 3 bits (0-7). */
static int is_pci_bsf(const char *s)
{
	return strlen(s) == 7 && hex_digits(s, 2) && s[2] == ':' &&
	       (s[3] == '0' || s[3] == '1') && hex_digits(s + 4, 1) &&
	       s[5] == '.' && s[6] >= '0' && s[6] <= '7';
}

/* "[dddd:]bb:ss.f": a PCI address, its PCI domain (segment) optional. */
static int is_pci_address(const char *s)
{
	return is_pci_bsf(s) || (strlen(s) == 12 && hex_digits(s, 4) &&
				 s[4] == ':' && is_pci_bsf(s + 5));
}

/*
 * @dev spelt one way per device, to compare: in lower case, an address
 * with its PCI domain (0000 when left out, as Linux does).
 */
static void device_key(char *buf, size_t len, const char *dev)
{
	size_t i, n = 0;

	if (is_pci_bsf(dev))
		n = snprintf(buf, len, "0000:");
	for (i = 0; dev[i] && n + 1 < len; i++)
		buf[n++] = tolower((unsigned char)dev[i]);
	buf[n] = '\0';
}

/*
 * Do entries @a and @b take one IRQ? A legacy IRQ and a GSI of one
 * number are one (the IO-APIC has the ISA IRQs at their own numbers);
 * a PCI device's INTx line and its MSI vector are two.
 */
static int same_irq(const struct dirq *a, const struct dirq *b)
{
	char ka[32], kb[32];

	if (!is_pci(a->kind) && !is_pci(b->kind))
		return a->number == b->number;
	if (a->kind != b->kind)
		return 0;
	device_key(ka, sizeof(ka), a->device);
	device_key(kb, sizeof(kb), b->device);
	return !strcmp(ka, kb);
}

/*
 * Entry @q of @d takes the IRQ of entry @o of @od, an earlier one: the
 * same domain twice, or an exclusive owner and another taker.
 */
static void report_clash(const struct domain *d, const struct dirq *q,
			 const struct domain *od, const struct dirq *o)
{
	char sym[64], other[64], what[64];

	irq_sym(sym, sizeof(sym), d, q);
	irq_sym(other, sizeof(other), od, o);
	irq_text(what, sizeof(what), q);
	if (od == d)
		error_at(sym, "%s is already taken by this domain (%s%s)", what,
			 prefix, other);
	else if (o->exclusive)
		error_at(
			sym,
			"%s is owned exclusively by domain %d \"%s\" (%s%s, %s), and domain %d \"%s\" takes it too",
			what, od->slot, od->name, prefix, other, where(other),
			d->slot, d->name);
	else if (q->exclusive)
		/* the finding is at @q's line: cite the other taker's */
		error_at(
			sym,
			"%s is owned exclusively by domain %d \"%s\", and domain %d \"%s\" takes it too (%s%s, %s)",
			what, d->slot, d->name, od->slot, od->name, prefix,
			other, where(other));
}

/*
 * Does an earlier IRQ entry (of any domain) clash with @q of @d? Two
 * domains built as modules never run together if one holds an IRQ
 * alone: the second to load fails with EBUSY. A board carries both of
 * the PIT's templates that way (rt-timer and rt-tasks).
 */
static void check_irq_clash(const struct domain *d, const struct dirq *q)
{
	int i, k;

	for (i = 0; i < ndoms; i++) {
		for (k = 0; k < doms[i].nirqs; k++) {
			const struct dirq *o = &doms[i].irqs[k];

			if (o == q)
				return;
			if (&doms[i] != d && doms[i].module && d->module)
				continue;
			if (same_irq(o, q))
				report_clash(d, q, &doms[i], o);
		}
	}
}

/*
 * The interrupt controller chosen (menuconfig's Architecture menu), which
 * sets how many inputs the board has (BOARD_NR_IRQS, a symbol with no
 * prompt: a message names the choice a user can change instead).
 */
static const char *controller(void)
{
	return is_y(value_of("IRQ_8259")) ? "IRQ_8259" : "IRQ_IOAPIC";
}

/*
 * A legacy IRQ is an ISA IRQ, which the board must have too. Kconfig
 * keeps the number to 0-15; a .config written by hand may not.
 */
static int check_legacy(const char *sym, const struct domain *d,
			const struct dirq *q, long board_irqs)
{
	if (q->number < 0 || q->number >= NR_ISA_IRQS) {
		error_at(
			sym,
			"IRQ %ld is not an ISA IRQ (those are 0-%d; an input of the interrupt controller is a GSI: %sDOMAIN%d_IRQ%d_GSI)",
			q->number, NR_ISA_IRQS - 1, prefix, d->slot, q->slot);
		return 0;
	}
	if (q->number >= board_irqs) {
		error_at(sym, "the board has no IRQ %ld (it has 0-%ld: %s%s=y)",
			 q->number, board_irqs - 1, prefix, controller());
		return 0;
	}
	return 1;
}

/* A GSI is an input of the board's controller: 0-23 on one IO-APIC. */
static int check_gsi(const char *sym, const struct dirq *q, long board_irqs)
{
	if (q->number >= 0 && q->number < board_irqs)
		return 1;
	error_at(
		sym,
		"the board has no GSI %ld (its interrupt controller has inputs 0-%ld: %s%s=y)",
		q->number, board_irqs - 1, prefix, controller());
	return 0;
}

/*
 * Which IRQ a PCI device gets is known only once it is enabled; here
 * only the way the device is named can be checked.
 */
static int check_device(const char *sym, const struct dirq *q)
{
	if (is_pci_ids(q->device) || is_pci_address(q->device))
		return 1;
	error_at(
		sym,
		"\"%s\" names no PCI device (write vendor:device as vvvv:dddd, 4 hex digits each, e.g. 1234:11e8; or an address as [dddd:]bb:ss.f, e.g. 00:05.0)",
		q->device);
	return 0;
}

/*
 * The next IRQ:driver pair of BOARD_LINUX_IRQS ("4:ttyS0 9:acpi") at
 * *@list, past which *@list then points. @return 1 for a pair, 0 at the
 * end, -1 for text that is none, *@list left on it.
 */
static int next_driver_pair(const char **list, long *irq, char *name)
{
	int used;

	while (*list && **list == ' ')
		(*list)++;
	if (!*list || !**list)
		return 0;
	if (sscanf(*list, "%ld:%63[^ ]%n", irq, name, &used) != 2 || *irq < 0 ||
	    *irq > 15)
		return -1;
	*list += used;
	return 1;
}

/* The Linux driver that the board says uses legacy IRQ @irq, or 0. */
static int board_driver_of(long irq, char name[64])
{
	const char *list = string_value("BOARD_LINUX_IRQS");
	long n;

	while (next_driver_pair(&list, &n, name) > 0)
		if (n == irq)
			return 1;
	return 0;
}

/* Each pair of BOARD_LINUX_IRQS an ISA IRQ and a driver's name. */
static void check_board_drivers(void)
{
	const char *list = string_value("BOARD_LINUX_IRQS");
	char name[64];
	long n;
	int got;

	while ((got = next_driver_pair(&list, &n, name)) > 0)
		;
	if (got < 0)
		error_at(
			"BOARD_LINUX_IRQS",
			"\"%.*s\" is no IRQ:driver pair of an ISA IRQ (0-15) and a driver's name",
			(int)strcspn(list, " "), list);
}

/*
 * A domain that keeps a line to itself takes it from Linux's driver of
 * it, which would never get its interrupts again.
 */
static void check_driver_line(const char *sym, const struct domain *d,
			      const struct dirq *q)
{
	char driver[64];

	if (q->kind != IRQ_LEGACY || (!q->exclusive && q->pass) ||
	    !board_driver_of(q->number, driver))
		return;
	error_at(
		sym,
		"IRQ %ld is used by Linux's driver %s on this board (%sBOARD_LINUX_IRQS): domain %d \"%s\" cannot have it to itself (%s); let it pass the IRQ on",
		q->number, driver, prefix, d->slot, d->name,
		q->exclusive ? "exclusively" : "terminated there");
}

static void check_irqs(const struct domain *d, long board_irqs)
{
	char sym[64];
	int k, ok;

	for (k = 0; k < d->nirqs; k++) {
		const struct dirq *q = &d->irqs[k];

		irq_sym(sym, sizeof(sym), d, q);
		if (q->kind == IRQ_LEGACY)
			ok = check_legacy(sym, d, q, board_irqs);
		else if (q->kind == IRQ_GSI)
			ok = check_gsi(sym, q, board_irqs);
		else
			ok = check_device(sym, q);
		if (ok) {
			check_irq_clash(d, q);
			check_driver_line(sym, d, q);
		}
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
