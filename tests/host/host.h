/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The simulated machine behind the host arch: its interrupt flag, its
 * controller, and the hook through which a test raises IRQs wherever a
 * real CPU could take one.
 */
#ifndef ADEOS_TESTS_HOST_H
#define ADEOS_TESTS_HOST_H

#include <setjmp.h>
#include <adeos/adeos.h>

struct host_cpu {
	int hard_on; /* the interrupt flag */
	int depth; /* hardware IRQs being taken, nested */
	/*
	 * Called at every point where the hardware may interrupt (each
	 * hard_* call made with the flag on, before it is turned off and
	 * after it is turned on). It may call host_take_irq().
	 */
	void (*window)(void);
	unsigned long acks[ADEOS_NR_IRQS];
	unsigned char masked[ADEOS_NR_IRQS];
	unsigned char spurious[ADEOS_NR_IRQS]; /* the ack reports these */
	/* level-triggered lines: the ack masks them, the end opens them */
	unsigned char level[ADEOS_NR_IRQS];
	unsigned long ends[ADEOS_NR_IRQS];
	/* the line is raised again when the pipeline asks (a storm) */
	unsigned char asserted[ADEOS_NR_IRQS];
	/* arch hooks called with hard IRQs on, entries left with them on */
	unsigned long violations;
	unsigned long root_handlers; /* run through arch_run_root_handler() */
	/* arch_root_played() calls, and those made with the flag off */
	unsigned long root_played;
	unsigned long root_played_hard_off;
	const char *panic_func; /* set by arch_panic() */
	unsigned long long timestamp; /* the timestamp counter */
	jmp_buf *panic_jmp; /* where arch_panic() returns to, if set */
	unsigned long faults_reported; /* arch_report_fault() calls */
	int guest; /* a virtual machine, for arch_budget_overruns() */
	/*
	 * Take IRQs as i386's entry does when the root runs: through the
	 * root's fast path (adeos_root_direct()) when it allows, counted in
	 * @direct.
	 */
	int direct_entry;
	unsigned long direct;
	/*
	 * A clock the test moves (arch_timestamp() reads it unchanged)
	 * instead of one that ticks at every reading.
	 */
	int manual_clock;
	/* test_rtx's one-shot timer: set, and when it fires, by the timestamp. */
	int shot_armed;
	unsigned long long shot_at;
	unsigned long shots;
	/*
	 * The timer service's device (adeos/timer.h): armed, for what
	 * deadline, how many times it was written.
	 */
	int tdev_armed;
	unsigned long long tdev_at;
	unsigned long long tdev_max; /* the longest shot it counts; 0: any */
	unsigned long tdev_programs;
	/* The simulated FPU registers, and the saves and restores of them. */
	unsigned long fpu_regs, fpu_saves, fpu_restores;
	unsigned long task_switches;
};

extern struct host_cpu host;

/* Power on: flag on, nothing masked, no window. */
void host_reset(void);
/* The CPU takes @irq now, as if the line had been raised; flag must be on. */
void host_take_irq(unsigned int irq);

/* The timer service's device fires now (its one shot); flag must be on. */
void host_take_timer(void);

/*
 * An exception in the running code, as the arch's exception path takes
 * it: hard IRQs off, then land in the current domain's handler call if
 * the pipeline says the fault is a domain's. @return only if it is not
 * (the OS would handle it).
 */
void host_fault(int trap, const char *what, unsigned long address);

#endif /* ADEOS_TESTS_HOST_H */
