// SPDX-License-Identifier: GPL-2.0-only
/*
 * rtx, synchronization: counting semaphores, whose waiters queue by
 * priority, and message queues built on two of them. Changes to the
 * executive's lists run with hard IRQs off (sched.c's header).
 */
#include "internal.h"

void rtx_sem_init(struct rtx_sem *s, struct rtx *x, unsigned long count)
{
	s->rtx = x;
	s->count = count;
	s->waiters = NULL;
}

int rtx_sem_wait(struct rtx_sem *s)
{
	struct rtx *x = s->rtx;
	struct rtx_task *t = rtx_caller(x);
	unsigned long irqs;

	if (!t)
		return -EPERM;
	irqs = hard_local_irq_save();
	if (s->count) {
		s->count--;
		goto out;
	}
	/* the post that wakes it hands the unit over: count stays 0 */
	rtx_prio_insert(&s->waiters, t, 0);
	t->waiting = s;
	rtx_block(x, t, RTX_BLOCKED);
out:
	rtx_unlock(x, irqs, 0);
	return 0;
}

int rtx_sem_post(struct rtx_sem *s)
{
	struct rtx *x = s->rtx;
	struct rtx_task *t;
	unsigned long irqs = hard_local_irq_save();
	int kick_due = 0;

	t = s->waiters;
	if (t) {
		s->waiters = t->next;
		t->next = NULL;
		t->waiting = NULL;
		rtx_make_ready(x, t, 0);
		kick_due = rtx_preempt_check(x);
	} else {
		s->count++;
	}
	rtx_unlock(x, irqs, kick_due);
	return 0;
}

void rtx_queue_init(struct rtx_queue *q, struct rtx *x, void *buf,
		    unsigned int depth)
{
	rtx_sem_init(&q->slots, x, depth);
	rtx_sem_init(&q->msgs, x, 0);
	q->buf = buf;
	q->depth = depth;
	q->head = 0;
	q->tail = 0;
	q->sent = 0;
	q->received = 0;
}

static unsigned char *queue_place(struct rtx_queue *q, unsigned int i)
{
	return q->buf + i * (RTX_MSG_MAX + 1);
}

int rtx_queue_send(struct rtx_queue *q, const void *msg, unsigned int len)
{
	unsigned char *place;
	unsigned long irqs;
	int err;

	if (len > RTX_MSG_MAX || !q->depth)
		return -EINVAL;
	err = rtx_sem_wait(&q->slots);
	if (err)
		return err;
	/* the place and the copy at once: another sender may be next */
	irqs = hard_local_irq_save();
	place = queue_place(q, q->tail);
	place[0] = len;
	__builtin_memcpy(place + 1, msg, len);
	q->tail = (q->tail + 1) % q->depth;
	q->sent++;
	hard_local_irq_restore(irqs);
	return rtx_sem_post(&q->msgs);
}

int rtx_queue_receive(struct rtx_queue *q, void *buf, unsigned int size)
{
	unsigned char *place;
	unsigned long irqs;
	unsigned int len;
	int err;

	err = rtx_sem_wait(&q->msgs);
	if (err)
		return err;
	irqs = hard_local_irq_save();
	place = queue_place(q, q->head);
	len = place[0];
	__builtin_memcpy(buf, place + 1, len < size ? len : size);
	q->head = (q->head + 1) % q->depth;
	q->received++;
	hard_local_irq_restore(irqs);
	rtx_sem_post(&q->slots);
	return len;
}
