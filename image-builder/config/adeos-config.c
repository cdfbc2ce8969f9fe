// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-config: the builder's checks of a configuration, and the
 * generator of the domains' registration code.
 *
 *   adeos-config requested [--known FILE] CONFIG FRAGMENT...
 *	Every value a FRAGMENT (a defconfig) asks for must hold in the
 *	final CONFIG: kconfig-conf resets out-of-range values and drops
 *	unknown symbols without failing, so this is where they fail.
 *
 *   adeos-config domains [--origin FILE] [--templates "DIR..."] CONFIG OUT
 *	Validate the domains of CONFIG, then write the registration code
 *	of the built-in domains to OUT, and for each domain built as a
 *	module (DOMAINn_MODULE) the module's sources into OUT's folder,
 *	modules/, with the Kbuild lines that build them
 *	(modules/modules.kbuild). Every file goes through a temporary
 *	one; nothing is written on error. --templates lists the template
 *	folders (or just their names, for validation only).
 *
 * Every finding is printed as FILE:LINE: error: SYMBOL: what is wrong,
 * where FILE is the defconfig that set the symbol (--origin), or CONFIG.
 * Exit status: 0 fine, 1 findings, 2 usage or I/O trouble.
 */
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#define PREFIX_DEFAULT "AD_"
#define MAX_SLOTS 99
#define NAME_MAX_LEN 31
#define ROOT_NAME "Linux"
#define PRIO_MIN 101
#define PRIO_MAX 999
#define DOMAIN_MAX_IRQS 8 /* ADEOS_DOMAIN_MAX_IRQS */

struct entry {
	char *sym; /* without the prefix */
	char *value; /* as written after '='; NULL for "is not set" */
	int line;
};

struct config {
	const char *file;
	struct entry *v;
	int n, cap;
};

static const char *prefix = PREFIX_DEFAULT;
static const char *prog = "adeos-config";
static int nerrors;

static void __attribute__((noreturn, format(printf, 1, 2)))
die(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(2);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die("out of memory");
	return p;
}

static char *xstrdup(const char *s)
{
	return strcpy(xrealloc(NULL, strlen(s) + 1), s);
}

/* ---- reading .config and defconfig files ---- */

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

static void strip_newline(char *s)
{
	size_t n = strlen(s);

	while (n && (s[n - 1] == '\n' || s[n - 1] == '\r'))
		s[--n] = '\0';
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

static void config_load(struct config *c, const char *file)
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

/* The last assignment wins, as in Kconfig. */
static struct entry *config_find(const struct config *c, const char *sym)
{
	int i;

	for (i = c->n - 1; i >= 0; i--)
		if (!strcmp(c->v[i].sym, sym))
			return &c->v[i];
	return NULL;
}

/* ---- where a symbol comes from, for messages ---- */

static struct config origin;
static struct config config;

/*
 * The defconfig line that set @sym, if it still holds; else its line in
 * the .config. Two buffers, so that one message can name two places.
 */
static const char *where(const char *sym)
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

static void __attribute__((format(printf, 2, 3)))
error_at(const char *sym, const char *fmt, ...)
{
	va_list ap;

	printf("%s: error: %s%s: ", where(sym), prefix, sym);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	putchar('\n');
	nerrors++;
}

/* ---- requested: a fragment's values must hold in the final .config ---- */

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
	} else if (strcmp(got->value, want->value)) {
		request_error(
			"requested %s, but the final .config has %s (out of range, or not a valid value)",
			want->value, got->value);
	}
}

static int cmd_requested(int argc, char **argv)
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

/* ---- domains: validate ---- */

struct dirq {
	int slot;
	long number;
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
	struct dirq irqs[MAX_SLOTS];
	int nirqs;
	struct dopt opts[MAX_SLOTS];
	int nopts;
};

static struct domain doms[MAX_SLOTS];
static int ndoms;

static const char *value_of(const char *fmt, ...)
	__attribute__((format(printf, 1, 2)));

