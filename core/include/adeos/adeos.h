/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Adeos: the interrupt pipeline's public interface.
 *
 * Every interrupt enters the pipeline first and is offered to each domain
 * in priority order (highest first). A domain disables "its" interrupts by
 * stalling its own pipeline stage: interrupts that reach a stalled stage
 * are logged, counted, and replayed when the stage unstalls. The root
 * domain (the general purpose OS) is always last.
 *
 * The 2002 API is kept under its names. Where it was too thin for real
 * use it is extended compatibly:
 *  - handlers learn which IRQ they got and get a cookie back;
 *  - calls that can fail return a negative error number instead of void;
 *  - *_from() variants name the domain explicitly, for setup code that
 *    runs outside the domain (boot-time registration, /proc knobs).
 *
 * Uniprocessor only, like the 2002 release.
 */
#ifndef ADEOS_ADEOS_H
#define ADEOS_ADEOS_H

#include <adeos/arch.h>
#include <adeos/limits.h>

/*
 * IRQ numbering: device IRQs, then the arch's system IRQs, then virtual
 * IRQs that domains allocate and trigger in software.
 */
#define ADEOS_SYS_IRQ_BASE ARCH_NR_HW_IRQS
#define ADEOS_VIRQ_BASE (ADEOS_SYS_IRQ_BASE + ARCH_NR_SYS_IRQS)
#define ADEOS_NR_VIRQS 32
#define ADEOS_NR_IRQS (ADEOS_VIRQ_BASE + ADEOS_NR_VIRQS)

/*
 * Control mask of one IRQ in one domain (adeos_control_irq()):
 *  HANDLE     call this domain's handler;
 *  PASS       then offer the IRQ to the next domain (clear: terminate it,
 *             this domain is its last recipient);
 *  EACH       replay once per arrival (ticks); clear: merge the arrivals
 *             of one stall into one delivery, as the hardware merges
 *             repeated device interrupts (the default for device IRQs);
 *  EXCLUSIVE  no other domain, root included, may handle it;
 *  ENABLE     an action, not a state: set unmasks the line at the
 *             controller, clear masks it;
 *  DEFER      the handler's return does not end a held IRQ (below): the
 *             domain calls adeos_end_irq() once it has serviced the
 *             device, from its handler or later.
 * A domain that neither handles nor passes an IRQ swallows it.
 *
 * Held IRQs: a level-triggered line stays asserted until its device is
 * serviced, so the acknowledge masks it (ADEOS_ACK_HELD) and the line
 * stays masked until the domain that acknowledged it, the first that
 * takes it, ends it: when that domain's handler returns, unless the
 * domain set DEFER, then at its adeos_end_irq(). A domain that lets go
 * of the IRQ ends it too. The domains it is passed on to do not hold
 * it: they are told of an IRQ the first one serviced.
 */
#define ADEOS_HANDLE_MASK 0x1
#define ADEOS_PASS_MASK 0x2
#define ADEOS_EACH_MASK 0x4
#define ADEOS_EXCLUSIVE_MASK 0x8
#define ADEOS_ENABLE_MASK 0x10
#define ADEOS_DEFER_MASK 0x20
#define ADEOS_CONTROL_BITS 0x3f
/* What a domain has for an IRQ it never virtualized: it lets it through. */
#define ADEOS_DEFAULT_CONTROL ADEOS_PASS_MASK

/* Bits of adomain_t.status. */
#define ADEOS_STALL_FLAG 0x1
/* Stopped by a fault: none of its handlers is called again. */
#define ADEOS_FAULTED_FLAG 0x2

/*
 * What the IRQs of a domain that faulted become (adomain_t.on_fault):
 *  DROP  nobody's: each arrival is acknowledged and counted as
 *        unhandled; a level line it held stays masked until the domain
 *        lets go of it (its device was never serviced);
 *  PASS  the domain lets them through: the domains below, Linux last,
 *        get them, the root taking back those it had given up.
 */
#define ADEOS_FAULT_DROP_IRQS 0
#define ADEOS_FAULT_PASS_IRQS 1

