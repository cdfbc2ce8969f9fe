// SPDX-License-Identifier: GPL-2.0-only
/*
 * Domains: registration, removal, priority changes, and their errors;
 * and the all-or-none start of a table of domains (adeos/template.h).
 */
#include "fixture.h"
#include <string.h>
#include <adeos/template.h>

static void init_leaves_root_alone(void **state)
{
	(void)state;
	assert_ptr_equal(adeos_next_domain(NULL), ROOT);
	assert_null(adeos_next_domain(ROOT));
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_string_equal(ROOT->name, "root");
	assert_int_equal(ROOT->priority, ADEOS_ROOT_PRI);
	assert_int_equal(adeos_test_ipipe(), 0);
}

static void register_orders_by_priority(void **state)
{
	(void)state;
	add_domain(0, 300);
	add_domain(1, 200);
	add_domain(2, 500);
	assert_ptr_equal(adeos_next_domain(NULL), &dom[2]);
	assert_ptr_equal(adeos_next_domain(&dom[2]), &dom[0]);
	assert_ptr_equal(adeos_next_domain(&dom[0]), &dom[1]);
	assert_ptr_equal(adeos_next_domain(&dom[1]), ROOT);
}

static void register_rejects_null(void **state)
{
	adattr_t attr;

	(void)state;
	adeos_init_attr(&attr);
	assert_int_equal(adeos_register_domain(NULL, &attr), -EINVAL);
	assert_int_equal(adeos_register_domain(&dom[0], NULL), -EINVAL);
	attr.name = NULL;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), -EINVAL);
	assert_ptr_equal(adeos_next_domain(NULL), ROOT);
}

static void register_checks_priority_range(void **state)
{
	adattr_t attr;

	(void)state;
	adeos_init_attr(&attr);
	attr.priority = ADEOS_ROOT_PRI;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), -EINVAL);
	attr.priority = 50;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), -EINVAL);
	attr.priority = ADEOS_MAX_PRI + 1;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), -EINVAL);
	add_domain(0, ADEOS_MIN_PRI);
	add_domain(1, ADEOS_MAX_PRI);
}

static void register_rejects_taken_priority(void **state)
{
	adattr_t attr;

	(void)state;
	add_domain(0, 200);
	adeos_init_attr(&attr);
	attr.priority = 200;
	assert_int_equal(adeos_register_domain(&dom[1], &attr), -EEXIST);
	assert_ptr_equal(adeos_next_domain(&dom[0]), ROOT);
}

static void register_rejects_twice(void **state)
{
	adattr_t attr;

	(void)state;
	add_domain(0, 200);
	adeos_init_attr(&attr);
	attr.priority = 300;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), -EBUSY);
	assert_int_equal(dom[0].priority, 200);
}

static adomain_t *entry_saw_current;
static unsigned int entry_saw_stall;
static int entry_saw_hard_on;

static void entry(void)
{
	entry_saw_current = adeos_current_domain();
	entry_saw_stall = adeos_test_ipipe();
	entry_saw_hard_on = host.hard_on;
	assert_int_equal(adeos_virtualize_irq(9, record, NULL), 0);
}

static void register_runs_entry_as_new_domain(void **state)
{
	adattr_t attr;

	(void)state;
	adeos_init_attr(&attr);
	attr.priority = 250;
	attr.entry = entry;
	assert_int_equal(adeos_register_domain(&dom[0], &attr), 0);
	assert_ptr_equal(entry_saw_current, &dom[0]);
	assert_int_equal(entry_saw_stall, ADEOS_STALL_FLAG);
	assert_int_equal(entry_saw_hard_on, 0);
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_int_equal(adeos_test_ipipe_from(&dom[0]), 0);
	assert_int_equal(dom[0].irqs[9].control, HANDLE | PASS);
}

static void init_attr_gives_defaults(void **state)
{
	adattr_t attr;

	(void)state;
	attr.entry = entry;
	adeos_init_attr(&attr);
	assert_non_null(attr.name);
	assert_int_equal(attr.priority, ADEOS_MIN_PRI);
	assert_null(attr.entry);
}

