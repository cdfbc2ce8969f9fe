/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared set-up for the cmocka unit tests: a fresh pipeline with a root
 * domain, up to four more domains, and a handler that records every
 * delivery with the state the pipeline delivered it in.
 */
#ifndef ADEOS_TESTS_FIXTURE_H
#define ADEOS_TESTS_FIXTURE_H

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>
#include "../host/host.h"

#define NR_DOMS 4
#define MAX_TRACE 4096

struct delivery {
	adomain_t *domain;
	unsigned int irq;
	unsigned int stalled; /* the stage, as the handler saw it */
	int hard_on;
	adomain_t *current;
	int nesting; /* handlers already running when this one began */
};

extern adomain_t dom[NR_DOMS];
extern struct delivery trace[MAX_TRACE];
extern int ntrace;
/* Called by record() after recording; tests set it to act from a handler. */
extern void (*on_delivery)(adomain_t *d, unsigned int irq);

int fixture_setup(void **state);
void record(unsigned int irq, void *cookie);
/* Register dom[i] at @priority; the test fails if that fails. */
adomain_t *add_domain(int i, int priority);
/* @d takes @irq with record() as handler, the cookie being @d. */
void take(adomain_t *d, unsigned int irq, unsigned int mode);
int deliveries(adomain_t *d, unsigned int irq);

#define HANDLE ADEOS_HANDLE_MASK
#define PASS ADEOS_PASS_MASK
#define EACH ADEOS_EACH_MASK
#define EXCL ADEOS_EXCLUSIVE_MASK
#define ROOT adeos_root_domain()
#define UNIT(f) cmocka_unit_test_setup(f, fixture_setup)

#endif /* ADEOS_TESTS_FIXTURE_H */
