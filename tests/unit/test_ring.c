// SPDX-License-Identifier: GPL-2.0-only
#define _GNU_SOURCE /* REG_EFL */
/*
 * The message ring (adeos/ring.h): its errors, its FIFO order across
 * laps, its room and drop accounting, and streams of checked messages
 * under three kinds of interleaving: a seeded schedule of whole calls;
 * a domain that interrupts a call of Linux's side at an instruction the
 * seeded schedule picks (single-stepped with the x86 trap flag); and two
 * threads, as on SMP.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <string.h>
#include <ucontext.h>
#include <adeos/ring.h>
#include "../host/host.h"

#define MAX ADEOS_RING_MSG_MAX
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#define SEED 20020603u
/* The most messages in a stream. */
#define NR_MSGS 100000u

static unsigned char ring_buf[1u << 16];

/* A well-mixed 32-bit hash, for payloads and schedules. */
static uint32_t mix(uint32_t x)
{
	x ^= x >> 16;
	x *= 0x7feb352du;
	x ^= x >> 15;
	x *= 0x846ca68bu;
	x ^= x >> 16;
	return x;
}

/* xorshift32: the schedule's random numbers, from a seed. */
static uint32_t next_rand(uint32_t *s)
{
	uint32_t x = *s;

	x ^= x << 13;
	x ^= x >> 17;
	x ^= x << 5;
	*s = x;
	return x;
}

/* Fill @buf with @len bytes that depend on @len and @salt. */
static void pattern(unsigned char *buf, unsigned int len, unsigned int salt)
{
	unsigned int i;

	for (i = 0; i < len; i++)
		buf[i] = (unsigned char)mix(salt * 977u + len * 131u + i);
}

/* Empty, nothing dropped, every index at @start. */
static void ring_at(struct adeos_ring *r, unsigned int size, unsigned int start)
{
	assert_int_equal(adeos_ring_init(r, ring_buf, size), 0);
	r->head = start;
	r->tail = start;
}

static void init_rejects_bad_sizes(void **state)
{
	static const unsigned int bad[] = { 0,	1,  2,	 4,   32,	  63,
					    65, 96, 100, 192, 0x80000001, ~0u };
	static const unsigned int good[] = { 64, 128, 4096, 1u << 16 };
	struct adeos_ring r;
	unsigned int i;

	(void)state;
	for (i = 0; i < ARRAY_SIZE(bad); i++)
		assert_int_equal(adeos_ring_init(&r, ring_buf, bad[i]),
				 -EINVAL);
	assert_int_equal(adeos_ring_init(&r, NULL, 64), -EINVAL);
	for (i = 0; i < ARRAY_SIZE(good); i++) {
		memset(&r, 0xa5, sizeof(r));
		assert_int_equal(adeos_ring_init(&r, ring_buf, good[i]), 0);
		assert_int_equal(r.head, 0);
		assert_int_equal(r.tail, 0);
		assert_int_equal(r.size, good[i]);
		assert_ptr_equal(r.data, ring_buf);
		assert_int_equal(r.dropped, 0);
		assert_true(adeos_ring_empty(&r));
		assert_int_equal(adeos_ring_room(&r),
				 good[i] - 4 < MAX ? good[i] - 4 : MAX);
	}
}

static void round_trip_every_length(void **state)
{
	unsigned char in[MAX], out[MAX + 8];
	struct adeos_ring r;
	unsigned int len;

	(void)state;
	ring_at(&r, 1024, 0);
	for (len = 1; len <= MAX; len++) {
		pattern(in, len, 1);
		memset(out, 0xee, sizeof(out));
		assert_int_equal(adeos_ring_put(&r, in, len), 0);
		assert_false(adeos_ring_empty(&r));
		assert_int_equal(adeos_ring_get(&r, out, len), len);
		assert_memory_equal(out, in, len);
		/* nothing written past the message */
		assert_int_equal(out[len], 0xee);
		assert_true(adeos_ring_empty(&r));
		/* a larger buffer is fine too */
		assert_int_equal(adeos_ring_put(&r, in, len), 0);
		assert_int_equal(adeos_ring_get(&r, out, sizeof(out)), len);
		assert_memory_equal(out, in, len);
	}
	assert_int_equal(r.dropped, 0);
	assert_int_equal(adeos_ring_get(&r, out, sizeof(out)), -EAGAIN);
}

