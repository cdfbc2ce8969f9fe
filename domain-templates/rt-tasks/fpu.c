// SPDX-License-Identifier: GPL-2.0-only
/*
 * rt-tasks: the floating point body. A file whose name ends in fpu.c is
 * compiled with the FPU enabled (the kernel's Kbuild for the templates):
 * only a task that declares RTX_FPU may run its code, since only its
 * state is kept apart from Linux's, whose registers stay live under it.
 *
 * Each release computes the same series twice over, long enough for
 * higher tasks to preempt it in the middle, and compares the result
 * with the first release's, bit for bit: a register another context
 * changed under it shows as an error.
 */
#include "rt-tasks.h"

#define TERMS 2000

/* sum 1/k^2 for k = 1..TERMS, then back down: pi^2/6, nearly. */
static double series(void)
{
	double up = 0.0, down = 0.0;
	int k;

	for (k = 1; k <= TERMS; k++)
		up += 1.0 / ((double)k * (double)k);
	for (k = TERMS; k >= 1; k--)
		down += 1.0 / ((double)k * (double)k);
	return up * 0.5 + down * 0.5;
}

/* The bits of @v as a double in memory, not as the x87 holds it. */
static unsigned long long bits(double v)
{
	unsigned long long b;

	__builtin_memcpy(&b, &v, sizeof(b));
	return b;
}

void rt_tasks_fpu_body(struct rtx_task *t)
{
	struct rt_tasks_job *j = t->arg;
	unsigned long long want = bits(series());

	for (;;) {
		if (bits(series()) != want)
			j->errors++;
		j->count++;
		rtx_wait_period(t->rtx);
	}
}
