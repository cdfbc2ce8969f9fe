// SPDX-License-Identifier: GPL-2.0-only
/*
 * Faults in a domain's handler: the handler's frames are abandoned at
 * the landing, the domain is stopped and its IRQs go where it says; a
 * handler call over its budget stops it the same way once it returns.
 * Trap events: the domains that catch an exception see it head first,
 * until one handles it.
 */
#include <string.h>
#include <adeos/template.h>
#include "fixture.h"

#define TRAP_DIVIDE 0
#define TRAP_PAGE 14

static unsigned long calls, after_fault;
static unsigned int fault_on; /* the call that faults, counting from 1 */
static unsigned int nested_irq; /* raised from inside the call first */
static unsigned long long spend; /* timestamp counts each call takes */

static void faulty(unsigned int irq, void *cookie)
{
	(void)irq;
	(void)cookie;
	calls++;
	host.timestamp += spend;
	if (calls != fault_on)
		return;
	if (nested_irq)
		host_take_irq(nested_irq);
	host_fault(TRAP_DIVIDE, "divide error", 0);
	after_fault++; /* never: the frame was abandoned */
}

static const struct adeos_template faulty_tmpl = {
	.name = "faulty",
	.handle_irq = faulty,
};

static struct adeos_domain_desc desc;

static void start_faulty(const struct adeos_domain_irq *irqs,
			 unsigned int on_fault, unsigned int budget_us)
{
	calls = after_fault = 0;
	memset(&desc, 0, sizeof(desc));
	desc.name = "faulty";
	desc.priority = 200;
	desc.tmpl = &faulty_tmpl;
	desc.irqs = irqs;
	desc.nr_irqs = 1;
	desc.on_fault = on_fault;
	desc.budget_us = budget_us;
	assert_int_equal(adeos_domain_start(&desc), 0);
}

static const struct adeos_domain_irq alone_on_12[] = {
	{ .irq = 12, .mode = HANDLE | EACH | EXCL },
};

/* The pipeline's state after a stop: nothing of the domain is live. */
static void assert_left_clean(adomain_t *d)
{
	assert_true(d->status & ADEOS_FAULTED_FLAG);
	assert_false(d->status & ADEOS_STALL_FLAG);
	assert_int_equal(d->irq_in_service, -1);
	assert_null(d->landing);
	assert_int_equal(d->log.summary, 0);
	assert_ptr_equal(adeos_current_domain(), ROOT);
	assert_int_equal(host.violations, 0);
	assert_int_equal(host.faults_reported, 1);
}

