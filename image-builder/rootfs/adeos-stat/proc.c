// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-stat's readings: DIR/domains (a header line per domain, then a
 * row per IRQ), DIR/version, and each domain's DIR/<domain>/priority and
 * latency files, into a snapshot; -r's reset of the latency files; the
 * rates of received IRQs between two snapshots. Lines that are none of
 * these are skipped.
 */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adeos-stat.h"

const char *proc_dir = DEFAULT_DIR;

static const char *const figure_key[NR_FIGURES] = {
	"hz", "samples", "min_ns", "avg_ns", "max_ns",
};

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die(1, "out of memory");
	return p;
}

/* A device IRQ (a number), a system IRQ (sysN) or a virtual one (virqN). */
static int is_irq_name(const char *s)
{
	unsigned long long n;

	if (!strncmp(s, "sys", 3))
		s += 3;
	else if (!strncmp(s, "virq", 4))
		s += 4;
	return strlen(s) < IRQ_LEN - 4 && parse_u64(s, &n);
}

/* DIR/NAME/FILE, if it fits and NAME can be a directory of DIR. */
static int domain_path(char *buf, size_t len, const char *name,
		       const char *file)
{
	if (strchr(name, '/') || name[0] == '.')
		return 0;
	return (size_t)snprintf(buf, len, "%s/%s/%s", proc_dir, name, file) <
	       len;
}

/* DIR/NAME/FILE, opened for reading; NULL if it cannot be. */
static FILE *open_domain_file(const char *name, const char *file)
{
	char path[PATH_MAX];

	if (!domain_path(path, sizeof(path), name, file))
		return NULL;
	return fopen(path, "r");
}

/* The priority from DIR/<domain>/priority, when the header lacks it. */
static void read_priority(struct domain *d)
{
	FILE *f = open_domain_file(d->name, "priority");
	char buf[64], *tok[2];
	long long v;

	if (!f)
		return;
	if (read_line(f, buf, sizeof(buf)) && split(buf, tok, 2) == 1 &&
	    parse_s64(tok[0], &v)) {
		d->priority = v;
		d->has_priority = 1;
	}
	fclose(f);
}

/* A bucket listed twice counts twice: the percentile adds them up. */
static void add_bucket(struct latency *l, unsigned long long low,
		       unsigned long long count)
{
	if (l->nb == MAX_BUCKETS)
		return;
	if (l->nb == l->cap) {
		l->cap = l->cap ? 2 * l->cap : 64;
		l->b = xrealloc(l->b, l->cap * sizeof(*l->b));
	}
	l->b[l->nb].low = low;
	l->b[l->nb].count = count;
	l->nb++;
}

static void parse_latency_line(struct latency *l, char *line)
{
	unsigned long long a, b;
	char *tok[MAX_TOKENS];
	int n = split(line, tok, MAX_TOKENS), i;
	long long v;

	if (n == 3 && parse_u64(tok[1], &a) && parse_u64(tok[2], &b)) {
		if (!strcmp(tok[0], "hist")) {
			add_bucket(l, a, b);
		} else if (!strcmp(tok[0], "hist_over")) {
			l->has_over = 1;
			l->over_limit = a;
			l->over_count = b;
		}
		return;
	}
	if (n != 2 || !parse_s64(tok[1], &v))
		return;
	for (i = 0; i < NR_FIGURES; i++) {
		if (!strcmp(tok[0], figure_key[i])) {
			l->figure[i] = v;
			l->known[i] = 1;
		}
	}
}

static void read_latency(struct domain *d)
{
	FILE *f = open_domain_file(d->name, "latency");
	struct latency *l = &d->lat;
	char buf[LINE_LEN];

	if (!f)
		return;
	l->present = 1;
	while (read_line(f, buf, sizeof(buf)))
		parse_latency_line(l, buf);
	fclose(f);
}