/*
 * Many laps of a small ring, with lengths that put every record end at
 * every place: FIFO order, exact contents, and a room() that is exactly
 * the largest put that succeeds, starting at @start.
 */
static void fifo_laps_from(unsigned int start)
{
	unsigned char in[MAX], out[MAX];
	unsigned int put_n = 0, got_n = 0, rnd = SEED;
	unsigned long refusals = 0;
	struct adeos_ring r;

	ring_at(&r, 256, start);
	while (got_n < 20000) {
		unsigned int len = 1 + next_rand(&rnd) % 120;
		unsigned int room = adeos_ring_room(&r);

		pattern(in, len, put_n);
		if (len <= room) {
			assert_int_equal(adeos_ring_put(&r, in, len), 0);
			put_n++;
			continue;
		}
		assert_int_equal(adeos_ring_put(&r, in, len), -ENOSPC);
		refusals++;
		assert_int_equal(adeos_ring_room(&r), room);
		/* and a put of exactly room bytes fits */
		if (room) {
			pattern(in, room, put_n);
			assert_int_equal(adeos_ring_put(&r, in, room), 0);
			assert_int_equal(adeos_ring_room(&r), 0);
			put_n++;
		}
		/* drain some */
		while (got_n < put_n && next_rand(&rnd) % 4) {
			int n = adeos_ring_get(&r, out, MAX);

			assert_true(n > 0);
			pattern(in, n, got_n);
			assert_memory_equal(out, in, n);
			got_n++;
		}
	}
	/* the ring went around many times */
	assert_true(r.head - start > 100 * r.size);
	assert_int_equal(r.dropped, refusals);
}

static void fifo_order_across_laps(void **state)
{
	(void)state;
	fifo_laps_from(0);
}

/* The free-running indices wrap at 2^32 in the middle of the laps. */
static void fifo_order_across_index_wrap(void **state)
{
	(void)state;
	fifo_laps_from(0u - 3000u);
	fifo_laps_from(0u - 4u);
}

static void full_ring_refuses_and_counts(void **state)
{
	unsigned char in[MAX], out[MAX];
	struct adeos_ring r;
	unsigned int i;

	(void)state;
	ring_at(&r, 64, 0);
	for (i = 0; i < 4; i++) {
		pattern(in, 12, i);
		assert_int_equal(adeos_ring_room(&r), 60 - 16 * i);
		assert_int_equal(adeos_ring_put(&r, in, 12), 0);
	}
	/* four records of 4 + 12 bytes: full */
	assert_int_equal(adeos_ring_room(&r), 0);
	assert_int_equal(r.head - r.tail, 64);
	assert_int_equal(adeos_ring_put(&r, in, 1), -ENOSPC);
	assert_int_equal(r.dropped, 1);
	assert_int_equal(adeos_ring_put(&r, in, 12), -ENOSPC);
	assert_int_equal(r.dropped, 2);
	assert_int_equal(r.head, 64);

	/* a get frees one record's room */
	assert_int_equal(adeos_ring_get(&r, out, MAX), 12);
	pattern(in, 12, 0);
	assert_memory_equal(out, in, 12);
	assert_int_equal(adeos_ring_room(&r), 12);
	assert_int_equal(adeos_ring_put(&r, in, 13), -ENOSPC);
	assert_int_equal(r.dropped, 3);
	pattern(in, 12, 4);
	assert_int_equal(adeos_ring_put(&r, in, 12), 0);
	assert_int_equal(adeos_ring_put(&r, in, 1), -ENOSPC);
	assert_int_equal(r.dropped, 4);

	/* the refused messages left no trace */
	for (i = 1; i <= 4; i++) {
		assert_int_equal(adeos_ring_get(&r, out, MAX), 12);
		pattern(in, 12, i);
		assert_memory_equal(out, in, 12);
	}
	assert_int_equal(adeos_ring_get(&r, out, MAX), -EAGAIN);
	assert_true(adeos_ring_empty(&r));
	assert_int_equal(adeos_ring_room(&r), 60);
	assert_int_equal(r.dropped, 4);
}

