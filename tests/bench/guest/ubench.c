// SPDX-License-Identifier: GPL-2.0-only
/*
 * ubench: what Linux's basic operations cost, in guest time, for make
 * bench's pipeline on/off table. Under QEMU's -icount shift=3 every guest
 * instruction takes 8 ns of guest time, so the figures are instructions
 * per operation, the same on every host.
 *
 *   ubench [RUNS [ROW [N]]]   every row (or ROW), RUNS runs each
 *                             (default 5) of its own count of operations
 *                             (or N, without the warm-up run)
 *
 * One line per row: "row NAME min M median D" (instructions per
 * operation). The TSC is read around each run and converted with its
 * rate against CLOCK_MONOTONIC, measured once at the start.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define NS_PER_INSN 8 /* -icount shift=3 */
#define MAX_RUNS 50

static double ns_per_tick;

static uint64_t rdtsc(void)
{
	uint32_t lo, hi;

	__asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
	return (uint64_t)hi << 32 | lo;
}

static uint64_t now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000u + ts.tv_nsec;
}

static void die(const char *what)
{
	fprintf(stderr, "ubench: %s: %s\n", what, strerror(errno));
	exit(1);
}

/* The TSC's period in guest ns, over 20 ms of guest time. */
static void calibrate(void)
{
	uint64_t t0 = now_ns(), c0 = rdtsc(), t1, c1;

	do {
		t1 = now_ns();
	} while (t1 - t0 < 20000000u);
	c1 = rdtsc();
	ns_per_tick = (double)(t1 - t0) / (double)(c1 - c0);
}

/* ---- the operations: each does @n of its kind ---- */

static void do_getppid(unsigned int n)
{
	while (n--)
		syscall(SYS_getppid);
}

/* One byte there and back between two processes, over two pipes. */
static void do_pipe(unsigned int n)
{
	int there[2], back[2];
	unsigned int i;
	char c = 0;
	pid_t pid;

	if (pipe(there) || pipe(back))
		die("pipe");
	pid = fork();
	if (pid < 0)
		die("fork");
	if (!pid) {
		for (i = 0; i < n; i++)
			if (read(there[0], &c, 1) != 1 ||
			    write(back[1], &c, 1) != 1)
				_exit(1);
		_exit(0);
	}
	for (i = 0; i < n; i++)
		if (write(there[1], &c, 1) != 1 || read(back[0], &c, 1) != 1)
			die("pipe round trip");
	waitpid(pid, NULL, 0);
	close(there[0]);
	close(there[1]);
	close(back[0]);
	close(back[1]);
}

static void do_fork(unsigned int n)
{
	pid_t pid;

	while (n--) {
		pid = fork();
		if (pid < 0)
			die("fork");
		if (!pid)
			_exit(0);
		waitpid(pid, NULL, 0);
	}
}

/* @n page faults: fresh anonymous pages, written once each. */
#define FAULT_PAGES 256
static void do_fault(unsigned int n)
{
	long page = sysconf(_SC_PAGESIZE);
	unsigned int i;
	char *p;

	while (n) {
		unsigned int k = n < FAULT_PAGES ? n : FAULT_PAGES;

		p = mmap(NULL, FAULT_PAGES * page, PROT_READ | PROT_WRITE,
			 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (p == MAP_FAILED)
			die("mmap");
		for (i = 0; i < k; i++)
			p[i * page] = 1;
		munmap(p, FAULT_PAGES * page);
		n -= k;
	}
}

struct row {
	const char *name;
	void (*run)(unsigned int n);
	unsigned int n; /* operations per run */
};

static const struct row rows[] = {
	{ "getppid", do_getppid, 20000 },
	{ "pipe-pingpong", do_pipe, 2000 },
	{ "fork-exit-wait", do_fork, 200 },
	{ "page-fault", do_fault, 4096 },
};

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return x < y ? -1 : x > y;
}

static void measure(const struct row *r, int runs, unsigned int n)
{
	double insns[MAX_RUNS];
	uint64_t c0;
	int i;

	if (!n) {
		n = r->n;
		r->run(n / 10 + 1); /* warm: the first run's page faults */
	}
	for (i = 0; i < runs; i++) {
		c0 = rdtsc();
		r->run(n);
		insns[i] =
			(double)(rdtsc() - c0) * ns_per_tick / NS_PER_INSN / n;
	}
	qsort(insns, runs, sizeof(insns[0]), cmp_double);
	printf("row %s min %.0f median %.0f\n", r->name, insns[0],
	       insns[runs / 2]);
	fflush(stdout);
}

int main(int argc, char **argv)
{
	int runs = argc > 1 ? atoi(argv[1]) : 5;
	unsigned int i, n = argc > 3 ? (unsigned int)atoi(argv[3]) : 0;

	if (runs < 1 || runs > MAX_RUNS) {
		fprintf(stderr, "ubench: RUNS must be 1..%d\n", MAX_RUNS);
		return 2;
	}
	calibrate();
	for (i = 0; i < sizeof(rows) / sizeof(rows[0]); i++)
		if (argc < 3 || !strcmp(argv[2], rows[i].name))
			measure(&rows[i], runs, n);
	return 0;
}
