// SPDX-License-Identifier: GPL-2.0-only
/* Delivery: order, stalls and replay, nesting, suspend, virtual IRQs. */
#include "fixture.h"

/* Three domains ahead of the root, all taking @irq and passing it on. */
static void four_in_a_row(unsigned int irq, unsigned int mode)
{
	add_domain(0, 200);
	add_domain(1, 300);
	add_domain(2, 400);
	take(&dom[2], irq, mode | PASS);
	take(&dom[1], irq, mode | PASS);
	take(&dom[0], irq, mode | PASS);
	take(ROOT, irq, mode);
}

static void delivered_in_priority_order(void **state)
{
	(void)state;
	four_in_a_row(3, HANDLE);
	host_take_irq(3);
	assert_int_equal(ntrace, 4);
	assert_ptr_equal(trace[0].domain, &dom[2]);
	assert_ptr_equal(trace[1].domain, &dom[1]);
	assert_ptr_equal(trace[2].domain, &dom[0]);
	assert_ptr_equal(trace[3].domain, ROOT);
	assert_int_equal(host.acks[3], 1);
	assert_int_equal(dom[1].stats[3].passed, 1);
}

static void terminate_stops_propagation(void **state)
{
	(void)state;
	four_in_a_row(3, HANDLE);
	assert_int_equal(adeos_control_irq_from(&dom[1], 3, PASS, 0), 0);
	host_take_irq(3);
	assert_int_equal(ntrace, 2);
	assert_int_equal(deliveries(&dom[0], 3), 0);
	assert_int_equal(deliveries(ROOT, 3), 0);
	assert_int_equal(dom[1].stats[3].passed, 0);
	assert_int_equal(dom[2].stats[3].passed, 1);
}

static void passing_domain_need_not_handle(void **state)
{
	(void)state;
	four_in_a_row(3, HANDLE);
	assert_int_equal(adeos_control_irq_from(&dom[1], 3, HANDLE, 0), 0);
	host_take_irq(3);
	assert_int_equal(ntrace, 3);
	assert_int_equal(deliveries(&dom[1], 3), 0);
}

static int acks[NR_DOMS];

static int ack0(unsigned int irq)
{
	(void)irq;
	return ++acks[0];
}

static int ack1(unsigned int irq)
{
	(void)irq;
	return ++acks[1];
}

static void first_taker_acknowledges_once(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	assert_int_equal(adeos_virtualize_irq_from(&dom[1], 20, record, &dom[1],
						   ack1, PASS),
			 0);
	assert_int_equal(adeos_virtualize_irq_from(&dom[0], 20, record, &dom[0],
						   ack0, HANDLE | PASS),
			 0);
	take(ROOT, 20, HANDLE);
	host_take_irq(20);
	host_take_irq(20);
	/* dom[1] only passes: dom[0] is the first taker */
	assert_int_equal(acks[1], 0);
	assert_int_equal(acks[0], 2);
	assert_int_equal(host.acks[20], 0);
	assert_int_equal(ntrace, 4);
}

static void spurious_irq_is_dropped(void **state)
{
	(void)state;
	take(ROOT, 7, HANDLE);
	host.spurious[7] = 1;
	host_take_irq(7);
	assert_int_equal(ntrace, 0);
	assert_int_equal(adeos_spurious_count(), 1);
	assert_int_equal(ROOT->stats[7].received, 0);
}

static void unhandled_irq_is_acked_and_counted(void **state)
{
	(void)state;
	host_take_irq(21);
	assert_int_equal(host.acks[21], 1);
	assert_int_equal(adeos_unhandled_count(), 1);
	assert_int_equal(ntrace, 0);
}

static void swallowing_domain_stops_an_irq(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(ROOT, 22, HANDLE);
	/* dom[0] neither handles nor passes IRQ 22 */
	assert_int_equal(adeos_control_irq_from(&dom[0], 22, PASS, 0), 0);
	host_take_irq(22);
	assert_int_equal(ntrace, 0);
	assert_int_equal(host.acks[22], 1);
	assert_int_equal(adeos_unhandled_count(), 1);
}

static void stalled_root_logs_then_replays(void **state)
{
	(void)state;
	take(ROOT, 4, HANDLE);
	adeos_stall_ipipe();
	host_take_irq(4);
	assert_int_equal(ntrace, 0);
	assert_int_equal(ROOT->log.hits[4], 1);
	adeos_unstall_ipipe();
	assert_int_equal(ntrace, 1);
	assert_int_equal(trace[0].stalled, ADEOS_STALL_FLAG);
	assert_int_equal(adeos_test_ipipe(), 0);
	assert_int_equal(host.hard_on, 1);
}

