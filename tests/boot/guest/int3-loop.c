// SPDX-License-Identifier: GPL-2.0-only
/*
 * int3-loop: execute COUNT breakpoints (int3), the i-th with %eax = i,
 * then print where the breakpoint is and how many ran. Run under a
 * domain that claims them (trap-monitor): each one resumes right after
 * itself, and Linux never sends SIGTRAP; without one, the first kills
 * the program.
 *
 * usage: int3-loop COUNT     prints "int3_site 0xADDR" and "done COUNT"
 */
#include <stdio.h>
#include <stdlib.h>

extern char int3_site[];

static void __attribute__((noinline)) breakpoint(unsigned long i)
{
	__asm__ volatile(".globl int3_site\nint3_site: int3"
			 :
			 : "a"(i)
			 : "memory");
}

int main(int argc, char **argv)
{
	unsigned long i, count;
	char *end;

	if (argc != 2 || (count = strtoul(argv[1], &end, 0), *end)) {
		fprintf(stderr, "usage: int3-loop COUNT\n");
		return 2;
	}
	printf("int3_site %p\n", (void *)int3_site);
	fflush(stdout);
	for (i = 0; i < count; i++)
		breakpoint(i);
	printf("done %lu\n", i);
	return 0;
}
