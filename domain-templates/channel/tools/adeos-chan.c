// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-chan: the user-space end of a channel domain's device.
 *
 *   adeos-chan DEVICE            each line of stdin is a message; print
 *                                each answer on a line of its own
 *   adeos-chan -n COUNT DEVICE   send COUNT numbered messages, read the
 *                                answers back, and check that each came
 *                                once and in order
 *
 * -w WINDOW: messages in flight before reading answers (default 8).
 * Exit status: 0 fine, 1 a message lost or out of order, 2 usage or I/O.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MSG_MAX 256

static const char *device;

static void fail_io(const char *what)
{
	fprintf(stderr, "adeos-chan: %s %s: %s\n", what, device,
		strerror(errno));
	exit(2);
}

static long parse_count(const char *arg, const char *what)
{
	char *end;
	long n;

	errno = 0;
	n = strtol(arg, &end, 0);
	if (errno || *end || end == arg || n < 1) {
		fprintf(stderr, "adeos-chan: %s '%s': want a positive number\n",
			what, arg);
		exit(2);
	}
	return n;
}

static void send_msg(int fd, const char *msg, size_t len)
{
	if (write(fd, msg, len) != (ssize_t)len)
		fail_io("writing to");
}

static ssize_t receive(int fd, char *msg)
{
	ssize_t n = read(fd, msg, MSG_MAX);

	if (n < 0)
		fail_io("reading from");
	return n;
}

/* Lines in, answers out. */
static int talk(int fd)
{
	char line[MSG_MAX + 2], msg[MSG_MAX + 1];
	ssize_t n;

	while (fgets(line, sizeof(line), stdin)) {
		size_t len = strcspn(line, "\n");

		if (!len)
			continue;
		send_msg(fd, line, len > MSG_MAX ? MSG_MAX : len);
		n = receive(fd, msg);
		printf("%.*s\n", (int)n, msg);
		fflush(stdout);
	}
	return 0;
}

/* COUNT numbered messages, WINDOW in flight; every answer checked. */
static int count_run(int fd, long count, long window)
{
	long sent = 0, got = 0, bad = 0, expect;
	char msg[MSG_MAX + 1];
	ssize_t n;

	while (got < count) {
		while (sent < count && sent - got < window) {
			n = snprintf(msg, sizeof(msg), "adeos-chan %ld", sent);
			send_msg(fd, msg, n);
			sent++;
		}
		n = receive(fd, msg);
		msg[n] = '\0';
		if (sscanf(msg, "adeos-chan %ld", &expect) != 1 ||
		    expect != got) {
			if (!bad)
				fprintf(stderr,
					"adeos-chan: answer %ld is '%s'\n", got,
					msg);
			bad++;
		}
		got++;
	}
	printf("adeos-chan: %ld sent, %ld received in order, %ld missing or out of order\n",
	       sent, got - bad, bad);
	return bad ? 1 : 0;
}

static void print_usage(void)
{
	fprintf(stderr,
		"usage: adeos-chan [-n COUNT [-w WINDOW]] DEVICE\n"
		"  without -n, each line of stdin is a message, and each\n"
		"  answer is printed on a line of its own\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long count = 0, window = 8;
	int opt, fd;

	while ((opt = getopt(argc, argv, "n:w:h")) != -1) {
		if (opt == 'n')
			count = parse_count(optarg, "COUNT");
		else if (opt == 'w')
			window = parse_count(optarg, "WINDOW");
		else
			print_usage();
	}
	if (optind != argc - 1)
		print_usage();
	device = argv[optind];
	fd = open(device, O_RDWR);
	if (fd < 0)
		fail_io("opening");
	return count ? count_run(fd, count, window) : talk(fd);
}
