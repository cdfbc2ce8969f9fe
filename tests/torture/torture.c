// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pipeline's torture (core/torture.c) on the host's simulated CPU,
 * which offers the hardware a chance to interrupt at every hard_* call
 * made with the flag on, and takes IRQs as i386's entry does: half of
 * them through the root's fast path, when the root allows it.
 *
 * Usage: torture [-s SEED] [-n EVENTS]. Prints one TAP line.
 */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <adeos/torture.h>
#include "../host/host.h"

static void raise_irq(unsigned int irq, int direct)
{
	host.direct_entry = direct;
	host_take_irq(irq);
}

static void root_stall(void)
{
	adeos_stall_ipipe();
}

static void root_unstall(void)
{
	adeos_unstall_ipipe();
}

static unsigned int root_test_and_stall(void)
{
	return adeos_test_and_stall_ipipe();
}

static void root_restore(unsigned int x)
{
	adeos_restore_ipipe(x);
}

static const char *arch_check(void)
{
	return host.violations ? "arch hook called with hard IRQs on" : NULL;
}

static const struct adeos_torture_ops host_ops = {
	.raise = raise_irq,
	.root_stall = root_stall,
	.root_unstall = root_unstall,
	.root_test_and_stall = root_test_and_stall,
	.root_restore = root_restore,
	.arch_check = arch_check,
};

int main(int argc, char **argv)
{
	struct adeos_torture t = {
		.seed = 20020603,
		.limit = 1000000,
		.first_priority = ADEOS_MIN_PRI,
		.max_hw_nest = 5,
		.max_handler_nest = 10,
		.root_handler_may_unstall = 1,
		.ops = &host_ops,
	};
	int opt, x;

	while ((opt = getopt(argc, argv, "s:n:q")) != -1) {
		if (opt == 's')
			t.seed = strtoul(optarg, NULL, 0);
		else if (opt == 'n')
			t.limit = strtoull(optarg, NULL, 0);
		else if (opt != 'q')
			return 2;
	}
	/* Device IRQs 0..7 and the first system IRQ. */
	for (x = 0; x < ADEOS_TORTURE_HW_IRQS; x++)
		t.hw_irqs[x] = x < ADEOS_TORTURE_HW_IRQS - 1 ?
				       (unsigned int)x :
				       ADEOS_SYS_IRQ_BASE;
	host_reset();
	adeos_init("root");
	host.window = adeos_torture_window;
	if (adeos_torture_run(&t)) {
		printf("not ok 1 - torture seed=%lu: failed at event %llu: %s\n",
		       t.seed, t.events, t.why);
		printf("# replay with: torture -s %lu -n %llu\n", t.seed,
		       t.limit);
		return 1;
	}
	printf("ok 1 - torture seed=%lu: %llu events, %lu hardware IRQs, %lu virtual, %lu deliveries, %lu nested, %lu passed down, %lu straight to the root\n",
	       t.seed, t.events, t.hw_raised, t.virqs_sent, t.deliveries,
	       t.nested, t.handed_down, host.direct);
	return 0;
}