static void unregister_stops_delivery(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE | PASS);
	take(ROOT, 4, HANDLE);
	host_take_irq(4);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_ptr_equal(adeos_next_domain(NULL), ROOT);
	host_take_irq(4);
	assert_int_equal(deliveries(&dom[0], 4), 1);
	assert_int_equal(deliveries(ROOT, 4), 2);
}

static void unregister_errors(void **state)
{
	(void)state;
	assert_int_equal(adeos_unregister_domain(ROOT), -EPERM);
	assert_int_equal(adeos_unregister_domain(&dom[0]), -EINVAL);
	assert_int_equal(adeos_unregister_domain(NULL), -EINVAL);
}

static int busy_result;

static void unregister_self(adomain_t *d, unsigned int irq)
{
	(void)irq;
	busy_result = adeos_unregister_domain(d);
}

static void unregister_refused_while_running(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	on_delivery = unregister_self;
	host_take_irq(4);
	assert_int_equal(busy_result, -EBUSY);
	assert_ptr_equal(adeos_next_domain(NULL), &dom[0]);
}

static void unregister_hands_pending_down(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE); /* terminates: the root never sees it */
	take(ROOT, 5, HANDLE);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(5);
	host_take_irq(5);
	host_take_irq(5);
	assert_int_equal(ntrace, 0);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	/* three arrivals, merged into one delivery for a device IRQ */
	assert_int_equal(deliveries(ROOT, 5), 1);
	assert_int_equal(ROOT->stats[5].received, 3);
	assert_int_equal(ROOT->stats[5].merged, 2);
}

/*
 * What a domain delivered stays counted once it is gone; what it had
 * pending is the next one's.
 */
static void unregister_counts_what_departs(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE | EACH);
	take(ROOT, 5, HANDLE | EACH);
	host_take_irq(5);
	host_take_irq(5);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(5);
	assert_int_equal(adeos_departed_count(), 0);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_int_equal(adeos_departed_count(), 2);
	assert_int_equal(ROOT->stats[5].handled, 1);
	/* every arrival once: departed, or the root's */
	assert_int_equal(adeos_departed_count() + ROOT->stats[5].handled, 3);
}

static void unregister_unblocks_lower(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(ROOT, 6, HANDLE);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(6);
	assert_int_equal(ntrace, 0);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_int_equal(deliveries(ROOT, 6), 1);
}

static void renice_reorders(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 3, HANDLE | PASS);
	take(&dom[1], 3, HANDLE | PASS);
	assert_int_equal(adeos_renice_domain(&dom[0], 400), 0);
	assert_ptr_equal(adeos_next_domain(NULL), &dom[0]);
	host_take_irq(3);
	assert_int_equal(ntrace, 2);
	assert_ptr_equal(trace[0].domain, &dom[0]);
	assert_ptr_equal(trace[1].domain, &dom[1]);
}

static void renice_errors(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	assert_int_equal(adeos_renice_domain(ROOT, 500), -EPERM);
	assert_int_equal(adeos_renice_domain(&dom[0], ADEOS_ROOT_PRI), -EINVAL);
	assert_int_equal(adeos_renice_domain(&dom[0], ADEOS_MAX_PRI + 1),
			 -EINVAL);
	assert_int_equal(adeos_renice_domain(&dom[0], 300), -EEXIST);
	assert_int_equal(adeos_renice_domain(&dom[2], 600), -EINVAL);
	assert_int_equal(adeos_renice_domain(NULL, 600), -EINVAL);
	assert_int_equal(dom[0].priority, 200);
	assert_int_equal(adeos_renice_domain(&dom[0], 200), 0);
}

static void renice_self(adomain_t *d, unsigned int irq)
{
	(void)irq;
	busy_result = adeos_renice_domain(d, 700);
}

static void renice_refused_while_running(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	on_delivery = renice_self;
	host_take_irq(4);
	assert_int_equal(busy_result, -EBUSY);
	assert_int_equal(dom[0].priority, 200);
}

static void renice_keeps_pending(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 7, HANDLE | PASS | EACH);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(7);
	host_take_irq(7);
	assert_int_equal(adeos_renice_domain(&dom[0], 400), 0);
	assert_int_equal(dom[0].log.hits[7], 2);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(deliveries(&dom[0], 7), 2);
}

