// SPDX-License-Identifier: GPL-2.0-only
/*
 * trap-monitor's Linux side: which breakpoints are the claimed
 * process's, and its registers. int3 is a trap: the frame's ip is
 * already past it, so the process resumes there, and the breakpoint's
 * own address is one byte before.
 */
#include <linux/ptrace.h>
#include <linux/sched.h>
#include <linux/string.h>
#include <asm/trapnr.h>
#include "trap-monitor.h"

int trap_monitor_os_claim(struct trap_monitor_state *st, unsigned int event,
			  void *data)
{
	struct pt_regs *regs = data;
	struct trap_monitor_regs *r = &st->last;

	if (event != X86_TRAP_BP || !user_mode(regs) ||
	    strncmp(current->comm, st->claim, TRAP_MONITOR_NAME_LEN))
		return 0;
	r->pid = task_pid_nr(current);
	r->ip = regs->ip - 1;
	r->ax = regs->ax;
	r->bx = regs->bx;
	r->cx = regs->cx;
	r->dx = regs->dx;
	r->si = regs->si;
	r->di = regs->di;
	r->bp = regs->bp;
	r->sp = regs->sp;
	r->flags = regs->flags;
	return 1;
}
