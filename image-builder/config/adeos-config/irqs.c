// SPDX-License-Identifier: GPL-2.0-only
/*
 * The IRQ entries of the domains, checked against the board (its
 * interrupt controller's inputs, the IRQs its Linux drivers use) and
 * against each other's (two domains that both want one to themselves).
 * Every finding names the symbol and where it was set (error_at).
 */
#include <ctype.h>
#include <stdio.h>
#include <string.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

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
void check_board_drivers(void)
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

void check_irqs(const struct domain *d, long board_irqs)
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

void check_irq_count(const struct domain *d)
{
	char sym[64];

	if (d->nirqs <= ADEOS_DOMAIN_MAX_IRQS)
		return;
	snprintf(sym, sizeof(sym), "DOMAIN%d", d->slot);
	error_at(sym, "domain \"%s\" takes %d IRQs, at most %d", d->name,
		 d->nirqs, ADEOS_DOMAIN_MAX_IRQS);
}
