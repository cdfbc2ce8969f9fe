// SPDX-License-Identifier: GPL-2.0-only
/* IRQ ownership: virtualize, control masks, exclusivity, virtual IRQs. */
#include "fixture.h"
#include <adeos/storm.h>

static void virtualize_rejects_bad_irq(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], ADEOS_NR_IRQS,
						   record, NULL, NULL, HANDLE),
			 -EINVAL);
	/* a virtual IRQ nobody allocated */
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], ADEOS_VIRQ_BASE,
						   record, NULL, NULL, HANDLE),
			 -EINVAL);
}

static void virtualize_rejects_bad_mode(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], 3, record, NULL,
						   NULL, 0x100),
			 -EINVAL);
	assert_int_equal(
		adeos_virtualize_irq_from(&dom[0], 3, record, NULL, NULL, EXCL),
		-EINVAL);
	assert_null(dom[0].irqs[3].handler);
}

static void virtualize_rejects_unregistered(void **state)
{
	(void)state;
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], 3, record, NULL,
						   NULL, HANDLE),
			 -EINVAL);
	assert_int_equal(
		adeos_virtualize_irq_from(NULL, 3, record, NULL, NULL, HANDLE),
		-EINVAL);
}

static void exclusive_refused_when_root_takes(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(ROOT, 10, HANDLE);
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], 10, record, NULL,
						   NULL, HANDLE | EXCL),
			 -EBUSY);
	assert_null(adeos_irq_owner(10));
	assert_null(adeos_irq_owner(ADEOS_NR_IRQS));
	assert_null(dom[0].irqs[10].handler);
}

static void exclusive_owner_keeps_others_out(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 11, HANDLE | EXCL);
	assert_ptr_equal(adeos_irq_owner(11), &dom[0]);
	assert_int_equal(adeos_virtualize_irq_from(&dom[1], 11, record, NULL,
						   NULL, HANDLE | PASS),
			 -EBUSY);
	assert_int_equal(
		adeos_virtualize_irq_from(ROOT, 11, record, NULL, NULL, HANDLE),
		-EBUSY);
	/* installing a handler without taking the IRQ is harmless */
	assert_int_equal(adeos_virtualize_irq_from(&dom[1], 11, record, NULL,
						   NULL, PASS),
			 0);
	host_take_irq(11);
	assert_int_equal(ntrace, 1);
	assert_ptr_equal(trace[0].domain, &dom[0]);
}

static void exclusive_ends_with_unregister(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 12, HANDLE | EXCL);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_null(adeos_irq_owner(12));
	take(ROOT, 12, HANDLE);
}

static void exclusive_ends_with_release(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 12, HANDLE | EXCL);
	assert_int_equal(
		adeos_virtualize_irq_from(&dom[0], 12, NULL, NULL, NULL, 0), 0);
	assert_null(adeos_irq_owner(12));
	assert_int_equal(dom[0].irqs[12].control, ADEOS_DEFAULT_CONTROL);
	take(ROOT, 12, HANDLE);
}

static void control_needs_a_handler(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_control_irq_from(&dom[0], 3, 0, HANDLE),
			 -EINVAL);
	assert_int_equal(dom[0].irqs[3].control, ADEOS_DEFAULT_CONTROL);
}

static void control_clears_then_sets(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 3, HANDLE | PASS);
	/* the same bit in both masks ends set */
	assert_int_equal(adeos_control_irq_from(&dom[0], 3, PASS, PASS), 0);
	assert_int_equal(dom[0].irqs[3].control, HANDLE | PASS);
	assert_int_equal(adeos_control_irq_from(&dom[0], 3, PASS, EACH), 0);
	assert_int_equal(dom[0].irqs[3].control, HANDLE | EACH);
}

