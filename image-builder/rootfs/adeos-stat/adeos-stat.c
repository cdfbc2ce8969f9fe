// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-stat: the pipeline's domains, the counts of their IRQs and the
 * latency figures of the domains that measure it, from /proc/adeos,
 * refreshed like top (or printed once with -1).
 *
 * It runs inside the image: a static i386 program, no curses, only
 * the ANSI "home" and "clear" escapes between frames. Lines of the
 * proc files it does not understand are skipped.
 *
 * Exit status: 0 fine (Ctrl-C included), 1 unreadable input or a
 * failed reset, 2 usage errors.
 */
#include <ctype.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#define DEFAULT_DIR "/proc/adeos"
#define MAX_DOMAINS 32
#define MAX_ROWS 1024 /* per domain; the pipeline has fewer IRQs */
#define MAX_BUCKETS 100000
#define NAME_LEN 64
#define IRQ_LEN 16
#define LINE_LEN 512
#define CELL_LEN 80
#define MAX_TOKENS 8
#define CLEAR_SCREEN "\033[H\033[2J"
#define P99_NOTE "P99: upper bound of its 1 us histogram bucket"
#define OVER_NOTE ">=N: at or over the histogram's limit of N us"

enum count { RECEIVED, HANDLED, MERGED, PASSED, PENDING, NR_COUNTS };

struct irq_row {
	char name[IRQ_LEN]; /* "4", "sys0", "virq1" */
	unsigned long long count[NR_COUNTS];
	int has_rate;
	double rate; /* of received, per second */
};

struct bucket {
	unsigned long long low, count;
};

/* DIR/<domain>/latency; a figure absent from the file stays unknown. */
enum figure { HZ, SAMPLES, MIN_NS, AVG_NS, MAX_NS, NR_FIGURES };

static const char *const figure_key[NR_FIGURES] = {
	"hz", "samples", "min_ns", "avg_ns", "max_ns",
};

struct latency {
	int present;
	int known[NR_FIGURES];
	long long figure[NR_FIGURES];
	struct bucket *b;
	int nb, cap;
	int has_over;
	unsigned long long over_limit, over_count;
};

struct domain {
	char name[NAME_LEN];
	int has_priority;
	long priority;
	char stage[16];
	struct irq_row *rows;
	int nrows, cap;
	struct latency lat;
};

struct snapshot {
	char version[32];
	struct domain dom[MAX_DOMAINS];
	int ndoms; /* kept */
	int seen; /* in the file */
	struct timespec when;
};

static const char *prog = "adeos-stat";
static const char *dir = DEFAULT_DIR;

static void __attribute__((noreturn, format(printf, 2, 3)))
die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

static void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n);
	if (!p)
		die(1, "out of memory");
	return p;
}

/* @src into @dst of @len bytes, cut short if need be. */
static void copy(char *dst, size_t len, const char *src)
{
	size_t n = strlen(src);

	if (n >= len)
		n = len - 1;
	memcpy(dst, src, n);
	dst[n] = '\0';
}

/* ---- reading ---- */

/*
 * One line into @buf, without its newline. @return 1 for a line, 0 at
 * the end of the file; a line too long for @buf is read to its end and
 * given back empty, to be skipped.
 */
static int read_line(FILE *f, char *buf, size_t len)
{
	size_t n;
	int c;

	if (!fgets(buf, len, f))
		return 0;
	n = strlen(buf);
	if (n && buf[n - 1] == '\n') {
		buf[--n] = '\0';
	} else if (n + 1 == len) {
		while ((c = getc(f)) != EOF && c != '\n')
			;
		buf[0] = '\0';
	}
	return 1;
}

static int split(char *s, char **tok, int max)
{
	int n = 0;

	while (n < max) {
		while (isspace((unsigned char)*s))
			s++;
		if (!*s)
			break;
		tok[n++] = s;
		while (*s && !isspace((unsigned char)*s))
			s++;
		if (*s)
			*s++ = '\0';
	}
	return n;
}

static int parse_u64(const char *s, unsigned long long *v)
{
	char *end;

	if (!isdigit((unsigned char)*s))
		return 0;
	errno = 0;
	*v = strtoull(s, &end, 10);
	return !errno && !*end;
}

