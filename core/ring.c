// SPDX-License-Identifier: GPL-2.0-only
/*
 * The single-producer single-consumer message ring (adeos/ring.h, which
 * explains the layout and why it needs no lock).
 *
 * GCC's builtins stand in for the C library and for Linux's helpers, as
 * elsewhere in core/: __builtin_memcpy becomes moves or a call to the
 * memcpy that both the kernel and the host C library provide, and the
 * __atomic_*_n calls on the indices are plain moves on x86.
 */
#include <adeos/ring.h>

/* A record's header: the payload's length. */
#define RING_HDR ((unsigned int)sizeof(unsigned int))

_Static_assert(RING_HDR == 4, "records are padded to the header's size");

/* The bytes a message of @len takes in the ring: header, padded payload. */
static unsigned int ring_record(unsigned int len)
{
	return RING_HDR + ((len + RING_HDR - 1) & ~(RING_HDR - 1));
}

/* Copy @len bytes to the ring from @pos on, continuing at its start. */
static void ring_copy_in(struct adeos_ring *r, unsigned int pos,
			 const void *src, unsigned int len)
{
	unsigned int off = pos & (r->size - 1);
	unsigned int first = r->size - off;

	if (first > len)
		first = len;
	__builtin_memcpy(r->data + off, src, first);
	__builtin_memcpy(r->data, (const unsigned char *)src + first,
			 len - first);
}

/* Copy @len bytes out of the ring from @pos on, continuing at its start. */
static void ring_copy_out(const struct adeos_ring *r, unsigned int pos,
			  void *dst, unsigned int len)
{
	unsigned int off = pos & (r->size - 1);
	unsigned int first = r->size - off;

	if (first > len)
		first = len;
	__builtin_memcpy(dst, r->data + off, first);
	__builtin_memcpy((unsigned char *)dst + first, r->data, len - first);
}

/*
 * The bytes the ring holds. Its own index is stable for either side;
 * tail is read first so that an observer on neither side, whose head
 * can only be newer than its tail, sees no more than a full ring.
 */
static unsigned int ring_used(const struct adeos_ring *r)
{
	unsigned int tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	unsigned int head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);

	return head - tail < r->size ? head - tail : r->size;
}

int adeos_ring_init(struct adeos_ring *r, void *buf, unsigned int size)
{
	if (!buf || size < ADEOS_RING_SIZE_MIN || (size & (size - 1)))
		return -EINVAL;
	r->head = 0;
	r->tail = 0;
	r->size = size;
	r->data = buf;
	r->dropped = 0;
	return 0;
}

int adeos_ring_put(struct adeos_ring *r, const void *msg, unsigned int len)
{
	unsigned int head = r->head;
	unsigned int tail, need;

	if (!len || len > ADEOS_RING_MSG_MAX || len > r->size - RING_HDR)
		return -EMSGSIZE;
	need = ring_record(len);
	/* Acquire: the consumer is done with the bytes it freed. */
	tail = __atomic_load_n(&r->tail, __ATOMIC_ACQUIRE);
	if (need > r->size - (head - tail)) {
		/* Relaxed: single writer; readers want no torn count. */
		__atomic_store_n(&r->dropped, r->dropped + 1, __ATOMIC_RELAXED);
		return -ENOSPC;
	}
	ring_copy_in(r, head, &len, RING_HDR);
	ring_copy_in(r, head + RING_HDR, msg, len);
	/* Release: the record's bytes before the head that publishes it. */
	__atomic_store_n(&r->head, head + need, __ATOMIC_RELEASE);
	return 0;
}

int adeos_ring_get(struct adeos_ring *r, void *msg, unsigned int max)
{
	unsigned int tail = r->tail;
	unsigned int head, len;

	/* Acquire: the bytes of every record up to head are written. */
	head = __atomic_load_n(&r->head, __ATOMIC_ACQUIRE);
	if (head == tail)
		return -EAGAIN;
	ring_copy_out(r, tail, &len, RING_HDR);
	/*
	 * Only a put writes headers, and a put never writes a bad one; a bad
	 * one means two producers (or two consumers) raced, or something
	 * wrote over the ring.
	 */
	if (!len || len > ADEOS_RING_MSG_MAX || ring_record(len) > head - tail)
		arch_panic(__func__,
			   "corrupt record: two producers or consumers?");
	if (len > max)
		return -EMSGSIZE;
	ring_copy_out(r, tail + RING_HDR, msg, len);
	/* Release: done reading the record before the producer reuses it. */
	__atomic_store_n(&r->tail, tail + ring_record(len), __ATOMIC_RELEASE);
	return len;
}

int adeos_ring_empty(const struct adeos_ring *r)
{
	return ring_used(r) == 0;
}

unsigned int adeos_ring_room(const struct adeos_ring *r)
{
	/*
	 * The free bytes are a multiple of 4, so a payload of all but the
	 * header's 4 of them fits, padding included.
	 */
	unsigned int avail = r->size - ring_used(r);

	if (avail <= RING_HDR)
		return 0;
	avail -= RING_HDR;
	return avail < ADEOS_RING_MSG_MAX ? avail : ADEOS_RING_MSG_MAX;
}