static void reregister_starts_clean(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	host_take_irq(4);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	add_domain(0, 250);
	assert_int_equal(dom[0].stats[4].received, 0);
	assert_null(dom[0].irqs[4].handler);
	assert_int_equal(dom[0].irqs[4].control, ADEOS_DEFAULT_CONTROL);
}

/*
 * adeos_start_domains() with a start that fails at one index: events[]
 * logs each call, +(i + 1) for the start of descs[i], -(i + 1) for its
 * stop.
 */
static struct adeos_domain_desc descs[NR_DOMS];
static int events[2 * NR_DOMS], nevents, fail_at;

static int fake_start(struct adeos_domain_desc *desc)
{
	int i = desc - descs;

	events[nevents++] = i + 1;
	return i == fail_at ? -EBUSY : 0;
}

static void fake_stop(struct adeos_domain_desc *desc)
{
	events[nevents++] = -(int)(desc - descs) - 1;
}

static int start_failing_at(int k)
{
	nevents = 0;
	fail_at = k;
	return adeos_start_domains(descs, NR_DOMS, fake_start, fake_stop);
}

static void start_domains_starts_all_in_order(void **state)
{
	static const int want[] = { 1, 2, 3, 4 };

	(void)state;
	assert_int_equal(start_failing_at(-1), 0);
	assert_int_equal(nevents, NR_DOMS);
	assert_memory_equal(events, want, sizeof(want));
}

static void start_domains_stops_started_in_reverse(void **state)
{
	static const int want[] = { 1, 2, 3, -2, -1 };

	(void)state;
	assert_int_equal(start_failing_at(2), -EBUSY);
	assert_int_equal(nevents, 5);
	assert_memory_equal(events, want, sizeof(want));
}

static void start_domains_first_failing_stops_none(void **state)
{
	(void)state;
	assert_int_equal(start_failing_at(0), -EBUSY);
	assert_int_equal(nevents, 1);
	assert_int_equal(events[0], 1);
	nevents = 0;
	assert_int_equal(adeos_start_domains(descs, 0, fake_start, fake_stop),
			 0);
	assert_int_equal(nevents, 0);
}

static const struct adeos_template no_irqs = { .name = "no-irqs" };

static void stop_domain(struct adeos_domain_desc *desc)
{
	assert_int_equal(adeos_domain_stop(desc), 0);
}

/* The pipeline's own start and stop: a taken priority undoes them all. */
static void start_domains_registers_all_or_none(void **state)
{
	static const int prio[] = { 300, 200, 400, 300 };
	int i;

	(void)state;
	memset(descs, 0, sizeof(descs));
	for (i = 0; i < NR_DOMS; i++) {
		descs[i].name = "d";
		descs[i].priority = prio[i];
		descs[i].tmpl = &no_irqs;
	}
	assert_int_equal(adeos_start_domains(descs, NR_DOMS, adeos_domain_start,
					     stop_domain),
			 -EEXIST);
	assert_ptr_equal(adeos_next_domain(NULL), ROOT);
	assert_int_equal(adeos_start_domains(descs, NR_DOMS - 1,
					     adeos_domain_start, stop_domain),
			 0);
	assert_ptr_equal(adeos_next_domain(NULL), &descs[2].domain);
	assert_ptr_equal(adeos_next_domain(&descs[2].domain), &descs[0].domain);
}

/*
 * A template domain that takes IRQ 12 alone from the root domain, while
 * arrivals wait in the stage of the one that had it before.
 */
static unsigned long owner_calls;

static void count_owner_irq(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
	owner_calls++;
}

static const struct adeos_template owner = {
	.name = "owner",
	.handle_irq = count_owner_irq,
};
static const struct adeos_domain_irq owner_irqs[] = {
	{ .irq = 12, .mode = HANDLE | EACH | EXCL },
};

/* descs[0], at priority 200, taking @irqs[0..@n). */
static void start_owner_of(const struct adeos_domain_irq *irqs, unsigned int n)
{
	owner_calls = 0;
	memset(descs, 0, sizeof(descs));
	descs[0].name = "owner";
	descs[0].priority = 200;
	descs[0].tmpl = &owner;
	descs[0].irqs = irqs;
	descs[0].nr_irqs = n;
	assert_int_equal(adeos_domain_start(&descs[0]), 0);
}