static int parse_s64(const char *s, long long *v)
{
	char *end;

	if (!isdigit((unsigned char)(*s == '-' ? s[1] : *s)))
		return 0;
	errno = 0;
	*v = strtoll(s, &end, 10);
	return !errno && !*end;
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
	return (size_t)snprintf(buf, len, "%s/%s/%s", dir, name, file) < len;
}

/* The priority from DIR/<domain>/priority, when the header lacks it. */
static void read_priority(struct domain *d)
{
	char path[PATH_MAX], buf[64], *tok[2];
	long long v;
	FILE *f;

	if (!domain_path(path, sizeof(path), d->name, "priority"))
		return;
	f = fopen(path, "r");
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
	struct latency *l = &d->lat;
	char path[PATH_MAX], buf[LINE_LEN];
	FILE *f;

	if (!domain_path(path, sizeof(path), d->name, "latency"))
		return;
	f = fopen(path, "r");
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

		memset(d, 0, sizeof(*d));
		d->rows = rows;
		d->cap = cap;
		d->lat.b = b;
		d->lat.cap = bcap;
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

	snprintf(path, sizeof(path), "%s/version", dir);
	f = fopen(path, "r");
	if (!f)
		return;
	if (read_line(f, buf, sizeof(buf)) && split(buf, tok, 1) == 1)
		copy(s->version, sizeof(s->version), tok[0]);
	fclose(f);
}

/* Read DIR/domains and what goes with it into @s; exit 1 if unreadable. */
static void snapshot_read(struct snapshot *s)
{
	char path[PATH_MAX], buf[LINE_LEN], *tok[MAX_TOKENS];
	struct domain *d = NULL;
	int n, i, err;
	FILE *f;

	snapshot_clear(s);
	snprintf(path, sizeof(path), "%s/domains", dir);
	f = fopen(path, "r");
	err = errno;
	if (!f)
		die(1, "%s: %s%s", path, strerror(err),
		    err == ENOENT && !strcmp(dir, DEFAULT_DIR) ?
			    " (is the kernel built with the Adeos pipeline?)" :
			    "");
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
	clock_gettime(CLOCK_MONOTONIC, &s->when);
	read_version(s);
	for (i = 0; i < s->ndoms; i++) {
		if (!s->dom[i].has_priority)
			read_priority(&s->dom[i]);
		read_latency(&s->dom[i]);
	}
}

/* -r: write to every domain's latency file; those without one are left. */
static void reset_latency(const struct snapshot *s)
{
	char path[PATH_MAX];
	int i, fd;

	for (i = 0; i < s->ndoms; i++) {
		if (!domain_path(path, sizeof(path), s->dom[i].name, "latency"))
			continue;
		fd = open(path, O_WRONLY | O_TRUNC);
		if (fd < 0 && (errno == ENOENT || errno == ENOTDIR))
			continue;
		if (fd < 0)
			die(1, "%s: %s (cannot reset it)", path,
			    strerror(errno));
		if (write(fd, "0\n", 2) != 2) {
			int err = errno;

			close(fd);
			die(1, "%s: %s (cannot reset it)", path, strerror(err));
		}
		if (close(fd))
			die(1, "%s: %s (cannot reset it)", path,
			    strerror(errno));
	}
}

/* ---- rates of received IRQs between two snapshots ---- */

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

static void compute_rates(struct snapshot *cur, const struct snapshot *prev)
{
	double secs = (cur->when.tv_sec - prev->when.tv_sec) +
		      (cur->when.tv_nsec - prev->when.tv_nsec) / 1e9;
	unsigned long long was, now, delta;
	const struct domain *old;
	int i, k, hint;

	if (secs <= 0)
		return;
	for (i = 0; i < cur->ndoms; i++) {
		old = find_domain(prev, cur->dom[i].name);
		hint = 0;
		for (k = 0; k < cur->dom[i].nrows; k++) {
			struct irq_row *r = &cur->dom[i].rows[k];

			was = earlier_received(old, r->name, &hint);
			now = r->count[RECEIVED];
			if (now >= was)
				delta = now - was;
			else if (was <= 0xffffffffULL)
				/* the kernel's unsigned long wrapped */
				delta = now + 0x100000000ULL - was;
			else
				continue;
			r->rate = delta / secs;
			r->has_rate = 1;
		}
	}
}

