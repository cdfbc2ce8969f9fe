// SPDX-License-Identifier: GPL-2.0-only
/*
 * The torture's reference model: per domain and IRQ, how many arrivals
 * the pipeline owes the domain, the domains' stall levels and control
 * masks, in the pipeline's priority order; and the checks that the
 * pipeline's own state is the model's.
 */
#include "torture-model.h"

struct adeos_torture *tm_run;
struct mdom tm_dom[NDOM];
int tm_pipe[NDOM], tm_npipe;
unsigned int tm_irqs[NIRQ];
unsigned long long tm_rng;
int tm_hard_sections;

void tm_reorder(void)
{
	int i, j, k;

	tm_npipe = 0;
	for (i = 0; i < NDOM; i++) {
		if (!tm_dom[i].registered)
			continue;
		for (j = 0; j < tm_npipe &&
			    tm_dom[tm_pipe[j]].priority > tm_dom[i].priority;
		     j++)
			;
		for (k = tm_npipe; k > j; k--)
			tm_pipe[k] = tm_pipe[k - 1];
		tm_pipe[j] = i;
		tm_npipe++;
	}
}

/* @return @i's place in the model pipeline (its length, if absent). */
int tm_pos(int i)
{
	int p;

	for (p = 0; p < tm_npipe; p++)
		if (tm_pipe[p] == i)
			return p;
	fail("%s is not in the model pipeline", tm_dom[i].name);
	return tm_npipe;
}

/* Mirror of what the pipeline does with @n arrivals from position @pos. */
void tm_log_down(int pos, int x, unsigned long n)
{
	for (; pos < tm_npipe; pos++) {
		struct mdom *md = &tm_dom[tm_pipe[pos]];

		if (md->control[x] & ADEOS_HANDLE_MASK)
			md->arrivals[x] += n;
		if (!(md->control[x] & ADEOS_PASS_MASK))
			return;
	}
}

void tm_reset(int i, int priority)
{
	struct mdom *md = &tm_dom[i];
	int x;

	md->registered = 1;
	md->priority = priority;
	md->levels = 1;
	md->stall[0] = 0;
	for (x = 0; x < NIRQ; x++) {
		md->control[x] = ADEOS_DEFAULT_CONTROL;
		md->has_handler[x] = 0;
		md->arrivals[x] = md->covered[x] = md->dropped[x] = 0;
	}
	tm_reorder();
}

/* The model's index of @d, or -1 for a domain it does not know. */
int tm_index(const adomain_t *d)
{
	int i;

	for (i = 0; i < NDOM; i++)
		if (tm_dom[i].d == d)
			return i;
	return -1;
}

/* Taken by one of the model's domains or by any other in the pipeline. */
static int priority_taken(int p)
{
	adomain_t *d;
	int i;

	for (i = 0; i < NDOM; i++)
		if (tm_dom[i].registered && tm_dom[i].priority == p)
			return 1;
	for (d = adeos_next_domain(NULL); d; d = adeos_next_domain(d))
		if (d->priority == p && tm_index(d) < 0)
			return 1;
	return 0;
}

/* @return a free priority in the torture's span, or -1. */
int tm_free_priority(void)
{
	int tries, p;

	for (tries = 0; tries < 1000; tries++) {
		p = tm_run->first_priority + tm_rnd(PRIORITY_SPAN);
		if (p <= ADEOS_MAX_PRI && !priority_taken(p))
			return p;
	}
	return -1;
}

/* What the pipeline must answer to a new control mask. */
int tm_control_allowed(int i, int x, unsigned int control, int handler)
{
	int j;

	if ((control & ADEOS_HANDLE_MASK) && !handler)
		return -EINVAL;
	if ((control & ADEOS_EXCLUSIVE_MASK) && !(control & ADEOS_HANDLE_MASK))
		return -EINVAL;
	if (!(control & ADEOS_HANDLE_MASK))
		return 0;
	for (j = 0; j < NDOM; j++) {
		if (j == i || !tm_dom[j].registered)
			continue;
		if (tm_dom[j].control[x] & ADEOS_EXCLUSIVE_MASK)
			return -EBUSY;
		if ((control & ADEOS_EXCLUSIVE_MASK) &&
		    (tm_dom[j].control[x] & ADEOS_HANDLE_MASK))
			return -EBUSY;
	}
	return 0;
}

unsigned int tm_stored(int x, unsigned int control)
{
	control &= ~ADEOS_ENABLE_MASK;
	return x >= NHW ? control | ADEOS_EACH_MASK : control;
}

void tm_release(int i, int x)
{
	unsigned long n = tm_outstanding(i, x);

	tm_log_down(tm_pos(i) + 1, x, n);
	tm_dom[i].dropped[x] += n;
	tm_run->handed_down += n;
	tm_dom[i].control[x] = ADEOS_DEFAULT_CONTROL;
	tm_dom[i].has_handler[x] = 0;
}

/* Nothing may wait in a stage that nothing holds back. */
void tm_check_quiet_point(void)
{
	int p, x;

	check(adeos_current_domain() == adeos_root_domain(),
	      "driver runs with %s current", adeos_current_domain()->name);
	check(!hard_irqs_disabled(), "driver runs with hard IRQs off");
	for (p = 0; p < tm_npipe && !tm_stalled(tm_pipe[p]); p++)
		for (x = 0; x < NIRQ; x++)
			check(!tm_outstanding(tm_pipe[p], x),
			      "%s left with %lu of IRQ %u while it could run",
			      tm_dom[tm_pipe[p]].name,
			      tm_outstanding(tm_pipe[p], x), tm_irqs[x]);
}

/* The next domain of the pipeline after @d that the model knows. */
static adomain_t *next_known(adomain_t *d)
{
	do
		d = adeos_next_domain(d);
	while (d && tm_index(d) < 0);
	return d;
}

/* The pipeline's own state must be the model's. */
void tm_check_state(void)
{
	const char *why =
		tm_run->ops->arch_check ? tm_run->ops->arch_check() : NULL;
	adomain_t *d = NULL;
	int p, x;

	for (p = 0; p < tm_npipe; p++) {
		struct mdom *md = &tm_dom[tm_pipe[p]];

		d = next_known(d);
		check(d == md->d, "pipeline has %s where the model has %s",
		      d ? d->name : "nothing", md->name);
		if (d != md->d)
			return;
		check(!!adeos_test_ipipe_from(d) == tm_stalled(tm_pipe[p]),
		      "%s stall bit differs", md->name);
		for (x = 0; x < NIRQ; x++) {
			check(d->log.hits[tm_irqs[x]] ==
				      tm_outstanding(tm_pipe[p], x),
			      "%s holds %u of IRQ %u, the model %lu", md->name,
			      d->log.hits[tm_irqs[x]], tm_irqs[x],
			      tm_outstanding(tm_pipe[p], x));
			check(d->irqs[tm_irqs[x]].control == md->control[x],
			      "%s IRQ %u control %#x, the model %#x", md->name,
			      tm_irqs[x], d->irqs[tm_irqs[x]].control,
			      md->control[x]);
		}
	}
	check(!next_known(d), "pipeline longer than the model");
	check(!why, "%s", why);
}