/* The point of it all: the root's "cli" does not hold back a domain ahead. */
static void domain_ahead_runs_while_root_stalled(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE | PASS);
	take(ROOT, 4, HANDLE);
	adeos_stall_ipipe();
	host_take_irq(4);
	host_take_irq(4);
	assert_int_equal(deliveries(&dom[0], 4), 2);
	assert_int_equal(deliveries(ROOT, 4), 0);
	adeos_unstall_ipipe();
	assert_int_equal(deliveries(ROOT, 4), 1);
}

static void merge_replays_once_per_stall(void **state)
{
	int i;

	(void)state;
	take(ROOT, 5, HANDLE);
	adeos_stall_ipipe();
	for (i = 0; i < 5; i++)
		host_take_irq(5);
	adeos_unstall_ipipe();
	assert_int_equal(deliveries(ROOT, 5), 1);
	assert_int_equal(ROOT->stats[5].received, 5);
	assert_int_equal(ROOT->stats[5].handled, 1);
	assert_int_equal(ROOT->stats[5].merged, 4);
}

static void each_replays_every_arrival(void **state)
{
	int i;

	(void)state;
	take(ROOT, 5, HANDLE | EACH);
	adeos_stall_ipipe();
	for (i = 0; i < 5; i++)
		host_take_irq(5);
	adeos_unstall_ipipe();
	assert_int_equal(deliveries(ROOT, 5), 5);
	assert_int_equal(ROOT->stats[5].handled, 5);
	assert_int_equal(ROOT->stats[5].merged, 0);
}

static void replay_goes_lowest_irq_first(void **state)
{
	(void)state;
	take(ROOT, 9, HANDLE);
	take(ROOT, 3, HANDLE);
	take(ROOT, 200, HANDLE);
	take(ROOT, 70, HANDLE);
	adeos_stall_ipipe();
	host_take_irq(200);
	host_take_irq(9);
	host_take_irq(70);
	host_take_irq(3);
	adeos_unstall_ipipe();
	assert_int_equal(ntrace, 4);
	assert_int_equal(trace[0].irq, 3);
	assert_int_equal(trace[1].irq, 9);
	assert_int_equal(trace[2].irq, 70);
	assert_int_equal(trace[3].irq, 200);
}

static void stalled_stage_holds_back_lower_ones(void **state)
{
	(void)state;
	four_in_a_row(6, HANDLE);
	adeos_stall_ipipe_from(&dom[1]);
	host_take_irq(6);
	assert_int_equal(ntrace, 1);
	assert_ptr_equal(trace[0].domain, &dom[2]);
	adeos_unstall_ipipe_from(&dom[1]);
	assert_int_equal(ntrace, 4);
	assert_ptr_equal(trace[1].domain, &dom[1]);
	assert_ptr_equal(trace[2].domain, &dom[0]);
	assert_ptr_equal(trace[3].domain, ROOT);
}

static void handler_runs_as_its_domain_stalled(void **state)
{
	int i;

	(void)state;
	four_in_a_row(6, HANDLE);
	host_take_irq(6);
	for (i = 0; i < 4; i++) {
		assert_int_equal(trace[i].stalled, ADEOS_STALL_FLAG);
		assert_ptr_equal(trace[i].current, trace[i].domain);
	}
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_int_equal(dom[2].irq_in_service, -1);
	assert_int_equal(ROOT->irq_in_service, -1);
}

static void head_runs_hard_off_others_hard_on(void **state)
{
	(void)state;
	four_in_a_row(6, HANDLE);
	host_take_irq(6);
	assert_int_equal(trace[0].hard_on, 0);
	assert_int_equal(trace[1].hard_on, 1);
	assert_int_equal(trace[2].hard_on, 1);
	assert_int_equal(trace[3].hard_on, 1);
	assert_int_equal(host.violations, 0);
}

static void take_8_in_handler(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 6)
		host_take_irq(8);
}

static void higher_domain_preempts_lower_handler(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 6, HANDLE);
	take(&dom[1], 8, HANDLE);
	on_delivery = take_8_in_handler;
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_ptr_equal(trace[1].domain, &dom[1]);
	assert_int_equal(trace[1].nesting, 1);
}

