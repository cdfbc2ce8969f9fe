/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The OS contract: what the OS the pipeline runs under provides, beside
 * the machine (adeos/arch.h). On Linux the glue of core/linux/ does;
 * the host tests provide the services of the first group (tests/host/).
 *
 * Who uses what:
 *  - domain templates: adeos/adeos.h (the pipeline), adeos/template.h
 *    (what a template is), adeos/clock.h (the spare timer and the
 *    timestamp counter), and this header's services; nothing of Linux
 *    but in their *-linux.c files;
 *  - the generated code of a domain built as a module, and the boot-time
 *    registration: this header's loading and unloading.
 *
 * Prefixes: adeos_ for all of it; the OS's own names stay in its glue.
 */
#ifndef ADEOS_OS_H
#define ADEOS_OS_H

#include <adeos/template.h>

/*
 * Services: callable from a template's OS-context code (start, stop,
 * its files' show and store).
 */

/* snprintf, for a template's show(). @return what snprintf returns. */
int adeos_snprintf(char *buf, int size, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/*
 * The unsigned decimal number that is the whole of @word's @len
 * characters (a word the OS wrote to a template's file), read as the
 * OS's own parser reads it (Linux: kstrtouint()), into *@v.
 * @return 0, -EINVAL (not a number) or -ERANGE (too big).
 */
int adeos_parse_uint(const char *word, unsigned int len, unsigned int *v);

/*
 * The OS's monotonic clock in nanoseconds (Linux: CLOCK_MONOTONIC, read
 * with ktime_get_mono_fast_ns(), which is NMI-safe), and the reading of
 * the timestamp counter at which it says @ns: a deadline for the timer
 * service (adeos_timer_arm()), so that a domain and the OS agree on when
 * a timer fires. Any context, a domain's handler included.
 */
unsigned long long adeos_os_clock_ns(void);
unsigned long long adeos_os_clock_to_stamp(unsigned long long ns);
/*
 * The OS measured the timestamp counter's rate again after boot
 * (arch_timestamp_khz() changed; the arch says so once it converts at
 * the new rate): the OS's tick through the service follows it. Process
 * context.
 */
void adeos_os_timestamp_rate_changed(void);

/* @n / @d, for 32-bit OSes with no 64-bit division (i386 Linux). */
unsigned long long adeos_div64(unsigned long long n, unsigned long d);

/*
 * Loading and unloading domains while the OS runs: set the domain's IRQs
 * up in the OS, start it (adeos_domain_start), show it (on Linux in
 * /proc/adeos/<name>/). Called from the OS's context; may sleep.
 */

/* @return 0, or a negative error with nothing left behind. @see adeos_unload_domain */
int adeos_load_domain(struct adeos_domain_desc *desc);
/* Stop a loaded domain and give its IRQs back. @see adeos_load_domain */
void adeos_unload_domain(struct adeos_domain_desc *desc);

#endif /* ADEOS_OS_H */