/* The ring and its bytes, to show that a call changed nothing. */
struct snapshot {
	struct adeos_ring r;
	unsigned char data[256];
};

static void snap(struct snapshot *s, const struct adeos_ring *r)
{
	s->r = *r;
	memcpy(s->data, r->data, r->size);
}

static void assert_unchanged(const struct snapshot *s,
			     const struct adeos_ring *r)
{
	assert_memory_equal(&s->r, r, sizeof(*r));
	assert_memory_equal(s->data, r->data, r->size);
}

static void msgsize_leaves_ring_unchanged(void **state)
{
	unsigned char in[MAX + 1], out[MAX];
	struct snapshot s;
	struct adeos_ring r;

	(void)state;
	ring_at(&r, 256, 0);
	memset(ring_buf, 0x5a, 256);
	pattern(in, sizeof(in), 7);
	assert_int_equal(adeos_ring_put(&r, in, 100), 0);
	snap(&s, &r);
	assert_int_equal(adeos_ring_put(&r, in, 0), -EMSGSIZE);
	assert_unchanged(&s, &r);
	assert_int_equal(adeos_ring_put(&r, in, MAX + 1), -EMSGSIZE);
	assert_unchanged(&s, &r);
	assert_int_equal(adeos_ring_put(&r, in, ~0u), -EMSGSIZE);
	assert_unchanged(&s, &r);

	/* too small a buffer: the message stays */
	assert_int_equal(adeos_ring_get(&r, out, 99), -EMSGSIZE);
	assert_unchanged(&s, &r);
	assert_int_equal(adeos_ring_get(&r, out, 0), -EMSGSIZE);
	assert_unchanged(&s, &r);
	assert_int_equal(adeos_ring_get(&r, out, 100), 100);
	assert_memory_equal(out, in, 100);

	/* empty: nothing to get */
	snap(&s, &r);
	assert_int_equal(adeos_ring_get(&r, out, MAX), -EAGAIN);
	assert_unchanged(&s, &r);
	assert_int_equal(r.dropped, 0);
}

/* A message that even an empty ring cannot hold is too big, not late. */
static void msgsize_beyond_a_small_ring(void **state)
{
	unsigned char in[MAX], out[MAX];
	struct snapshot s;
	struct adeos_ring r;

	(void)state;
	ring_at(&r, 64, 0);
	pattern(in, MAX, 3);
	snap(&s, &r);
	assert_int_equal(adeos_ring_put(&r, in, 61), -EMSGSIZE);
	assert_int_equal(adeos_ring_put(&r, in, MAX), -EMSGSIZE);
	assert_unchanged(&s, &r);
	assert_int_equal(adeos_ring_room(&r), 60);
	assert_int_equal(adeos_ring_put(&r, in, 60), 0);
	assert_int_equal(adeos_ring_room(&r), 0);
	assert_int_equal(adeos_ring_get(&r, out, MAX), 60);
	assert_memory_equal(out, in, 60);
	assert_int_equal(r.dropped, 0);
}

/* A header no put wrote (two producers raced): a panic, not an overrun. */
static void corrupt_record_panics(void **state)
{
	unsigned char in[16] = { 0 }, out[MAX];
	struct adeos_ring r;
	unsigned int bad = 200;
	jmp_buf jb;

	(void)state;
	ring_at(&r, 64, 0);
	assert_int_equal(adeos_ring_put(&r, in, 16), 0);
	memcpy(r.data, &bad, sizeof(bad));
	host.panic_jmp = &jb;
	if (!setjmp(jb)) {
		adeos_ring_get(&r, out, MAX);
		fail_msg("no panic");
	}
	host.panic_jmp = NULL;
	assert_string_equal(host.panic_func, "adeos_ring_get");
}

/*
 * A stream of checked messages. Message s is 8..256 bytes long, its
 * length a function of s; it holds s, a checksum of the rest, then bytes
 * that are a function of s too. The producer either gives up on a
 * message the ring refused (the sequence number moves on) or tries it
 * again; every refusal counts in the ring's dropped. The consumer checks
 * that every message arrives once, in order, intact, and that only the
 * ones given up on are missing.
 */
