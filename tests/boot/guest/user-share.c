// SPDX-License-Identifier: GPL-2.0-only
/*
 * user-share: a loop of short system calls (getppid) with user work
 * between them, for SECONDS of guest time, and how Linux's tick split it
 * into user and system time (/proc/self/stat's utime and stime) beside
 * what the guest clock says each part costs, measured alone first.
 * Under -icount the clock counts instructions: the expected share is
 * the user work's share of the loop's instructions. The tick samples the
 * loop at random points (the work's lengths vary), so the share it
 * finds is off by sqrt(p(1-p)/ticks) on average: 5 per mille at 30 s
 * (HZ 250).
 *
 * usage: user-share SECONDS WORK
 * prints the lines "user_ns N", "sys_ns N", "expected_pm N", "utime N",
 * "stime N", "measured_pm N" (_pm: per mille of the CPU time that is
 * user time)
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>
#include <sys/syscall.h>

static volatile unsigned long sink;
static unsigned long work_rounds;
static unsigned int seed = 2463534242u;

/* xorshift32: the same sequence every run */
static unsigned int next_random(void)
{
	seed ^= seed << 13;
	seed ^= seed >> 17;
	seed ^= seed << 5;
	return seed;
}

/*
 * Between half and one and a half times WORK rounds, WORK on average:
 * a loop of one fixed length is periodic, and so is the tick under
 * -icount, so the tick would sample a few points of the loop again and
 * again (at WORK 180 it found 44 per mille user where the clock said
 * 248, at 190, 455). Lengths drawn at random spread the tick's points
 * over the whole loop.
 */
static void user_work(void)
{
	unsigned long i;
	unsigned long rounds = work_rounds / 2 +
			      next_random() % (work_rounds + 1);

	for (i = 0; i < rounds; i++)
		sink += i;
}

/*
 * getppid through the kernel every time, by int $0x80 itself: libc's
 * syscall() and the vDSO's entry run user-mode instructions that the
 * tick rightly counts as user time but this program's clock would count
 * as the call's.
 */
static void short_syscall(void)
{
	long ret;

	asm volatile("int $0x80" : "=a"(ret) : "0"(SYS_getppid) : "memory");
	sink += ret;
}

static long long now_ns(void)
{
	struct timespec t;

	clock_gettime(CLOCK_MONOTONIC, &t);
	return t.tv_sec * 1000000000LL + t.tv_nsec;
}

/* The guest time of one call of @f, over @n calls. */
static long long cost_ns(void (*f)(void), unsigned long n)
{
	long long start = now_ns();
	unsigned long i;

	for (i = 0; i < n; i++)
		f();
	return (now_ns() - start) / (long long)n;
}

/* utime and stime, in clock ticks: fields 14 and 15 of /proc/self/stat */
static void cpu_ticks(unsigned long *utime, unsigned long *stime)
{
	char line[1024], *p;
	FILE *f = fopen("/proc/self/stat", "r");
	int field;

	if (!f || !fgets(line, sizeof(line), f)) {
		perror("/proc/self/stat");
		exit(1);
	}
	fclose(f);
	/* the command name may hold spaces: count from after its ')' */
	p = strrchr(line, ')');
	for (field = 2; p && field < 14; field++)
		p = strchr(p + 1, ' ');
	if (!p || sscanf(p + 1, "%lu %lu", utime, stime) != 2) {
		fprintf(stderr, "user-share: no utime in %s", line);
		exit(1);
	}
}

int main(int argc, char **argv)
{
	unsigned long u0, s0, u1, s1, calib = 20000;
	long long user_ns, sys_ns, end;
	double seconds = 0;

	if (argc == 3) {
		seconds = atof(argv[1]);
		work_rounds = strtoul(argv[2], NULL, 0);
	}
	if (argc != 3 || seconds <= 0 || !work_rounds) {
		fprintf(stderr, "usage: user-share SECONDS WORK\n");
		return 2;
	}
	user_ns = cost_ns(user_work, calib);
	sys_ns = cost_ns(short_syscall, calib);
	cpu_ticks(&u0, &s0);
	end = now_ns() + (long long)(seconds * 1e9);
	while (now_ns() < end) {
		unsigned long i;

		for (i = 0; i < 100; i++) {
			user_work();
			short_syscall();
		}
	}
	cpu_ticks(&u1, &s1);
	printf("user_ns %lld\nsys_ns %lld\nexpected_pm %lld\nutime %lu\n"
	       "stime %lu\nmeasured_pm %lu\n",
	       user_ns, sys_ns, user_ns * 1000 / (user_ns + sys_ns), u1 - u0,
	       s1 - s0,
	       (u1 - u0 + s1 - s0) ? (u1 - u0) * 1000 / (u1 - u0 + s1 - s0) :
				     0);
	return 0;
}
