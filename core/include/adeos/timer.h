/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The pipeline's timer service: one queue of one-shot deadlines per CPU
 * for every domain, the OS's own tick among them (the OS's clock event
 * device becomes a client of it), on one hardware timer that only the
 * service programs.
 *
 * Time is the timestamp counter's (arch_timestamp()). The device is
 * programmed for the earliest deadline queued, never before it on
 * purpose, and only when that changes. When it fires, every timer whose
 * deadline has passed is due: it leaves the queue, and its domain's
 * stage gets the service's virtual IRQ, logged like any IRQ while that
 * stage is stalled. When the stage plays it, the handlers of the
 * domain's due timers run there, in deadline order. A device that fires
 * before the earliest deadline by the timestamp counter (a calibration
 * error) is set again and the interrupt counted as early: no timer is
 * due then, and none fires early.
 *
 * The queue is per CPU (one today): a timer is armed on the CPU that
 * arms it and stays in that CPU's queue until it fires or is cancelled.
 */
#ifndef ADEOS_TIMER_H
#define ADEOS_TIMER_H

#include <adeos/adeos.h>

struct adeos_timer;
typedef void (*adeos_timer_fn_t)(struct adeos_timer *t);

/* A deadline no timer has: the device is off. */
#define ADEOS_TIMER_NEVER (~0ULL)

enum adeos_timer_state {
	ADEOS_TIMER_IDLE, /* not armed, or fired, or cancelled */
	ADEOS_TIMER_QUEUED, /* armed, its deadline to come */
	ADEOS_TIMER_DUE, /* its deadline passed; its stage plays it next */
};

/* One timer. Set up with adeos_timer_init(); the fields are the service's. */
struct adeos_timer {
	/* In its CPU's queue, or in its domain's due list. */
	struct adeos_timer_link link;
	unsigned long long deadline;
	adomain_t *domain;
	adeos_timer_fn_t fire;
	struct adeos_timer_base *base; /* the queue it is in, while not idle */
	enum adeos_timer_state state;
};

/* What the service counts, per CPU. */
struct adeos_timer_stats {
	unsigned long interrupts; /* the device fired */
	unsigned long early; /* ...before the earliest deadline */
	unsigned long due; /* timers that came due */
	unsigned long fired; /* handlers called */
	unsigned long programmed; /* writes of a deadline to the device */
};

/*
 * Start the service (process context, once the arch's device works):
 * it takes a virtual IRQ of its own, which a domain's stage gets when
 * one of its timers is due. 0, or -EBUSY (no virtual IRQ is left, or it
 * runs already).
 */
int adeos_timer_service_start(void);
/*
 * Stop the service before any domain attached (process context): its
 * device could not be had after all. It frees the virtual IRQ.
 */
void adeos_timer_service_stop(void);
/* The service's virtual IRQ, or -1 when it is not started. */
int adeos_timer_virq(void);
/*
 * Let @d's timers fire in its stage (process context, @d registered):
 * @d's stage takes the service's virtual IRQ. 0, -ENODEV (the service
 * is not started) or adeos_virtualize_irq_from()'s error.
 */
int adeos_timer_attach(adomain_t *d);
/*
 * @d leaves the service (process context): every timer of @d is
 * cancelled and its stage lets the virtual IRQ go. A domain detaches
 * before it is unregistered.
 */
void adeos_timer_detach(adomain_t *d);

/* Set @t up, idle, to call @fire in @d's stage. */
void adeos_timer_init(struct adeos_timer *t, adomain_t *d,
		      adeos_timer_fn_t fire);
/*
 * Fire @t once, in its domain's stage, as soon as arch_timestamp() has
 * reached @deadline (at once for a deadline already passed). Armed or
 * due already, it is moved. Any context, hard IRQs on or off, its own
 * handler included. 0, or -EINVAL if its domain is not attached.
 */
int adeos_timer_arm(struct adeos_timer *t, unsigned long long deadline);
/*
 * @t will not fire (unless its handler runs already). 1 if it was armed
 * or due, 0 if it was idle. Any context.
 */
int adeos_timer_cancel(struct adeos_timer *t);

/* The deadline the device is set for, or ADEOS_TIMER_NEVER. */
unsigned long long adeos_timer_programmed(void);
/* A copy of this CPU's counts. */
void adeos_timer_stats(struct adeos_timer_stats *stats);

/*
 * The arch's entry for the device's interrupt, hard IRQs off, the
 * device acknowledged: the due timers go to their stages, the device is
 * set for the next deadline, and the pipeline plays what it can.
 */
void adeos_timer_interrupt(void);

/*
 * The device, which the arch implements (hard IRQs off): fire once, on
 * the service's interrupt entry, when arch_timestamp() reaches
 * @deadline (rounded up to the device's resolution, so never before it;
 * at once for a deadline already passed), replacing what was set; and
 * fire no more. A deadline further than the device counts: it fires at
 * its longest, and arch_timer_program() returns 1 (the service sets it
 * again then, an interrupt it does not count as early); else 0.
 */
int arch_timer_program(unsigned long long deadline);
void arch_timer_disarm(void);

/*
 * The OS's side of the device, at boot (process context): take it from
 * the OS, which keeps its tick through the service (0, or -ENODEV: the
 * machine has no such device, or the OS could not calibrate it); once
 * the OS let go of it, set it up and program the deadline the service
 * holds. Whether it stops in the CPU's deep idle states. The timestamp
 * counter's rate, in kHz.
 */
int arch_timer_claim(void);
void arch_timer_claimed(void);
int arch_timer_stops_in_idle(void);
unsigned long arch_timestamp_khz(void);
/*
 * What the device is, for people ("local APIC timer"), and how many
 * times the OS's own driver of it was refused since arch_timer_claimed()
 * (0 while the OS keeps to the service).
 */
const char *arch_timer_name(void);
unsigned long arch_timer_os_refusals(void);
/*
 * The device's IRQ, as the pipeline numbers it, once the service owns
 * it (a domain cannot have it then); else -1.
 */
int arch_timer_irq(void);

#endif /* ADEOS_TIMER_H */
