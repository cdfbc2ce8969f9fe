/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * adeos-stat's parts: what one reading of /proc/adeos holds (a
 * snapshot), and the calls between its files:
 *
 *   adeos-stat.c  options, the refresh loop, errors
 *   proc.c        reading the proc tree into a snapshot; -r; the rates
 *   print.c       the tables of a snapshot, one frame
 *   text.c        lines, words and numbers of the proc files
 */
#ifndef ADEOS_STAT_H
#define ADEOS_STAT_H

#include <stdio.h>
#include <time.h>

#define DEFAULT_DIR "/proc/adeos"
#define MAX_DOMAINS 32
#define MAX_ROWS 1024 /* per domain; the pipeline has fewer IRQs */
#define MAX_BUCKETS 100000
#define NAME_LEN 64
#define IRQ_LEN 16
#define LINE_LEN 512
#define CELL_LEN 80
#define MAX_TOKENS 8

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
	/* an rt-tasks domain's task table, as its tasks file has it */
	char *tasks;
	size_t tasks_len, tasks_cap;
};

struct snapshot {
	char version[32];
	struct domain dom[MAX_DOMAINS];
	int ndoms; /* kept */
	int seen; /* in the file */
	struct timespec when;
};

/* adeos-stat.c */

/* Print "adeos-stat: " and the message on stderr, then exit(@status). */
void __attribute__((noreturn, format(printf, 2, 3)))
die(int status, const char *fmt, ...);

/* proc.c */

/* The directory read: DEFAULT_DIR, or -p's. */
extern const char *proc_dir;

/* Read DIR/domains and what goes with it into @s; exit 1 if unreadable. */
void snapshot_read(struct snapshot *s);
/* -r: write to every domain's latency file; those without one are left. */
void reset_latency(const struct snapshot *s);
/* The rate of received IRQs of each row of @cur since @prev. */
void compute_rates(struct snapshot *cur, const struct snapshot *prev);

/* print.c */

/*
 * One frame: a title, the IRQ table, the latency table; @live adds the
 * clear-screen escapes, the rates and the refresh period @delay.
 */
void print_frame(struct snapshot *s, int live, double delay);

/* text.c */

/* @src into @dst of @len bytes, cut short if need be. */
void copy(char *dst, size_t len, const char *src);
/* One line of @f into @buf: 1, or 0 at the end of the file. */
int read_line(FILE *f, char *buf, size_t len);
/* Split @s in place into at most @max words: how many. */
int split(char *s, char **tok, int max);
/* A whole decimal number, unsigned or signed: 1 if @s is one. */
int parse_u64(const char *s, unsigned long long *v);
int parse_s64(const char *s, long long *v);

#endif /* ADEOS_STAT_H */
