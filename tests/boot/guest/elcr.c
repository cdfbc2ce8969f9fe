// SPDX-License-Identifier: GPL-2.0-only
/*
 * elcr: print the ISA lines that the chipset's edge/level control
 * register (ELCR, ports 0x4d0 and 0x4d1; one bit per 8259 input) says
 * are level-triggered, as "level N N ...": what the firmware set for
 * the lines it lends to PCI.
 *
 * usage: elcr
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <sys/io.h>

#define ELCR_PORT 0x4d0

int main(void)
{
	unsigned int bits, irq;

	if (ioperm(ELCR_PORT, 2, 1)) {
		fprintf(stderr, "elcr: ioperm(0x%x): %s\n", ELCR_PORT,
			strerror(errno));
		return 1;
	}
	bits = inb(ELCR_PORT) | inb(ELCR_PORT + 1) << 8;
	printf("level");
	for (irq = 0; irq < 16; irq++)
		if (bits & 1u << irq)
			printf(" %u", irq);
	printf("\n");
	return 0;
}