/* ---- the IRQ table ---- */

enum column {
	C_DOMAIN,
	C_PRIO,
	C_STAGE,
	C_IRQ,
	C_RECEIVED,
	C_RATE,
	C_HANDLED,
	C_MERGED,
	C_PASSED,
	C_PENDING,
	NR_COLUMNS
};

static const char *const irq_header[NR_COLUMNS] = {
	"DOMAIN", "PRIO",    "STAGE",  "IRQ",	 "RECEIVED",
	"RECV/S", "HANDLED", "MERGED", "PASSED", "PENDING",
};

enum lat_column {
	L_DOMAIN,
	L_HZ,
	L_SAMPLES,
	L_MIN,
	L_AVG,
	L_MAX,
	L_P99,
	NR_LAT_COLUMNS
};

static const char *const lat_header[NR_LAT_COLUMNS] = {
	"DOMAIN", "HZ", "SAMPLES", "MIN us", "AVG us", "MAX us", "P99 us",
};

/* Widths only grow from frame to frame, so that columns stay put. */
static int irq_width[NR_COLUMNS];
static int lat_width[NR_LAT_COLUMNS];

/* Line @k of domain @d: its first line names the domain. */
static void irq_cells(char c[][CELL_LEN], const struct domain *d, int k,
		      int live)
{
	const struct irq_row *r = d->nrows ? &d->rows[k] : NULL;
	int i;

	memset(c, 0, NR_COLUMNS * sizeof(*c));
	if (!k) {
		copy(c[C_DOMAIN], CELL_LEN, d->name);
		if (d->has_priority)
			snprintf(c[C_PRIO], CELL_LEN, "%ld", d->priority);
		else
			strcpy(c[C_PRIO], "-");
		copy(c[C_STAGE], CELL_LEN, d->stage);
	}
	if (!r) {
		strcpy(c[C_IRQ], "-");
		return;
	}
	copy(c[C_IRQ], CELL_LEN, r->name);
	for (i = 0; i < NR_COUNTS; i++)
		snprintf(c[i ? C_HANDLED + i - 1 : C_RECEIVED], CELL_LEN,
			 "%llu", r->count[i]);
	if (!live)
		return;
	if (r->has_rate)
		snprintf(c[C_RATE], CELL_LEN, "%.1f", r->rate);
	else
		strcpy(c[C_RATE], "-");
}

static void widen(int *width, const char *cell)
{
	int n = strlen(cell);

	if (n > *width)
		*width = n;
}

/* One line of cells, left-aligned where @left says, no trailing blanks. */
static void print_cells(char c[][CELL_LEN], const int *width, int n,
			unsigned int left, unsigned int hidden)
{
	char line[NR_COLUMNS * (CELL_LEN + 1) + 1];
	size_t len = 0;
	int i;

	for (i = 0; i < n; i++) {
		if (hidden & (1u << i))
			continue;
		len += snprintf(line + len, sizeof(line) - len,
				left & (1u << i) ? "%s%-*s" : "%s%*s",
				len ? " " : "", width[i], c[i]);
		if (len >= sizeof(line))
			len = sizeof(line) - 1;
	}
	while (len && line[len - 1] == ' ')
		len--;
	printf("%.*s\n", (int)len, line);
}

static void print_irq_table(const struct snapshot *s, int live)
{
	unsigned int left = 1u << C_DOMAIN | 1u << C_STAGE;
	unsigned int hidden = live ? 0 : 1u << C_RATE;
	char c[NR_COLUMNS][CELL_LEN];
	int i, j, k;

	for (i = 0; i < NR_COLUMNS; i++)
		widen(&irq_width[i], irq_header[i]);
	for (i = 0; i < s->ndoms; i++)
		for (k = 0; k < s->dom[i].nrows || !k; k++) {
			irq_cells(c, &s->dom[i], k, live);
			for (j = 0; j < NR_COLUMNS; j++)
				widen(&irq_width[j], c[j]);
		}
	lat_width[L_DOMAIN] = irq_width[C_DOMAIN];
	for (i = 0; i < NR_COLUMNS; i++)
		copy(c[i], CELL_LEN, irq_header[i]);
	print_cells(c, irq_width, NR_COLUMNS, left, hidden);
	for (i = 0; i < s->ndoms; i++)
		for (k = 0; k < s->dom[i].nrows || !k; k++) {
			irq_cells(c, &s->dom[i], k, live);
			print_cells(c, irq_width, NR_COLUMNS, left, hidden);
		}
}

