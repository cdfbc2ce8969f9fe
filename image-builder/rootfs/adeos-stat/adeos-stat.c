// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-stat: the pipeline's domains, the counts of their IRQs and the
 * latency figures of the domains that measure it, from /proc/adeos,
 * refreshed like top (or printed once with -1).
 *
 * It runs inside the image: a static i386 program, no curses, only
 * the ANSI "home" and "clear" escapes between frames. Lines of the
 * proc files it does not understand are skipped.
 *
 * Exit status: 0 fine (Ctrl-C included), 1 unreadable input or a
 * failed reset, 2 usage errors.
 */
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "adeos-stat.h"

/* What the command line asks for. */
struct options {
	int once; /* -1 */
	int reset; /* -r */
	double delay; /* -d, seconds */
	long long nframes; /* -n; 0: until Ctrl-C */
};

static const char *prog = "adeos-stat";
static struct snapshot snaps[2];

void die(int status, const char *fmt, ...)
{
	va_list ap;

	fflush(stdout);
	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	exit(status);
}

/* ---- options ---- */

static void print_help(FILE *f)
{
	fprintf(f,
		"usage: %s [-1] [-r] [-d SECONDS] [-n FRAMES] [-p DIR]\n"
		"Show the Adeos pipeline's domains, the counts of their IRQs and the\n"
		"latency figures of the domains that measure it, refreshed like top.\n"
		"  -1          print once and exit\n"
		"  -d SECONDS  refresh every SECONDS (default 1; decimals allowed)\n"
		"  -n FRAMES   stop after FRAMES frames\n"
		"  -p DIR      read DIR instead of " DEFAULT_DIR "\n"
		"  -r          reset every latency file before the first print\n"
		"  -h          show this help\n"
		"Without -1, the rate of received IRQs per second is shown; Ctrl-C quits.\n",
		prog);
}

static void __attribute__((noreturn, format(printf, 1, 2)))
usage_error(const char *fmt, ...)
{
	va_list ap;

	fprintf(stderr, "%s: ", prog);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fprintf(stderr, "\nTry '%s -h' for help.\n", prog);
	exit(2);
}

static double parse_delay(const char *arg)
{
	double delay;
	char *end;

	errno = 0;
	delay = strtod(arg, &end);
	if (errno || end == arg || *end || !(delay > 0) || delay > 86400)
		usage_error(
			"-d %s: not a number of seconds (more than 0, up to 86400)",
			arg);
	return delay;
}

static long long parse_frames(const char *arg)
{
	long long n;

	if (!parse_s64(arg, &n) || n < 1)
		usage_error("-n %s: not a number of frames (1 or more)", arg);
	return n;
}

/* The options into @o; -h prints the help and exits. */
static void parse_options(int argc, char **argv, struct options *o)
{
	int opt;

	while ((opt = getopt(argc, argv, ":1d:hn:p:r")) != -1) {
		switch (opt) {
		case '1':
			o->once = 1;
			break;
		case 'd':
			o->delay = parse_delay(optarg);
			break;
		case 'n':
			o->nframes = parse_frames(optarg);
			break;
		case 'p':
			proc_dir = optarg;
			break;
		case 'r':
			o->reset = 1;
			break;
		case 'h':
			print_help(stdout);
			exit(0);
		case ':':
			usage_error("option -%c needs a value", optopt);
		default:
			usage_error("unknown option -%c", optopt);
		}
	}
	if (optind < argc)
		usage_error("unexpected argument '%s'", argv[optind]);
}

/* ---- the refresh loop ---- */

/* @secs is positive: no libm for its whole part. */
static void add_seconds(struct timespec *t, double secs)
{
	time_t whole = (time_t)secs;

	t->tv_sec += whole;
	t->tv_nsec += (long)((secs - whole) * 1e9);
	if (t->tv_nsec >= 1000000000L) {
		t->tv_sec++;
		t->tv_nsec -= 1000000000L;
	}
}

static int before(const struct timespec *a, const struct timespec *b)
{
	return a->tv_sec < b->tv_sec ||
	       (a->tv_sec == b->tv_sec && a->tv_nsec < b->tv_nsec);
}

/*
 * Wait until @until for a signal of @set (blocked): 0 if one came. A
 * SIGINT while a frame is made waits for this, so no handler is needed.
 */
static int wait_until(const struct timespec *until, const sigset_t *set)
{
	struct timespec now, left;

	for (;;) {
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (!before(&now, until))
			return 1;
		left.tv_sec = until->tv_sec - now.tv_sec;
		left.tv_nsec = until->tv_nsec - now.tv_nsec;
		if (left.tv_nsec < 0) {
			left.tv_sec--;
			left.tv_nsec += 1000000000L;
		}
		if (sigtimedwait(set, NULL, &left) > 0)
			return 0;
	}
}

/*
 * A frame every @o->delay seconds, each with the rates since the one
 * before, until @o->nframes are out or Ctrl-C (then a last newline).
 */
static void refresh(const struct options *o)
{
	long long frames = 0;
	struct timespec next, now;
	sigset_t sigint;
	int cur = 0;

	sigemptyset(&sigint);
	sigaddset(&sigint, SIGINT);
	sigprocmask(SIG_BLOCK, &sigint, NULL);
	setvbuf(stdout, NULL, _IOFBF, 1 << 14);
	clock_gettime(CLOCK_MONOTONIC, &next);
	for (;;) {
		add_seconds(&next, o->delay);
		snapshot_read(&snaps[cur]);
		if (frames)
			compute_rates(&snaps[cur], &snaps[!cur]);
		print_frame(&snaps[cur], 1, o->delay);
		if (++frames == o->nframes)
			return;
		cur = !cur;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (before(&next, &now))
			next = now; /* fell behind: no burst of frames */
		if (!wait_until(&next, &sigint))
			break;
	}
	putchar('\n');
	fflush(stdout);
}

int main(int argc, char **argv)
{
	struct options o = { .delay = 1.0 };

	parse_options(argc, argv, &o);
	if (o.reset) {
		snapshot_read(&snaps[0]);
		reset_latency(&snaps[0]);
	}
	if (o.once) {
		snapshot_read(&snaps[0]);
		print_frame(&snaps[0], 0, o.delay);
		return 0;
	}
	refresh(&o);
	return 0;
}
