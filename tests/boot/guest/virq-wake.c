// SPDX-License-Identifier: GPL-2.0-only
/*
 * virq-wake: does a task that a domain wakes run at once? Needs
 * adeos-wake.ko loaded and QEMU's pc-testdev (-device pc-testdev).
 *
 * usage: virq-wake IRQ COUNT
 *
 * A SCHED_FIFO reader blocks in read() of /proc/adeos-wake; a SCHED_OTHER
 * loop raises IRQ through pc-testdev, COUNT times. The domain of
 * adeos-wake.ko takes the IRQ and sends Linux a virtual IRQ, whose
 * handler wakes the reader. The reader preempts the loop at the return
 * from that interrupt if Linux handled the virtual IRQ inside its
 * interrupt entry and exit, so it has run by the time the loop executes
 * its next instruction: "prompt". Otherwise it runs at the next
 * preemption point, such as Linux's next timer tick: "late" (it may
 * never: "lost", after a long wait).
 *
 * With "held", the loop writes "held" to /proc/adeos-wake instead: the
 * module raises the IRQ while it holds the domain's stage stalled, and
 * unstalls it (its own counts say whether the reader ran inside).
 *
 * Prints "prompt N late N lost N".
 */
#include <errno.h>
#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/io.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define TESTDEV_IRQ_PORT 0x2000
#define ISA_IRQS 16
#define SPIN_LIMIT 200000000L

static long number(const char *arg, const char *what, long max)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 0);
	if (errno || *end || end == arg || n < 1 || n > max) {
		fprintf(stderr, "virq-wake: %s '%s': want 1 to %ld\n", what,
			arg, max);
		exit(2);
	}
	return n;
}

/* The reader: SCHED_FIFO, one read per wake-up, each count shared. */
static void reader(volatile long *woken, long count)
{
	struct sched_param sp = { .sched_priority = 50 };
	char buf[32];
	long i;
	int fd;

	if (sched_setscheduler(0, SCHED_FIFO, &sp)) {
		perror("virq-wake: sched_setscheduler");
		exit(1);
	}
	fd = open("/proc/adeos-wake", O_RDONLY);
	if (fd < 0) {
		perror("virq-wake: /proc/adeos-wake");
		exit(1);
	}
	woken[1] = 1; /* ready */
	for (i = 1; i <= count; i++) {
		if (read(fd, buf, sizeof(buf)) <= 0) {
			perror("virq-wake: read");
			exit(1);
		}
		woken[0] = i;
	}
	exit(0);
}

int main(int argc, char **argv)
{
	struct timespec settle = { 0, 200000000 };
	long irq, count, i, spins, prompt = 0, late = 0, lost = 0;
	volatile long *woken;
	unsigned short port;
	int status, held, ctl = -1;
	pid_t pid;

	if (argc != 3 && (argc != 4 || strcmp(argv[3], "held"))) {
		fprintf(stderr, "usage: virq-wake IRQ COUNT [held]\n");
		return 2;
	}
	held = argc == 4;
	irq = number(argv[1], "IRQ", ISA_IRQS - 1);
	count = number(argv[2], "COUNT", 1000000);
	port = TESTDEV_IRQ_PORT + irq;
	if (held) {
		ctl = open("/proc/adeos-wake", O_WRONLY);
		if (ctl < 0) {
			perror("virq-wake: /proc/adeos-wake");
			return 1;
		}
	} else if (ioperm(port, 1, 1)) {
		fprintf(stderr, "virq-wake: ioperm(0x%x): %s\n", port,
			strerror(errno));
		return 1;
	}
	woken = mmap(NULL, 2 * sizeof(long), PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (woken == MAP_FAILED) {
		perror("virq-wake: mmap");
		return 1;
	}
	pid = fork();
	if (pid < 0) {
		perror("virq-wake: fork");
		return 1;
	}
	if (!pid)
		reader(woken, count);
	/* Until the reader is blocked in its first read. */
	while (!woken[1])
		nanosleep(&settle, NULL);
	nanosleep(&settle, NULL);
	for (i = 1; i <= count; i++) {
		if (held && write(ctl, "held", 4) != 4) {
			perror("virq-wake: held");
			lost++;
			break;
		}
		if (!held)
			outb(1, port); /* the IRQ is taken after it */
		if (woken[0] == i) {
			prompt++;
		} else {
			for (spins = 0; spins < SPIN_LIMIT && woken[0] != i;
			     spins++)
				;
			if (woken[0] == i)
				late++;
			else
				lost++;
		}
		if (!held)
			outb(0, port);
		if (lost)
			break;
	}
	if (lost)
		kill(pid, SIGKILL);
	waitpid(pid, &status, 0);
	printf("prompt %ld late %ld lost %ld\n", prompt, late, lost);
	return 0;
}
