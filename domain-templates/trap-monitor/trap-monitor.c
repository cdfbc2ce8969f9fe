// SPDX-License-Identifier: GPL-2.0-only
/*
 * trap-monitor: a domain that catches every exception vector
 * (adeos_catch_event()), so that it sees each of the OS's exceptions
 * before the OS does. It counts them by vector (the pipeline keeps the
 * counts, adomain_t.event_hits) and passes them on, except the
 * breakpoints of the process named in its claim file: those it takes,
 * recording the registers, and the process goes on past them without
 * the OS ever seeing a trap. The loadable debugger of the 2002
 * announcement, at its smallest.
 */
#include <adeos/os.h>
#include "trap-monitor.h"

static int trap_monitor_event(unsigned int event, void *data, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct trap_monitor_state *st = desc->state;

	if (st->claim[0] && trap_monitor_os_claim &&
	    trap_monitor_os_claim(st, event, data)) {
		st->claimed++;
		return ADEOS_EVENT_HANDLED;
	}
	return ADEOS_EVENT_PASS;
}

static int trap_monitor_start(struct adeos_domain_desc *desc)
{
	unsigned int event;
	int err = 0;

	for (event = 0; event < ADEOS_NR_EVENTS && !err; event++)
		err = adeos_catch_event_from(&desc->domain, event,
					     trap_monitor_event, desc);
	return err;
}

static void trap_monitor_stop(struct adeos_domain_desc *desc)
{
	unsigned int event;

	for (event = 0; event < ADEOS_NR_EVENTS; event++)
		adeos_catch_event_from(&desc->domain, event, NULL, NULL);
}

/* "vector N count C", one line per vector seen. */
static int counts_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	unsigned int event;
	int n = 0;

	for (event = 0; event < ADEOS_NR_EVENTS && n < size; event++)
		if (desc->domain.event_hits[event])
			n += adeos_snprintf(buf + n, size - n,
					    "vector %u count %lu\n", event,
					    desc->domain.event_hits[event]);
	return n < size ? n : size;
}

static int claim_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	struct trap_monitor_state *st = desc->state;

	return adeos_snprintf(buf, size, "%s\n", st->claim);
}

/*
 * A process name, up to 15 characters (a newline ends it); empty stops
 * claiming. The claimed count and the last registers start over.
 */
static int claim_store(struct adeos_domain_desc *desc, const char *buf, int len)
{
	struct trap_monitor_state *st = desc->state;
	char name[TRAP_MONITOR_NAME_LEN] = { 0 };
	int i;

	if (len > 0 && buf[len - 1] == '\n')
		len--;
	if (len < 0 || len >= TRAP_MONITOR_NAME_LEN)
		return -EINVAL;
	for (i = 0; i < len; i++) {
		if (buf[i] == '\0' || buf[i] == '\n')
			return -EINVAL;
		name[i] = buf[i];
	}
	name[len] = '\0';
	/* The OS's context: the domain's handler may read it meanwhile. */
	st->claim[0] = '\0';
	st->claimed = 0;
	__builtin_memset(&st->last, 0, sizeof(st->last));
	__builtin_memcpy(st->claim + 1, name + 1, TRAP_MONITOR_NAME_LEN - 1);
	__atomic_store_n(&st->claim[0], name[0], __ATOMIC_RELEASE);
	return 0;
}

static int breakpoints_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	struct trap_monitor_state *st = desc->state;
	const struct trap_monitor_regs *r = &st->last;

	return adeos_snprintf(
		buf, size,
		"claimed %lu\npid %lu eip %#lx\n"
		"eax %#lx ebx %#lx ecx %#lx edx %#lx\n"
		"esi %#lx edi %#lx ebp %#lx esp %#lx eflags %#lx\n",
		st->claimed, r->pid, r->ip, r->ax, r->bx, r->cx, r->dx, r->si,
		r->di, r->bp, r->sp, r->flags);
}

static const struct adeos_template_file trap_monitor_files[] = {
	{ .name = "counts", .show = counts_show },
	{ .name = "claim", .show = claim_show, .store = claim_store },
	{ .name = "breakpoints", .show = breakpoints_show },
	{ .name = NULL },
};

const struct adeos_template adeos_template_trap_monitor = {
	.name = "trap-monitor",
	.start = trap_monitor_start,
	.stop = trap_monitor_stop,
	.files = trap_monitor_files,
};