static void lower_domain_waits_for_handler(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300); /* so that dom[0] runs with hard IRQs on */
	take(&dom[0], 6, HANDLE);
	take(ROOT, 8, HANDLE);
	on_delivery = take_8_in_handler;
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_ptr_equal(trace[1].domain, ROOT);
	assert_int_equal(trace[1].nesting, 0);
}

static void take_6_again(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 6 && deliveries(d, 6) == 1)
		host_take_irq(6);
}

static void arrival_in_own_handler_goes_next(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 6, HANDLE | EACH);
	on_delivery = take_6_again;
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_int_equal(trace[1].nesting, 0);
	assert_int_equal(dom[0].stats[6].handled, 2);
}

static void unstall_then_take_6(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 6 && deliveries(d, 6) == 1) {
		adeos_unstall_ipipe();
		host_take_irq(6);
	}
}

static void unstalled_handler_nests(void **state)
{
	(void)state;
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 6, HANDLE | EACH);
	on_delivery = unstall_then_take_6;
	host_take_irq(6);
	assert_int_equal(ntrace, 2);
	assert_int_equal(trace[1].nesting, 1);
	/* the pipeline stalls the stage again once the handler returns */
	assert_int_equal(adeos_test_ipipe_from(&dom[0]), 0);
}

static void test_and_stall_then_restore(void **state)
{
	unsigned int x, y;

	(void)state;
	take(ROOT, 4, HANDLE);
	x = adeos_test_and_stall_ipipe();
	assert_int_equal(x, 0);
	y = adeos_test_and_stall_ipipe();
	assert_int_equal(y, ADEOS_STALL_FLAG);
	host_take_irq(4);
	adeos_restore_ipipe(y);
	assert_int_equal(ntrace, 0);
	assert_int_equal(adeos_test_ipipe(), ADEOS_STALL_FLAG);
	adeos_restore_ipipe(x);
	assert_int_equal(ntrace, 1);
	assert_int_equal(adeos_test_ipipe(), 0);
}

/*
 * An unstall inside the caller's hard section keeps it: the root's
 * handlers run with hard IRQs on, so its log waits for the next unstall
 * made with them on.
 */
static void unstall_keeps_hard_flag(void **state)
{
	unsigned long flags;

	(void)state;
	take(ROOT, 4, HANDLE);
	adeos_stall_ipipe();
	host_take_irq(4);
	flags = hard_local_irq_save();
	adeos_unstall_ipipe();
	assert_int_equal(ntrace, 0);
	assert_int_equal(host.hard_on, 0);
	hard_local_irq_restore(flags);
	assert_int_equal(host.hard_on, 1);
	adeos_stall_ipipe();
	adeos_unstall_ipipe();
	assert_int_equal(ntrace, 1);
	assert_int_equal(trace[0].hard_on, 1);
}

static void suspend_in_handler(adomain_t *d, unsigned int irq)
{
	(void)irq;
	if (d == &dom[0])
		adeos_suspend_domain();
}

static void suspend_passes_a_terminated_irq(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	take(ROOT, 4, HANDLE);
	host_take_irq(4);
	assert_int_equal(deliveries(ROOT, 4), 0);
	on_delivery = suspend_in_handler;
	host_take_irq(4);
	assert_int_equal(deliveries(ROOT, 4), 1);
	assert_int_equal(ROOT->stats[4].received, 1);
}

static void suspend_outside_handler_does_nothing(void **state)
{
	(void)state;
	take(ROOT, 4, HANDLE);
	adeos_suspend_domain();
	host_take_irq(4);
	assert_int_equal(ntrace, 1);
	assert_int_equal(ROOT->pass_request, 0);
}

static void trigger_reaches_every_taker_in_order(void **state)
{
	int irq;

	(void)state;
	irq = adeos_alloc_virq();
	four_in_a_row(irq, HANDLE);
	assert_int_equal(adeos_trigger_irq(irq), 0);
	assert_int_equal(ntrace, 4);
	assert_ptr_equal(trace[0].domain, &dom[2]);
	assert_ptr_equal(trace[3].domain, ROOT);
	assert_int_equal(host.acks[irq], 0);
}

static int virq;

static void trigger_in_handler(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 4)
		assert_int_equal(adeos_trigger_irq(virq), 0);
}

static void trigger_from_handler_waits_for_lower(void **state)
{
	(void)state;
	virq = adeos_alloc_virq();
	add_domain(0, 200);
	add_domain(1, 300);
	take(&dom[0], 4, HANDLE);
	take(ROOT, virq, HANDLE);
	on_delivery = trigger_in_handler;
	host_take_irq(4);
	assert_int_equal(ntrace, 2);
	assert_int_equal(trace[1].irq, virq);
	assert_int_equal(trace[1].nesting, 0);
}

