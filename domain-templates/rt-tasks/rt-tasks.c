// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: a domain whose work is tasks (rtx.h). The domain takes the
 * spare timer's IRQ (the PIT's, IRQ 0, on i386) in one-shot mode: the
 * executive sets it for the next release, sleep or budget, whichever
 * comes first, and its handler hands the executive the time the timer
 * really fired, read from the timer's own count, so that a task's
 * release latency runs from the expiry to the task's first instruction.
 *
 * Linux writes to the tasks through the domain's channel (channel.h):
 * the channel's virtual IRQ posts a semaphore that a consumer task
 * waits on. Linux reads the tasks from /proc/adeos/<domain>/tasks and
 * adds one by writing there; a module adds its own (rt_tasks_add()).
 */
#include <adeos/clock.h>
#include <adeos/os.h>
#include "rt-tasks.h"

static const char *const body_names[RT_BODY_NR] = {
	[RT_BODY_COUNTER] = "counter",	 [RT_BODY_PROBE] = "probe",
	[RT_BODY_CONSUMER] = "consumer", [RT_BODY_BLOCKER] = "blocker",
	[RT_BODY_SPANNER] = "spanner",	 [RT_BODY_FPU] = "fpu",
};

const char *rt_tasks_body_name(enum rt_tasks_body body)
{
	return body < RT_BODY_NR ? body_names[body] : "?";
}

int rt_tasks_body_by_name(const char *name, unsigned int len)
{
	unsigned int b, i;

	for (b = 0; b < RT_BODY_NR; b++) {
		for (i = 0; i < len && body_names[b][i] == name[i]; i++)
			;
		if (i == len && !body_names[b][i])
			return b;
	}
	return -EINVAL;
}

static unsigned long long us_to_stamps(unsigned int us)
{
	return (unsigned long long)us * arch_timestamp_per_us();
}

/* Nanoseconds of @stamps timestamp counts. */
static unsigned long long stamps_to_ns(unsigned long long stamps)
{
	return rtx_div64(stamps * 1000, arch_timestamp_per_us());
}

/* Timestamp counts of @ns nanoseconds, in 32-bit arithmetic. */
static unsigned long long ns_to_stamps(unsigned int ns)
{
	unsigned long per_us = arch_timestamp_per_us();

	return (unsigned long long)(ns / 1000) * per_us +
	       (ns % 1000) * per_us / 1000;
}

/*
 * Until the timer's IRQ is the domain's, a shot would fire for Linux,
 * and the executive, which waits for it, would never set another: the
 * tasks configured at start wait for rt_tasks_irqs_taken().
 */
static void rt_tasks_shot(struct rtx *x, unsigned long long stamps)
{
	struct rt_tasks_state *st = x->os;

	if (st->irqs_taken)
		arch_timer_shot(stamps);
}

/* The timer fired: when, by its own count, then the executive's turn. */
static void rt_tasks_tick(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct rt_tasks_state *st = desc->state;
	unsigned int counts = arch_timer_counts_since_tick();
	unsigned long long now = arch_timestamp();

	(void)irq;
	st->rtx.expiry = now - ns_to_stamps(arch_timer_counts_to_ns(counts));
	rtx_timer_irq(&st->rtx);
}

/* The channel's virtual IRQ: Linux has written; the consumer takes it. */
static void rt_tasks_written(unsigned int irq, void *cookie)
{
	struct rt_tasks_state *st = cookie;

	(void)irq;
	rtx_sem_post(&st->chan_sem);
}

/* Any task of the domain's, a module's too: its arg is not ours. */
static void rt_tasks_report(struct rtx *x, struct rtx_task *t)
{
	if (rt_tasks_os_report)
		rt_tasks_os_report(x->os, t);
}

static int add_task(struct rt_tasks_state *st, const char *name, int prio,
		    unsigned int period_us, enum rt_tasks_body body,
		    unsigned long long first)
{
	struct rt_tasks_job *j;
	unsigned int k;
	int err;

	if (body >= RT_BODY_NR || (body != RT_BODY_CONSUMER && !period_us))
		return -EINVAL;
	if (st->njobs >= RT_TASKS_MAX)
		return -ENOSPC;
	/* the channel's ring has one consumer */
	for (k = 0; k < st->njobs; k++)
		if (body == RT_BODY_CONSUMER &&
		    st->jobs[k].body == RT_BODY_CONSUMER)
			return -EBUSY;
	j = &st->jobs[st->njobs];
	__builtin_memset(j, 0, sizeof(*j));
	j->body = body;
	j->st = st;
	err = rtx_task_init(&st->rtx, &j->task, name, prio,
			    us_to_stamps(period_us), rt_tasks_bodies[body], j,
			    body == RT_BODY_FPU ? RTX_FPU : 0,
			    st->stacks[st->njobs], RT_TASKS_STACK);
	if (err)
		return err;
	st->njobs++;
	return rtx_task_start(&j->task, first);
}

int rt_tasks_add(struct rt_tasks_state *st, const char *name, int prio,
		 unsigned int period_us, enum rt_tasks_body body)
{
	if (!st->rtx.started)
		return -EINVAL;
	return add_task(st, name, prio, period_us, body,
			arch_timestamp() + us_to_stamps(period_us));
}

