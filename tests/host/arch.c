// SPDX-License-Identifier: GPL-2.0-only
/*
 * The host implementation of the arch contract (core/include/adeos/arch.h):
 * a simulated CPU flag and interrupt controller for the host tests.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "host.h"
#include <adeos/clock.h>
#include <adeos/os.h>
#include <adeos/timer.h>

struct host_cpu host;

void host_reset(void)
{
	memset(&host, 0, sizeof(host));
	host.hard_on = 1;
}

/* A point where the hardware may interrupt, if the flag allows it. */
static void window(void)
{
	if (host.hard_on && host.window)
		host.window();
}

unsigned long host_hard_local_irq_save(void)
{
	unsigned long was = host.hard_on;

	window();
	host.hard_on = 0;
	return was;
}

void host_hard_local_irq_restore(unsigned long flags)
{
	host.hard_on = !!flags;
	window();
}

void host_hard_local_irq_enable(void)
{
	host.hard_on = 1;
	window();
}

void host_hard_local_irq_disable(void)
{
	window();
	host.hard_on = 0;
}

int host_hard_irqs_disabled(void)
{
	return !host.hard_on;
}

/*
 * i386's entry while the root runs (arch/i386/irq.c): an IRQ only the
 * root takes goes straight to the root's handler, its stage stalled and
 * hard IRQs on as in Linux's entry; what came meanwhile plays at the
 * exit. @return 0 if the IRQ must go through adeos_handle_irq().
 */
static int take_direct(unsigned int irq)
{
	adomain_t *root = adeos_root_domain();
	struct adeos_irq_slot *slot = &root->irqs[irq];
	int go;

	if (adeos_current_domain() != root)
		return 0;
	go = adeos_root_direct(irq);
	if (go <= 0)
		return go < 0;
	host.direct++;
	root->status |= ADEOS_STALL_FLAG;
	host.hard_on = 1;
	arch_run_root_handler(slot->handler, irq, slot->cookie);
	host.hard_on = 0;
	if (go == ADEOS_DIRECT_HELD)
		adeos_root_direct_done(irq);
	adeos_play_root_stage();
	host.hard_on = 0;
	return 1;
}

/* What the CPU does on an interrupt: flag off, enter, flag back on iret. */
void host_take_irq(unsigned int irq)
{
	if (!host.hard_on) {
		fprintf(stderr, "host: IRQ %u taken with the flag off\n", irq);
		abort();
	}
	host.hard_on = 0;
	host.depth++;
	if (!host.direct_entry || !take_direct(irq))
		adeos_handle_irq(irq);
	if (host.hard_on)
		host.violations++;
	host.depth--;
	host.hard_on = 1;
}

int arch_irq_ack(unsigned int irq)
{
	if (host.hard_on)
		host.violations++;
	host.acks[irq]++;
	if (host.spurious[irq])
		return ADEOS_ACK_SPURIOUS;
	if (!host.level[irq])
		return ADEOS_ACK_DONE;
	host.masked[irq] = 1;
	return ADEOS_ACK_HELD;
}

void arch_irq_end(unsigned int irq)
{
	if (host.hard_on)
		host.violations++;
	if (!host.masked[irq])
		host.violations++;
	host.ends[irq]++;
	host.masked[irq] = 0;
}

int arch_irq_pending(unsigned int irq)
{
	if (host.hard_on)
		host.violations++;
	return host.asserted[irq];
}

void arch_irq_mask(unsigned int irq)
{
	if (host.hard_on)
		host.violations++;
	host.masked[irq] = 1;
}

void arch_irq_unmask(unsigned int irq)
{
	if (host.hard_on)
		host.violations++;
	host.masked[irq] = 0;
}

void arch_run_root_handler(adeos_irq_handler_t handler, unsigned int irq,
			   void *cookie)
{
	host.root_handlers++;
	handler(irq, cookie);
}

void arch_root_played(void)
{
	host.root_played++;
	if (!host.hard_on)
		host.root_played_hard_off++;
}

int arch_call_handler(struct arch_landing *landing,
		      void (*handler)(unsigned int irq, void *cookie),
		      unsigned int irq, void *cookie)
{
	if (setjmp(landing->jb))
		return 1;
	handler(irq, cookie);
	return 0;
}