struct stream {
	unsigned int total; /* messages in this stream, up to NR_MSGS */
	/* producer */
	unsigned int next; /* the next sequence number to put */
	unsigned long refusals; /* -ENOSPC returns */
	unsigned int abandoned; /* messages dropped for good */
	unsigned char lost[NR_MSGS]; /* sequence numbers dropped for good */
	unsigned char msg[MAX]; /* message next, made once for all tries */
	unsigned int msg_len; /* 0: not made yet */
	/* consumer */
	unsigned int expect; /* the oldest sequence number not yet seen */
	unsigned int received;
	unsigned long too_small; /* -EMSGSIZE returns, ring unchanged */
	unsigned long errors; /* what went wrong, first one kept */
	const char *error;
	unsigned int error_seq;
};

static struct stream st;

static uint32_t checksum(const unsigned char *p, unsigned int len)
{
	uint32_t h = 2166136261u;

	while (len--)
		h = (h ^ *p++) * 16777619u;
	return h;
}

static unsigned int make_msg(unsigned char *buf, unsigned int seq)
{
	unsigned int len = 8 + mix(seq ^ SEED) % (MAX - 7);
	uint32_t sum;

	pattern(buf + 8, len - 8, seq);
	sum = checksum(buf + 8, len - 8);
	memcpy(buf, &seq, 4);
	memcpy(buf + 4, &sum, 4);
	return len;
}

static void stream_error(const char *what, unsigned int seq)
{
	if (!st.errors++) {
		st.error = what;
		st.error_seq = seq;
	}
}

/* The consumer's check of one message; safe in a signal handler. */
static void check_msg(const unsigned char *buf, int len)
{
	unsigned char want[MAX];
	unsigned int seq, q;
	uint32_t sum;

	if (len < 8) {
		stream_error("short message", st.expect);
		return;
	}
	memcpy(&seq, buf, 4);
	memcpy(&sum, buf + 4, 4);
	if (sum != checksum(buf + 8, len - 8)) {
		stream_error("bad checksum", seq);
		return;
	}
	if (seq < st.expect || seq >= st.total) {
		stream_error("duplicate or out of order", seq);
		return;
	}
	if ((unsigned int)len != make_msg(want, seq) ||
	    memcmp(buf, want, len)) {
		stream_error("wrong length or contents", seq);
		return;
	}
	for (q = st.expect; q < seq; q++)
		if (!st.lost[q])
			stream_error("lost a message the ring took", q);
	if (st.lost[seq])
		stream_error("got a message the ring refused", seq);
	st.expect = seq + 1;
	st.received++;
}

/* What a get returned, checked. @return @n */
static int stream_got(const unsigned char *buf, int n)
{
	if (n > 0)
		check_msg(buf, n);
	else if (n == -EMSGSIZE)
		st.too_small++;
	else if (n != -EAGAIN)
		stream_error("get failed", st.expect);
	return n;
}

/* One get into @max bytes; if they are too few, one into enough. */
static int stream_get(struct adeos_ring *r, unsigned int max)
{
	unsigned char buf[MAX];
	unsigned int tail = r->tail;
	int n = stream_got(buf, adeos_ring_get(r, buf, max));

	if (n == -EMSGSIZE) {
		if (r->tail != tail)
			stream_error("a refused get moved tail", st.expect);
		n = stream_got(buf, adeos_ring_get(r, buf, MAX));
	}
	return n;
}

/* The next message, made once for all the tries to put it. */
static const unsigned char *stream_msg(unsigned int *len)
{
	if (!st.msg_len)
		st.msg_len = make_msg(st.msg, st.next);
	*len = st.msg_len;
	return st.msg;
}

/*
 * What a put of the next message returned: on -ENOSPC it is given up
 * on if @drop, else tried again next time. @return @err
 */
static int stream_put_done(int err, int drop)
{
	if (err == -ENOSPC) {
		st.refusals++;
		if (!drop)
			return err;
		st.lost[st.next] = 1;
		st.abandoned++;
	} else if (err) {
		stream_error("put failed", st.next);
	}
	st.next++;
	st.msg_len = 0;
	return err;
}

