/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hard locks: the locks of hardware that Linux shares with the pipeline
 * (the 8259, the IO-APIC, the PIT's mode port). Linux's local_irq_save()
 * only stalls its stage, which a domain ahead of Linux ignores, so these
 * are taken with the CPU's flag off, from Linux and from the pipeline
 * alike. A file of Linux that owns such a lock includes this header
 * after its own includes and redefines its lock calls with these
 * (linux-patch/).
 *
 * Lockdep does not see them: the pipeline takes them outside any Linux
 * context (at its entry, in a domain's handler), where lockdep's idea of
 * Linux's interrupt state does not apply, and with hard IRQs off nothing
 * can interrupt a holder on a uniprocessor. The spinlock's own debug
 * checks (CONFIG_DEBUG_SPINLOCK) still run.
 *
 * Any x86 shares it.
 */
#ifndef ADEOS_I386_HARDLOCK_H
#define ADEOS_I386_HARDLOCK_H

#include <linux/spinlock.h>
#include <adeos/arch_defs.h>

#define adx86_hard_spin_lock_irqsave(lock, flags) \
	do {                                      \
		(flags) = hard_local_irq_save();  \
		do_raw_spin_lock(lock);           \
	} while (0)

#define adx86_hard_spin_unlock_irqrestore(lock, flags) \
	do {                                           \
		do_raw_spin_unlock(lock);              \
		hard_local_irq_restore(flags);         \
	} while (0)

/*
 * For raw_spin_lock() on a hard lock, which has no flags of its own:
 * @saved is a variable of the file's, one per lock. It is enough, as a
 * holder cannot be interrupted, on a uniprocessor, before its unlock.
 */
#define adx86_hard_spin_lock(lock, saved)                            \
	do {                                                         \
		unsigned long __adx86_flags = hard_local_irq_save(); \
		do_raw_spin_lock(lock);                              \
		(saved) = __adx86_flags;                             \
	} while (0)

#define adx86_hard_spin_unlock(lock, saved)            \
	do {                                           \
		unsigned long __adx86_flags = (saved); \
		do_raw_spin_unlock(lock);              \
		hard_local_irq_restore(__adx86_flags); \
	} while (0)

#endif /* ADEOS_I386_HARDLOCK_H */