static void control_exclusive_conflict_changes_nothing(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 3, HANDLE | PASS);
	take(ROOT, 3, HANDLE);
	assert_int_equal(adeos_control_irq_from(&dom[0], 3, PASS, EXCL),
			 -EBUSY);
	assert_int_equal(dom[0].irqs[3].control, HANDLE | PASS);
	assert_int_equal(adeos_control_irq_from(ROOT, 3, 0, EXCL), -EBUSY);
}

static void control_rejects_bad_arguments(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_control_irq_from(&dom[0], ADEOS_NR_IRQS, 0, 0),
			 -EINVAL);
	assert_int_equal(adeos_control_irq_from(&dom[0], 3, 0x100, 0), -EINVAL);
	assert_int_equal(adeos_control_irq_from(&dom[1], 3, 0, PASS), -EINVAL);
	assert_int_equal(adeos_control_irq_from(NULL, 3, 0, PASS), -EINVAL);
}

static void control_on_current_domain(void **state)
{
	(void)state;
	take(ROOT, 3, HANDLE);
	assert_int_equal(adeos_control_irq(3, 0, EACH), 0);
	assert_int_equal(ROOT->irqs[3].control, HANDLE | EACH);
}

static void enable_bit_drives_the_controller(void **state)
{
	(void)state;
	add_domain(0, 200);
	host.masked[13] = 1;
	take(&dom[0], 13, HANDLE | ADEOS_ENABLE_MASK);
	assert_int_equal(host.masked[13], 0);
	assert_int_equal(dom[0].irqs[13].control, HANDLE);
	assert_int_equal(
		adeos_control_irq_from(&dom[0], 13, ADEOS_ENABLE_MASK, 0), 0);
	assert_int_equal(host.masked[13], 1);
	assert_int_equal(host.violations, 0);
}

static void release_hands_pending_down(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 14, HANDLE | EACH);
	take(ROOT, 14, HANDLE | EACH);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(14);
	host_take_irq(14);
	assert_int_equal(ntrace, 0);
	assert_int_equal(
		adeos_virtualize_irq_from(&dom[0], 14, NULL, NULL, NULL, 0), 0);
	assert_int_equal(dom[0].log.hits[14], 0);
	assert_int_equal(ROOT->log.hits[14], 2);
	/* a stalled stage still holds back the ones below it */
	assert_int_equal(ntrace, 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(deliveries(ROOT, 14), 2);
}

static void virq_alloc_until_none_left(void **state)
{
	int irq, i, got[ADEOS_NR_VIRQS];

	(void)state;
	for (i = 0; i < ADEOS_NR_VIRQS; i++) {
		got[i] = adeos_alloc_virq();
		assert_in_range(got[i], ADEOS_VIRQ_BASE, ADEOS_NR_IRQS - 1);
		if (i)
			assert_true(got[i] != got[i - 1]);
	}
	assert_int_equal(adeos_alloc_virq(), -ENOSPC);
	assert_int_equal(adeos_free_virq(got[5]), 0);
	irq = adeos_alloc_virq();
	assert_int_equal(irq, got[5]);
}

static void virq_free_errors(void **state)
{
	int irq;

	(void)state;
	assert_int_equal(adeos_free_virq(3), -EINVAL);
	assert_int_equal(adeos_free_virq(ADEOS_VIRQ_BASE), -EINVAL);
	irq = adeos_alloc_virq();
	take(ROOT, irq, HANDLE);
	assert_int_equal(adeos_free_virq(irq), -EBUSY);
	assert_int_equal(
		adeos_virtualize_irq_from(ROOT, irq, NULL, NULL, NULL, 0), 0);
	assert_int_equal(adeos_free_virq(irq), 0);
	assert_int_equal(adeos_trigger_irq(irq), -EINVAL);
}

static void freed_virq_forgets_its_counts(void **state)
{
	int irq = adeos_alloc_virq();

	(void)state;
	take(ROOT, irq, HANDLE);
	assert_int_equal(adeos_trigger_irq(irq), 0);
	assert_int_equal(ROOT->stats[irq].handled, 1);
	assert_int_equal(
		adeos_virtualize_irq_from(ROOT, irq, NULL, NULL, NULL, 0), 0);
	assert_int_equal(adeos_free_virq(irq), 0);
	assert_int_equal(ROOT->stats[irq].received, 0);
	assert_int_equal(ROOT->stats[irq].handled, 0);
}

