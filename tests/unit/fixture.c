// SPDX-License-Identifier: GPL-2.0-only
#include <string.h>
#include "fixture.h"

adomain_t dom[NR_DOMS];
struct delivery trace[MAX_TRACE];
int ntrace;
void (*on_delivery)(adomain_t *d, unsigned int irq);
static int running;

int fixture_setup(void **state)
{
	(void)state;
	host_reset();
	adeos_init("root");
	memset(dom, 0, sizeof(dom));
	ntrace = 0;
	running = 0;
	on_delivery = NULL;
	return 0;
}

void record(unsigned int irq, void *cookie)
{
	adomain_t *d = cookie;
	struct delivery *t;

	assert_true(ntrace < MAX_TRACE);
	t = &trace[ntrace++];
	t->domain = d;
	t->irq = irq;
	t->stalled = adeos_test_ipipe_from(d);
	t->hard_on = host.hard_on;
	t->current = adeos_current_domain();
	t->nesting = running++;
	if (on_delivery)
		on_delivery(d, irq);
	running--;
}

adomain_t *add_domain(int i, int priority)
{
	adattr_t attr;
	static const char *names[NR_DOMS] = { "d0", "d1", "d2", "d3" };

	adeos_init_attr(&attr);
	attr.name = names[i];
	attr.priority = priority;
	assert_int_equal(adeos_register_domain(&dom[i], &attr), 0);
	return &dom[i];
}

void take(adomain_t *d, unsigned int irq, unsigned int mode)
{
	assert_int_equal(
		adeos_virtualize_irq_from(d, irq, record, d, NULL, mode), 0);
}

int deliveries(adomain_t *d, unsigned int irq)
{
	int i, n = 0;

	for (i = 0; i < ntrace; i++)
		if (trace[i].domain == d && trace[i].irq == irq)
			n++;
	return n;
}