/*
 * Not an exception: handler calls in a row ran past their domain's
 * budget, as many as arch_budget_overruns() says. One is no proof that
 * a handler ran away; a handler that has really gone wrong (a loop, a
 * wait on a device that never answers) overruns on every call. On bare
 * hardware a call's time is the handler's own, and
 * ADEOS_BUDGET_OVERRUNS in a row stop the domain. Under a hypervisor it
 * also holds the host's preemption of the virtual CPU, and a busy host
 * preempts it again and again, so that a few calls in a row can overrun
 * while the handler is fine; there ADEOS_BUDGET_OVERRUNS_GUEST stop it,
 * which a runaway handler still reaches within a second or so of
 * overruns at its budget.
 */
#define ADEOS_BUDGET_OVERRUNS 3
#define ADEOS_BUDGET_OVERRUNS_GUEST 20
#define ADEOS_FAULT_BUDGET (-1)

/* Why a domain was stopped (adomain_t.fault), once ADEOS_FAULTED_FLAG. */
struct adeos_fault {
	int trap; /* the arch's exception number, or ADEOS_FAULT_BUDGET */
	const char *what; /* its name, "divide error", "page fault"... */
	unsigned long ip; /* the faulting instruction, or the handler */
	unsigned long address; /* the address a page fault was for */
	unsigned int irq; /* the IRQ whose handler was running */
};

#define ADEOS_LOG_WORD_BITS (8 * sizeof(unsigned long))
#define ADEOS_LOG_WORDS \
	((ADEOS_NR_IRQS + ADEOS_LOG_WORD_BITS - 1) / ADEOS_LOG_WORD_BITS)

typedef void (*adeos_irq_handler_t)(unsigned int irq, void *cookie);

/*
 * Trap events: the OS's exceptions, by the arch's exception number
 * (on i386 the vector, 0-31), offered to the domains that catch them,
 * head first, before the OS handles them. A handler gets the arch's
 * trap frame as @data (on i386 the struct pt_regs of the exception)
 * and returns ADEOS_EVENT_HANDLED (nobody else sees the exception, the
 * OS neither: the trapping code resumes as the frame now says) or
 * ADEOS_EVENT_PASS (the next domain that catches it, then the OS).
 * Handlers run in the context that trapped, hard IRQs off; they must
 * not fault.
 */
#define ADEOS_NR_EVENTS 32
#define ADEOS_EVENT_PASS 0
#define ADEOS_EVENT_HANDLED 1
typedef int (*adeos_event_handler_t)(unsigned int event, void *data,
				     void *cookie);

struct adeos_event_slot {
	adeos_event_handler_t handler;
	void *cookie;
};
/*
 * An acknowledge routine returns ADEOS_ACK_SPURIOUS for an IRQ that was
 * not there (dropped), ADEOS_ACK_DONE when the controller may raise the
 * next one, ADEOS_ACK_HELD when it masked the line until the IRQ is
 * ended (arch_irq_end(), which the pipeline calls).
 */
#define ADEOS_ACK_SPURIOUS 0
#define ADEOS_ACK_DONE 1
#define ADEOS_ACK_HELD 2
typedef int (*adeos_irq_ack_t)(unsigned int irq);

/* One IRQ as one domain sees it. */
struct adeos_irq_slot {
	adeos_irq_handler_t handler;
	adeos_irq_ack_t acknowledge;
	void *cookie;
	unsigned int control;
	unsigned int held; /* this domain acknowledged a held IRQ: it ends it */
};

/*
 * Per-IRQ counts: every arrival logged for a domain ends as a delivery
 * (handled), folded into a delivery (merged), or is still pending.
 */
struct adeos_irq_stats {
	unsigned long received;
	unsigned long handled;
	unsigned long merged;
	unsigned long passed; /* arrivals this domain let down the pipeline */
};

/*
 * The pending log: a two-level bitmap says which IRQs wait, the hits
 * count how often each arrived, so that no repeat is lost.
 */
struct adeos_log {
	unsigned long summary; /* bit w: words[w] is nonzero */
	unsigned long words[ADEOS_LOG_WORDS];
	unsigned int hits[ADEOS_NR_IRQS];
};

