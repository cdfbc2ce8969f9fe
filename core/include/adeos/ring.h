/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Adeos: a lock-free single-producer single-consumer message ring.
 *
 * Why lock-free: a domain ahead of Linux may interrupt Linux at any
 * instruction, including in the middle of a put or a get on the very
 * ring it then touches, and it may not wait for Linux (it would wait
 * forever: Linux cannot run until the domain returns). So neither side
 * ever takes a lock or waits: a put that finds no room drops the message
 * and counts it, a get that finds nothing returns at once.
 *
 * Why it is safe without a lock: each index has a single writer. The
 * producer alone writes head (and dropped), the consumer alone writes
 * tail. The producer writes a whole record into bytes the consumer does
 * not look at (between head and tail + size), then publishes it by
 * storing the new head; the consumer reads a whole record out of bytes
 * the producer does not touch (between tail and head), then frees them
 * by storing the new tail. An interrupted side has published nothing
 * yet, and whatever the other side does meanwhile only adds room or
 * data, so the interrupted side's view is merely out of date, never
 * wrong. On a uniprocessor that is all. For SMP the index stores are
 * releases and the loads of the other side's index are acquires
 * (__atomic_*_n, plain moves on x86), so the bytes of a record are
 * visible before the head that publishes it, and a slot is read before
 * the tail that frees it. Two directions need two rings, and several
 * producers (or consumers) on one side must serialize among themselves
 * first, e.g. with a Linux mutex that the other side never sees.
 *
 * Why variable-length messages, one per put and one per get: a character
 * device then maps one write() to one message and one read() to one
 * message, as a datagram socket does, and no reader ever sees half of a
 * message.
 *
 * The layout: each record is a header, the payload's length as an
 * unsigned int, then the payload, padded to a multiple of 4 bytes so that
 * every header starts 4-byte aligned. head and tail count bytes and run
 * freely (they wrap at 2^32, not at the ring's size); a byte's place is
 * its index masked with size - 1, which is why size is a power of two
 * (2^32 is then a multiple of it, so the masked place stays right across
 * the wrap at 2^32). head - tail is what the ring holds: 0 is empty,
 * size is full, and no byte is wasted to tell the two apart.
 *
 * The ring's end: a record that reaches it continues at the start, its
 * payload copied in two pieces. A header never splits, since size and
 * every record are multiples of 4. The other way, a pad record that
 * skips to the start, would keep each payload in one piece but waste up
 * to a whole record at every lap, and would make the room for the next
 * message depend on where head stands; nothing here needs a payload in
 * one piece (get copies it out anyway), so the split copy is used.
 */
#ifndef ADEOS_RING_H
#define ADEOS_RING_H

#include <adeos/arch.h>

/* The largest message, in bytes. */
#define ADEOS_RING_MSG_MAX 256
/* The smallest ring, in bytes: a few small messages. */
#define ADEOS_RING_SIZE_MIN 64

struct adeos_ring {
	unsigned int head; /* bytes written, producer only */
	unsigned int tail; /* bytes read, consumer only */
	unsigned int size; /* a power of two, bytes */
	unsigned char *data;
	/* puts refused for lack of room, counted by the producer */
	unsigned long dropped;
};

/*
 * Set @r up, empty, over the @size bytes at @buf (any alignment: headers
 * are copied like payloads). Neither side may use the ring before this
 * returns.
 * @return 0, or -EINVAL unless @buf is non-NULL and @size is a power of
 * two of at least ADEOS_RING_SIZE_MIN.
 */
int adeos_ring_init(struct adeos_ring *r, void *buf, unsigned int size);

/*
 * Producer: append the @len bytes at @msg as one message. Never blocks.
 * @return 0;
 *   -EMSGSIZE if @len is 0, more than ADEOS_RING_MSG_MAX, or more than
 *             even an empty ring of this size holds (size - 4): it could
 *             never fit. The ring and dropped are unchanged;
 *   -ENOSPC   if the message does not fit now: it is dropped, and
 *             counted in @r->dropped.
 */
int adeos_ring_put(struct adeos_ring *r, const void *msg, unsigned int len);

/*
 * Consumer: take the oldest message into the @max bytes at @msg.
 * @return the message's length;
 *   -EAGAIN   if the ring is empty;
 *   -EMSGSIZE if @max is smaller than that message, which stays in the
 *             ring (ADEOS_RING_MSG_MAX bytes always suffice).
 * A record that no put can have written (two producers or two consumers
 * raced, or something wrote over the ring) is a broken invariant:
 * arch_panic(), rather than a copy past a buffer.
 */
int adeos_ring_get(struct adeos_ring *r, void *msg, unsigned int max);

/*
 * Either side: nonzero if the ring holds no message. Exact for the
 * consumer (under it, the producer can only add messages).
 */
int adeos_ring_empty(const struct adeos_ring *r);

/*
 * Either side: the largest length a put would accept now, 0 if none.
 * Exact for the producer (under it, the consumer can only free room).
 */
unsigned int adeos_ring_room(const struct adeos_ring *r);

#endif /* ADEOS_RING_H */
