/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * trap-monitor: watches the OS's exceptions through the pipeline's trap
 * events, and claims one process's breakpoints: a debugger that lives
 * entirely in a loadable domain.
 */
#ifndef ADEOS_TEMPLATE_TRAP_MONITOR_H
#define ADEOS_TEMPLATE_TRAP_MONITOR_H

#include <adeos/template.h>

#define TRAP_MONITOR_NAME_LEN 16

/* The registers of the trapping code at the last claimed breakpoint. */
struct trap_monitor_regs {
	unsigned long pid;
	unsigned long ip; /* the breakpoint's address */
	unsigned long ax, bx, cx, dx, si, di, bp, sp, flags;
};

struct trap_monitor_state {
	/* the process (its name) whose breakpoints are claimed; "" none */
	char claim[TRAP_MONITOR_NAME_LEN];
	unsigned long claimed;
	struct trap_monitor_regs last;
};

extern const struct adeos_template adeos_template_trap_monitor;

/*
 * The OS's side (trap-monitor-linux.c, built only into the kernel; weak,
 * so that the host tests link the domain's side alone): whether the
 * exception @event, its frame @data, is a breakpoint of the claimed
 * process; if so it records the registers and returns nonzero, and the
 * process resumes past the breakpoint, the OS never told.
 */
int trap_monitor_os_claim(struct trap_monitor_state *st, unsigned int event,
			  void *data) __attribute__((weak));

#endif /* ADEOS_TEMPLATE_TRAP_MONITOR_H */