static int stream_put(struct adeos_ring *r, int drop)
{
	unsigned int len;
	const unsigned char *msg = stream_msg(&len);

	return stream_put_done(adeos_ring_put(r, msg, len), drop);
}

static void stream_start(unsigned int total)
{
	memset(&st, 0, sizeof(st));
	st.total = total;
}

/* Empty the ring and check the stream's books. */
static void stream_finish(struct adeos_ring *r)
{
	unsigned int q;

	while (stream_get(r, MAX) > 0)
		;
	for (q = st.expect; q < st.total; q++)
		if (!st.lost[q])
			stream_error("lost a message at the end", q);
	if (st.errors)
		fail_msg("%lu errors, first: %s (message %u)", st.errors,
			 st.error, st.error_seq);
	assert_int_equal(st.next, st.total);
	assert_int_equal(st.received + st.abandoned, st.total);
	assert_int_equal(r->dropped, st.refusals);
	assert_true(adeos_ring_empty(r));
}

/*
 * A seeded schedule of whole steps: bursts of puts and of gets, in
 * phases that lean to one side or the other, so that the ring runs full
 * and runs dry many times; some gets offer a buffer that may be too
 * small. Every refused message is dropped, as a domain drops it.
 */
static void interleaved_schedule(void **state)
{
	static const unsigned int lean[] = { 20, 50, 80, 35, 65 };
	struct adeos_ring r;
	uint32_t rnd = SEED;
	unsigned long step;

	(void)state;
	stream_start(NR_MSGS);
	ring_at(&r, 1024, 0u - 100000u);
	for (step = 0; st.next < st.total; step++) {
		unsigned int prod = lean[(step / 1000) % 5];
		unsigned int burst = 1 + next_rand(&rnd) % 4;

		if (next_rand(&rnd) % 100 < prod) {
			while (burst-- && st.next < st.total) {
				unsigned int room = adeos_ring_room(&r);
				unsigned int len;

				/* room() is exact for the producer */
				stream_msg(&len);
				assert_int_equal(stream_put(&r, 1),
						 len <= room ? 0 : -ENOSPC);
			}
		} else {
			while (burst--) {
				unsigned int max = MAX;

				if (next_rand(&rnd) % 8 == 0)
					max = 1 + next_rand(&rnd) % MAX;
				stream_get(&r, max);
			}
		}
	}
	stream_finish(&r);
	/* the schedule did run the ring full, dry and short */
	assert_true(st.abandoned > 100);
	assert_true(st.received > st.total / 2);
	assert_true(st.too_small > 100);
}

/*
 * A domain interrupting Linux at any instruction, on the host: the
 * Linux side runs its put or get with the CPU's trap flag set, so that
 * the kernel sends SIGTRAP after each instruction; at an instruction the
 * seeded schedule picks, the handler, the domain, runs a burst of the
 * other side's operations, then clears the flag and lets Linux finish.
 * Which instruction is picked is uniform over the length of the call,
 * learnt from calls that ran to their end.
 *
 * A step costs a signal (about 10 us here), and the sanitizers' memcpy
 * is many steps long, so fewer calls are stepped under them.
 */
#if defined(__x86_64__) || defined(__i386__)
#define CAN_STEP 1
#else
#define CAN_STEP 0
#endif

#if defined(__SANITIZE_ADDRESS__)
#define STEPPED_CALLS 40
#else
#define STEPPED_CALLS 300
#endif

#define X86_EFLAGS_TF 0x100

static struct adeos_ring step_ring;
static uint32_t step_rnd;
/*
 * Shared with the SIGTRAP handler: relaxed atomics, so that each access
 * happens where it is written, as the handler interrupts the test.
 */
#define READ_ONCE(x) __atomic_load_n(&(x), __ATOMIC_RELAXED)
#define WRITE_ONCE(x, v) __atomic_store_n(&(x), (v), __ATOMIC_RELAXED)
static int in_call; /* Linux's side is in the ring */
static unsigned long steps, step_at, interrupts;
/*
 * The longest call seen, in steps, by what it did: refused (-EAGAIN,
 * -ENOSPC), -EMSGSIZE, or moved a message. The state before a call
 * tells what it will do unless interrupted, hence how long it will be.
 */
