// SPDX-License-Identifier: GPL-2.0-only
/*
 * fpcheck SECONDS: a Linux process that computes in floating point for
 * SECONDS and checks its own results. It sums a series over and over,
 * its partial sums live in the FPU's registers, and compares each sum
 * with the first, bit for bit: a register that a real-time task changed
 * under it (an executive that did not keep Linux's FPU state) shows as
 * a wrong sum. Prints "fpcheck: N rounds, M wrong"; exit 1 if any was.
 */
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static volatile int terms = 5000;

static double series(void)
{
	double sum = 0.0, sign = 1.0;
	int k;

	/* pi/4 = 1 - 1/3 + 1/5 - ... */
	for (k = 0; k < terms; k++, sign = -sign)
		sum += sign / (2.0 * k + 1.0);
	return sum;
}

int main(int argc, char **argv)
{
	time_t end = time(NULL) + (argc > 1 ? atoi(argv[1]) : 1);
	/* stored, so that both sides of != are doubles, not x87 extended */
	volatile double want = series(), got;
	unsigned long rounds = 0, wrong = 0;

	while (time(NULL) < end) {
		got = series();
		if (got != want)
			wrong++;
		rounds++;
	}
	printf("fpcheck: %lu rounds, %lu wrong\n", rounds, wrong);
	return wrong ? 1 : 0;
}