static void start_owner(void)
{
	start_owner_of(owner_irqs, 1);
}

static void take_keeps_what_the_root_had_pending(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	adeos_stall_ipipe_from(ROOT);
	host_take_irq(12);
	host_take_irq(12);
	start_owner();
	host_take_irq(12);
	assert_int_equal(owner_calls, 1);
	adeos_unstall_ipipe_from(ROOT);
	assert_int_equal(deliveries(ROOT, 12), 2);
	assert_int_equal(adeos_dropped_count(), 0);
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
}

static void release_hands_pending_to_the_root(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	start_owner();
	adeos_stall_ipipe_from(&descs[0].domain);
	host_take_irq(12);
	host_take_irq(12);
	host_take_irq(12);
	assert_int_equal(owner_calls, 0);
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
	/* the owner never ran them: the root, which takes the IRQ again */
	assert_int_equal(owner_calls, 0);
	assert_int_equal(deliveries(ROOT, 12), 3);
	assert_int_equal(adeos_dropped_count(), 0);
	host_take_irq(12);
	assert_int_equal(deliveries(ROOT, 12), 4);
}

static void pending_with_no_taker_below_are_dropped(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 13, HANDLE | EACH);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(13);
	host_take_irq(13);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_int_equal(adeos_dropped_count(), 2);
	assert_int_equal(ntrace, 0);
}

/*
 * An MSI entry: nothing is taken at the start; bound late, the IRQ moves
 * from the root domain between two arrivals, and unbound it goes back
 * with what was pending.
 */
static const struct adeos_domain_irq late_irqs[] = {
	{ .irq = 3, .mode = HANDLE | EACH },
	{ .mode = HANDLE | EACH | EXCL,
	  .kind = ADEOS_IRQ_PCI_MSI,
	  .device = "1234:11e8" },
};

static void start_late_owner(void)
{
	start_owner_of(late_irqs, 2);
}

static void late_entry_waits_for_its_bind(void **state)
{
	(void)state;
	take(ROOT, 40, HANDLE | EACH);
	start_late_owner();
	assert_int_equal(descs[0].bound[0], 3);
	assert_int_equal(descs[0].bound[1], ADEOS_IRQ_UNBOUND);
	host_take_irq(40);
	assert_int_equal(owner_calls, 0);
	assert_int_equal(deliveries(ROOT, 40), 1);
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 1, 40), 0);
	assert_int_equal(descs[0].bound[1], 40);
	host_take_irq(40);
	assert_int_equal(owner_calls, 1);
	assert_int_equal(deliveries(ROOT, 40), 1);
	/* bound twice, or a legacy entry, or no such entry */
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 1, 41), -EINVAL);
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 0, 41), -EINVAL);
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 2, 41), -EINVAL);
	assert_int_equal(adeos_domain_unbind_irq(&descs[0], 0), -EINVAL);
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
}

static void unbind_hands_pending_to_the_root(void **state)
{
	(void)state;
	take(ROOT, 40, HANDLE | EACH);
	start_late_owner();
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 1, 40), 0);
	adeos_stall_ipipe_from(&descs[0].domain);
	host_take_irq(40);
	host_take_irq(40);
	assert_int_equal(adeos_domain_unbind_irq(&descs[0], 1), 0);
	assert_int_equal(descs[0].bound[1], ADEOS_IRQ_UNBOUND);
	assert_int_equal(adeos_domain_unbind_irq(&descs[0], 1), -EINVAL);
	adeos_unstall_ipipe_from(&descs[0].domain);
	assert_int_equal(owner_calls, 0);
	assert_int_equal(deliveries(ROOT, 40), 2);
	assert_int_equal(adeos_dropped_count(), 0);
	/* bound again (MSI enabled again), then stopped while bound */
	assert_int_equal(adeos_domain_bind_irq(&descs[0], 1, 40), 0);
	host_take_irq(40);
	assert_int_equal(owner_calls, 1);
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
	host_take_irq(40);
	assert_int_equal(deliveries(ROOT, 40), 3);
}

/*
 * A template whose source raises one last IRQ as it is silenced (a
 * timer's last edge): the domain, which still has the IRQ, gets it;
 * the root domain, which takes the IRQ back afterwards, does not.
 */
