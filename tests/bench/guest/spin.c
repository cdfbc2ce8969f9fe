// SPDX-License-Identifier: GPL-2.0-only
/*
 * spin: user code and nothing else for a while, for make bench's timer
 * path (timer_path.py): the timer's interrupts then land in user space,
 * and their path from the IDT is counted from there, with no system
 * call or fault of this program's own in it.
 *
 *   spin THOUSANDS     about THOUSANDS thousand loop iterations (a few
 *                      instructions each), then exit 0
 */
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
	unsigned long n;
	/* volatile: the loop is the point, the compiler must keep it */
	volatile unsigned long i;

	n = argc == 2 ? strtoul(argv[1], NULL, 10) : 0;
	if (!n) {
		fprintf(stderr, "usage: spin THOUSANDS\n");
		return 2;
	}
	for (i = 0; i < n * 1000ul; i++)
		;
	return 0;
}
