// SPDX-License-Identifier: GPL-2.0-only
/*
 * Links the generated table of domains (make domains) with the host
 * build of core/ and the templates, starts the domains through
 * core/template.c's all-or-none loop, and checks that the pipeline now
 * holds what the table says: every domain at its priority, with what
 * becomes of its IRQs if it faults and a time budget if it has one,
 * every IRQ with its mode and unmasked, delivered to the highest domain
 * that takes it; then stops them all again. GSIs are bound as the OS glue
 * binds them when a domain loads; PCI entries wait for a device the
 * host has not, unbound.
 * Prints one line; exit status 0 only if everything held.
 */
#include <stdio.h>
#include <string.h>
#include "../host/host.h"
#include <adeos/template.h>
#include <adeos/timer.h>

static int failures;

#define expect(cond, ...)                          \
	do {                                       \
		if (!(cond)) {                     \
			printf("FAIL: " __VA_ARGS__); \
			putchar('\n');             \
			failures++;                \
		}                                  \
	} while (0)

/* The highest registered domain that handles @irq. */
static adomain_t *first_taker(unsigned int irq)
{
	adomain_t *d;

	for (d = adeos_next_domain(NULL); d; d = adeos_next_domain(d))
		if (d->irqs[irq].control & ADEOS_HANDLE_MASK)
			return d;
	return NULL;
}

/* How many PCI entries the table has: each left unbound, no device here. */
static unsigned int nr_waiting;

static void check_domain(struct adeos_domain_desc *desc)
{
	unsigned int k, mode;
	adomain_t *d;

	for (d = adeos_next_domain(NULL); d && d != &desc->domain;
	     d = adeos_next_domain(d))
		;
	expect(d, "domain %s is not in the pipeline", desc->name);
	expect(desc->domain.priority == desc->priority,
	       "domain %s at priority %d, table says %d", desc->name,
	       desc->domain.priority, desc->priority);
	expect(!strcmp(desc->domain.name, desc->name), "name %s",
	       desc->domain.name);
	expect(desc->domain.on_fault == desc->on_fault,
	       "domain %s on_fault %u, table says %u", desc->name,
	       desc->domain.on_fault, desc->on_fault);
	expect(!desc->domain.budget == !desc->budget_us,
	       "domain %s budget %llu, table says %u us", desc->name,
	       desc->domain.budget, desc->budget_us);
	for (k = 0; k < desc->nr_irqs; k++) {
		unsigned int irq = desc->bound[k];
		enum adeos_irq_kind kind = desc->irqs[k].kind;

		if (kind == ADEOS_IRQ_PCI_INTX || kind == ADEOS_IRQ_PCI_MSI) {
			expect(irq == ADEOS_IRQ_UNBOUND,
			       "%s entry %u (PCI %s) bound to IRQ %u without a device",
			       desc->name, k, desc->irqs[k].device, irq);
			nr_waiting++;
			continue;
		}
		expect(irq == desc->irqs[k].irq,
		       "%s entry %u bound to IRQ %u, table says %u", desc->name,
		       k, irq, desc->irqs[k].irq);
		if (irq >= ADEOS_NR_IRQS)
			continue;
		mode = desc->irqs[k].mode & ~ADEOS_ENABLE_MASK;
		expect(desc->domain.irqs[irq].control == mode,
		       "%s IRQ %u control %#x, table says %#x", desc->name,
		       irq, desc->domain.irqs[irq].control, mode);
		expect(!host.masked[irq], "%s IRQ %u still masked",
		       desc->name, irq);
	}
}

static unsigned int deliver_each_irq(void)
{
	unsigned int i, k, n = 0;

	for (i = 0; i < adeos_nr_domains; i++) {
		for (k = 0; k < adeos_domains[i].nr_irqs; k++) {
			unsigned int irq = adeos_domains[i].bound[k];
			adomain_t *top;
			unsigned long before;

			if (irq >= ADEOS_NR_IRQS)
				continue; /* a PCI entry, unbound */
			top = first_taker(irq);
			before = top->stats[irq].handled;
			host_take_irq(irq);
			expect(top->stats[irq].handled == before + 1,
			       "IRQ %u did not reach %s", irq, top->name);
			n++;
		}
	}
	return n;
}

/*
 * Start as the OS glue loads a domain: the pipeline takes the legacy
 * IRQs, then the glue binds each GSI to its IRQ (on the host, the one
 * of its number, as on a PC's IO-APIC); a PCI entry waits for its
 * device's IRQs to be enabled, which never happens here.
 */
static int start(struct adeos_domain_desc *desc)
{
	unsigned int k;
	int err = adeos_domain_start(desc);

	for (k = 0; k < desc->nr_irqs && !err; k++) {
		if (desc->irqs[k].kind != ADEOS_IRQ_GSI)
			continue;
		err = adeos_domain_bind_irq(desc, k, desc->irqs[k].irq);
		if (err) {
			printf("FAIL: %s: binding GSI %u returned %d\n",
			       desc->name, desc->irqs[k].irq, err);
			adeos_domain_stop(desc);
		}
	}
	return err;
}

/* adeos_start_domains() wants a stop that cannot fail. */
static void stop(struct adeos_domain_desc *desc)
{
	int err = adeos_domain_stop(desc);

	expect(!err, "adeos_domain_stop(%s) returned %d", desc->name, err);
}

int main(void)
{
	unsigned int i, n;
	int err;

	host_reset();
	host.masked[0] = 1; /* as Linux leaves the PIT after calibration */
	adeos_init("Linux");
	/* as the OS glue does before the domains: their timers need it */
	err = adeos_timer_service_start();
	if (err) {
		printf("FAIL: adeos_timer_service_start() returned %d\n", err);
		return 1;
	}
	err = adeos_start_domains(adeos_domains, adeos_nr_domains, start, stop);
	if (err) {
		printf("FAIL: adeos_start_domains() returned %d\n", err);
		return 1;
	}
	for (i = 0; i < adeos_nr_domains; i++)
		check_domain(&adeos_domains[i]);
	n = deliver_each_irq();
	for (i = adeos_nr_domains; i-- > 0;)
		stop(&adeos_domains[i]);
	expect(adeos_next_domain(NULL) == adeos_root_domain(),
	       "domains left after stopping them all");
	expect(!host.violations, "arch hook called with hard IRQs on");
	if (failures)
		return 1;
	printf("%u domain%s registered, %u IRQ%s delivered", adeos_nr_domains,
	       adeos_nr_domains == 1 ? "" : "s", n, n == 1 ? "" : "s");
	if (nr_waiting)
		printf(", %u PCI entr%s unbound (no device here)", nr_waiting,
		       nr_waiting == 1 ? "y" : "ies");
	printf(", all stopped\n");
	return 0;
}
