// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-fuzz: bad writes and odd reads on the files a user can write
 * (/proc/adeos/..., /dev/adeos-...), for fuzz_test.py.
 *
 *   adeos-fuzz corpus FILE      each case of the corpus once (partial
 *                               writes among them: at an offset, and
 *                               one whose buffer runs into an unmapped
 *                               page after 8 digits); one line
 *                               per case: "case NAME: RESULT", RESULT
 *                               the bytes written or the errno's name
 *   adeos-fuzz reads FILE       reads of 1, 3 and 4096 bytes, at odd
 *                               offsets: "reads: ok N bytes" or an error
 *   adeos-fuzz random SEED N FILE...
 *                               N writes of corpus cases, numbers and
 *                               random bytes on random files, from two
 *                               processes at once; "random: N writes, K
 *                               accepted, E refused (ERRNO N ...)"
 *
 * Nothing here judges: the test knows which cases each file must refuse.
 * Exit status: 0, or 2 for a usage or set-up error.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define BIG (1024 * 1024)

struct fuzz_case {
	const char *name;
	const char *text; /* NULL: a generated buffer */
	size_t len; /* of the generated buffer */
	off_t offset; /* where to write it (pwrite), if not 0 */
	int fault; /* the buffer runs into an unmapped page after 8 bytes */
};

static const struct fuzz_case corpus[] = {
	{ .name = "empty", .text = "" },
	{ .name = "newline", .text = "\n" },
	{ .name = "garbage", .text = "garbage\n" },
	{ .name = "negative", .text = "-1\n" },
	{ .name = "int-overflow", .text = "2147483648\n" },
	{ .name = "long-overflow", .text = "99999999999999999999999\n" },
	{ .name = "exponent", .text = "1e3\n" },
	{ .name = "trailing", .text = "10x\n" },
	{ .name = "hex-garbage", .text = "0xzz\n" },
	{ .name = "spaces", .text = "   \n" },
	{ .name = "nul", .len = 8 },
	{ .name = "4k", .len = 4096 },
	{ .name = "offset", .text = "garbage\n", .offset = 5 },
	{ .name = "fault", .len = 16, .fault = 1 },
	{ .name = "1m", .len = BIG }, /* last: the random phase skips it */
};

static char *big;
static char *fault_buf; /* 8 digits, then a page that is not mapped */

static const char *errno_name(int e)
{
	switch (e) {
	case EINVAL:
		return "EINVAL";
	case ERANGE:
		return "ERANGE";
	case EMSGSIZE:
		return "EMSGSIZE";
	case EEXIST:
		return "EEXIST";
	case EBUSY:
		return "EBUSY";
	case EPERM:
		return "EPERM";
	case EFAULT:
		return "EFAULT";
	case EAGAIN:
		return "EAGAIN";
	case ENOSPC:
		return "ENOSPC";
	case ENOMEM:
		return "ENOMEM";
	case ESPIPE:
		return "ESPIPE";
	default:
		return strerror(e);
	}
}

/*
 * One write of @len bytes at @buf to a fresh open of @path, at @offset
 * if not 0.
 */
static long write_at(const char *path, const char *buf, size_t len,
		     off_t offset, int *err)
{
	int fd = open(path, O_WRONLY | O_NONBLOCK);
	long n;

	if (fd < 0) {
		*err = errno;
		return -1;
	}
	n = offset ? pwrite(fd, buf, len, offset) : write(fd, buf, len);
	*err = n < 0 ? errno : 0;
	close(fd);
	return n;
}

static void case_buffer(const struct fuzz_case *c, const char **buf,
			size_t *len)
{
	if (c->fault) {
		*buf = fault_buf;
		*len = c->len;
		return;
	}
	if (c->text) {
		*buf = c->text;
		*len = strlen(c->text);
		return;
	}
	/* "nul": zero bytes; the big ones: digits, a number too long */
	memset(big, c->len == 8 ? 0 : '7', c->len);
	*buf = big;
	*len = c->len;
}

static int run_corpus(const char *path)
{
	unsigned int i;

	for (i = 0; i < sizeof(corpus) / sizeof(corpus[0]); i++) {
		const char *buf;
		size_t len;
		long n;
		int err;

		case_buffer(&corpus[i], &buf, &len);
		n = write_at(path, buf, len, corpus[i].offset, &err);
		if (n < 0)
			printf("case %s: %s\n", corpus[i].name,
			       errno_name(err));
		else
			printf("case %s: %ld of %zu\n", corpus[i].name, n, len);
	}
	return 0;
}