static void fault_stops_the_domain_and_drops_its_irqs(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	fault_on = 3;
	nested_irq = 0;
	start_faulty(alone_on_12, ADEOS_FAULT_DROP_IRQS, 0);
	host_take_irq(12);
	host_take_irq(12);
	host_take_irq(12);
	assert_int_equal(calls, 3);
	assert_int_equal(after_fault, 0);
	assert_left_clean(&desc.domain);
	assert_int_equal(desc.domain.fault.trap, TRAP_DIVIDE);
	assert_string_equal(desc.domain.fault.what, "divide error");
	assert_int_equal(desc.domain.fault.irq, 12);
	/* Later arrivals reach nobody, and are counted. */
	host_take_irq(12);
	host_take_irq(12);
	assert_int_equal(calls, 3);
	assert_int_equal(deliveries(ROOT, 12), 0);
	assert_int_equal(adeos_unhandled_count(), 2);
	/* Removed, the root has its IRQ back; a new start counts again. */
	assert_int_equal(adeos_domain_stop(&desc), 0);
	host_take_irq(12);
	assert_int_equal(deliveries(ROOT, 12), 1);
	fault_on = 0;
	start_faulty(alone_on_12, ADEOS_FAULT_DROP_IRQS, 0);
	host_take_irq(12);
	assert_int_equal(calls, 1);
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

/*
 * Not the head, the domain runs its handler with hard IRQs on: an
 * arrival inside the faulting call waits in its log, and goes to the
 * root with the IRQ.
 */
static void fault_passes_its_irqs_and_pending_to_the_root(void **state)
{
	(void)state;
	add_domain(1, 300);
	take(ROOT, 12, HANDLE | EACH);
	fault_on = 2;
	nested_irq = 12;
	start_faulty(alone_on_12, ADEOS_FAULT_PASS_IRQS, 0);
	host_take_irq(12);
	host_take_irq(12);
	assert_int_equal(calls, 2);
	assert_left_clean(&desc.domain);
	assert_int_equal(deliveries(ROOT, 12), 1);
	host_take_irq(12);
	assert_int_equal(deliveries(ROOT, 12), 2);
	assert_int_equal(adeos_dropped_count(), 0);
	assert_int_equal(adeos_domain_stop(&desc), 0);
	host_take_irq(12);
	assert_int_equal(deliveries(ROOT, 12), 3);
	assert_int_equal(calls, 2);
}

/*
 * One call past the budget is no proof (a hypervisor's preemption of
 * the CPU lands on one call now and then); ADEOS_BUDGET_OVERRUNS in a
 * row stop the domain, once the last one returns.
 */
static void calls_over_budget_stop_it_once_they_return(void **state)
{
	int i;

	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	fault_on = 0;
	spend = 10;
	start_faulty(alone_on_12, ADEOS_FAULT_PASS_IRQS, 100);
	host_take_irq(12);
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_true(desc.domain.longest_call >= 10);
	/* overruns with a call in budget between them: never in a row */
	for (i = 0; i < 4; i++) {
		spend = i % 2 ? 10 : 1000;
		host_take_irq(12);
	}
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(desc.domain.overruns, 2);
	assert_int_equal(desc.domain.most_in_row, 1);
	spend = 1000;
	for (i = 0; i < ADEOS_BUDGET_OVERRUNS - 1; i++)
		host_take_irq(12);
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	host_take_irq(12);
	assert_int_equal(desc.domain.most_in_row, ADEOS_BUDGET_OVERRUNS);
	spend = 0;
	assert_int_equal(calls, 5 + ADEOS_BUDGET_OVERRUNS);
	assert_int_equal(after_fault, 0);
	assert_left_clean(&desc.domain);
	assert_int_equal(desc.domain.fault.trap, ADEOS_FAULT_BUDGET);
	assert_int_equal(desc.domain.overruns, 2 + ADEOS_BUDGET_OVERRUNS);
	assert_true(desc.domain.longest_call >= 1000);
	host_take_irq(12);
	assert_int_equal(calls, 5 + ADEOS_BUDGET_OVERRUNS);
	assert_int_equal(deliveries(ROOT, 12), 1);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

/*
 * In a virtual machine a busy host can stretch several calls in a row:
 * ADEOS_BUDGET_OVERRUNS_GUEST in a row stop the domain there, and a
 * call in budget starts the count again.
 */
static void a_guest_stops_it_at_more_calls_in_a_row(void **state)
{
	unsigned int i;

	(void)state;
	host.guest = 1;
	take(ROOT, 12, HANDLE | EACH);
	fault_on = 0;
	spend = 1000;
	start_faulty(alone_on_12, ADEOS_FAULT_PASS_IRQS, 100);
	for (i = 0; i < ADEOS_BUDGET_OVERRUNS_GUEST - 1; i++)
		host_take_irq(12);
	spend = 10;
	host_take_irq(12);
	spend = 1000;
	for (i = 0; i < ADEOS_BUDGET_OVERRUNS_GUEST - 1; i++)
		host_take_irq(12);
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(desc.domain.most_in_row,
			 ADEOS_BUDGET_OVERRUNS_GUEST - 1);
	host_take_irq(12);
	spend = 0;
	assert_true(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(desc.domain.fault.trap, ADEOS_FAULT_BUDGET);
	assert_int_equal(calls, 2 * ADEOS_BUDGET_OVERRUNS_GUEST);
	assert_int_equal(desc.domain.overruns,
			 2 * ADEOS_BUDGET_OVERRUNS_GUEST - 1);
	host_take_irq(12);
	assert_int_equal(calls, 2 * ADEOS_BUDGET_OVERRUNS_GUEST);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

static const struct adeos_domain_irq shared_12[] = {
	{ .irq = 12, .mode = HANDLE | EACH | PASS },
};

/*
 * A line the domain shares with the OS's own driver goes on to the OS
 * once the domain is stopped, though its IRQs go to nobody: the OS's
 * device must not go with the domain.
 */
static void stopped_domain_passes_a_shared_line_on(void **state)
{
	(void)state;
	take(ROOT, 12, HANDLE | EACH);
	fault_on = 2;
	nested_irq = 0;
	spend = 0;
	start_faulty(shared_12, ADEOS_FAULT_DROP_IRQS, 0);
	host_take_irq(12);
	assert_int_equal(deliveries(ROOT, 12), 1);
	host_take_irq(12);
	assert_left_clean(&desc.domain);
	host_take_irq(12);
	host_take_irq(12);
	assert_int_equal(calls, 2);
	/* every arrival, as the domain passed each on before its stop */
	assert_int_equal(deliveries(ROOT, 12), 4);
	assert_int_equal(adeos_unhandled_count(), 0);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

/* Code of the root, or of the pipeline outside a handler: not a domain's. */
static void fault_outside_a_handler_is_the_os(void **state)
{
	(void)state;
	fault_on = 0;
	start_faulty(alone_on_12, ADEOS_FAULT_DROP_IRQS, 0);
	host_fault(TRAP_PAGE, "page fault", 16);
	assert_int_equal(host.faults_reported, 0);
	assert_false(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

/*
 * A domain ahead faults in a handler that interrupted a lower domain's:
 * only the one ahead stops; the lower one's call goes on and returns.
 */
static unsigned long lower_done;

static void lower_raises(adomain_t *d, unsigned int irq)
{
	if (d == &dom[0] && irq == 5) {
		host_take_irq(12);
		lower_done++;
	}
}

static void fault_ahead_of_a_handler_stops_only_its_domain(void **state)
{
	(void)state;
	add_domain(0, 150);
	take(&dom[0], 5, HANDLE | EACH);
	take(ROOT, 12, HANDLE | EACH);
	on_delivery = lower_raises;
	fault_on = 1;
	nested_irq = 0;
	start_faulty(alone_on_12, ADEOS_FAULT_PASS_IRQS, 0);
	host_take_irq(5);
	assert_int_equal(lower_done, 1);
	assert_int_equal(deliveries(&dom[0], 5), 1);
	assert_false(dom[0].status & ADEOS_FAULTED_FLAG);
	assert_null(dom[0].landing);
	assert_left_clean(&desc.domain);
	host_take_irq(5);
	assert_int_equal(deliveries(&dom[0], 5), 2);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

static unsigned int seen[NR_DOMS];
static int answer[NR_DOMS];

static int watch(unsigned int event, void *data, void *cookie)
{
	adomain_t *d = cookie;
	int i = d - dom;

	assert_int_equal(event, 3);
	assert_ptr_equal(data, &seen);
	assert_int_equal(host.hard_on, 0);
	seen[i]++;
	return answer[i];
}

static void events_go_head_first_until_handled(void **state)
{
	(void)state;
	memset(seen, 0, sizeof(seen));
	memset(answer, 0, sizeof(answer));
	add_domain(0, 200);
	add_domain(1, 300);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(adeos_catch_event_from(&dom[0], 3, watch, &dom[0]), 0);
	assert_int_equal(adeos_catch_event_from(&dom[1], 3, watch, &dom[1]), 0);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(seen[0], 1);
	assert_int_equal(seen[1], 1);
	answer[1] = ADEOS_EVENT_HANDLED;
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_HANDLED);
	assert_int_equal(seen[0], 1);
	assert_int_equal(seen[1], 2);
	assert_int_equal(dom[1].event_hits[3], 2);
	/* Let go, then gone: nobody sees it, the OS handles it. */
	assert_int_equal(adeos_catch_event_from(&dom[1], 3, NULL, NULL), 0);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(seen[0], 2);
	assert_int_equal(adeos_unregister_domain(&dom[0]), 0);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(seen[0], 2);
	assert_int_equal(host.hard_on, 1);
}

static void events_refused_for_the_root_and_out_of_range(void **state)
{
	(void)state;
	add_domain(0, 200);
	assert_int_equal(adeos_catch_event_from(ROOT, 3, watch, NULL), -EINVAL);
	assert_int_equal(
		adeos_catch_event_from(&dom[0], ADEOS_NR_EVENTS, watch, NULL),
		-EINVAL);
	assert_int_equal(adeos_catch_event_from(&dom[1], 3, watch, NULL),
			 -EINVAL);
	assert_int_equal(adeos_handle_event(ADEOS_NR_EVENTS, NULL),
			 ADEOS_EVENT_PASS);
}

/* A domain stopped by a fault sees no event any more. */
static void events_skip_a_faulted_domain(void **state)
{
	(void)state;
	memset(seen, 0, sizeof(seen));
	memset(answer, 0, sizeof(answer));
	fault_on = 1;
	nested_irq = 0;
	start_faulty(alone_on_12, ADEOS_FAULT_DROP_IRQS, 0);
	assert_int_equal(
		adeos_catch_event_from(&desc.domain, 3, watch, &dom[0]), 0);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(seen[0], 1);
	host_take_irq(12);
	assert_true(desc.domain.status & ADEOS_FAULTED_FLAG);
	assert_int_equal(adeos_handle_event(3, &seen), ADEOS_EVENT_PASS);
	assert_int_equal(seen[0], 1);
	assert_int_equal(adeos_domain_stop(&desc), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		UNIT(fault_stops_the_domain_and_drops_its_irqs),
		UNIT(fault_passes_its_irqs_and_pending_to_the_root),
		UNIT(calls_over_budget_stop_it_once_they_return),
		UNIT(a_guest_stops_it_at_more_calls_in_a_row),
		UNIT(stopped_domain_passes_a_shared_line_on),
		UNIT(fault_outside_a_handler_is_the_os),
		UNIT(fault_ahead_of_a_handler_stops_only_its_domain),
		UNIT(events_go_head_first_until_handled),
		UNIT(events_refused_for_the_root_and_out_of_range),
		UNIT(events_skip_a_faulted_domain),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