/* Empty @s for a new reading; the arrays keep their memory. */
static void snapshot_clear(struct snapshot *s)
{
	int i;

	for (i = 0; i < MAX_DOMAINS; i++) {
		struct domain *d = &s->dom[i];
		struct irq_row *rows = d->rows;
		struct bucket *b = d->lat.b;
		int cap = d->cap, bcap = d->lat.cap;
		char *tasks = d->tasks;
		size_t tcap = d->tasks_cap;

		memset(d, 0, sizeof(*d));
		d->rows = rows;
		d->cap = cap;
		d->lat.b = b;
		d->lat.cap = bcap;
		d->tasks = tasks;
		d->tasks_cap = tcap;
	}
	s->ndoms = 0;
	s->seen = 0;
	strcpy(s->version, "?");
}

/* "NAME priority N stage WORD": a new domain; NULL past MAX_DOMAINS. */
static struct domain *parse_domain(struct snapshot *s, char **tok, int n)
{
	struct domain *d;
	long long prio;

	s->seen++;
	if (s->ndoms == MAX_DOMAINS)
		return NULL;
	d = &s->dom[s->ndoms++];
	copy(d->name, sizeof(d->name), tok[0]);
	if (n >= 3 && parse_s64(tok[2], &prio)) {
		d->priority = prio;
		d->has_priority = 1;
	}
	copy(d->stage, sizeof(d->stage),
	     n >= 5 && !strcmp(tok[3], "stage") ? tok[4] : "?");
	return d;
}

/* "IRQ received handled merged passed pending" */
static void parse_row(struct domain *d, char **tok, int n)
{
	unsigned long long v[NR_COUNTS];
	struct irq_row *r;
	int i;

	if (n < 1 + NR_COUNTS || !is_irq_name(tok[0]))
		return;
	for (i = 0; i < NR_COUNTS; i++)
		if (!parse_u64(tok[1 + i], &v[i]))
			return;
	if (d->nrows == MAX_ROWS)
		return;
	if (d->nrows == d->cap) {
		d->cap = d->cap ? 2 * d->cap : 16;
		d->rows = xrealloc(d->rows, d->cap * sizeof(*d->rows));
	}
	r = &d->rows[d->nrows++];
	memset(r, 0, sizeof(*r));
	copy(r->name, sizeof(r->name), tok[0]);
	memcpy(r->count, v, sizeof(v));
}