/* The value of a symbol named by @fmt, or NULL if .config lacks it. */
static const char *value_of(const char *fmt, ...)
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

static int is_y(const char *v)
{
	return v && !strcmp(v, "y");
}

static int is_n(const char *v)
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

/* An integer value; 0 and an error if it is not one. */
static int int_value(const char *sym, long *out)
{
	const char *v = config_find(&config, sym) ?
				config_find(&config, sym)->value :
				NULL;
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

static const char *string_value(const char *sym)
{
	const struct entry *e = config_find(&config, sym);
	char *s = e ? unquote(e->value) : NULL;

	if (!e)
		error_at(sym, "missing from the .config");
	else if (!s)
		error_at(sym, "%s is not a string", e->value);
	return s;
}

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
	for (e = 0; e < config.n && d->nopts < MAX_SLOTS; e++) {
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
	for (k = 1; k < MAX_SLOTS; k++)
		if (is_y(value_of("DOMAIN%d_IRQ%d", slot, k)))
			read_irq(d, k);
	read_options(d);
}

static void check_name(const struct domain *d)
{
	char sym[64], other[64];
	const char *p;
	int i;

	snprintf(sym, sizeof(sym), "DOMAIN%d_NAME", d->slot);
	if (!d->name)
		return;
	if (!*d->name) {
		error_at(sym, "empty domain name");
		return;
	}
	for (p = d->name; *p; p++) {
		if (!isalnum((unsigned char)*p) && *p != '-' && *p != '_') {
			error_at(
				sym,
				"'%c' in domain name \"%s\" (use letters, digits, '-' and '_')",
				*p, d->name);
			return;
		}
	}
	if (strlen(d->name) > NAME_MAX_LEN)
		error_at(sym, "domain name \"%s\" is longer than %d characters",
			 d->name, NAME_MAX_LEN);
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
	if (d->priority < PRIO_MIN || d->priority > PRIO_MAX) {
		error_at(sym, "priority %ld is outside %d-%d", d->priority,
			 PRIO_MIN, PRIO_MAX);
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

/* The templates known: their names, and their folders when given. */
struct tmpl {
	char *name;
	const char *dir; /* NULL when only the name was given */
};

static struct tmpl tmpls[MAX_SLOTS];
static int ntmpls;
static char known_list[MAX_SLOTS * 64];

static void load_templates(const char *list)
{
	char *copy = xstrdup(list), *item, *save = NULL;

	for (item = strtok_r(copy, " ", &save); item && ntmpls < MAX_SLOTS;
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

static const struct tmpl *find_template(const char *name)
{
	int i;

	for (i = 0; name && i < ntmpls; i++)
		if (!strcmp(tmpls[i].name, name))
			return &tmpls[i];
	return NULL;
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

static void irq_sym(char *buf, size_t len, const struct domain *d,
		    const struct dirq *q)
{
	snprintf(buf, len, "DOMAIN%d_IRQ%d_NUMBER", d->slot, q->slot);
}

/* Does an earlier IRQ entry (of any domain) clash with @q of @d? */
static void check_irq_clash(const struct domain *d, const struct dirq *q)
{
	char sym[64], other[64];
	int i, k;

	irq_sym(sym, sizeof(sym), d, q);
	for (i = 0; i < ndoms; i++) {
		for (k = 0; k < doms[i].nirqs; k++) {
			const struct dirq *o = &doms[i].irqs[k];

			if (o == q)
				return;
			if (o->number != q->number)
				continue;
			irq_sym(other, sizeof(other), &doms[i], o);
			if (&doms[i] == d)
				error_at(
					sym,
					"IRQ %ld is already taken by this domain (%s%s)",
					q->number, prefix, other);
			else if (o->exclusive || q->exclusive)
				error_at(
					sym,
					"IRQ %ld is owned exclusively by domain %d \"%s\" (%s%s, %s), and domain %d \"%s\" takes it too",
					q->number,
					o->exclusive ? doms[i].slot : d->slot,
					o->exclusive ? doms[i].name : d->name,
					prefix, o->exclusive ? other : sym,
					where(o->exclusive ? other : sym),
					o->exclusive ? d->slot : doms[i].slot,
					o->exclusive ? d->name : doms[i].name);
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

static void check_count(long max)
{
	char list[MAX_SLOTS * 16] = "";
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

static void check_irq_count(const struct domain *d)
{
	char sym[64];

	if (d->nirqs <= DOMAIN_MAX_IRQS)
		return;
	snprintf(sym, sizeof(sym), "DOMAIN%d", d->slot);
	error_at(sym, "domain \"%s\" takes %d IRQs, at most %d", d->name,
		 d->nirqs, DOMAIN_MAX_IRQS);
}

static void validate(int have_list)
{
	long board_irqs = 0, max = 0;
	int slot, i;

	int_value("BOARD_NR_IRQS", &board_irqs);
	int_value("PIPELINE_MAX_DOMAINS", &max);
	for (slot = 1; slot <= MAX_SLOTS; slot++)
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

/* ---- domains: generate ---- */

static void c_ident(char *buf, size_t len, const char *tmpl)
{
	size_t i;

	for (i = 0; tmpl[i] && i + 1 < len; i++)
		buf[i] = tmpl[i] == '-' ? '_' : tmpl[i];
	buf[i] = '\0';
}

/* The mode of one IRQ entry, one ADEOS_*_MASK per clause. */
static void emit_mode(FILE *f, const struct dirq *q)
{
	fprintf(f, "\t\t.mode = ADEOS_HANDLE_MASK | ADEOS_ENABLE_MASK");
	if (q->exclusive)
		fprintf(f, " |\n\t\t\tADEOS_EXCLUSIVE_MASK");
	if (q->pass)
		fprintf(f, " |\n\t\t\tADEOS_PASS_MASK");
	if (q->each)
		fprintf(f, " |\n\t\t\tADEOS_EACH_MASK");
	fprintf(f, ",\n");
}

static void emit_domain_data(FILE *f, const struct domain *d)
{
	char id[64];
	int k;

	c_ident(id, sizeof(id), d->tmpl);
	fprintf(f, "/* Domain %d (%sDOMAIN%d_*): \"%s\", template %s. */\n",
		d->slot, prefix, d->slot, d->name, d->tmpl);
	fprintf(f, "static struct %s_state domain%d_state", id, d->slot);
	if (d->nopts) {
		fprintf(f, " = {\n");
		for (k = 0; k < d->nopts; k++) {
			const char *v = d->opts[k].value;

			fprintf(f, "\t.%s = %s,\n", d->opts[k].field,
				!v || is_n(v) ? "0" :
				is_y(v)	      ? "1" :
						v);
		}
		fprintf(f, "}");
	}
	fprintf(f, ";\n");
	if (!d->nirqs)
		return (void)fputc('\n', f);
	fprintf(f, "static const struct adeos_domain_irq domain%d_irqs[] = {\n",
		d->slot);
	for (k = 0; k < d->nirqs; k++) {
		const struct dirq *q = &d->irqs[k];

		fprintf(f, "\t/* IRQ %ld: %s, %s, replay %s */\n", q->number,
			q->exclusive ? "exclusive" : "shared",
			q->pass ? "passed on" : "terminated here",
			q->each ? "each arrival" : "merged");
		fprintf(f, "\t{\n\t\t.irq = %ld,\n", q->number);
		emit_mode(f, q);
		fprintf(f, "\t},\n");
	}
	fprintf(f, "};\n\n");
}

static void emit_desc_fields(FILE *f, const struct domain *d,
			     const char *indent)
{
	char id[64];

	c_ident(id, sizeof(id), d->tmpl);
	fprintf(f, "%s.name = \"%s\",\n%s.priority = %ld,\n", indent, d->name,
		indent, d->priority);
	fprintf(f, "%s.tmpl = &adeos_template_%s,\n", indent, id);
	fprintf(f, "%s.state = &domain%d_state,\n", indent, d->slot);
	if (d->nirqs)
		fprintf(f, "%s.irqs = domain%d_irqs,\n", indent, d->slot);
	fprintf(f, "%s.nr_irqs = %d,\n", indent, d->nirqs);
}

static void emit_table_entry(FILE *f, const struct domain *d)
{
	fprintf(f, "\t{\n");
	emit_desc_fields(f, d, "\t\t");
	fprintf(f, "\t},\n");
}

static void emit_include_of(FILE *f, const struct domain *d)
{
	fprintf(f, "#include \"%s.h\"\n", d->tmpl);
}

/* The built-in domains' templates, each once. */
static void emit_includes(FILE *f)
{
	int i, j;

	fprintf(f, "#include <adeos/template.h>\n");
	for (i = 0; i < ndoms; i++) {
		if (doms[i].module)
			continue;
		for (j = 0; j < i; j++)
			if (!doms[j].module &&
			    !strcmp(doms[j].tmpl, doms[i].tmpl))
				break;
		if (j == i)
			emit_include_of(f, &doms[i]);
	}
	fputc('\n', f);
}

static const char register_fn[] =
	"/* Register every domain and take its IRQs: all of them, or none. */\n"
	"int adeos_register_domains(void)\n"
	"{\n"
	"\tunsigned int i;\n"
	"\tint err;\n"
	"\n"
	"\tfor (i = 0; i < adeos_nr_domains; i++) {\n"
	"\t\terr = adeos_domain_start(&adeos_domains[i]);\n"
	"\t\tif (err)\n"
	"\t\t\tgoto err_stop;\n"
	"\t}\n"
	"\treturn 0;\n"
	"\n"
	"err_stop:\n"
	"\twhile (i--)\n"
	"\t\tadeos_domain_stop(&adeos_domains[i]);\n"
	"\treturn err;\n"
	"}\n";

static void emit_header(FILE *f, const char *what)
{
	/* split so that checkpatch does not take it for this file's tag */
	fprintf(f, "// %s-License-Identifier: GPL-2.0-only\n/*\n", "SPDX");
	fprintf(f, " * %s\n *\n", what);
	fprintf(f, " * Generated by %s from %s", prog, config.file);
	if (origin.file)
		fprintf(f, "\n * (made from %s)", origin.file);
	fprintf(f,
		". Do not edit: change the\n * configuration (make menuconfig) and run make domains.\n */\n");
}

static int nbuiltin(void)
{
	int i, n = 0;

	for (i = 0; i < ndoms; i++)
		n += !doms[i].module;
	return n;
}

static void emit(FILE *f, const void *unused)
{
	char what[128];
	int i, n = nbuiltin();

	(void)unused;
	snprintf(what, sizeof(what),
		 "The domains registered ahead of Linux at boot: %d.", n);
	emit_header(f, what);
	emit_includes(f);
	for (i = 0; i < ndoms; i++)
		if (!doms[i].module)
			emit_domain_data(f, &doms[i]);
	/* an empty array is not C: keep one unused entry then */
	fprintf(f, "struct adeos_domain_desc adeos_domains[%s] = {\n",
		n ? "" : "1");
	for (i = 0; i < ndoms; i++)
		if (!doms[i].module)
			emit_table_entry(f, &doms[i]);
	fprintf(f, "};\n\nconst unsigned int adeos_nr_domains = %d;\n\n", n);
	fputs(register_fn, f);
}

/* ---- domains built as modules ---- */

/* The module's file name stem: adeos-<domain name>. */
static void module_stem(char *buf, size_t len, const struct domain *d)
{
	snprintf(buf, len, "adeos-%s", d->name);
}

static void emit_module(FILE *f, const void *arg)
{
	const struct domain *d = arg;
	char what[256];

	snprintf(what, sizeof(what),
		 "Domain %d, \"%s\", as a loadable module: adeos-%s.ko.",
		 d->slot, d->name, d->name);
	emit_header(f, what);
	fprintf(f, "#include <linux/module.h>\n#include <adeos/loadable.h>\n");
	emit_include_of(f, d);
	fputc('\n', f);
	emit_domain_data(f, d);
	fprintf(f, "static struct adeos_domain_desc domain%d = {\n", d->slot);
	emit_desc_fields(f, d, "\t");
	fprintf(f, "};\n\n");
	fprintf(f,
		"static int __init domain%d_load(void)\n{\n\treturn adeos_load_domain(&domain%d);\n}\n\n",
		d->slot, d->slot);
	fprintf(f,
		"static void __exit domain%d_unload(void)\n{\n\tadeos_unload_domain(&domain%d);\n}\n\n",
		d->slot, d->slot);
	fprintf(f,
		"module_init(domain%d_load);\nmodule_exit(domain%d_unload);\n",
		d->slot, d->slot);
	fprintf(f, "MODULE_LICENSE(\"GPL\");\n");
	fprintf(f,
		"MODULE_DESCRIPTION(\"Adeos domain %s: template %s, priority %ld\");\n",
		d->name, d->tmpl, d->priority);
}

/* One source of the template, compiled again into the module. */
static void emit_wrapper(FILE *f, const void *arg)
{
	const char *file = arg;

	emit_header(f, "A template source, compiled into a domain's module.");
	fprintf(f, "#include \"%s\"\n", file);
}

/* ---- writing files ---- */

/* Write @out through a temporary file: all of it, or nothing. */
static void write_file(const char *out, void (*fn)(FILE *f, const void *arg),
		       const void *arg)
{
	char tmp[PATH_MAX];
	FILE *f;

	snprintf(tmp, sizeof(tmp), "%s.tmp", out);
	f = fopen(tmp, "w");
	if (!f)
		die("%s: %s", tmp, strerror(errno));
	fn(f, arg);
	if (ferror(f) | fclose(f)) {
		remove(tmp);
		die("%s: write error", tmp);
	}
	if (rename(tmp, out)) {
		remove(tmp);
		die("%s: %s", out, strerror(errno));
	}
}

/* The .c files of a template's folder, sorted. @return how many. */
static int template_sources(const char *dir, char ***out)
{
	struct dirent *e;
	char **v = NULL;
	DIR *dp = opendir(dir);
	int n = 0, i, j;

	if (!dp)
		die("%s: %s", dir, strerror(errno));
	while ((e = readdir(dp))) {
		size_t len = strlen(e->d_name);

		if (len > 2 && !strcmp(e->d_name + len - 2, ".c")) {
			v = xrealloc(v, (n + 1) * sizeof(*v));
			v[n++] = xstrdup(e->d_name);
		}
	}
	closedir(dp);
	for (i = 1; i < n; i++)
		for (j = i; j > 0 && strcmp(v[j - 1], v[j]) > 0; j--) {
			char *t = v[j];

			v[j] = v[j - 1];
			v[j - 1] = t;
		}
	*out = v;
	return n;
}

struct kbuild_text {
	char *text;
};

static void emit_text(FILE *f, const void *arg)
{
	fputs(((const struct kbuild_text *)arg)->text, f);
}

static void append(struct kbuild_text *k, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void append(struct kbuild_text *k, const char *fmt, ...)
{
	size_t have = k->text ? strlen(k->text) : 0;
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(NULL, 0, fmt, ap);
	va_end(ap);
	k->text = xrealloc(k->text, have + n + 1);
	va_start(ap, fmt);
	vsnprintf(k->text + have, n + 1, fmt, ap);
	va_end(ap);
}

/* Has this run written @name into the modules folder? */
static char **written;
static int nwritten;

static void note_written(const char *name)
{
	written = xrealloc(written, (nwritten + 1) * sizeof(*written));
	written[nwritten++] = xstrdup(name);
}

/* Remove what an earlier configuration left in the modules folder. */
static void remove_stale(const char *dir)
{
	char path[PATH_MAX + 256];
	struct dirent *e;
	DIR *dp = opendir(dir);
	int i;

	if (!dp)
		return;
	while ((e = readdir(dp))) {
		if (e->d_name[0] == '.')
			continue;
		for (i = 0; i < nwritten && strcmp(written[i], e->d_name); i++)
			;
		if (i == nwritten) {
			snprintf(path, sizeof(path), "%s/%s", dir, e->d_name);
			remove(path);
		}
	}
	closedir(dp);
}

static void write_module(const char *dir, const struct domain *d,
			 struct kbuild_text *kb)
{
	const struct tmpl *t = find_template(d->tmpl);
	char stem[64], path[PATH_MAX + 256], name[256];
	char **srcs;
	int n, i;

	if (!t || !t->dir)
		die("domain %s is built as a module, but the folder of template %s is unknown (give --templates folders)",
		    d->name, d->tmpl);
	module_stem(stem, sizeof(stem), d);
	snprintf(name, sizeof(name), "%s-domain.c", stem);
	snprintf(path, sizeof(path), "%s/%s", dir, name);
	write_file(path, emit_module, d);
	note_written(name);
	append(kb, "obj-m += %s.o\n%s-y := %s-domain.o", stem, stem, stem);
	n = template_sources(t->dir, &srcs);
	for (i = 0; i < n; i++) {
		snprintf(name, sizeof(name), "%s-%s", stem, srcs[i]);
		snprintf(path, sizeof(path), "%s/%s", dir, name);
		write_file(path, emit_wrapper, srcs[i]);
		note_written(name);
		name[strlen(name) - 2] = '\0';
		append(kb, " %s.o", name);
	}
	append(kb, "\n");
}

/* OUT's folder, modules/: the modules' sources and their Kbuild lines. */
static void write_modules(const char *out)
{
	struct kbuild_text kb = { NULL };
	char dir[PATH_MAX], path[PATH_MAX + 32];
	char *slash;
	int i;

	snprintf(dir, sizeof(dir), "%s", out);
	slash = strrchr(dir, '/');
	snprintf(slash ? slash + 1 : dir,
		 sizeof(dir) - (slash ? slash + 1 - dir : 0), "modules");
	if (mkdir(dir, 0777) && errno != EEXIST)
		die("%s: %s", dir, strerror(errno));
	append(&kb,
	       "# Generated by %s: the domains built as modules. Do not edit.\n",
	       prog);
	for (i = 0; i < ndoms; i++)
		if (doms[i].module)
			write_module(dir, &doms[i], &kb);
	snprintf(path, sizeof(path), "%s/modules.kbuild", dir);
	write_file(path, emit_text, &kb);
	note_written("modules.kbuild");
	remove_stale(dir);
	free(kb.text);
}

static int cmd_domains(int argc, char **argv)
{
	int have_list = 0;

	while (argc >= 2 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "--origin")) {
			config_load(&origin, argv[1]);
		} else if (!strcmp(argv[0], "--templates")) {
			load_templates(argv[1]);
			have_list = 1;
		} else {
			die("unknown option %s", argv[0]);
		}
		argc -= 2;
		argv += 2;
	}
	if (argc != 2)
		die("usage: domains [--origin FILE] [--templates LIST] CONFIG OUT");
	config_load(&config, argv[0]);
	validate(have_list);
	if (nerrors) {
		printf("%s: %d error%s: %s not written\n", config.file, nerrors,
		       nerrors == 1 ? "" : "s", argv[1]);
		return 1;
	}
	write_modules(argv[1]);
	write_file(argv[1], emit, NULL);
	return 0;
}

int main(int argc, char **argv)
{
	if (getenv("CONFIG_"))
		prefix = getenv("CONFIG_");
	if (argc >= 2 && !strcmp(argv[1], "requested"))
		return cmd_requested(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "domains"))
		return cmd_domains(argc - 2, argv + 2);
	fprintf(stderr,
		"usage: %s requested [--known FILE] CONFIG FRAGMENT...\n       %s domains [--origin FILE] [--templates LIST] CONFIG OUT\n",
		prog, prog);
	return 2;
}
