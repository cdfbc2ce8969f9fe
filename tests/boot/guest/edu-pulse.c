// SPDX-License-Identifier: GPL-2.0-only
/*
 * edu-pulse: make QEMU's edu device (-device edu) interrupt, from user
 * space, through its registers in BAR 0 (the PCI device's resource0 in
 * sysfs): writing the raise register (0x60) sets a cause in the status
 * register (0x24) and raises the device's INTx line or MSI; the owner of
 * the interrupt clears the cause through the acknowledge register
 * (0x64). Each interrupt is raised after the previous one was
 * acknowledged, so COUNT raises are COUNT interrupts, none merged.
 *
 * usage: edu-pulse DEVICE COUNT    (DEVICE: 0000:00:05.0)
 * Prints "raised N", "acknowledged N", "unanswered N": an interrupt not
 * acknowledged within the poll budget is left, and counted unanswered.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define EDU_IDENT 0x00
#define EDU_STATUS 0x24
#define EDU_RAISE 0x60
#define EDU_ACK 0x64
#define EDU_BAR_SIZE 4096
/* reads of the status register before an interrupt counts unanswered */
#define POLLS 1000000

static volatile uint32_t *reg(volatile uint8_t *bar, unsigned int off)
{
	return (volatile uint32_t *)(bar + off);
}

static volatile uint8_t *map_bar(const char *device)
{
	char path[256];
	void *bar;
	int fd;

	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/resource0",
		 device);
	fd = open(path, O_RDWR | O_SYNC);
	if (fd < 0) {
		fprintf(stderr, "edu-pulse: %s: %s\n", path, strerror(errno));
		exit(1);
	}
	bar = mmap(NULL, EDU_BAR_SIZE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		   0);
	if (bar == MAP_FAILED) {
		fprintf(stderr, "edu-pulse: mmap %s: %s\n", path,
			strerror(errno));
		exit(1);
	}
	close(fd);
	return bar;
}

int main(int argc, char **argv)
{
	long count, i, polls, acked = 0, unanswered = 0;
	volatile uint8_t *bar;
	char *end;

	if (argc != 3) {
		fprintf(stderr, "usage: edu-pulse DEVICE COUNT\n");
		return 2;
	}
	count = strtol(argv[2], &end, 0);
	if (*end || end == argv[2] || count < 0) {
		fprintf(stderr, "edu-pulse: COUNT '%s': want a number\n",
			argv[2]);
		return 2;
	}
	bar = map_bar(argv[1]);
	if ((*reg(bar, EDU_IDENT) & 0xff) != 0xed) {
		fprintf(stderr, "edu-pulse: %s is no edu device (ident %08x)\n",
			argv[1], *reg(bar, EDU_IDENT));
		return 1;
	}
	for (i = 0; i < count; i++) {
		*reg(bar, EDU_RAISE) = 1;
		for (polls = 0; polls < POLLS && *reg(bar, EDU_STATUS); polls++)
			;
		if (polls < POLLS)
			acked++;
		else
			unanswered++;
	}
	printf("raised %ld\nacknowledged %ld\nunanswered %ld\n", count, acked,
	       unanswered);
	return 0;
}