static void virq_replays_each(void **state)
{
	int irq = adeos_alloc_virq();

	(void)state;
	take(ROOT, irq, HANDLE);
	assert_int_equal(ROOT->irqs[irq].control, HANDLE | EACH);
	adeos_stall_ipipe();
	assert_int_equal(adeos_trigger_irq(irq), 0);
	assert_int_equal(adeos_trigger_irq(irq), 0);
	adeos_unstall_ipipe();
	assert_int_equal(deliveries(ROOT, irq), 2);
}

static void plain_virtualize_takes_and_passes(void **state)
{
	(void)state;
	assert_int_equal(adeos_virtualize_irq(15, record, NULL), 0);
	assert_int_equal(ROOT->irqs[15].control, HANDLE | PASS);
	assert_ptr_equal(ROOT->irqs[15].acknowledge, arch_irq_ack);
}

static int ack_calls;

static int my_ack(unsigned int irq)
{
	(void)irq;
	ack_calls++;
	return 1;
}

static void own_acknowledge_replaces_the_arch_one(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], 16, record, &dom[0],
						   my_ack, HANDLE | PASS),
			 0);
	take(ROOT, 16, HANDLE);
	host_take_irq(16);
	assert_int_equal(ack_calls, 1);
	assert_int_equal(host.acks[16], 0);
	assert_int_equal(ntrace, 2);
}

/* What the handlers saw of their level line: masked, every time. */
static int seen_open;

static void note_mask(adomain_t *d, unsigned int irq)
{
	(void)d;
	if (!host.masked[irq])
		seen_open++;
}

static void level_line_masked_until_owner_ran(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE);
	host.level[5] = 1;
	seen_open = 0;
	on_delivery = note_mask;
	host_take_irq(5);
	assert_int_equal(deliveries(&dom[0], 5), 1);
	assert_int_equal(seen_open, 0);
	assert_int_equal(host.masked[5], 0);
	assert_int_equal(host.ends[5], 1);
	/* stalled: logged with the line masked, opened once it ran */
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(5);
	assert_int_equal(host.masked[5], 1);
	assert_int_equal(host.ends[5], 1);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(deliveries(&dom[0], 5), 2);
	assert_int_equal(seen_open, 0);
	assert_int_equal(host.masked[5], 0);
	assert_int_equal(host.ends[5], 2);
	assert_int_equal(host.violations, 0);
}

/* A level line its domain never clears: pending again at every end. */
static void storm_masks_a_line_that_holds_the_root_off(void **state)
{
	const struct adeos_storm *s = adeos_storm_state(5);
	int i;

	(void)state;
	adeos_storm_setup(10, -1);
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE);
	host.level[5] = 1;
	host.asserted[5] = 1;
	for (i = 0; i < 9; i++)
		host_take_irq(5);
	assert_int_equal(s->run, 9);
	assert_false(s->masked);
	assert_int_equal(host.masked[5], 0);
	host_take_irq(5);
	assert_true(s->masked);
	assert_int_equal(s->caught, 1);
	assert_int_equal(s->arrivals, 10);
	assert_string_equal(s->domain, "d0");
	assert_int_equal(adeos_storm_count(), 1);
	assert_int_equal(host.masked[5], 1);
	/* one more was in flight: taken, and its end does not open the line */
	host_take_irq(5);
	assert_int_equal(deliveries(&dom[0], 5), 11);
	assert_int_equal(host.masked[5], 1);
	/* nor does the domain's own enable */
	assert_int_equal(
		adeos_control_irq_from(&dom[0], 5, 0, ADEOS_ENABLE_MASK), 0);
	assert_int_equal(host.masked[5], 1);
	/* the device quiet, the clear opens it */
	host.asserted[5] = 0;
	assert_int_equal(adeos_storm_clear(5), 0);
	assert_int_equal(host.masked[5], 0);
	assert_false(s->masked);
	assert_int_equal(adeos_storm_clear(5), -ENOENT);
	assert_int_equal(adeos_storm_clear(ADEOS_SYS_IRQ_BASE), -EINVAL);
	host_take_irq(5);
	assert_int_equal(deliveries(&dom[0], 5), 12);
	assert_int_equal(s->run, 0);
	assert_int_equal(host.violations, 0);
}

