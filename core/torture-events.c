// SPDX-License-Identifier: GPL-2.0-only
/*
 * The torture's events: device IRQs raised at random points (between
 * the driver's steps, inside handlers, and on the host at every hard_*
 * call made with the flag on), virtual IRQs, and the handlers of the
 * torture's domains, which check each delivery against the model and
 * act in turn: they unstall, restall, trigger virtual IRQs and pass
 * IRQs on.
 */
#include "torture-model.h"

int tm_handler_depth, tm_hw_depth;

/* ---- raising IRQs ---- */

void tm_raise_hw(void)
{
	int x = tm_rnd(NHW);
	int direct = tm_rnd(2);

	tm_run->events++;
	tm_run->hw_raised++;
	tm_log_down(0, x, 1);
	tm_hw_depth++;
	tm_run->ops->raise(tm_irqs[x], direct);
	tm_hw_depth--;
}

/*
 * Hard IRQs off first: the model logs the IRQ just as the pipeline does.
 * The trigger is then inside the caller's hard section.
 */
void tm_send_virq(void)
{
	int x = NHW + tm_rnd(NVIRQ);
	unsigned long flags = hard_local_irq_save();

	tm_run->events++;
	tm_run->virqs_sent++;
	tm_log_down(0, x, 1);
	tm_hard_sections++;
	check(adeos_trigger_irq(tm_irqs[x]) == 0, "trigger refused");
	tm_hard_sections--;
	hard_local_irq_restore(flags);
}

void adeos_torture_window(void)
{
	int n;

	if (!tm_run || tm_run->failed || hard_irqs_disabled() ||
	    tm_hw_depth >= tm_run->max_hw_nest ||
	    tm_run->events >= tm_run->limit)
		return;
	if (tm_rnd(4))
		return;
	for (n = 1 + (tm_rnd(8) == 0) * 2; n > 0; n--)
		tm_raise_hw();
}

/* ---- handlers ---- */

static void check_delivery_allowed(int i, int x)
{
	int p, pos = tm_pos(i);
	int head = tm_dom[i].d == adeos_head && i != ROOT_IDX;

	check(tm_dom[i].has_handler[x], "%s got IRQ %u it has no handler for",
	      tm_dom[i].name, tm_irqs[x]);
	check(!tm_stalled(i), "%s got IRQ %u while its stage was stalled",
	      tm_dom[i].name, tm_irqs[x]);
	for (p = 0; p < pos; p++) {
		int j = tm_pipe[p];

		check(!tm_stalled(j) && !tm_active(j),
		      "%s got IRQ %u below %s, which is stalled or running",
		      tm_dom[i].name, tm_irqs[x], tm_dom[j].name);
	}
	for (p = 0; p < pos; p++) {
		int j = tm_pipe[p], y;

		for (y = 0; y < NIRQ; y++)
			check(!tm_outstanding(j, y),
			      "%s got IRQ %u before %s got IRQ %u",
			      tm_dom[i].name, tm_irqs[x], tm_dom[j].name,
			      tm_irqs[y]);
	}
	check(adeos_current_domain() == tm_dom[i].d,
	      "handler of %s runs with %s current", tm_dom[i].name,
	      adeos_current_domain()->name);
	check(adeos_test_ipipe(), "handler of %s runs unstalled",
	      tm_dom[i].name);
	/*
	 * The head keeps hard IRQs off, unless it is the root (the OS); so
	 * does every domain inside a caller's hard section.
	 */
	check(!hard_irqs_disabled() == !(head || tm_hard_sections),
	      "handler of %s runs with hard IRQs %s", tm_dom[i].name,
	      hard_irqs_disabled() ? "off" : "on");
}

/* @return how many arrivals this delivery covers, by the pipeline's count. */
static unsigned long account_delivery(int i, int x)
{
	struct adeos_irq_stats *st = &tm_dom[i].d->stats[tm_irqs[x]];
	unsigned long now = st->handled + st->merged;
	unsigned long n = now - tm_dom[i].covered[x];

	check(now > tm_dom[i].covered[x], "%s got IRQ %u for no new arrival",
	      tm_dom[i].name, tm_irqs[x]);
	check(now + tm_dom[i].dropped[x] <= tm_dom[i].arrivals[x],
	      "%s got IRQ %u: %lu arrivals covered, %lu arrived",
	      tm_dom[i].name, tm_irqs[x], now, tm_dom[i].arrivals[x]);
	check(!(tm_dom[i].control[x] & ADEOS_EACH_MASK) || n == 1,
	      "%s got IRQ %u for %lu arrivals at once, policy each",
	      tm_dom[i].name, tm_irqs[x], n);
	tm_dom[i].covered[x] = now;
	return n;
}

static void push_level(int i, int stall)
{
	if (tm_dom[i].levels >= MAX_LEVELS) {
		fail("%s: handlers nested too deep", tm_dom[i].name);
		return;
	}
	tm_dom[i].stall[tm_dom[i].levels++] = stall;
}

static void handler_action(int i, int *pass)
{
	int unstall_ok = i != ROOT_IDX || tm_run->root_handler_may_unstall;
	unsigned int x;

	tm_run->events++;
	switch (tm_rnd(6)) {
	case 0:
		if (!unstall_ok)
			break;
		tm_dom[i].stall[tm_dom[i].levels - 1] = 0;
		adeos_unstall_ipipe();
		break;
	case 1:
		adeos_stall_ipipe();
		tm_dom[i].stall[tm_dom[i].levels - 1] = 1;
		break;
	case 2:
		x = adeos_test_and_stall_ipipe();
		check(!!x == tm_stalled(i), "test_and_stall said %u", x);
		tm_dom[i].stall[tm_dom[i].levels - 1] = 1;
		if (!x)
			tm_dom[i].stall[tm_dom[i].levels - 1] = 0;
		adeos_restore_ipipe(x);
		break;
	case 3:
		tm_send_virq();
		break;
	case 4:
		adeos_suspend_domain();
		*pass = 1;
		break;
	default:
		adeos_torture_window();
	}
}

void tm_handler(unsigned int irq, void *cookie)
{
	int i = tm_index(cookie), x, pass = 0, levels;
	unsigned long n;

	for (x = 0; x < NIRQ && tm_irqs[x] != irq; x++)
		;
	if (i < 0 || x == NIRQ) {
		fail("a handler of the torture got IRQ %u for a stranger", irq);
		return;
	}
	check_delivery_allowed(i, x);
	n = account_delivery(i, x);
	tm_run->deliveries++;
	if (tm_handler_depth++)
		tm_run->nested++;
	levels = tm_dom[i].levels;
	push_level(i, 1);
	while (!tm_run->failed && tm_handler_depth < tm_run->max_handler_nest &&
	       tm_rnd(3) == 0)
		handler_action(i, &pass);
	check(adeos_current_domain() == tm_dom[i].d,
	      "current changed in handler");
	tm_dom[i].levels = levels;
	tm_handler_depth--;
	/* The pipeline passes it on as soon as we return. */
	if (pass) {
		tm_log_down(tm_pos(i) + 1, x, n);
		tm_run->handed_down += n;
	}
}
