// SPDX-License-Identifier: GPL-2.0-only
/*
 * fpe-loop: divide by zero COUNT times, catching each SIGFPE that Linux
 * sends and going on after it; print how many arrived.
 *
 * usage: fpe-loop COUNT      prints "sigfpe N"
 */
#include <setjmp.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static sigjmp_buf again;
static volatile sig_atomic_t caught;
static volatile int sink;

static void on_sigfpe(int sig)
{
	(void)sig;
	caught++;
	siglongjmp(again, 1);
}

int main(int argc, char **argv)
{
	/* Both read at run time: 1 / x compiles to no division at all. */
	volatile int zero = 0, seven = 7;
	volatile unsigned long i;
	unsigned long count;
	struct sigaction sa;
	char *end;

	if (argc != 2 || (count = strtoul(argv[1], &end, 0), *end)) {
		fprintf(stderr, "usage: fpe-loop COUNT\n");
		return 2;
	}
	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = on_sigfpe;
	sa.sa_flags = SA_NODEFER;
	sigaction(SIGFPE, &sa, NULL);
	for (i = 0; i < count; i++)
		if (!sigsetjmp(again, 1))
			sink = seven / zero;
	printf("sigfpe %ld\n", (long)caught);
	return 0;
}