/* A flood the root raises: never pending at the end, however many. */
static void storm_spares_a_flood_and_the_roots_lines(void **state)
{
	int i;

	(void)state;
	adeos_storm_setup(10, -1);
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE);
	take(ROOT, 6, HANDLE);
	host.asserted[6] = 1;
	for (i = 0; i < 1000; i++) {
		host_take_irq(5);
		host_take_irq(6);
	}
	assert_int_equal(deliveries(&dom[0], 5), 1000);
	assert_int_equal(deliveries(ROOT, 6), 1000);
	assert_int_equal(adeos_storm_count(), 0);
	assert_int_equal(host.masked[5] + host.masked[6], 0);
	/* a run broken by one arrival found quiet starts again */
	host.asserted[5] = 1;
	for (i = 0; i < 9; i++)
		host_take_irq(5);
	host.asserted[5] = 0;
	host_take_irq(5);
	host.asserted[5] = 1;
	for (i = 0; i < 9; i++)
		host_take_irq(5);
	assert_int_equal(adeos_storm_count(), 0);
	host_take_irq(5);
	assert_int_equal(adeos_storm_count(), 1);
}

/* The OS hears of each storm through its virtual IRQ. */
static void storm_triggers_the_report_virq(void **state)
{
	int virq = adeos_alloc_virq(), i;

	(void)state;
	take(ROOT, virq, HANDLE);
	adeos_storm_setup(3, virq);
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	host.asserted[4] = 1;
	for (i = 0; i < 3; i++)
		host_take_irq(4);
	assert_int_equal(deliveries(ROOT, virq), 1);
	adeos_storm_setup(0, -1);
	assert_int_equal(adeos_storm_clear(4), 0);
	for (i = 0; i < 10; i++)
		host_take_irq(4);
	assert_int_equal(adeos_storm_count(), 1);
}

static void edge_line_is_never_held(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 5, HANDLE | EACH);
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(5);
	host_take_irq(5);
	assert_int_equal(host.masked[5], 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(deliveries(&dom[0], 5), 2);
	assert_int_equal(host.ends[5], 0);
	assert_int_equal(adeos_end_irq_from(&dom[0], 5), -EINVAL);
}

static void deferred_end_waits_for_the_domain(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 6, HANDLE | ADEOS_DEFER_MASK);
	host.level[6] = 1;
	host_take_irq(6);
	assert_int_equal(deliveries(&dom[0], 6), 1);
	assert_int_equal(host.masked[6], 1);
	assert_int_equal(host.ends[6], 0);
	assert_int_equal(adeos_end_irq_from(ROOT, 6), -EINVAL);
	assert_int_equal(adeos_end_irq_from(&dom[0], 6), 0);
	assert_int_equal(host.masked[6], 0);
	assert_int_equal(host.ends[6], 1);
	/* once only */
	assert_int_equal(adeos_end_irq_from(&dom[0], 6), -EINVAL);
	assert_int_equal(adeos_end_irq_from(&dom[0], ADEOS_NR_IRQS), -EINVAL);
	assert_int_equal(host.ends[6], 1);
	assert_int_equal(host.violations, 0);
}

static void end_from_handler(adomain_t *d, unsigned int irq)
{
	(void)d;
	assert_int_equal(adeos_end_irq(irq), 0);
}