/* ---- the latency table ---- */

static int bucket_cmp(const void *a, const void *b)
{
	const struct bucket *x = a, *y = b;

	return x->low < y->low ? -1 : x->low > y->low;
}

/*
 * The 99th percentile, rounded up to the upper bound of the bucket it
 * falls in: the smallest bound under which at least 99% of the samples
 * of the histogram lie. The samples at or over the histogram's limit
 * have no upper bound: ">=LIMIT".
 */
static void p99_cell(char *cell, struct latency *l)
{
	unsigned long long total = l->has_over ? l->over_count : 0, rank, sum;
	int i;

	for (i = 0; i < l->nb; i++)
		total += l->b[i].count;
	if (!total) {
		strcpy(cell, "-");
		return;
	}
	/* ceil(0.99 * total), without overflow */
	rank = total - total / 100;
	qsort(l->b, l->nb, sizeof(*l->b), bucket_cmp);
	for (sum = 0, i = 0; i < l->nb; i++) {
		sum += l->b[i].count;
		if (sum >= rank) {
			snprintf(cell, CELL_LEN, "%llu.0", l->b[i].low + 1);
			return;
		}
	}
	snprintf(cell, CELL_LEN, ">=%llu", l->over_limit);
}

/* Nanoseconds as microseconds, one decimal, rounded half away from 0. */
static void us_cell(char *cell, const struct latency *l, enum figure f)
{
	long long tenths;

	if (!l->known[f] || !l->known[SAMPLES] || l->figure[SAMPLES] <= 0) {
		strcpy(cell, "-");
		return;
	}
	tenths = l->figure[f] < 0 ? (l->figure[f] - 50) / 100 :
				    (l->figure[f] + 50) / 100;
	snprintf(cell, CELL_LEN, "%s%lld.%lld", tenths < 0 ? "-" : "",
		 llabs(tenths) / 10, llabs(tenths) % 10);
}

static void lat_cells(char c[][CELL_LEN], struct domain *d)
{
	struct latency *l = &d->lat;

	copy(c[L_DOMAIN], CELL_LEN, d->name);
	if (l->known[HZ])
		snprintf(c[L_HZ], CELL_LEN, "%lld", l->figure[HZ]);
	else
		strcpy(c[L_HZ], "-");
	if (l->known[SAMPLES])
		snprintf(c[L_SAMPLES], CELL_LEN, "%lld", l->figure[SAMPLES]);
	else
		strcpy(c[L_SAMPLES], "-");
	us_cell(c[L_MIN], l, MIN_NS);
	us_cell(c[L_AVG], l, AVG_NS);
	us_cell(c[L_MAX], l, MAX_NS);
	p99_cell(c[L_P99], l);
}

static void print_latency_table(struct snapshot *s)
{
	char c[MAX_DOMAINS + 1][NR_LAT_COLUMNS][CELL_LEN];
	int i, j, n = 0, over = 0;

	for (j = 0; j < NR_LAT_COLUMNS; j++) {
		copy(c[0][j], CELL_LEN, lat_header[j]);
		widen(&lat_width[j], c[0][j]);
	}
	for (i = 0; i < s->ndoms; i++) {
		if (!s->dom[i].lat.present)
			continue;
		lat_cells(c[++n], &s->dom[i]);
		over |= c[n][L_P99][0] == '>';
		for (j = 0; j < NR_LAT_COLUMNS; j++)
			widen(&lat_width[j], c[n][j]);
	}
	if (!n)
		return;
	putchar('\n');
	for (i = 0; i <= n; i++)
		print_cells(c[i], lat_width, NR_LAT_COLUMNS, 1u << L_DOMAIN, 0);
	puts(P99_NOTE);
	if (over)
		puts(OVER_NOTE);
}