/* The body a slot's choice names. */
static enum rt_tasks_body slot_body(const int *flags)
{
	int b;

	for (b = 0; b < RT_BODY_NR; b++)
		if (flags[b])
			return b;
	return RT_BODY_COUNTER;
}

/* The configuration's tasks, all first released 1 ms from now. */
static int add_configured(struct rt_tasks_state *st)
{
	const struct {
		int used;
		const char *name;
		int prio;
		unsigned int period_us;
		int body[RT_BODY_NR];
	} slots[RT_TASKS_CONFIGURED] = {
#define SLOT(k)                                                               \
	{                                                                     \
		st->task##k, st->task##k##_name, st->task##k##_priority,      \
			st->task##k##_period_us,                              \
		{                                                             \
			st->task##k##_body_counter, st->task##k##_body_probe, \
				st->task##k##_body_consumer,                  \
				st->task##k##_body_blocker,                   \
				st->task##k##_body_spanner,                   \
				st->task##k##_body_fpu                        \
		}                                                             \
	}
		SLOT(1),
		SLOT(2),
		SLOT(3),
		SLOT(4),
#undef SLOT
	};
	unsigned long long first = arch_timestamp() + us_to_stamps(1000);
	unsigned int k;
	int err;

	for (k = 0; k < RT_TASKS_CONFIGURED; k++) {
		if (!slots[k].used)
			continue;
		err = add_task(st, slots[k].name ? slots[k].name : "task",
			       slots[k].prio, slots[k].period_us,
			       slot_body(slots[k].body), first);
		if (err)
			return err;
	}
	return 0;
}

static int rt_tasks_start(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;
	int err;

	st->desc = desc;
	st->njobs = 0;
	st->irqs_taken = 0;
	st->chan_seq = 0;
	__builtin_memset(&st->rtx, 0, sizeof(st->rtx));
	err = rtx_init(&st->rtx, &desc->domain, rt_tasks_shot);
	if (err)
		return err;
	st->rtx.budget = us_to_stamps(st->task_budget_us);
	/* a release due within a microsecond is due: no shot that short */
	st->rtx.slack = arch_timestamp_per_us();
	st->rtx.report = rt_tasks_report;
	st->rtx.os = st;
	rtx_sem_init(&st->chan_sem, &st->rtx, 0);
	st->chan.ring_kib = st->channel_kib;
	err = channel_open(&st->chan, &desc->domain, desc->name,
			   rt_tasks_written, st);
	if (err)
		goto err_rtx;
	err = arch_timer_shot_start();
	if (err)
		goto err_chan;
	err = add_configured(st);
	if (err)
		goto err_timer;
	return 0;

err_timer:
	arch_timer_stop();
err_chan:
	channel_close(&st->chan, &desc->domain);
err_rtx:
	rtx_stop(&st->rtx);
	return err;
}

/* IRQ 0 is the domain's: the first shot, for the first release. */
static void rt_tasks_irqs_taken(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;
	unsigned long irqs = hard_local_irq_save();

	st->irqs_taken = 1;
	rtx_timer_rearm(&st->rtx);
	hard_local_irq_restore(irqs);
}

/*
 * The timer stops while IRQ 0 is the domain's (its last edge finds no
 * task due), then the tasks, wherever they stand.
 */
static void rt_tasks_quiesce(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;

	arch_timer_stop();
	rtx_stop(&st->rtx);
}

static void rt_tasks_stop(struct adeos_domain_desc *desc)
{
	struct rt_tasks_state *st = desc->state;

	arch_timer_stop();
	rtx_stop(&st->rtx);
	channel_close(&st->chan, &desc->domain);
}

/* ---- /proc/adeos/<domain>/ ---- */

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
		(t->flags & RTX_FPU) && (!r->j || r->j->body != RT_BODY_FPU) ?
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

static int parse_uint(const char *w, unsigned int len, unsigned int *v)
{
	unsigned int i;

	if (!len || len > 9)
		return -EINVAL;
	*v = 0;
	for (i = 0; i < len; i++) {
		if (w[i] < '0' || w[i] > '9')
			return -EINVAL;
		*v = *v * 10 + (w[i] - '0');
	}
	return 0;
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
	if (parse_uint(w, wl, &prio) || prio < 1 || prio > 99)
		return -EINVAL;
	w = next_word(buf, len, &pos, &wl);
	if (parse_uint(w, wl, &period) || period > 1000000)
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

		if (j->body != RT_BODY_PROBE)
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

static const struct adeos_template_file rt_tasks_files[] = {
	{ .name = "tasks",
	  .show = rt_tasks_show_tasks,
	  .store = rt_tasks_store_tasks },
	{ .name = "status", .show = rt_tasks_show_status },
	{ .name = "histogram", .show = rt_tasks_show_hist },
	{ .name = NULL },
};

const struct adeos_template adeos_template_rt_tasks = {
	.name = "rt-tasks",
	.handle_irq = rt_tasks_tick,
	.start = rt_tasks_start,
	.irqs_taken = rt_tasks_irqs_taken,
	.quiesce = rt_tasks_quiesce,
	.stop = rt_tasks_stop,
	.files = rt_tasks_files,
};