/* A link of the timer service's lists (adeos/timer.h). */
struct adeos_timer_link {
	struct adeos_timer_link *next, *prev;
};

/* The 2002 API's typedef names are kept: adomain_t, adattr_t. */
typedef struct adeos_domain {
	const char *name;
	int priority;
	unsigned long status; /* ADEOS_STALL_FLAG */
	struct adeos_domain *next; /* the pipeline, by decreasing priority */
	int irq_in_service; /* the IRQ its innermost handler got, or -1 */
	int pass_request; /* that handler called adeos_suspend_domain() */
	/* Where a fault in its innermost handler call lands (arch). */
	struct arch_landing *landing;
	unsigned int on_fault; /* ADEOS_FAULT_DROP_IRQS or _PASS_IRQS */
	/*
	 * Timestamp counts (adeos/clock.h) one handler call may take before
	 * the domain is stopped as if it had faulted, once the call returns;
	 * 0 for no limit. What the longest call took.
	 */
	unsigned long long budget;
	unsigned long long longest_call;
	/*
	 * Calls past the budget: all of them, the last ones in a row, and
	 * the most ever in a row.
	 */
	unsigned long overruns;
	unsigned int overruns_in_row;
	unsigned int most_in_row;
	struct adeos_fault fault;
	/*
	 * Optional: the domain's own scheduler, for a domain that runs
	 * tasks on stacks of their own (an executive: executive/). Set
	 * with adeos_set_scheduler(); adeos/sched.h says when the pipeline
	 * calls it.
	 */
	void (*reschedule)(void *scheduler);
	void *scheduler; /* the scheduler's own data, given back to it */
	unsigned long reschedules; /* calls of it */
	int resched_due; /* a walk in a hard section left it to the next */
	struct adeos_log log;
	/* Its timers whose deadline passed, to fire when its stage plays. */
	struct adeos_timer_link timers_due;
	struct adeos_irq_slot irqs[ADEOS_NR_IRQS];
	struct adeos_irq_stats stats[ADEOS_NR_IRQS];
	struct adeos_event_slot events[ADEOS_NR_EVENTS];
	unsigned long event_hits[ADEOS_NR_EVENTS]; /* calls of its handlers */
} adomain_t;

typedef struct adeos_attr {
	const char *name;
	int priority; /* ADEOS_MIN_PRI..ADEOS_MAX_PRI, unique */
	/*
	 * Optional: runs once inside adeos_register_domain() as the new
	 * domain (stage stalled, hard IRQs off), so the 2002 calls that act
	 * on the current domain, such as adeos_virtualize_irq(), set it up.
	 */
	void (*entry)(void);
} adattr_t;

/*
 * The root domain (the general purpose OS). Its status word is public so
 * that the OS's interrupt flag helpers can test and set its stall bit
 * inline.
 */
extern adomain_t adeos_root;

/* Set up the pipeline with its root domain, unstalled. Once, hard IRQs off. */
void adeos_init(const char *root_name);
adomain_t *adeos_root_domain(void);
/* The domain whose code is running now. */
adomain_t *adeos_current_domain(void);
/*
 * The same, as a variable the OS's entry code reads inline on every
 * interrupt (the pipeline writes it; nothing else may).
 */
extern adomain_t *adeos_current;
/* The head of the pipeline, as a variable (the same rule). */
extern adomain_t *adeos_head;
/*
 * Bit n: some domain catches event n (adeos_catch_event()). The OS's
 * entry code tests it inline before it offers an event; the pipeline
 * writes it.
 */
extern unsigned long adeos_event_map;
/* Walk the pipeline: NULL starts at the head; returns NULL past the root. */
adomain_t *adeos_next_domain(adomain_t *adp);

/*
 * Domains. Errors: -EINVAL bad argument, -EEXIST priority taken,
 * -EBUSY domain in use, -EPERM the root domain.
 */
void adeos_init_attr(adattr_t *attr);
int adeos_register_domain(adomain_t *adp, adattr_t *attr);
int adeos_unregister_domain(adomain_t *adp);
int adeos_renice_domain(adomain_t *adp, int newpri);
/* Inside a handler: this domain is done with the IRQ, pass it on. */
void adeos_suspend_domain(void);