/* A root that raises a virtual IRQ it handles itself may be preempted. */
static void trigger_from_root_tells_the_arch_once(void **state)
{
	int irq;

	(void)state;
	irq = adeos_alloc_virq();
	take(ROOT, irq, HANDLE);
	assert_int_equal(adeos_trigger_irq(irq), 0);
	assert_int_equal(ntrace, 1);
	assert_int_equal(host.root_played, 1);
	assert_int_equal(host.root_played_hard_off, 0);
}

/* Nothing played for the root: nothing to tell the arch. */
static void trigger_tells_the_arch_only_what_root_played(void **state)
{
	(void)state;
	virq = adeos_alloc_virq();
	add_domain(0, 200);
	take(&dom[0], virq, HANDLE | PASS);
	take(ROOT, virq, HANDLE);
	adeos_stall_ipipe_from(ROOT);
	assert_int_equal(adeos_trigger_irq(virq), 0);
	assert_int_equal(ntrace, 1);
	assert_int_equal(host.root_played, 0);
	/* The root's copy plays when it unstalls: the OS's own enable. */
	adeos_unstall_ipipe_from(ROOT);
	assert_int_equal(ntrace, 2);
	assert_ptr_equal(trace[1].domain, ROOT);
	assert_int_equal(host.root_played, 0);
}

/*
 * A trigger inside its caller's hard section keeps it: a domain below
 * the head runs with hard IRQs off, and the root's copy, whose handlers
 * run with them on, waits for the root's next unstall made with them on.
 */
static void trigger_in_hard_section_keeps_it(void **state)
{
	unsigned long flags;

	(void)state;
	virq = adeos_alloc_virq();
	add_domain(0, 300);
	add_domain(1, 200);
	take(&dom[1], virq, HANDLE | PASS);
	take(ROOT, virq, HANDLE);
	flags = hard_local_irq_save();
	assert_int_equal(adeos_trigger_irq(virq), 0);
	assert_int_equal(ntrace, 1);
	assert_ptr_equal(trace[0].domain, &dom[1]);
	assert_int_equal(trace[0].hard_on, 0);
	assert_int_equal(host.hard_on, 0);
	hard_local_irq_restore(flags);
	assert_int_equal(host.root_played, 0);
	adeos_stall_ipipe_from(ROOT);
	adeos_unstall_ipipe_from(ROOT);
	assert_int_equal(ntrace, 2);
	assert_ptr_equal(trace[1].domain, ROOT);
	assert_int_equal(trace[1].hard_on, 1);
	assert_int_equal(host.violations, 0);
}

/*
 * A stage ahead of the root, unstalled by the root's code, plays what
 * it held back of the root's log: the arch hears of it, as after a
 * trigger, so that what the root's handlers woke preempts at once.
 */
