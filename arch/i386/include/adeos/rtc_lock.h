/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * rtc_lock, a hard lock. The CMOS RTC is an index port (0x70) and a data
 * port (0x71): a domain ahead of Linux that uses it (its periodic IRQ 8
 * is acknowledged by a read of register C) selects a register of its own
 * in between Linux's index write and its data access unless Linux holds
 * rtc_lock with the CPU's flag off; and a domain that takes rtc_lock
 * while Linux holds it with only its stage stalled spins for ever.
 *
 * Every user of rtc_lock reaches it through <linux/mc146818rtc.h>, which
 * includes this header after it declares the lock (linux-patch/). From
 * there on, a file's spin_lock*() calls on &rtc_lock take it with hard
 * IRQs off; on any other lock they are Linux's own. The test is a
 * pointer compare, which the compiler settles where the lock is named.
 * As the pipeline's other hard locks, rtc_lock is then out of lockdep's
 * sight (hardlock.h). Linux's side keeps the stall and the preemption
 * count it had, so that the code it runs under the lock sees what it
 * expects; a domain takes it with adx86_rtc_lock_domain().
 *
 * Any x86 shares it.
 */
#ifndef ADEOS_I386_RTC_LOCK_H
#define ADEOS_I386_RTC_LOCK_H

#include <linux/spinlock.h>

/*
 * Linux's side (spin_lock*() on &rtc_lock below), out of line: the
 * spinlock's debug build keeps its lock operations out of modules' reach.
 */
void adx86_rtc_lock_take(void);
void adx86_rtc_lock_drop(void);

/*
 * A domain's side, in its handler: no preemption count (a domain must not
 * reach Linux's scheduler), and the flag it saves is its own.
 */
unsigned long adx86_rtc_lock_domain(void);
void adx86_rtc_unlock_domain(unsigned long flags);

/* Linux's irq variants: its stage's part first, the hard lock inside. */
static __always_inline void adx86_rtc_lock_irq(void)
{
	local_irq_disable();
	adx86_rtc_lock_take();
}

static __always_inline void adx86_rtc_unlock_irq(void)
{
	adx86_rtc_lock_drop();
	local_irq_enable();
}

static __always_inline unsigned long adx86_rtc_lock_irqsave(void)
{
	unsigned long flags;

	local_irq_save(flags);
	adx86_rtc_lock_take();
	return flags;
}

static __always_inline void adx86_rtc_unlock_irqrestore(unsigned long flags)
{
	adx86_rtc_lock_drop();
	local_irq_restore(flags);
}

/*
 * Each evaluates its lock argument once: @rtc on rtc_lock, @other, the
 * call Linux makes, on any other lock.
 */
#define adx86_rtc_dispatch(lock, rtc, other)       \
	do {                                       \
		spinlock_t *__adx86_lock = (lock); \
		if (__adx86_lock == &rtc_lock)     \
			rtc;                       \
		else                               \
			other;                     \
	} while (0)

#define spin_lock(lock)                                 \
	adx86_rtc_dispatch(lock, adx86_rtc_lock_take(), \
			   raw_spin_lock(&__adx86_lock->rlock))
#define spin_unlock(lock)                               \
	adx86_rtc_dispatch(lock, adx86_rtc_lock_drop(), \
			   raw_spin_unlock(&__adx86_lock->rlock))
#define spin_lock_irq(lock)                            \
	adx86_rtc_dispatch(lock, adx86_rtc_lock_irq(), \
			   raw_spin_lock_irq(&__adx86_lock->rlock))
#define spin_unlock_irq(lock)                            \
	adx86_rtc_dispatch(lock, adx86_rtc_unlock_irq(), \
			   raw_spin_unlock_irq(&__adx86_lock->rlock))
#undef spin_lock_irqsave
#define spin_lock_irqsave(lock, flags)                               \
	adx86_rtc_dispatch(lock, (flags) = adx86_rtc_lock_irqsave(), \
			   raw_spin_lock_irqsave(&__adx86_lock->rlock, flags))
#define spin_unlock_irqrestore(lock, flags)               \
	adx86_rtc_dispatch(                               \
		lock, adx86_rtc_unlock_irqrestore(flags), \
		raw_spin_unlock_irqrestore(&__adx86_lock->rlock, flags))

#endif /* ADEOS_I386_RTC_LOCK_H */