static void read_version(struct snapshot *s)
{
	char path[PATH_MAX], buf[LINE_LEN], *tok[1];
	FILE *f;

	snprintf(path, sizeof(path), "%s/version", proc_dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (read_line(f, buf, sizeof(buf)) && split(buf, tok, 1) == 1)
		copy(s->version, sizeof(s->version), tok[0]);
	fclose(f);
}

/* DIR/domains into @path, opened; exit 1 if it cannot be. */
static FILE *open_domains(char *path, size_t len)
{
	FILE *f;
	int err;

	snprintf(path, len, "%s/domains", proc_dir);
	f = fopen(path, "r");
	err = errno;
	if (!f)
		die(1, "%s: %s%s", path, strerror(err),
		    err == ENOENT && !strcmp(proc_dir, DEFAULT_DIR) ?
			    " (is the kernel built with the Adeos pipeline?)" :
			    "");
	return f;
}

/* The domains and their IRQ rows, from DIR/domains. */
static void read_domains(struct snapshot *s)
{
	char path[PATH_MAX], buf[LINE_LEN], *tok[MAX_TOKENS];
	FILE *f = open_domains(path, sizeof(path));
	struct domain *d = NULL;
	int n;

	errno = 0;
	while (read_line(f, buf, sizeof(buf))) {
		n = split(buf, tok, MAX_TOKENS);
		/* rows before the first domain, or past the last kept, go */
		if (n >= 2 && !strcmp(tok[1], "priority"))
			d = parse_domain(s, tok, n);
		else if (d && n)
			parse_row(d, tok, n);
	}
	if (ferror(f))
		die(1, "%s: %s", path, errno ? strerror(errno) : "read error");
	fclose(f);
}

/* DIR/<domain>/tasks, whole, if the domain has one (rt-tasks). */
static void read_tasks(struct domain *d)
{
	FILE *f = open_domain_file(d->name, "tasks");
	size_t n;

	if (!f)
		return;
	for (;;) {
		if (d->tasks_len + LINE_LEN + 1 > d->tasks_cap) {
			d->tasks_cap = d->tasks_cap ? 2 * d->tasks_cap : 4096;
			d->tasks = realloc(d->tasks, d->tasks_cap);
			if (!d->tasks)
				die(1, "out of memory");
		}
		n = fread(d->tasks + d->tasks_len, 1, LINE_LEN, f);
		d->tasks_len += n;
		if (n < LINE_LEN)
			break;
	}
	d->tasks[d->tasks_len] = '\0';
	if (ferror(f))
		die(1, "%s/%s/tasks: read error", proc_dir, d->name);
	fclose(f);
}

void snapshot_read(struct snapshot *s)
{
	int i;

	snapshot_clear(s);
	read_domains(s);
	clock_gettime(CLOCK_MONOTONIC, &s->when);
	read_version(s);
	for (i = 0; i < s->ndoms; i++) {
		if (!s->dom[i].has_priority)
			read_priority(&s->dom[i]);
		read_latency(&s->dom[i]);
		read_tasks(&s->dom[i]);
	}
}

/* Write @what to DIR/<domain>/@file, if the domain has one. */
static void reset_file(const char *name, const char *file, const char *what)
{
	char path[PATH_MAX];
	size_t len = strlen(what);
	int fd;

	if (!domain_path(path, sizeof(path), name, file))
		return;
	fd = open(path, O_WRONLY | O_TRUNC);
	if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
		return;
	if (fd < 0)
		die(1, "%s: %s (cannot reset it)", path, strerror(errno));
	if (write(fd, what, len) != (ssize_t)len) {
		int err = errno;

		close(fd);
		die(1, "%s: %s (cannot reset it)", path, strerror(err));
	}
	if (close(fd))
		die(1, "%s: %s (cannot reset it)", path, strerror(errno));
}

/* The latency files, and the task tables' figures (rt-tasks). */
void reset_latency(const struct snapshot *s)
{
	int i;

	for (i = 0; i < s->ndoms; i++) {
		reset_file(s->dom[i].name, "latency", "0\n");
		reset_file(s->dom[i].name, "tasks", "reset\n");
	}
}

/* The rates of received IRQs between two snapshots. */

static const struct domain *find_domain(const struct snapshot *s,
					const char *name)
{
	int i;

	for (i = 0; i < s->ndoms; i++)
		if (!strcmp(s->dom[i].name, name))
			return &s->dom[i];
	return NULL;
}

/*
 * The rows are in IRQ order in both snapshots: look from where the last
 * match was. A row the earlier snapshot lacks had nothing received.
 */
static unsigned long long earlier_received(const struct domain *d,
					   const char *irq, int *hint)
{
	int i, k;

	for (k = 0; d && k < d->nrows; k++) {
		i = (*hint + k) % d->nrows;
		if (!strcmp(d->rows[i].name, irq)) {
			*hint = i + 1;
			return d->rows[i].count[RECEIVED];
		}
	}
	return 0;
}

/* @r's rate since @old, @secs earlier; none if its count went back. */
static void row_rate(struct irq_row *r, const struct domain *old, int *hint,
		     double secs)
{
	unsigned long long was = earlier_received(old, r->name, hint);
	unsigned long long now = r->count[RECEIVED], delta;

	if (now >= was)
		delta = now - was;
	else if (was <= 0xffffffffULL)
		/* the kernel's unsigned long wrapped */
		delta = now + 0x100000000ULL - was;
	else
		return;
	r->rate = delta / secs;
	r->has_rate = 1;
}

void compute_rates(struct snapshot *cur, const struct snapshot *prev)
{
	double secs = (cur->when.tv_sec - prev->when.tv_sec) +
		      (cur->when.tv_nsec - prev->when.tv_nsec) / 1e9;
	const struct domain *old;
	int i, k, hint;

	if (secs <= 0)
		return;
	for (i = 0; i < cur->ndoms; i++) {
		old = find_domain(prev, cur->dom[i].name);
		hint = 0;
		for (k = 0; k < cur->dom[i].nrows; k++)
			row_rate(&cur->dom[i].rows[k], old, &hint, secs);
	}
}