/* Read the whole file in @chunk-byte reads from @offset: its length. */
static long read_in(const char *path, size_t chunk, off_t offset)
{
	char buf[4096];
	long total = 0, n;
	int fd = open(path, O_RDONLY | O_NONBLOCK);

	if (fd < 0)
		return -errno;
	if (offset && lseek(fd, offset, SEEK_SET) < 0 && errno != ESPIPE) {
		n = -errno;
		close(fd);
		return n;
	}
	while ((n = read(fd, buf, chunk)) > 0 && total < BIG)
		total += n;
	if (n < 0 && errno != EAGAIN)
		total = -errno;
	close(fd);
	return total;
}

static int run_reads(const char *path)
{
	static const size_t chunks[] = { 1, 3, 4096 };
	static const off_t offsets[] = { 0, 3, 4097 };
	unsigned int i, j;

	for (i = 0; i < 3; i++)
		for (j = 0; j < 3; j++) {
			long n = read_in(path, chunks[i], offsets[j]);

			if (n < 0)
				printf("reads: %zu-byte reads from %ld: %s\n",
				       chunks[i], (long)offsets[j],
				       errno_name(-n));
			else
				printf("reads: %zu-byte reads from %ld: ok %ld bytes\n",
				       chunks[i], (long)offsets[j], n);
		}
	return 0;
}

static unsigned long long rng;

static unsigned long rnd(unsigned long n)
{
	rng ^= rng >> 12;
	rng ^= rng << 25;
	rng ^= rng >> 27;
	return (rng * 0x2545F4914F6CDD1DULL >> 33) % n;
}

/*
 * @count random writes over @paths: a corpus case (but the 1 MiB one),
 * a number below 400, or 1 to 300 random printable bytes. Counts per
 * errno go to stdout as one line.
 */
static void random_writes(unsigned long count, char **paths, int npaths,
			  const char *who)
{
	unsigned long accepted = 0, refused = 0, by[4] = { 0 };
	static const int known[4] = { EINVAL, EMSGSIZE, EEXIST, ERANGE };
	unsigned long i, other = 0;

	for (i = 0; i < count; i++) {
		const char *path = paths[rnd(npaths)];
		const char *buf;
		size_t len;
		int err, k;

		off_t offset = 0;

		k = rnd(3);
		if (k == 0) {
			const struct fuzz_case *c = &corpus[rnd(
				sizeof(corpus) / sizeof(corpus[0]) - 1)];

			case_buffer(c, &buf, &len);
			offset = c->offset;
		} else if (k == 1) {
			/* a number that may be taken: a renice, a stall */
			len = sprintf(big, "%lu\n", rnd(400));
			buf = big;
		} else {
			len = 1 + rnd(300);
			for (k = 0; k < (int)len; k++)
				big[k] = 32 + rnd(95);
			buf = big;
		}
		if (write_at(path, buf, len, offset, &err) >= 0) {
			accepted++;
			continue;
		}
		refused++;
		for (k = 0; k < 4 && known[k] != err; k++)
			;
		if (k < 4)
			by[k]++;
		else
			other++;
	}
	printf("random %s: %lu writes, %lu accepted, %lu refused (EINVAL %lu EMSGSIZE %lu EEXIST %lu ERANGE %lu other %lu)\n",
	       who, count, accepted, refused, by[0], by[1], by[2], by[3],
	       other);
}

static int run_random(unsigned long seed, unsigned long count, char **paths,
		      int npaths)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid < 0) {
		perror("adeos-fuzz: fork");
		return 2;
	}
	/* two writers at once, each its own sequence */
	rng = seed * 2 + (pid == 0) + 1;
	random_writes(count / 2 + (pid == 0 ? count % 2 : 0), paths, npaths,
		      pid == 0 ? "child" : "parent");
	if (pid == 0) {
		fflush(stdout);
		_exit(0);
	}
	waitpid(pid, &status, 0);
	return WIFEXITED(status) && !WEXITSTATUS(status) ? 0 : 2;
}

static int usage(void)
{
	fprintf(stderr,
		"usage: adeos-fuzz corpus FILE | reads FILE | random SEED N FILE...\n");
	return 2;
}

/* Two pages, the second unmapped: 8 digits end the first. */
static int map_fault_buf(void)
{
	long page = sysconf(_SC_PAGESIZE);
	char *p = mmap(NULL, 2 * page, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED || munmap(p + page, page))
		return -1;
	fault_buf = p + page - 8;
	memcpy(fault_buf, "12345678", 8);
	return 0;
}

int main(int argc, char **argv)
{
	setvbuf(stdout, NULL, _IOLBF, 0);
	big = malloc(BIG);
	if (!big || map_fault_buf())
		return 2;
	if (argc == 3 && !strcmp(argv[1], "corpus"))
		return run_corpus(argv[2]);
	if (argc == 3 && !strcmp(argv[1], "reads"))
		return run_reads(argv[2]);
	if (argc >= 5 && !strcmp(argv[1], "random"))
		return run_random(strtoul(argv[2], NULL, 10),
				  strtoul(argv[3], NULL, 10), argv + 4,
				  argc - 4);
	return usage();
}