/* IRQs. A NULL handler releases the IRQ; what was pending goes down. */
int adeos_virtualize_irq(unsigned int irq, adeos_irq_handler_t handler,
			 adeos_irq_ack_t acknowledge);
int adeos_virtualize_irq_from(adomain_t *adp, unsigned int irq,
			      adeos_irq_handler_t handler, void *cookie,
			      adeos_irq_ack_t acknowledge, unsigned int mode);
int adeos_control_irq(unsigned int irq, unsigned int clrmask,
		      unsigned int setmask);
int adeos_control_irq_from(adomain_t *adp, unsigned int irq,
			   unsigned int clrmask, unsigned int setmask);
/*
 * End the held IRQ @irq of the current domain (or @adp): its line opens
 * again. -EINVAL when the domain holds no such IRQ.
 */
int adeos_end_irq(unsigned int irq);
int adeos_end_irq_from(adomain_t *adp, unsigned int irq);
/* @return the domain that holds @irq exclusively, or NULL. */
adomain_t *adeos_irq_owner(unsigned int irq);

/* Virtual IRQs: -ENOSPC when none is left. */
int adeos_alloc_virq(void);
int adeos_free_virq(unsigned int irq);
/* Send a virtual IRQ down the pipeline from its head. */
int adeos_trigger_irq(unsigned int irq);

/* The current domain's stage: the replacements for cli/sti/flags. */
void adeos_stall_ipipe(void);
void adeos_unstall_ipipe(void);
void adeos_restore_ipipe(unsigned int x);
unsigned int adeos_test_ipipe(void);
unsigned int adeos_test_and_stall_ipipe(void);

/* Any domain's stage. */
void adeos_stall_ipipe_from(adomain_t *adp);
void adeos_unstall_ipipe_from(adomain_t *adp);
unsigned int adeos_test_ipipe_from(adomain_t *adp);
/*
 * Whether a stalled stage ahead of @adp holds back its log: nothing
 * plays it until that stage unstalls (and plays down to @adp).
 */
int adeos_held_back(const adomain_t *adp);

/*
 * Faults. The arch's exception path calls adeos_domain_fault() when an
 * exception that the OS would not resolve by itself (a fixup, a lazily
 * mapped kernel page) hits a domain ahead of the OS. When the current
 * domain has a handler call in progress, the fault is recorded and the
 * landing returned: the arch abandons the handler's frames and resumes
 * there, and the pipeline stops the domain (ADEOS_FAULTED_FLAG, its IRQs
 * as its on_fault says, its log emptied) before it goes on. NULL: the
 * fault is not a domain's (the OS's own, or in the pipeline's code),
 * for the OS to handle as it would. Hard IRQs off.
 */
struct arch_landing *adeos_domain_fault(const struct adeos_fault *fault);

/*
 * Catch @event in the current domain (or @adp) with @handler, @cookie
 * given back to it; a NULL @handler lets it go. Not for the root
 * domain (-EINVAL), whose exceptions are the OS's own.
 */
int adeos_catch_event(unsigned int event, adeos_event_handler_t handler);
int adeos_catch_event_from(adomain_t *adp, unsigned int event,
			   adeos_event_handler_t handler, void *cookie);
/*
 * For the arch: the exception @event happened, its frame @data. Offers
 * it to the domains that catch it. @return ADEOS_EVENT_HANDLED when one
 * did (the OS must not handle it), else ADEOS_EVENT_PASS.
 */
int adeos_handle_event(unsigned int event, void *data);

/* IRQs that reached the pipeline and nobody took, or that were spurious. */
unsigned long adeos_unhandled_count(void);
unsigned long adeos_spurious_count(void);
/* Pending arrivals handed down, at a release, to no domain that takes them. */
unsigned long adeos_dropped_count(void);
/*
 * Arrivals that domains since unregistered had delivered (handled or
 * merged), so that counts stay whole across domains that come and go.
 */
unsigned long adeos_departed_count(void);

#endif /* ADEOS_ADEOS_H */
