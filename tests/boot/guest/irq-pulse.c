// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-pulse: raise an ISA IRQ from the guest, through QEMU's pc-testdev
 * (-device pc-testdev), whose port 0x2000 + n drives ISA IRQ line n.
 *
 * usage: irq-pulse [-t] IRQ COUNT      COUNT edges: line up, line down.
 *   -t: then print the guest time each pulse took, "ns_per_pulse N.NN"
 *       (CLOCK_MONOTONIC; under QEMU's -icount, instructions x 2^shift).
 *
 * Each pulse ends a translation block in QEMU, so the interrupt is taken
 * before the next pulse: COUNT pulses are COUNT arrivals, none merged.
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <time.h>

#define TESTDEV_IRQ_PORT 0x2000
#define ISA_IRQS 16

static long number(const char *arg, const char *what, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 0);
	if (errno || *end || end == arg || n < 0 || n > max) {
		fprintf(stderr, "irq-pulse: %s '%s': want 0 to %ld\n", what, arg,
			max);
		exit(2);
	}
	return n;
}

static double now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e9 + ts.tv_nsec;
}

int main(int argc, char **argv)
{
	int timed = argc > 1 && !strcmp(argv[1], "-t");
	unsigned short port;
	long irq, count, i;
	double start;

	argc -= timed;
	argv += timed;
	if (argc != 3) {
		fprintf(stderr, "usage: irq-pulse [-t] IRQ COUNT\n");
		return 2;
	}
	irq = number(argv[1], "IRQ", ISA_IRQS - 1);
	count = number(argv[2], "COUNT", 100000000);
	port = TESTDEV_IRQ_PORT + irq;
	if (ioperm(port, 1, 1)) {
		fprintf(stderr, "irq-pulse: ioperm(0x%x): %s\n", port,
			strerror(errno));
		return 1;
	}
	start = now_ns();
	for (i = 0; i < count; i++) {
		outb(1, port);
		outb(0, port);
	}
	if (timed && count)
		printf("ns_per_pulse %.2f\n", (now_ns() - start) / count);
	return 0;
}
