// SPDX-License-Identifier: GPL-2.0-only
/*
 * Workloads for make bench-core: each scenario delivers IRQs through the
 * pipeline so that callgrind can count the instructions spent in the
 * entry point (bench-core.sh names which function it counts).
 *
 * usage: bench_core SCENARIO COUNT
 *
 * The primitives of a stage, each COUNT times: stall, unstall-empty
 * (nothing pending), unstall-one (one IRQ pending, played), test.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "../host/host.h"

#define IRQ 3

static adomain_t doms[3];
static unsigned long handled;

static void handler(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
	handled++;
}

static void add(int i, int priority, unsigned int mode)
{
	adattr_t attr;

	adeos_init_attr(&attr);
	attr.name = "bench";
	attr.priority = priority;
	if (adeos_register_domain(&doms[i], &attr) ||
	    adeos_virtualize_irq_from(&doms[i], IRQ, handler, NULL, NULL,
				      mode)) {
		fprintf(stderr, "bench_core: set-up failed\n");
		exit(1);
	}
}

static void take_root(unsigned int mode)
{
	if (adeos_virtualize_irq_from(adeos_root_domain(), IRQ, handler, NULL,
				      NULL, mode))
		exit(1);
}

/* @return 0 if @s names no primitive. */
static int primitive(const char *s, long n)
{
	long i;

	if (!strcmp(s, "stall") || !strcmp(s, "unstall-empty")) {
		for (i = 0; i < n; i++) {
			adeos_stall_ipipe();
			adeos_unstall_ipipe();
		}
	} else if (!strcmp(s, "unstall-one")) {
		take_root(ADEOS_HANDLE_MASK);
		for (i = 0; i < n; i++) {
			adeos_stall_ipipe();
			host_take_irq(IRQ);
			adeos_unstall_ipipe();
		}
	} else if (!strcmp(s, "test")) {
		for (i = 0; i < n; i++)
			handled += adeos_test_ipipe();
		handled += n;
	} else {
		return 0;
	}
	return 1;
}

int main(int argc, char **argv)
{
	const char *s = argc > 1 ? argv[1] : "";
	long i, n = argc > 2 ? atol(argv[2]) : 1000;

	host_reset();
	adeos_init("root");
	if (primitive(s, n))
		goto out;
	if (!strcmp(s, "root")) {
		take_root(ADEOS_HANDLE_MASK);
	} else if (!strcmp(s, "head")) {
		add(0, 200, ADEOS_HANDLE_MASK);
		take_root(ADEOS_HANDLE_MASK);
	} else if (!strcmp(s, "two")) {
		add(0, 200, ADEOS_HANDLE_MASK | ADEOS_PASS_MASK);
		take_root(ADEOS_HANDLE_MASK);
	} else if (!strcmp(s, "four")) {
		add(0, 200, ADEOS_HANDLE_MASK | ADEOS_PASS_MASK);
		add(1, 300, ADEOS_HANDLE_MASK | ADEOS_PASS_MASK);
		add(2, 400, ADEOS_HANDLE_MASK | ADEOS_PASS_MASK);
		take_root(ADEOS_HANDLE_MASK);
	} else if (!strcmp(s, "replay")) {
		take_root(ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
		adeos_stall_ipipe();
		for (i = 0; i < n; i++)
			host_take_irq(IRQ);
		adeos_unstall_ipipe();
		goto out;
	} else {
		fprintf(stderr, "bench_core: unknown scenario '%s'\n", s);
		return 2;
	}
	for (i = 0; i < n; i++)
		host_take_irq(IRQ);
out:
	printf("%lu\n", handled);
	return 0;
}
