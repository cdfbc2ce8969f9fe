// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-storm: start and stop interrupt storms from the guest, for the
 * pipeline's storm guard.
 *
 *   irq-storm level IRQ   the ISA line IRQ level-triggered at the 8259
 *                         (its ELCR bit) and held asserted through
 *                         QEMU's pc-testdev (-device pc-testdev): a level
 *                         line nobody clears (boot with noapic)
 *   irq-storm quiet IRQ   the line deasserted and edge-triggered again
 *   irq-storm pit DIVISOR the PIT's channel 0 in rate mode at
 *                         1193182/DIVISOR Hz (2: an edge flood as fast
 *                         as QEMU raises it; 1193 puts back 1000 Hz)
 */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>

#define TESTDEV_IRQ_PORT 0x2000
#define ELCR_PORT 0x4d0 /* ELCR1 at 0x4d0 (IRQs 0-7), ELCR2 at 0x4d1 */
#define PIT_CH0 0x40
#define PIT_MODE 0x43

static long number(const char *arg, const char *what, long min, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 0);
	if (errno || *end || end == arg || n < min || n > max) {
		fprintf(stderr, "irq-storm: %s '%s': want %ld to %ld\n", what,
			arg, min, max);
		exit(2);
	}
	return n;
}

static void ports(unsigned short from, unsigned short n)
{
	if (ioperm(from, n, 1)) {
		fprintf(stderr, "irq-storm: ioperm(0x%x): %s\n", from,
			strerror(errno));
		exit(1);
	}
}

/* The ELCR bit of ISA IRQ @irq: level (1) or edge (0). */
static void set_trigger(long irq, int level)
{
	unsigned short port = ELCR_PORT + irq / 8;
	unsigned char bit = 1 << (irq % 8), v;

	ports(ELCR_PORT, 2);
	v = inb(port);
	outb(level ? v | bit : v & ~bit, port);
}

int main(int argc, char **argv)
{
	long irq, divisor;

	if (argc != 3) {
		fprintf(stderr,
			"usage: irq-storm level IRQ | quiet IRQ | pit DIVISOR\n");
		return 2;
	}
	if (!strcmp(argv[1], "pit")) {
		divisor = number(argv[2], "DIVISOR", 2, 65535);
		ports(PIT_CH0, 4);
		outb(0x34,
		     PIT_MODE); /* channel 0, low then high byte, mode 2 */
		outb(divisor & 0xff, PIT_CH0);
		outb(divisor >> 8, PIT_CH0);
		return 0;
	}
	/* IRQs 2 (the cascade) and 0, 1, 8, 13 (fixed edge) stay as they are. */
	irq = number(argv[2], "IRQ", 3, 15);
	ports(TESTDEV_IRQ_PORT + irq, 1);
	if (!strcmp(argv[1], "level")) {
		set_trigger(irq, 1);
		outb(1, TESTDEV_IRQ_PORT + irq);
		return 0;
	}
	if (!strcmp(argv[1], "quiet")) {
		outb(0, TESTDEV_IRQ_PORT + irq);
		set_trigger(irq, 0);
		return 0;
	}
	fprintf(stderr, "irq-storm: '%s': want level, quiet or pit\n", argv[1]);
	return 2;
}
