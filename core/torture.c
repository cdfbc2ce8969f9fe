// SPDX-License-Identifier: GPL-2.0-only
/*
 * Randomized torture of the pipeline against a reference model.
 *
 * A driver, running as the root domain, does random pipeline operations
 * (stall, unstall, restore, register, unregister, renice, virtualize,
 * control, virtual IRQs) while IRQs are raised at random points: between
 * the driver's steps, inside handlers, and on the host at every hard_*
 * call made with the flag on. Handlers act too: they unstall, restall,
 * trigger virtual IRQs and pass IRQs on.
 *
 * The model keeps, per domain and IRQ, how many arrivals the pipeline
 * owes the domain, and checks at every delivery and every driver step
 * the invariants of DESIGN.md: each arrival is delivered exactly once
 * (or merged, for merge IRQs), in priority order, never to a stalled
 * stage or below one, and nothing waits in a stage that could run.
 *
 * It knows only its own domains and IRQs: other domains may share the
 * pipeline (in the kernel, the board's), with their own IRQs, as long
 * as they leave the torture's IRQs alone.
 */
#include "torture-model.h"

/*
 * The driver (this file): the root domain's code. The model and its
 * checks: torture-model.c; the IRQs and the handlers: torture-events.c.
 */

static adomain_t doms[NDOM - 1];
static int nvirqs; /* allocated so far */

/* ---- the driver: the root domain's code ---- */

static int pick_registered(int with_root)
{
	int i;

	do
		i = tm_rnd(NDOM);
	while (!tm_dom[i].registered || (!with_root && i == ROOT_IDX));
	return i;
}

static int any_unregistered(void)
{
	int i;

	for (i = 0; i < ROOT_IDX; i++)
		if (!tm_dom[i].registered)
			return i;
	return -1;
}

static void op_register(void)
{
	int i = any_unregistered(), err;
	adattr_t attr;

	if (i < 0)
		return;
	adeos_init_attr(&attr);
	attr.name = tm_dom[i].name;
	attr.priority = tm_free_priority();
	if (attr.priority < 0)
		return;
	tm_reset(i, attr.priority);
	err = adeos_register_domain(tm_dom[i].d, &attr);
	check(err == 0, "register %s at %d: error %d", tm_dom[i].name,
	      attr.priority, err);
	if (err)
		tm_dom[i].registered = 0;
}

static void op_unregister(void)
{
	int i = pick_registered(0), pos = tm_pos(i), x;

	for (x = 0; x < NIRQ; x++) {
		unsigned long n = tm_outstanding(i, x);

		check(tm_dom[i].d->log.hits[tm_irqs[x]] == n,
		      "%s holds %u of IRQ %u, the model %lu", tm_dom[i].name,
		      tm_dom[i].d->log.hits[tm_irqs[x]], tm_irqs[x], n);
		tm_log_down(pos + 1, x, n);
		tm_dom[i].dropped[x] += n;
		tm_run->handed_down += n;
	}
	tm_dom[i].registered = 0;
	tm_reorder();
	check(adeos_unregister_domain(tm_dom[i].d) == 0, "unregister failed");
}

static void op_renice(void)
{
	int i = pick_registered(0);
	int p = tm_free_priority();

	if (p < 0)
		return;
	tm_dom[i].priority = p;
	tm_reorder();
	check(adeos_renice_domain(tm_dom[i].d, p) == 0, "renice failed");
}

static unsigned int random_mode(void)
{
	static const unsigned int modes[NMODES] = {
		ADEOS_HANDLE_MASK | ADEOS_PASS_MASK,
		ADEOS_HANDLE_MASK,
		ADEOS_HANDLE_MASK | ADEOS_PASS_MASK | ADEOS_EACH_MASK,
		ADEOS_HANDLE_MASK | ADEOS_EACH_MASK,
		ADEOS_PASS_MASK,
		0,
		ADEOS_HANDLE_MASK | ADEOS_EXCLUSIVE_MASK,
		ADEOS_EXCLUSIVE_MASK,
	};

	return modes[tm_rnd(NMODES)];
}