static void quiesce_raises_last(struct adeos_domain_desc *desc)
{
	(void)desc;
	host_take_irq(12);
}

static const struct adeos_template loud = {
	.name = "loud",
	.handle_irq = count_owner_irq,
	.quiesce = quiesce_raises_last,
};

static void quiesce_runs_while_the_irq_is_the_domains(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	start_owner();
	descs[0].tmpl = &loud;
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
	assert_int_equal(owner_calls, 1);
	assert_int_equal(deliveries(ROOT, 12), 0);
	assert_int_equal(adeos_dropped_count(), 0);
}

/*
 * A template whose source fires as soon as it is started (a one-shot
 * timer's first shot) starts it in irqs_taken: the IRQ is the domain's
 * by then, and the root domain, which had it, sees nothing.
 */
static unsigned long taken_calls;

static void source_fires_at_once(struct adeos_domain_desc *desc)
{
	(void)desc;
	taken_calls++;
	host_take_irq(12);
}

static const struct adeos_template shot = {
	.name = "shot",
	.handle_irq = count_owner_irq,
	.irqs_taken = source_fires_at_once,
};

static void irqs_taken_runs_once_the_irqs_are_the_domains(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	taken_calls = 0;
	start_owner();
	assert_int_equal(taken_calls, 0); /* the owner template has no hook */
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
	descs[0].tmpl = &shot;
	assert_int_equal(adeos_domain_start(&descs[0]), 0);
	assert_int_equal(taken_calls, 1);
	assert_int_equal(owner_calls, 1);
	assert_int_equal(deliveries(ROOT, 12), 0);
	assert_int_equal(adeos_domain_stop(&descs[0]), 0);
	assert_int_equal(taken_calls, 1);
}

/* A start that fails takes no IRQ and never calls irqs_taken. */
static const struct adeos_domain_irq bad_irqs[] = {
	{ .irq = 12, .mode = HANDLE | EACH | EXCL },
	{ .irq = ADEOS_NR_IRQS, .mode = HANDLE | EACH },
};

static void irqs_taken_not_called_when_taking_fails(void **state)
{
	(void)state;
	taken_calls = 0;
	owner_calls = 0;
	descs[0].name = "shot";
	descs[0].priority = 200;
	descs[0].tmpl = &shot;
	descs[0].irqs = bad_irqs;
	descs[0].nr_irqs = 2;
	assert_int_not_equal(adeos_domain_start(&descs[0]), 0);
	assert_int_equal(taken_calls, 0);
	assert_ptr_equal(adeos_next_domain(NULL), ROOT);
	host_take_irq(12);
	assert_int_equal(owner_calls, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(init_leaves_root_alone),
		UNIT(register_orders_by_priority),
		UNIT(register_rejects_null),
		UNIT(register_checks_priority_range),
		UNIT(register_rejects_taken_priority),
		UNIT(register_rejects_twice),
		UNIT(register_runs_entry_as_new_domain),
		UNIT(init_attr_gives_defaults),
		UNIT(unregister_stops_delivery),
		UNIT(unregister_errors),
		UNIT(unregister_refused_while_running),
		UNIT(unregister_hands_pending_down),
		UNIT(unregister_counts_what_departs),
		UNIT(unregister_unblocks_lower),
		UNIT(renice_reorders),
		UNIT(renice_errors),
		UNIT(renice_refused_while_running),
		UNIT(renice_keeps_pending),
		UNIT(reregister_starts_clean),
		UNIT(start_domains_starts_all_in_order),
		UNIT(start_domains_stops_started_in_reverse),
		UNIT(start_domains_first_failing_stops_none),
		UNIT(start_domains_registers_all_or_none),
		UNIT(take_keeps_what_the_root_had_pending),
		UNIT(release_hands_pending_to_the_root),
		UNIT(pending_with_no_taker_below_are_dropped),
		UNIT(late_entry_waits_for_its_bind),
		UNIT(unbind_hands_pending_to_the_root),
		UNIT(quiesce_runs_while_the_irq_is_the_domains),
		UNIT(irqs_taken_runs_once_the_irqs_are_the_domains),
		UNIT(irqs_taken_not_called_when_taking_fails),
	};

	return cmocka_run_group_tests_name("domain", tests, NULL, NULL);
}
