// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: its files in /proc/adeos/<domain>/. "tasks" shows every
 * task of the domain (a module's too) with its figures, and takes
 * "add NAME PRIO PERIOD_US BODY" and "reset"; "status" the executive's
 * counts; "histogram" the probes' release latencies. Each show copies
 * what it shows at one instant, hard IRQs off; the text is written
 * after, in the OS's context.
 */
#include <adeos/clock.h>
#include <adeos/os.h>
#include "rt-tasks.h"

/* Nanoseconds of @stamps timestamp counts. */
static unsigned long long stamps_to_ns(unsigned long long stamps)
{
	return rtx_div64(stamps * 1000, arch_timestamp_per_us());
}

/* One task as the tasks file shows it, copied with the others at once. */
struct task_row {
	const struct rtx_task *t;
	enum rtx_state state;
	struct rtx_figures f;
	const struct rt_tasks_job *j; /* NULL: a module's own task */
	unsigned long count, errors, most;
};

static const struct rt_tasks_job *job_of(struct rt_tasks_state *st,
					 const struct rtx_task *t)
{
	unsigned int k;

	for (k = 0; k < st->njobs; k++)
		if (&st->jobs[k].task == t)
			return &st->jobs[k];
	return NULL;
}

/*
 * Every task's figures at one instant (hard IRQs off): the counts of
 * tasks released together agree with each other.
 */
static unsigned int snapshot(struct rt_tasks_state *st, struct task_row *rows)
{
	struct rtx *x = &st->rtx;
	unsigned long irqs = hard_local_irq_save();
	unsigned int k, n = x->ntasks;

	for (k = 0; k < n; k++) {
		struct task_row *r = &rows[k];

		r->t = x->tasks[k];
		r->state = r->t->state;
		r->f = r->t->fig;
		r->j = job_of(st, r->t);
		r->count = r->j ? r->j->count : 0;
		r->errors = r->j ? r->j->errors : 0;
		r->most = r->j ? r->j->most : 0;
	}
	hard_local_irq_restore(irqs);
	return n;
}

static int show_row(const struct task_row *r, char *buf, int size)
{
	const struct rtx_task *t = r->t;
	unsigned long long avg = 0;

	if (r->f.samples)
		avg = rtx_div64(r->f.lat_sum, r->f.samples);
	return adeos_snprintf(
		buf, size,
		"%-15s %-8s %4d %9llu %9lu %8lu %8llu %8llu %8llu %8lu %8lu %6lu %4lu %s%s\n",
		t->name, rtx_state_name(r->state), t->prio,
		rtx_div64(t->period, arch_timestamp_per_us()), r->f.releases,
		r->f.overruns, stamps_to_ns(r->f.lat_min), stamps_to_ns(avg),
		stamps_to_ns(r->f.lat_max), r->f.switches, r->count, r->errors,
		r->most, r->j ? rt_tasks_body_name(r->j->body) : "module",
		(t->flags & RTX_FPU) &&
				(!r->j || r->j->body != RT_TASKS_BODY_FPU) ?
			",fpu" :
			"");
}

/*
 * The snapshot goes in the tail of the output buffer (too big for the
 * stack), each row copied out of it before its text is written: the
 * text never reaches the rows still to come while the buffer holds
 * the rows and a line per row.
 */
#define ROW_TEXT 200

static int rt_tasks_show_tasks(struct adeos_domain_desc *desc, char *buf,
			       int size)
{
	struct rt_tasks_state *st = desc->state;
	unsigned long tail = (unsigned long)(buf + size) -
			     RTX_MAX_TASKS * sizeof(struct task_row);
	struct task_row *rows, row;
	unsigned int k, nrows;
	int n;

	tail &= ~(unsigned long)(sizeof(unsigned long long) - 1);
	rows = (struct task_row *)tail;
	if (size < (int)(RTX_MAX_TASKS * (sizeof(row) + ROW_TEXT)) + ROW_TEXT)
		return -ENOSPC;
	nrows = snapshot(st, rows);
	n = adeos_snprintf(
		buf, size,
		"%-15s %-8s %4s %9s %9s %8s %8s %8s %8s %8s %8s %6s %4s %s\n",
		"name", "state", "prio", "period_us", "releases", "overruns",
		"lat_min", "lat_avg", "lat_max", "switches", "count", "errors",
		"most", "body");
	for (k = 0; k < nrows; k++) {
		int w;

		row = rows[k];
		w = show_row(&row, buf + n, ROW_TEXT);
		n += w < ROW_TEXT ? w : ROW_TEXT - 1;
	}
	return n;
}

/* One word of @buf from *@pos: its start and length (0 at the end). */
static const char *next_word(const char *buf, int len, int *pos,
			     unsigned int *wlen)
{
	const char *w;

	while (*pos < len &&
	       (buf[*pos] == ' ' || buf[*pos] == '\t' || buf[*pos] == '\n'))
		(*pos)++;
	w = buf + *pos;
	while (*pos < len && buf[*pos] != ' ' && buf[*pos] != '\t' &&
	       buf[*pos] != '\n')
		(*pos)++;
	*wlen = buf + *pos - w;
	return w;
}

static int same_word(const char *w, unsigned int len, const char *s)
{
	unsigned int i;

	for (i = 0; i < len && s[i] == w[i]; i++)
		;
	return i == len && !s[i];
}

/* Every task's figures afresh (the bench's warm-up is not counted). */
static void reset_figures(struct rt_tasks_state *st)
{
	unsigned long irqs = hard_local_irq_save();
	unsigned int k;

	for (k = 0; k < st->njobs; k++) {
		struct rt_tasks_job *j = &st->jobs[k];

		__builtin_memset(&j->task.fig, 0, sizeof(j->task.fig));
		__builtin_memset(j->hist, 0, sizeof(j->hist));
		j->count = 0;
		j->errors = 0;
		j->most = 0;
	}
	hard_local_irq_restore(irqs);
}

/*
 * "add NAME PRIO PERIOD_US BODY": a new task, first released one period
 * from now (a consumer: ready at once, PERIOD_US 0). "reset": the
 * figures afresh.
 */
static int rt_tasks_store_tasks(struct adeos_domain_desc *desc, const char *buf,
				int len)
{
	struct rt_tasks_state *st = desc->state;
	char name[RTX_NAME_LEN];
	unsigned int wl, prio, period, i;
	const char *w;
	int pos = 0, body;

	w = next_word(buf, len, &pos, &wl);
	if (same_word(w, wl, "reset")) {
		reset_figures(st);
		return 0;
	}
	if (!same_word(w, wl, "add"))
		return -EINVAL;
	w = next_word(buf, len, &pos, &wl);
	if (!wl || wl >= RTX_NAME_LEN)
		return -EINVAL;
	for (i = 0; i < wl; i++)
		name[i] = w[i];
	name[wl] = '\0';
	w = next_word(buf, len, &pos, &wl);
	if (adeos_parse_uint(w, wl, &prio) || prio < 1 || prio > 99)
		return -EINVAL;
	w = next_word(buf, len, &pos, &wl);
	if (adeos_parse_uint(w, wl, &period) || period > 1000000)
		return -EINVAL;
	w = next_word(buf, len, &pos, &wl);
	body = rt_tasks_body_by_name(w, wl);
	if (body < 0)
		return body;
	next_word(buf, len, &pos, &wl);
	if (wl)
		return -EINVAL;
	return rt_tasks_add(st, name, prio, period, body);
}

static int rt_tasks_show_status(struct adeos_domain_desc *desc, char *buf,
				int size)
{
	struct rt_tasks_state *st = desc->state;
	struct rtx *x = &st->rtx;
	int n;

	n = adeos_snprintf(
		buf, size,
		"tasks %u\nswitches %lu\ntimer_irqs %lu\nearly_shots %lu\nkicks %lu\nbudget_us %u\nserved %lu\nsent %lu\n",
		st->njobs, x->switches, x->timer_irqs, x->early_shots, x->kicks,
		st->task_budget_us, st->chan.served, st->chan.sent);
	return n < size ? n : size;
}

/* The probes' histograms: "hist TASK US COUNT", the last bucket "over". */
static int rt_tasks_show_hist(struct adeos_domain_desc *desc, char *buf,
			      int size)
{
	struct rt_tasks_state *st = desc->state;
	unsigned int k, us;
	int n = 0;

	for (k = 0; k < st->njobs && n < size; k++) {
		struct rt_tasks_job *j = &st->jobs[k];

		if (j->body != RT_TASKS_BODY_PROBE)
			continue;
		for (us = 0; us < RT_TASKS_HIST_US && n < size; us++)
			if (j->hist[us])
				n += adeos_snprintf(
					buf + n, size - n, "hist %s %u %u\n",
					j->task.name, us, j->hist[us]);
		if (n < size)
			n += adeos_snprintf(buf + n, size - n,
					    "hist_over %s %u %u\n",
					    j->task.name, RT_TASKS_HIST_US,
					    j->hist[RT_TASKS_HIST_US]);
	}
	return n < size ? n : size;
}

const struct adeos_template_file rt_tasks_files[] = {
	{ .name = "tasks",
	  .show = rt_tasks_show_tasks,
	  .store = rt_tasks_store_tasks },
	{ .name = "status", .show = rt_tasks_show_status },
	{ .name = "histogram", .show = rt_tasks_show_hist },
	{ .name = NULL },
};