static void op_virtualize(void)
{
	int i = pick_registered(1), x = tm_rnd(NIRQ), want, got;
	unsigned int mode = random_mode();

	if (tm_rnd(4) == 0) {
		tm_release(i, x);
		got = adeos_virtualize_irq_from(tm_dom[i].d, tm_irqs[x], NULL,
						NULL, NULL, 0);
		check(got == 0, "release refused: %d", got);
		return;
	}
	want = tm_control_allowed(i, x, mode, 1);
	if (!want) {
		tm_dom[i].control[x] = tm_stored(x, mode);
		tm_dom[i].has_handler[x] = 1;
	}
	got = adeos_virtualize_irq_from(tm_dom[i].d, tm_irqs[x], tm_handler,
					tm_dom[i].d, NULL, mode);
	check(got == want, "virtualize %s IRQ %u mode %#x: got %d, want %d",
	      tm_dom[i].name, tm_irqs[x], mode, got, want);
}

static void op_control(void)
{
	int i = pick_registered(1), x = tm_rnd(NIRQ), want, got;
	unsigned int clr = tm_rnd(ADEOS_CONTROL_BITS + 1) & ~ADEOS_ENABLE_MASK;
	unsigned int set = random_mode();
	unsigned int control = (tm_dom[i].control[x] & ~clr) | set;

	want = tm_control_allowed(i, x, control, tm_dom[i].has_handler[x]);
	if (!want)
		tm_dom[i].control[x] = tm_stored(x, control);
	got = adeos_control_irq_from(tm_dom[i].d, tm_irqs[x], clr, set);
	check(got == want, "control %s IRQ %u clr %#x set %#x: got %d, want %d",
	      tm_dom[i].name, tm_irqs[x], clr, set, got, want);
}

/*
 * Changes to the pipeline's shape, made with hard IRQs off like a caller
 * that holds a hard lock; IRQs still come in around them.
 */
static void op_topology(void)
{
	unsigned long flags = hard_local_irq_save();

	tm_hard_sections++;
	switch (tm_rnd(5)) {
	case 0:
		op_register();
		break;
	case 1:
		if (tm_npipe > 1 && tm_rnd(2))
			op_unregister();
		break;
	case 2:
		if (tm_npipe > 1)
			op_renice();
		break;
	case 3:
		op_virtualize();
		break;
	default:
		op_control();
	}
	tm_hard_sections--;
	hard_local_irq_restore(flags);
}

/* The root's stage, as the root's own code changes it. */
static void op_root_stage(void)
{
	const struct adeos_torture_ops *ops = tm_run->ops;
	unsigned int x;

	switch (tm_rnd(3)) {
	case 0:
		ops->root_stall();
		tm_dom[ROOT_IDX].stall[0] = 1;
		break;
	case 1:
		tm_dom[ROOT_IDX].stall[0] = 0;
		ops->root_unstall();
		break;
	default:
		x = ops->root_test_and_stall();
		check(!!x == tm_stalled(ROOT_IDX), "test_and_stall said %u", x);
		tm_dom[ROOT_IDX].stall[0] = !!x;
		ops->root_restore(x);
	}
}

static void op_stage(void)
{
	int i = pick_registered(1);

	if (i == ROOT_IDX) {
		op_root_stage();
		return;
	}
	tm_dom[i].stall[0] = tm_rnd(3) == 0; /* mostly unstalled */
	if (tm_dom[i].stall[0])
		adeos_stall_ipipe_from(tm_dom[i].d);
	else
		adeos_unstall_ipipe_from(tm_dom[i].d);
}

/* No stage of the torture's is stalled: the OS may run other work. */
static void maybe_pause(void)
{
	int i;

	if (!tm_run->ops->pause)
		return;
	for (i = 0; i < NDOM; i++)
		if (tm_dom[i].registered && tm_dom[i].stall[0])
			return;
	tm_run->ops->pause();
}

/*
 * The driver's hard section is over. A walk inside it left the root's
 * log (the root's handlers run only with hard IRQs on): it plays at the
 * root's next unstall, as Linux's next enable or entry would play it.
 */
static void root_catch_up(void)
{
	if (tm_stalled(ROOT_IDX))
		return;
	tm_run->ops->root_stall();
	tm_run->ops->root_unstall();
}