static void print_frame(struct snapshot *s, int live, double delay)
{
	if (live)
		fputs(CLEAR_SCREEN, stdout);
	printf("Adeos %s: %d domain%s, head of the pipeline first", s->version,
	       s->seen, s->seen == 1 ? "" : "s");
	if (s->seen > s->ndoms)
		printf(" (%d shown)", s->ndoms);
	if (live)
		printf("; every %g s", delay);
	printf("\n\n");
	print_irq_table(s, live);
	print_latency_table(s);
	if (fflush(stdout) || ferror(stdout))
		die(1, "standard output: %s", strerror(errno));
}

/* ---- main ---- */

static void print_help(FILE *f)
{
	fprintf(f,
		"usage: %s [-1] [-r] [-d SECONDS] [-n FRAMES] [-p DIR]\n"
		"Show the Adeos pipeline's domains, the counts of their IRQs and the\n"
		"latency figures of the domains that measure it, refreshed like top.\n"
		"  -1          print once and exit\n"
		"  -d SECONDS  refresh every SECONDS (default 1; decimals allowed)\n"
		"  -n FRAMES   stop after FRAMES frames\n"
		"  -p DIR      read DIR instead of " DEFAULT_DIR "\n"
		"  -r          reset every latency file before the first print\n"
		"  -h          show this help\n"
		"Without -1, the rate of received IRQs per second is shown; Ctrl-C quits.\n",
		prog);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s -h' for help.\n", prog);
	exit(2);
}

/* @secs is positive: no libm for its whole part. */
static void add_seconds(struct timespec *t, double secs)
{
	time_t whole = (time_t)secs;

	t->tv_sec += whole;
	t->tv_nsec += (long)((secs - whole) * 1e9);
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/*
 * Wait until @until for a signal of @set (blocked): 0 if one came. A
 * SIGINT while a frame is made waits for this, so no handler is needed.
 */
static int wait_until(const struct timespec *until, const sigset_t *set)
{
	struct timespec now, left;

	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!before(&now, until))
			return 1;
		left.tv_sec = until->tv_sec - now.tv_sec;
		left.tv_nsec = until->tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_sec--;
			left.tv_nsec += 1000000000L;
		}
		if (sigtimedwait(set, NULL, &left) > 0)
			return 0;
	}
}

static struct snapshot snaps[2];

int main(int argc, char **argv)
{
	long long frames = 0, nframes = 0;
	int once = 0, reset = 0, opt, cur = 0;
	double delay = 1.0;
	struct timespec next, now;
	sigset_t sigint;
	char *end;

	while ((opt = getopt(argc, argv, ":1d:hn:p:r")) != -1) {
		switch (opt) {
		case '1':
			once = 1;
			break;
		case 'd':
			errno = 0;
			delay = strtod(optarg, &end);
			if (errno || end == optarg || *end || !(delay > 0) ||
			    delay > 86400)
				usage_error(
					"-d %s: not a number of seconds (more than 0, up to 86400)",
					optarg);
			break;
		case 'n':
			if (!parse_s64(optarg, &nframes) || nframes < 1)
				usage_error(
					"-n %s: not a number of frames (1 or more)",
					optarg);
			break;
		case 'p':
			dir = optarg;
			break;
		case 'r':
			reset = 1;
			break;
		case 'h':
			print_help(stdout);
			return 0;
		case ':':
			usage_error("option -%c needs a value", optopt);
		default:
			usage_error("unknown option -%c", optopt);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);

	if (reset) {
		snapshot_read(&snaps[0]);
		reset_latency(&snaps[0]);
	}
	if (once) {
		snapshot_read(&snaps[0]);
		print_frame(&snaps[0], 0, delay);
		return 0;
	}

	sigemptyset(&sigint);
	sigaddset(&sigint, SIGINT);
	sigprocmask(SIG_BLOCK, &sigint, NULL);
	setvbuf(stdout, NULL, _IOFBF, 1 << 14);
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (;;) {
		add_seconds(&next, delay);
		snapshot_read(&snaps[cur]);
		if (frames)
			compute_rates(&snaps[cur], &snaps[!cur]);
		print_frame(&snaps[cur], 1, delay);
		if (++frames == nframes)
			return 0;
		cur = !cur;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (before(&next, &now))
			next = now; /* fell behind: no burst of frames */
		if (!wait_until(&next, &sigint))
			break;
	}
	putchar('\n');
	fflush(stdout);
	return 0;
}