enum { CALL_REFUSED, CALL_TOO_BIG, CALL_MOVED, NR_CALL_KINDS };
static unsigned long call_len[NR_CALL_KINDS];
static void (*domain_acts)(void);

/* After each instruction of Linux's side, while the trap flag is set. */
static void step_trap(int sig, siginfo_t *si, void *ctx)
{
	unsigned long n = READ_ONCE(steps) + 1;

	(void)sig;
	(void)si;
	if (READ_ONCE(in_call)) {
		WRITE_ONCE(steps, n);
		if (n != READ_ONCE(step_at))
			return;
		WRITE_ONCE(interrupts, READ_ONCE(interrupts) + 1);
		domain_acts();
	}
	/* no more steps: the flag is restored from here on return */
#if CAN_STEP
	((ucontext_t *)ctx)->uc_mcontext.gregs[REG_EFL] &= ~X86_EFLAGS_TF;
#else
	(void)ctx;
#endif
}

static inline void trap_flag_on(void)
{
#if defined(__x86_64__)
	/* Below the red zone, which the compiler may use. */
	asm volatile("lea -128(%%rsp), %%rsp\n\t"
		     "pushfq\n\t"
		     "orq %0, (%%rsp)\n\t"
		     "popfq\n\t"
		     "lea 128(%%rsp), %%rsp"
		     :
		     : "i"(X86_EFLAGS_TF)
		     : "memory", "cc");
#elif defined(__i386__)
	asm volatile("pushfl\n\t"
		     "orl %0, (%%esp)\n\t"
		     "popfl"
		     :
		     : "i"(X86_EFLAGS_TF)
		     : "memory", "cc");
#endif
}

static void step_setup(void (*acts)(void))
{
	struct sigaction sa;

	if (!CAN_STEP)
		skip();
	stream_start(NR_MSGS);
	assert_int_equal(adeos_ring_init(&step_ring, ring_buf, 512), 0);
	step_rnd = SEED;
	WRITE_ONCE(interrupts, 0);
	memset(call_len, 0, sizeof(call_len));
	domain_acts = acts;
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = step_trap;
	sa.sa_flags = SA_SIGINFO;
	sigemptyset(&sa.sa_mask);
	assert_int_equal(sigaction(SIGTRAP, &sa, NULL), 0);
}

static void step_teardown(void)
{
	signal(SIGTRAP, SIG_DFL);
	/* the stream ends where the producer stopped */
	st.total = st.next;
	stream_finish(&step_ring);
	/* most stepped calls were interrupted */
	assert_true(READ_ONCE(interrupts) > STEPPED_CALLS / 2);
}

/*
 * Arm the trap for a call of the Linux side that will do @kind: pick its
 * instruction. One call in eight runs to its end, to learn its length.
 */
static void step_arm(int kind)
{
	unsigned long len = call_len[kind];

	WRITE_ONCE(steps, 0);
	if (!len || next_rand(&step_rnd) % 8 == 0)
		WRITE_ONCE(step_at, ~0ul);
	else
		WRITE_ONCE(step_at, 1 + next_rand(&step_rnd) % len);
	WRITE_ONCE(in_call, 1);
	trap_flag_on();
}

/* The call returned @ret: learn its length if it ran to its end. */
static void step_disarm(int ret)
{
	unsigned long n;
	int kind;

	WRITE_ONCE(in_call, 0);
	n = READ_ONCE(steps);
	if (ret == -EMSGSIZE)
		kind = CALL_TOO_BIG;
	else if (ret < 0)
		kind = CALL_REFUSED;
	else
		kind = CALL_MOVED;
	if (n < READ_ONCE(step_at) && n > call_len[kind])
		call_len[kind] = n;
}

/* How many messages the domain moves: 0, 1 or 2, or all it can. */
static unsigned int domain_burst(void)
{
	unsigned int n = next_rand(&step_rnd) % 16;

	return n ? n / 6 : ~0u;
}

/* The domain produces. */
static void domain_puts(void)
{
	unsigned int n = domain_burst();

	while (n-- && st.next < st.total && stream_put(&step_ring, 1) == 0)
		;
}