static void drive(void)
{
	unsigned long steps = 0;

	while (tm_run->events < tm_run->limit && !tm_run->failed) {
		tm_run->events++;
		switch (tm_rnd(8)) {
		case 0:
		case 1:
			tm_raise_hw();
			break;
		case 2:
			tm_send_virq();
			root_catch_up();
			break;
		case 3:
			op_topology();
			root_catch_up();
			break;
		default:
			op_stage();
		}
		adeos_torture_window();
		tm_check_quiet_point();
		if (!(++steps % 64)) {
			tm_check_state();
			maybe_pause();
		}
	}
}

/* Unstall everything: every arrival must then have been delivered. */
static void drain(void)
{
	int i, x;

	for (i = 0; i < NDOM; i++) {
		if (!tm_dom[i].registered || !tm_dom[i].stall[0])
			continue;
		tm_dom[i].stall[0] = 0;
		if (i == ROOT_IDX)
			tm_run->ops->root_unstall();
		else
			adeos_unstall_ipipe_from(tm_dom[i].d);
	}
	if (tm_run->failed)
		return;
	tm_check_quiet_point();
	tm_check_state();
	for (i = 0; i < NDOM; i++)
		for (x = 0; x < NIRQ; x++)
			check(!tm_outstanding(i, x),
			      "%s never got %lu of IRQ %u", tm_dom[i].name,
			      tm_outstanding(i, x), tm_irqs[x]);
}

/* Leave the pipeline as it was: no domain, handler or IRQ of ours. */
static void cleanup(void)
{
	int i, x;

	for (i = 0; i < ROOT_IDX; i++)
		if (tm_dom[i].registered)
			adeos_unregister_domain(tm_dom[i].d);
	for (x = 0; x < NIRQ; x++)
		adeos_virtualize_irq_from(adeos_root_domain(), tm_irqs[x], NULL,
					  NULL, NULL, 0);
	for (x = NHW; x < NHW + nvirqs; x++)
		adeos_free_virq(tm_irqs[x]);
	tm_run = NULL;
}

static int setup(void)
{
	static const char *const names[NDOM] = { "t-alpha", "t-beta", "t-gamma",
						 "t-delta", "root" };
	adomain_t *root = adeos_root_domain();
	int i, x, virq;

	__builtin_memset(tm_dom, 0, sizeof(tm_dom));
	tm_handler_depth = tm_hw_depth = nvirqs = 0;
	for (x = 0; x < NHW; x++) {
		tm_irqs[x] = tm_run->hw_irqs[x];
		check(root->irqs[tm_irqs[x]].control == ADEOS_DEFAULT_CONTROL &&
			      !adeos_irq_owner(tm_irqs[x]),
		      "IRQ %u is in use", tm_irqs[x]);
	}
	for (x = NHW; x < NIRQ; x++) {
		virq = adeos_alloc_virq();
		check(virq >= 0, "no virtual IRQ left");
		if (virq < 0)
			return -1;
		tm_irqs[x] = virq;
		nvirqs++;
	}
	for (i = 0; i < NDOM; i++) {
		tm_dom[i].name = i == ROOT_IDX ? root->name : names[i];
		tm_dom[i].d = i == ROOT_IDX ? root : &doms[i];
	}
	tm_reset(ROOT_IDX, root->priority);
	/* The root's counts go on from earlier runs: start the model there. */
	for (x = 0; x < NHW; x++) {
		struct adeos_irq_stats *st = &root->stats[tm_irqs[x]];

		tm_dom[ROOT_IDX].arrivals[x] = st->handled + st->merged;
		tm_dom[ROOT_IDX].covered[x] = tm_dom[ROOT_IDX].arrivals[x];
	}
	check(adeos_current_domain() == root && !adeos_test_ipipe_from(root),
	      "the torture starts with the root unstalled");
	return tm_run->failed ? -1 : 0;
}

int adeos_torture_run(struct adeos_torture *t)
{
	tm_run = t;
	t->events = 0;
	t->hw_raised = t->virqs_sent = t->deliveries = t->nested = 0;
	t->handed_down = 0;
	t->failed = 0;
	t->why[0] = 0;
	tm_rng = t->seed * 2654435761ULL + 1;
	if (!setup()) {
		drive();
		drain();
	}
	cleanup();
	return t->failed ? -1 : 0;
}
