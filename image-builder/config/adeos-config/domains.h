/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The domains of a configuration, as read from its DOMAINn_* symbols
 * (read.c) and validated (domains.c, irqs.c), then written as code
 * (generate.c).
 */
#ifndef ADEOS_CONFIG_DOMAINS_H
#define ADEOS_CONFIG_DOMAINS_H

#include <stddef.h>
#include <adeos/limits.h>

/* Room for a template's options, and for the template folders. */
#define MAX_OPTIONS 64
#define MAX_TEMPLATES 64

/*
 * A domain's time budget, DOMAINn_BUDGET_US, as Kconfig.slot.in has it:
 * its default, which a .config older than the option gets (its IRQs
 * dropped on a fault, as well), and its range's top.
 */
#define DEFAULT_BUDGET_US 10000
#define MAX_BUDGET_US 1000000

/* A PC's legacy IRQs, 0-15: the ISA IRQs, the inputs of the 8259 pair. */
#define NR_ISA_IRQS 16

/*
 * What an IRQ entry names, as adeos/template.h's enum adeos_irq_kind
 * (the tool does not include that header: it pulls in the arch's).
 */
enum irq_kind { IRQ_LEGACY, IRQ_GSI, IRQ_PCI_INTX, IRQ_PCI_MSI, NR_IRQ_KINDS };

/*
 * Each kind's choice symbol, DOMAINn_IRQk_<name>, and the tail of its
 * ADEOS_IRQ_<name> in the generated code.
 */
extern const char *const irq_kind_names[NR_IRQ_KINDS];

static inline int is_pci(enum irq_kind kind)
{
	return kind == IRQ_PCI_INTX || kind == IRQ_PCI_MSI;
}

/* One IRQ entry, DOMAINn_IRQk_*. */
struct dirq {
	int slot;
	enum irq_kind kind;
	long number; /* legacy and GSI; -1 for the PCI kinds */
	const char *device; /* PCI kinds: as in .config, unquoted */
	int exclusive, pass, each;
};

/* A template option, DOMAINn_FOO: the field foo of the template's state. */
struct dopt {
	char field[64];
	const char *value; /* as in .config; NULL for "is not set" */
};

struct domain {
	int slot;
	const char *name;
	long priority;
	const char *tmpl;
	int module; /* DOMAINn_MODULE: built as adeos-<name>.ko */
	int pass_on_fault; /* DOMAINn_FAULT_PASS_IRQS: its IRQs go on down */
	long budget_us; /* DOMAINn_BUDGET_US: of one handler call; 0 none */
	struct dirq irqs[ADEOS_CONFIG_IRQS];
	int nirqs;
	struct dopt opts[MAX_OPTIONS];
	int nopts;
};

/* The enabled domains, in slot order. */
extern struct domain doms[ADEOS_MAX_DOMAINS];
extern int ndoms;

/* The templates known: their names, and their folders when given. */
struct tmpl {
	char *name;
	const char *dir; /* NULL when only the name was given */
};

/* Take the templates from @list: folders, or names, space-separated. */
void load_templates(const char *list);
/* @return the template named @name, or NULL. */
const struct tmpl *find_template(const char *name);

/* Read the domain of slot @slot into doms[] (read.c). */
void read_domain(int slot);

/*
 * Read the domains of config and print a finding for everything wrong
 * with them. @have_list: check the templates against load_templates(),
 * and each domain against its template's rule (check_takes()).
 */
void validate(int have_list);

/* The symbol of entry @q of @d that names its IRQ (NUMBER or DEVICE). */
void irq_sym(char *buf, size_t len, const struct domain *d,
	     const struct dirq *q);
/* What entry @q takes, for a message: "IRQ 4", "GSI 18", ... */
void irq_text(char *buf, size_t len, const struct dirq *q);

/* Findings for @d's IRQ entries, against the board and the others (irqs.c). */
void check_irqs(const struct domain *d, long board_irqs);
/* A finding if @d takes more IRQs than a domain may. */
void check_irq_count(const struct domain *d);
/* Findings for BOARD_LINUX_IRQS, the IRQs the board's Linux drivers use. */
void check_board_drivers(void);

/*
 * Hold domain @d to what its template's folder says a domain of it may
 * take (its file "takes", takes.c); a finding for each breach.
 */
void check_takes(const struct domain *d);

/*
 * Write the table of the built-in domains to @out, and the modules of
 * the others into modules/ beside it (generate.c). Every file goes
 * through a temporary one; I/O trouble ends the program.
 */
void generate(const char *out);

#endif /* ADEOS_CONFIG_DOMAINS_H */