static void unstall_of_a_stage_ahead_tells_the_arch(void **state)
{
	(void)state;
	virq = adeos_alloc_virq();
	add_domain(0, 200);
	take(ROOT, virq, HANDLE);
	adeos_stall_ipipe_from(&dom[0]);
	assert_int_equal(adeos_trigger_irq(virq), 0);
	assert_int_equal(ntrace, 0);
	assert_int_equal(host.root_played, 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(ntrace, 1);
	assert_ptr_equal(trace[0].domain, ROOT);
	assert_int_equal(host.root_played, 1);
	assert_int_equal(host.root_played_hard_off, 0);
}

/* Raised from a domain's handler, the root's copy plays on its return. */
static void trigger_from_a_domain_does_not_tell_the_arch(void **state)
{
	(void)state;
	virq = adeos_alloc_virq();
	add_domain(0, 200);
	take(&dom[0], 4, HANDLE);
	take(ROOT, virq, HANDLE);
	on_delivery = trigger_in_handler;
	host_take_irq(4);
	assert_int_equal(ntrace, 2);
	assert_int_equal(host.root_played, 0);
}

/* A summary bit over an empty word is no IRQ: nothing runs, it goes. */
static void empty_word_in_summary_yields_no_irq(void **state)
{
	(void)state;
	take(ROOT, 4, HANDLE);
	adeos_stall_ipipe_from(ROOT);
	ROOT->log.summary |= 1UL << 3;
	adeos_unstall_ipipe_from(ROOT);
	assert_int_equal(ntrace, 0);
	assert_int_equal(ROOT->log.summary, 0);
	assert_int_equal(ROOT->stats[4].handled, 0);
}

/* The OS runs with hard IRQs on, even with nobody ahead of it. */
static void root_alone_runs_with_hard_irqs_on(void **state)
{
	(void)state;
	take(ROOT, 4, HANDLE);
	host_take_irq(4);
	assert_int_equal(ntrace, 1);
	assert_int_equal(trace[0].hard_on, 1);
	assert_int_equal(host.violations, 0);
}

/* Every root handler goes through the arch, and only root handlers. */
static void root_handlers_run_through_the_arch(void **state)
{
	int irq;

	(void)state;
	irq = adeos_alloc_virq();
	four_in_a_row(irq, HANDLE);
	assert_int_equal(adeos_trigger_irq(irq), 0);
	host_take_irq(4);
	assert_int_equal(ntrace, 4);
	assert_int_equal(host.root_handlers, 1);
	take(ROOT, 4, HANDLE);
	host_take_irq(4);
	assert_int_equal(host.root_handlers, 2);
}

static void trigger_rejects_device_irqs(void **state)
{
	(void)state;
	assert_int_equal(adeos_trigger_irq(4), -EINVAL);
	assert_int_equal(adeos_trigger_irq(ADEOS_NR_IRQS), -EINVAL);
	assert_int_equal(adeos_trigger_irq(ADEOS_VIRQ_BASE + 1), -EINVAL);
}

static void entry_panics_on_virtual_irq(void **state)
{
	jmp_buf jb;

	(void)state;
	host.panic_jmp = &jb;
	if (!setjmp(jb)) {
		host_take_irq(ADEOS_VIRQ_BASE);
		fail_msg("no panic");
	}
	host.panic_jmp = NULL;
	assert_string_equal(host.panic_func, "adeos_handle_irq");
}

static void system_irqs_flow_like_device_irqs(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(&dom[0], ADEOS_SYS_IRQ_BASE, HANDLE | EACH | PASS);
	take(ROOT, ADEOS_SYS_IRQ_BASE, HANDLE | EACH);
	adeos_stall_ipipe();
	host_take_irq(ADEOS_SYS_IRQ_BASE);
	host_take_irq(ADEOS_SYS_IRQ_BASE);
	adeos_unstall_ipipe();
	assert_int_equal(deliveries(&dom[0], ADEOS_SYS_IRQ_BASE), 2);
	assert_int_equal(deliveries(ROOT, ADEOS_SYS_IRQ_BASE), 2);
	assert_int_equal(host.acks[ADEOS_SYS_IRQ_BASE], 2);
}

static void held_back_by_a_stalled_stage_ahead(void **state)
{
	(void)state;
	add_domain(0, 300);
	add_domain(1, 200);
	assert_int_equal(adeos_held_back(ROOT), 0);
	adeos_stall_ipipe_from(&dom[0]);
	assert_true(adeos_held_back(ROOT));
	assert_true(adeos_held_back(&dom[1]));
	assert_int_equal(adeos_held_back(&dom[0]), 0);
	/* its own stall does not hold a stage back: it is its own */
	adeos_unstall_ipipe_from(&dom[0]);
	adeos_stall_ipipe_from(&dom[1]);
	assert_int_equal(adeos_held_back(&dom[1]), 0);
	assert_true(adeos_held_back(ROOT));
	adeos_unstall_ipipe_from(&dom[1]);
	assert_int_equal(adeos_held_back(ROOT), 0);
}

/*
 * The root's fast path: only when the root runs unstalled, nothing is
 * logged for it, and every domain ahead passes the IRQ unstalled.
 */
static void root_direct_only_when_nothing_is_ahead(void **state)
{
	(void)state;
	take(ROOT, 3, HANDLE);
	assert_int_equal(adeos_root_direct(3), 1);
	assert_int_equal(host.acks[3], 1);
	assert_int_equal(ROOT->stats[3].received, 1);
	assert_int_equal(ROOT->stats[3].handled, 1);
	assert_int_equal(ROOT->log.summary, 0);
	adeos_root_direct_done(3);

	/* Linux's stage stalled: the IRQ must be logged. */
	adeos_stall_ipipe_from(ROOT);
	assert_int_equal(adeos_root_direct(3), 0);
	adeos_unstall_ipipe_from(ROOT);

	/* Something logged for the root: it plays first, in order. */
	adeos_stall_ipipe_from(ROOT);
	host_take_irq(3);
	ROOT->status &= ~ADEOS_STALL_FLAG;
	assert_int_equal(adeos_root_direct(3), 0);
	adeos_unstall_ipipe_from(ROOT);

	/* An IRQ the root does not take. */
	assert_int_equal(adeos_root_direct(4), 0);
	assert_int_equal(host.acks[3], 2);
}

static void root_direct_never_around_a_domain(void **state)
{
	(void)state;
	add_domain(0, 200);
	take(ROOT, 3, HANDLE);
	take(ROOT, 4, HANDLE);
	/* dom[0] passes IRQ 3 unseen, handles IRQ 4, stops IRQ 5. */
	take(&dom[0], 4, HANDLE | PASS);
	assert_int_equal(adeos_control_irq_from(&dom[0], 5, PASS, 0), 0);
	take(ROOT, 5, HANDLE);
	assert_int_equal(adeos_root_direct(3), 1);
	assert_int_equal(adeos_root_direct(4), 0);
	assert_int_equal(adeos_root_direct(5), 0);
	/* A stalled stage ahead holds the root back. */
	adeos_stall_ipipe_from(&dom[0]);
	assert_int_equal(adeos_root_direct(3), 0);
	adeos_unstall_ipipe_from(&dom[0]);
	assert_int_equal(host.acks[3], 1);
	assert_int_equal(host.acks[4], 0);
}

static void root_direct_spurious_and_held(void **state)
{
	(void)state;
	take(ROOT, 3, HANDLE);
	host.spurious[3] = 1;
	assert_int_equal(adeos_root_direct(3), -1);
	assert_int_equal(adeos_spurious_count(), 1);
	assert_int_equal(ROOT->stats[3].received, 0);
	host.spurious[3] = 0;
	host.level[3] = 1;
	assert_int_equal(adeos_root_direct(3), ADEOS_DIRECT_HELD);
	assert_int_equal(host.masked[3], 1);
	adeos_root_direct_done(3);
	assert_int_equal(host.masked[3], 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(delivered_in_priority_order),
		UNIT(terminate_stops_propagation),
		UNIT(passing_domain_need_not_handle),
		UNIT(first_taker_acknowledges_once),
		UNIT(spurious_irq_is_dropped),
		UNIT(unhandled_irq_is_acked_and_counted),
		UNIT(swallowing_domain_stops_an_irq),
		UNIT(stalled_root_logs_then_replays),
		UNIT(domain_ahead_runs_while_root_stalled),
		UNIT(merge_replays_once_per_stall),
		UNIT(each_replays_every_arrival),
		UNIT(replay_goes_lowest_irq_first),
		UNIT(stalled_stage_holds_back_lower_ones),
		UNIT(handler_runs_as_its_domain_stalled),
		UNIT(head_runs_hard_off_others_hard_on),
		UNIT(higher_domain_preempts_lower_handler),
		UNIT(lower_domain_waits_for_handler),
		UNIT(arrival_in_own_handler_goes_next),
		UNIT(unstalled_handler_nests),
		UNIT(test_and_stall_then_restore),
		UNIT(unstall_keeps_hard_flag),
		UNIT(suspend_passes_a_terminated_irq),
		UNIT(suspend_outside_handler_does_nothing),
		UNIT(trigger_reaches_every_taker_in_order),
		UNIT(trigger_from_handler_waits_for_lower),
		UNIT(trigger_from_root_tells_the_arch_once),
		UNIT(trigger_tells_the_arch_only_what_root_played),
		UNIT(trigger_in_hard_section_keeps_it),
		UNIT(unstall_of_a_stage_ahead_tells_the_arch),
		UNIT(trigger_from_a_domain_does_not_tell_the_arch),
		UNIT(root_direct_only_when_nothing_is_ahead),
		UNIT(root_direct_never_around_a_domain),
		UNIT(root_direct_spurious_and_held),
		UNIT(empty_word_in_summary_yields_no_irq),
		UNIT(root_handlers_run_through_the_arch),
		UNIT(root_alone_runs_with_hard_irqs_on),
		UNIT(trigger_rejects_device_irqs),
		UNIT(entry_panics_on_virtual_irq),
		UNIT(system_irqs_flow_like_device_irqs),
		UNIT(held_back_by_a_stalled_stage_ahead),
	};

	return cmocka_run_group_tests_name("pipeline", tests, NULL, NULL);
}