static void deferred_end_from_the_handler(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 6, HANDLE | ADEOS_DEFER_MASK);
	host.level[6] = 1;
	on_delivery = end_from_handler;
	host_take_irq(6);
	assert_int_equal(host.masked[6], 0);
	assert_int_equal(host.ends[6], 1);
}

static void passed_level_line_ends_with_its_first_taker(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 7, HANDLE | PASS);
	take(ROOT, 7, HANDLE);
	host.level[7] = 1;
	adeos_stall_ipipe_from(ROOT);
	host_take_irq(7);
	/* the first taker serviced it: Linux, stalled, does not hold it */
	assert_int_equal(deliveries(&dom[0], 7), 1);
	assert_int_equal(host.masked[7], 0);
	assert_int_equal(host.ends[7], 1);
	adeos_unstall_ipipe_from(ROOT);
	assert_int_equal(deliveries(ROOT, 7), 1);
	assert_int_equal(host.ends[7], 1);
}

static void release_opens_a_held_line(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 8, HANDLE);
	host.level[8] = 1;
	adeos_stall_ipipe_from(&dom[0]);
	host_take_irq(8);
	assert_int_equal(host.masked[8], 1);
	assert_int_equal(
		adeos_virtualize_irq_from(&dom[0], 8, NULL, NULL, NULL, 0), 0);
	assert_int_equal(host.masked[8], 0);
	assert_int_equal(host.ends[8], 1);
	assert_int_equal(dom[0].irqs[8].held, 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(host.ends[8], 1);
	assert_int_equal(host.violations, 0);
}

static void unregister_opens_a_held_line(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 9, HANDLE | ADEOS_DEFER_MASK);
	host.level[9] = 1;
	host_take_irq(9);
	assert_int_equal(host.masked[9], 1);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_int_equal(host.masked[9], 0);
	assert_int_equal(host.ends[9], 1);
	assert_int_equal(host.violations, 0);
}

static void level_line_nobody_takes_is_ended(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_control_irq_from(&dom[0], 10, PASS, 0), 0);
	host.level[10] = 1;
	host_take_irq(10);
	assert_int_equal(adeos_unhandled_count(), 1);
	assert_int_equal(host.masked[10], 0);
	assert_int_equal(host.ends[10], 1);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(virtualize_rejects_bad_irq),
		UNIT(virtualize_rejects_bad_mode),
		UNIT(virtualize_rejects_unregistered),
		UNIT(exclusive_refused_when_root_takes),
		UNIT(exclusive_owner_keeps_others_out),
		UNIT(exclusive_ends_with_unregister),
		UNIT(exclusive_ends_with_release),
		UNIT(control_needs_a_handler),
		UNIT(control_clears_then_sets),
		UNIT(control_exclusive_conflict_changes_nothing),
		UNIT(control_rejects_bad_arguments),
		UNIT(control_on_current_domain),
		UNIT(enable_bit_drives_the_controller),
		UNIT(release_hands_pending_down),
		UNIT(virq_alloc_until_none_left),
		UNIT(virq_free_errors),
		UNIT(freed_virq_forgets_its_counts),
		UNIT(virq_replays_each),
		UNIT(plain_virtualize_takes_and_passes),
		UNIT(own_acknowledge_replaces_the_arch_one),
		UNIT(level_line_masked_until_owner_ran),
		UNIT(storm_masks_a_line_that_holds_the_root_off),
		UNIT(storm_spares_a_flood_and_the_roots_lines),
		UNIT(storm_triggers_the_report_virq),
		UNIT(edge_line_is_never_held),
		UNIT(deferred_end_waits_for_the_domain),
		UNIT(deferred_end_from_the_handler),
		UNIT(passed_level_line_ends_with_its_first_taker),
		UNIT(release_opens_a_held_line),
		UNIT(unregister_opens_a_held_line),
		UNIT(level_line_nobody_takes_is_ended),
	};

	return cmocka_run_group_tests_name("irq", tests, NULL, NULL);
}
