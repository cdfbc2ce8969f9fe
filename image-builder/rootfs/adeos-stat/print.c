// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-stat's frames: a title, the IRQ table (a line per IRQ row of
 * each domain, the domain named on its first) and the latency table (a
 * line per domain with a latency file). Columns are right-aligned but
 * for the names, lines have no trailing blanks.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "adeos-stat.h"

#define CLEAR_SCREEN "\033[H\033[2J"
#define P99_NOTE "P99: upper bound of its 1 us histogram bucket"
#define OVER_NOTE ">=N: at or over the histogram's limit of N us"

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

static void widen_cells(int *width, char c[][CELL_LEN], int n)
{
	int i;

	for (i = 0; i < n; i++)
		widen(&width[i], c[i]);
}

/* A line of the IRQ table: names left-aligned, rates only if @live. */
static void print_irq_cells(char c[][CELL_LEN], int live)
{
	print_cells(c, irq_width, NR_COLUMNS, 1u << C_DOMAIN | 1u << C_STAGE,
		    live ? 0 : 1u << C_RATE);
}

/* Every line of domain @d: printed, or else the widths grow to fit. */
static void irq_lines(const struct domain *d, int live, int print)
{
	char c[NR_COLUMNS][CELL_LEN];
	int k;

	for (k = 0; k < d->nrows || !k; k++) {
		irq_cells(c, d, k, live);
		if (print)
			print_irq_cells(c, live);
		else
			widen_cells(irq_width, c, NR_COLUMNS);
	}
}

static void print_irq_table(const struct snapshot *s, int live)
{
	char c[NR_COLUMNS][CELL_LEN];
	int i;

	for (i = 0; i < NR_COLUMNS; i++)
		copy(c[i], CELL_LEN, irq_header[i]);
	widen_cells(irq_width, c, NR_COLUMNS);
	for (i = 0; i < s->ndoms; i++)
		irq_lines(&s->dom[i], live, 0);
	lat_width[L_DOMAIN] = irq_width[C_DOMAIN];
	print_irq_cells(c, live);
	for (i = 0; i < s->ndoms; i++)
		irq_lines(&s->dom[i], live, 1);
}

/* The latency table. */

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

	for (j = 0; j < NR_LAT_COLUMNS; j++)
		copy(c[0][j], CELL_LEN, lat_header[j]);
	widen_cells(lat_width, c[0], NR_LAT_COLUMNS);
	for (i = 0; i < s->ndoms; i++) {
		if (!s->dom[i].lat.present)
			continue;
		lat_cells(c[++n], &s->dom[i]);
		over |= c[n][L_P99][0] == '>';
		widen_cells(lat_width, c[n], NR_LAT_COLUMNS);
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

/* The task tables of the domains that run tasks, as they show them. */
static void print_tasks(struct snapshot *s)
{
	int i;

	for (i = 0; i < s->ndoms; i++) {
		struct domain *d = &s->dom[i];

		if (!d->tasks_len)
			continue;
		printf("\nTasks of %s (latencies in ns):\n", d->name);
		fputs(d->tasks, stdout);
		if (d->tasks[d->tasks_len - 1] != '\n')
			putchar('\n');
	}
}

void print_frame(struct snapshot *s, int live, double delay)
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
	print_tasks(s);
	if (fflush(stdout) || ferror(stdout))
		die(1, "standard output: %s", strerror(errno));
}