unsigned int arch_budget_overruns(void)
{
	return host.guest ? ADEOS_BUDGET_OVERRUNS_GUEST : ADEOS_BUDGET_OVERRUNS;
}

void arch_report_fault(const struct adeos_domain *d)
{
	(void)d;
	if (host.hard_on)
		host.violations++;
	host.faults_reported++;
}

void host_fault(int trap, const char *what, unsigned long address)
{
	struct adeos_fault f = { .trap = trap,
				 .what = what,
				 .ip = (unsigned long)__builtin_return_address(
					 0),
				 .address = address };
	struct arch_landing *landing;
	unsigned long flags = host.hard_on;

	host.hard_on = 0;
	landing = adeos_domain_fault(&f);
	if (landing)
		longjmp(landing->jb, 1);
	host.hard_on = flags;
}

void arch_panic(const char *func, const char *why)
{
	host.panic_func = func;
	if (host.panic_jmp)
		longjmp(*host.panic_jmp, 1);
	fprintf(stderr, "adeos panic in %s: %s\n", func, why);
	abort();
}

int adeos_snprintf(char *buf, int size, const char *fmt, ...)
{
	va_list ap;
	int n;

	va_start(ap, fmt);
	n = vsnprintf(buf, size, fmt, ap);
	va_end(ap);
	return n;
}

/* The OS's clock, simulated: a timestamp count is a microsecond. */
#define NS_PER_STAMP 1000ULL

unsigned long long adeos_os_clock_ns(void)
{
	return host.timestamp * NS_PER_STAMP;
}

/* Rounded up: a deadline never before the time. */
unsigned long long adeos_os_clock_to_stamp(unsigned long long ns)
{
	return (ns + NS_PER_STAMP - 1) / NS_PER_STAMP;
}

unsigned long long adeos_div64(unsigned long long n, unsigned long d)
{
	return n / d;
}

/* As Linux's kstrtouint(@word, 10, @v) reads @word's @len characters. */
int adeos_parse_uint(const char *word, unsigned int len, unsigned int *v)
{
	unsigned long long n = 0;
	unsigned int i = 0;

	/* Linux's copy of the word is 16 bytes with its NUL */
	if (!len || len >= 16)
		return -EINVAL;
	if (word[0] == '+')
		i++;
	if (i == len)
		return -EINVAL;
	for (; i < len; i++) {
		if (word[i] < '0' || word[i] > '9')
			return -EINVAL;
		n = n * 10 + (unsigned int)(word[i] - '0');
		if (n > 0xffffffffULL)
			return -ERANGE;
	}
	*v = n;
	return 0;
}

/* The timestamp counter, simulated: 1 count a microsecond. */
unsigned long long arch_timestamp(void)
{
	return host.manual_clock ? host.timestamp : ++host.timestamp;
}

unsigned long arch_timestamp_per_us(void)
{
	return 1;
}

unsigned long long arch_stamps_to_ns(unsigned long long stamps)
{
	return stamps * 1000;
}

unsigned long arch_timestamp_khz(void)
{
	return 1000;
}

/* The timer service's device: what it was set for; the test fires it. */
int arch_timer_program(unsigned long long deadline)
{
	int far = host.tdev_max && deadline > host.timestamp + host.tdev_max;

	if (host.hard_on)
		host.violations++;
	host.tdev_armed = 1;
	host.tdev_at = far ? host.timestamp + host.tdev_max : deadline;
	host.tdev_programs++;
	return far;
}

void arch_timer_disarm(void)
{
	if (host.hard_on)
		host.violations++;
	host.tdev_armed = 0;
}

/* The device fires: the CPU takes the service's interrupt, as an IRQ. */
void host_take_timer(void)
{
	if (!host.hard_on) {
		fprintf(stderr, "host: the timer taken with the flag off\n");
		abort();
	}
	host.hard_on = 0;
	host.depth++;
	host.tdev_armed = 0;
	adeos_timer_interrupt();
	if (host.hard_on)
		host.violations++;
	host.depth--;
	host.hard_on = 1;
}