/* What a get into @max bytes will do, left alone: peek at the header. */
static int get_kind(const struct adeos_ring *r, unsigned int max)
{
	unsigned int len;

	if (adeos_ring_empty(r))
		return CALL_REFUSED;
	memcpy(&len, r->data + (r->tail & (r->size - 1)), sizeof(len));
	return len > max ? CALL_TOO_BIG : CALL_MOVED;
}

static void domain_interrupts_consumer(void **state)
{
	unsigned char buf[MAX];
	unsigned int i;
	int n;

	(void)state;
	step_setup(domain_puts);
	for (i = 0; i < STEPPED_CALLS; i++) {
		unsigned int max = next_rand(&step_rnd) % 8 ?
					   MAX :
					   1 + next_rand(&step_rnd) % MAX;

		/* the domain also runs between Linux's calls */
		if (next_rand(&step_rnd) % 2)
			domain_puts();
		step_arm(get_kind(&step_ring, max));
		n = adeos_ring_get(&step_ring, buf, max);
		step_disarm(n);
		stream_got(buf, n);
		/* now and then Linux catches up */
		if (next_rand(&step_rnd) % 16 == 0)
			while (stream_get(&step_ring, MAX) > 0)
				;
	}
	step_teardown();
	assert_true(st.abandoned > 0);
	assert_true(st.too_small > 0);
}

/* The domain consumes. */
static void domain_gets(void)
{
	unsigned int n = domain_burst();

	while (n-- && stream_get(&step_ring, MAX) > 0)
		;
}

static void domain_interrupts_producer(void **state)
{
	unsigned int i;

	(void)state;
	step_setup(domain_gets);
	for (i = 0; i < STEPPED_CALLS; i++) {
		unsigned int len;
		const unsigned char *msg = stream_msg(&len);
		int err;

		step_arm(len <= adeos_ring_room(&step_ring) ? CALL_MOVED :
							      CALL_REFUSED);
		err = adeos_ring_put(&step_ring, msg, len);
		step_disarm(err);
		/* a refused message is given up on one time in four */
		stream_put_done(err, next_rand(&step_rnd) % 4 == 0);
	}
	step_teardown();
	assert_true(st.refusals > 0);
}

/* Two CPUs: the producer and the consumer as two threads. */
static int producer_done;

static void *consumer_thread(void *arg)
{
	struct adeos_ring *r = arg;
	unsigned int rnd = SEED;

	while (st.expect < st.total) {
		unsigned int max = next_rand(&rnd) % 16 ? MAX : 64;
		int n = stream_get(r, max);

		if (n == -EAGAIN) {
			/* only lost messages remain: done */
			if (__atomic_load_n(&producer_done, __ATOMIC_ACQUIRE) &&
			    adeos_ring_empty(r))
				break;
			sched_yield();
		}
	}
	return NULL;
}

static void two_cpus(void **state)
{
	struct adeos_ring r;
	pthread_t t;

	(void)state;
	stream_start(NR_MSGS);
	producer_done = 0;
	ring_at(&r, 512, 0u - 1000u);
	assert_int_equal(pthread_create(&t, NULL, consumer_thread, &r), 0);
	while (st.next < st.total) {
		/* give up on one refused message in 16 */
		int drop = (mix(st.next + st.refusals) & 15) == 0;

		if (stream_put(&r, drop) == -ENOSPC)
			sched_yield();
	}
	__atomic_store_n(&producer_done, 1, __ATOMIC_RELEASE);
	assert_int_equal(pthread_join(t, NULL), 0);
	stream_finish(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(init_rejects_bad_sizes),
		cmocka_unit_test(round_trip_every_length),
		cmocka_unit_test(fifo_order_across_laps),
		cmocka_unit_test(fifo_order_across_index_wrap),
		cmocka_unit_test(full_ring_refuses_and_counts),
		cmocka_unit_test(msgsize_leaves_ring_unchanged),
		cmocka_unit_test(msgsize_beyond_a_small_ring),
		cmocka_unit_test(corrupt_record_panics),
		cmocka_unit_test(interleaved_schedule),
		cmocka_unit_test(domain_interrupts_consumer),
		cmocka_unit_test(domain_interrupts_producer),
		cmocka_unit_test(two_cpus),
	};

	return cmocka_run_group_tests_name("ring", tests, NULL, NULL);
}
