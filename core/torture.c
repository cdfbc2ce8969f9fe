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
#include <adeos/torture.h>
#include <adeos/os.h>

#define NDOM 5 /* four domains that come and go, and the root (last) */
#define ROOT_IDX (NDOM - 1)
#define NHW ADEOS_TORTURE_HW_IRQS
#define NVIRQ 3
#define NIRQ (NHW + NVIRQ)
#define MAX_LEVELS 16
#define PRIORITY_SPAN 20
#define NMODES 8

struct mdom {
	adomain_t *d;
	const char *name;
	int registered;
	int priority;
	int levels; /* stall levels: [0] outside handlers, one per handler */
	int stall[MAX_LEVELS];
	unsigned int control[NIRQ];
	int has_handler[NIRQ];
	unsigned long arrivals[NIRQ]; /* owed to the domain, ever */
	unsigned long covered[NIRQ]; /* of those, delivered or merged */
	unsigned long dropped[NIRQ]; /* of those, handed down on release */
};

static struct adeos_torture *T; /* the run in progress */
static adomain_t doms[NDOM - 1];
static struct mdom m[NDOM];
static int order[NDOM], norder; /* model pipeline, head first */
static unsigned int irqs[NIRQ]; /* model IRQ index -> pipeline IRQ */
static int nvirqs; /* allocated so far */
static unsigned long long rng_state;
static int handler_depth, hw_depth;
/* Pipeline calls made inside a hard section of the caller, nested. */
static int hard_sections;

/*
 * A broken check: the first one is recorded, and the run winds down
 * (no more IRQs raised, no more actions) to its next driver step.
 */
#define fail(...)                                                            \
	do {                                                                 \
		if (!T->failed)                                              \
			adeos_snprintf(T->why, sizeof(T->why), __VA_ARGS__); \
		T->failed = 1;                                               \
	} while (0)

#define check(cond, ...)                   \
	do {                               \
		if (!(cond))               \
			fail(__VA_ARGS__); \
	} while (0)

static unsigned long rnd(unsigned long n)
{
	rng_state ^= rng_state >> 12;
	rng_state ^= rng_state << 25;
	rng_state ^= rng_state >> 27;
	/* 31 bits: a 32-bit division, on every arch. */
	return (unsigned long)(rng_state * 0x2545F4914F6CDD1DULL >> 33) % n;
}

/* ---- the model ---- */

static int stalled(int i)
{
	return m[i].stall[m[i].levels - 1];
}

static int active(int i)
{
	return m[i].levels - 1;
}

static void model_order(void)
{
	int i, j, k;

	norder = 0;
	for (i = 0; i < NDOM; i++) {
		if (!m[i].registered)
			continue;
		for (j = 0; j < norder && m[order[j]].priority > m[i].priority;
		     j++)
			;
		for (k = norder; k > j; k--)
			order[k] = order[k - 1];
		order[j] = i;
		norder++;
	}
}

/* @return @i's place in the model pipeline (its length, if absent). */
static int order_pos(int i)
{
	int p;

	for (p = 0; p < norder; p++)
		if (order[p] == i)
			return p;
	fail("%s is not in the model pipeline", m[i].name);
	return norder;
}

static unsigned long outstanding(int i, int x)
{
	return m[i].arrivals[x] - m[i].covered[x] - m[i].dropped[x];
}

/* Mirror of what the pipeline does with @n arrivals from position @pos. */
static void model_log_down(int pos, int x, unsigned long n)
{
	for (; pos < norder; pos++) {
		struct mdom *md = &m[order[pos]];

		if (md->control[x] & ADEOS_HANDLE_MASK)
			md->arrivals[x] += n;
		if (!(md->control[x] & ADEOS_PASS_MASK))
			return;
	}
}

static void model_reset(int i, int priority)
{
	struct mdom *md = &m[i];
	int x;

	md->registered = 1;
	md->priority = priority;
	md->levels = 1;
	md->stall[0] = 0;
	for (x = 0; x < NIRQ; x++) {
		md->control[x] = ADEOS_DEFAULT_CONTROL;
		md->has_handler[x] = 0;
		md->arrivals[x] = md->covered[x] = md->dropped[x] = 0;
	}
	model_order();
}

/* The model's index of @d, or -1 for a domain it does not know. */
static int model_index(const adomain_t *d)
{
	int i;

	for (i = 0; i < NDOM; i++)
		if (m[i].d == d)
			return i;
	return -1;
}

/* Taken by one of the model's domains or by any other in the pipeline. */
static int priority_taken(int p)
{
	adomain_t *d;
	int i;

	for (i = 0; i < NDOM; i++)
		if (m[i].registered && m[i].priority == p)
			return 1;
	for (d = adeos_next_domain(NULL); d; d = adeos_next_domain(d))
		if (d->priority == p && model_index(d) < 0)
			return 1;
	return 0;
}

/* @return a free priority in the torture's span, or -1. */
static int model_free_priority(void)
{
	int tries, p;

	for (tries = 0; tries < 1000; tries++) {
		p = T->first_priority + rnd(PRIORITY_SPAN);
		if (p <= ADEOS_MAX_PRI && !priority_taken(p))
			return p;
	}
	return -1;
}

/* What the pipeline must answer to a new control mask. */
static int model_control_allowed(int i, int x, unsigned int control,
				 int handler)
{
	int j;

	if ((control & ADEOS_HANDLE_MASK) && !handler)
		return -EINVAL;
	if ((control & ADEOS_EXCLUSIVE_MASK) && !(control & ADEOS_HANDLE_MASK))
		return -EINVAL;
	if (!(control & ADEOS_HANDLE_MASK))
		return 0;
	for (j = 0; j < NDOM; j++) {
		if (j == i || !m[j].registered)
			continue;
		if (m[j].control[x] & ADEOS_EXCLUSIVE_MASK)
			return -EBUSY;
		if ((control & ADEOS_EXCLUSIVE_MASK) &&
		    (m[j].control[x] & ADEOS_HANDLE_MASK))
			return -EBUSY;
	}
	return 0;
}

static unsigned int model_stored(int x, unsigned int control)
{
	control &= ~ADEOS_ENABLE_MASK;
	return x >= NHW ? control | ADEOS_EACH_MASK : control;
}

/* ---- raising IRQs ---- */

static void raise_hw(void)
{
	int x = rnd(NHW);
	int direct = rnd(2);

	T->events++;
	T->hw_raised++;
	model_log_down(0, x, 1);
	hw_depth++;
	T->ops->raise(irqs[x], direct);
	hw_depth--;
}

/*
 * Hard IRQs off first: the model logs the IRQ just as the pipeline does.
 * The trigger is then inside the caller's hard section.
 */
static void send_virq(void)
{
	int x = NHW + rnd(NVIRQ);
	unsigned long flags = hard_local_irq_save();

	T->events++;
	T->virqs_sent++;
	model_log_down(0, x, 1);
	hard_sections++;
	check(adeos_trigger_irq(irqs[x]) == 0, "trigger refused");
	hard_sections--;
	hard_local_irq_restore(flags);
}

void adeos_torture_window(void)
{
	int n;

	if (!T || T->failed || hard_irqs_disabled() ||
	    hw_depth >= T->max_hw_nest || T->events >= T->limit)
		return;
	if (rnd(4))
		return;
	for (n = 1 + (rnd(8) == 0) * 2; n > 0; n--)
		raise_hw();
}

/* ---- handlers ---- */

static void check_delivery_allowed(int i, int x)
{
	int p, pos = order_pos(i);
	int head = m[i].d == adeos_head && i != ROOT_IDX;

	check(m[i].has_handler[x], "%s got IRQ %u it has no handler for",
	      m[i].name, irqs[x]);
	check(!stalled(i), "%s got IRQ %u while its stage was stalled",
	      m[i].name, irqs[x]);
	for (p = 0; p < pos; p++) {
		int j = order[p];

		check(!stalled(j) && !active(j),
		      "%s got IRQ %u below %s, which is stalled or running",
		      m[i].name, irqs[x], m[j].name);
	}
	for (p = 0; p < pos; p++) {
		int j = order[p], y;

		for (y = 0; y < NIRQ; y++)
			check(!outstanding(j, y),
			      "%s got IRQ %u before %s got IRQ %u", m[i].name,
			      irqs[x], m[j].name, irqs[y]);
	}
	check(adeos_current_domain() == m[i].d,
	      "handler of %s runs with %s current", m[i].name,
	      adeos_current_domain()->name);
	check(adeos_test_ipipe(), "handler of %s runs unstalled", m[i].name);
	/*
	 * The head keeps hard IRQs off, unless it is the root (the OS); so
	 * does every domain inside a caller's hard section.
	 */
	check(!hard_irqs_disabled() == !(head || hard_sections),
	      "handler of %s runs with hard IRQs %s", m[i].name,
	      hard_irqs_disabled() ? "off" : "on");
}

/* @return how many arrivals this delivery covers, by the pipeline's count. */
static unsigned long account_delivery(int i, int x)
{
	struct adeos_irq_stats *st = &m[i].d->stats[irqs[x]];
	unsigned long now = st->handled + st->merged;
	unsigned long n = now - m[i].covered[x];

	check(now > m[i].covered[x], "%s got IRQ %u for no new arrival",
	      m[i].name, irqs[x]);
	check(now + m[i].dropped[x] <= m[i].arrivals[x],
	      "%s got IRQ %u: %lu arrivals covered, %lu arrived", m[i].name,
	      irqs[x], now, m[i].arrivals[x]);
	check(!(m[i].control[x] & ADEOS_EACH_MASK) || n == 1,
	      "%s got IRQ %u for %lu arrivals at once, policy each", m[i].name,
	      irqs[x], n);
	m[i].covered[x] = now;
	return n;
}

static void push_level(int i, int stall)
{
	if (m[i].levels >= MAX_LEVELS) {
		fail("%s: handlers nested too deep", m[i].name);
		return;
	}
	m[i].stall[m[i].levels++] = stall;
}

static void handler_action(int i, int *pass)
{
	int unstall_ok = i != ROOT_IDX || T->root_handler_may_unstall;
	unsigned int x;

	T->events++;
	switch (rnd(6)) {
	case 0:
		if (!unstall_ok)
			break;
		m[i].stall[m[i].levels - 1] = 0;
		adeos_unstall_ipipe();
		break;
	case 1:
		adeos_stall_ipipe();
		m[i].stall[m[i].levels - 1] = 1;
		break;
	case 2:
		x = adeos_test_and_stall_ipipe();
		check(!!x == stalled(i), "test_and_stall said %u", x);
		m[i].stall[m[i].levels - 1] = 1;
		if (!x)
			m[i].stall[m[i].levels - 1] = 0;
		adeos_restore_ipipe(x);
		break;
	case 3:
		send_virq();
		break;
	case 4:
		adeos_suspend_domain();
		*pass = 1;
		break;
	default:
		adeos_torture_window();
	}
}

static void torture_handler(unsigned int irq, void *cookie)
{
	int i = model_index(cookie), x, pass = 0, levels;
	unsigned long n;

	for (x = 0; x < NIRQ && irqs[x] != irq; x++)
		;
	if (i < 0 || x == NIRQ) {
		fail("a handler of the torture got IRQ %u for a stranger", irq);
		return;
	}
	check_delivery_allowed(i, x);
	n = account_delivery(i, x);
	T->deliveries++;
	if (handler_depth++)
		T->nested++;
	levels = m[i].levels;
	push_level(i, 1);
	while (!T->failed && handler_depth < T->max_handler_nest && rnd(3) == 0)
		handler_action(i, &pass);
	check(adeos_current_domain() == m[i].d, "current changed in handler");
	m[i].levels = levels;
	handler_depth--;
	/* The pipeline passes it on as soon as we return. */
	if (pass) {
		model_log_down(order_pos(i) + 1, x, n);
		T->handed_down += n;
	}
}

/* ---- the driver: the root domain's code ---- */

static int pick_registered(int with_root)
{
	int i;

	do
		i = rnd(NDOM);
	while (!m[i].registered || (!with_root && i == ROOT_IDX));
	return i;
}

static int any_unregistered(void)
{
	int i;

	for (i = 0; i < ROOT_IDX; i++)
		if (!m[i].registered)
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
	attr.name = m[i].name;
	attr.priority = model_free_priority();
	if (attr.priority < 0)
		return;
	model_reset(i, attr.priority);
	err = adeos_register_domain(m[i].d, &attr);
	check(err == 0, "register %s at %d: error %d", m[i].name, attr.priority,
	      err);
	if (err)
		m[i].registered = 0;
}

static void op_unregister(void)
{
	int i = pick_registered(0), pos = order_pos(i), x;

	for (x = 0; x < NIRQ; x++) {
		unsigned long n = outstanding(i, x);

		check(m[i].d->log.hits[irqs[x]] == n,
		      "%s holds %u of IRQ %u, the model %lu", m[i].name,
		      m[i].d->log.hits[irqs[x]], irqs[x], n);
		model_log_down(pos + 1, x, n);
		m[i].dropped[x] += n;
		T->handed_down += n;
	}
	m[i].registered = 0;
	model_order();
	check(adeos_unregister_domain(m[i].d) == 0, "unregister failed");
}

static void op_renice(void)
{
	int i = pick_registered(0);
	int p = model_free_priority();

	if (p < 0)
		return;
	m[i].priority = p;
	model_order();
	check(adeos_renice_domain(m[i].d, p) == 0, "renice failed");
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

	return modes[rnd(NMODES)];
}

static void model_release(int i, int x)
{
	unsigned long n = outstanding(i, x);

	model_log_down(order_pos(i) + 1, x, n);
	m[i].dropped[x] += n;
	T->handed_down += n;
	m[i].control[x] = ADEOS_DEFAULT_CONTROL;
	m[i].has_handler[x] = 0;
}

static void op_virtualize(void)
{
	int i = pick_registered(1), x = rnd(NIRQ), want, got;
	unsigned int mode = random_mode();

	if (rnd(4) == 0) {
		model_release(i, x);
		got = adeos_virtualize_irq_from(m[i].d, irqs[x], NULL, NULL,
						NULL, 0);
		check(got == 0, "release refused: %d", got);
		return;
	}
	want = model_control_allowed(i, x, mode, 1);
	if (!want) {
		m[i].control[x] = model_stored(x, mode);
		m[i].has_handler[x] = 1;
	}
	got = adeos_virtualize_irq_from(m[i].d, irqs[x], torture_handler,
					m[i].d, NULL, mode);
	check(got == want, "virtualize %s IRQ %u mode %#x: got %d, want %d",
	      m[i].name, irqs[x], mode, got, want);
}

static void op_control(void)
{
	int i = pick_registered(1), x = rnd(NIRQ), want, got;
	unsigned int clr = rnd(ADEOS_CONTROL_BITS + 1) & ~ADEOS_ENABLE_MASK;
	unsigned int set = random_mode();
	unsigned int control = (m[i].control[x] & ~clr) | set;

	want = model_control_allowed(i, x, control, m[i].has_handler[x]);
	if (!want)
		m[i].control[x] = model_stored(x, control);
	got = adeos_control_irq_from(m[i].d, irqs[x], clr, set);
	check(got == want, "control %s IRQ %u clr %#x set %#x: got %d, want %d",
	      m[i].name, irqs[x], clr, set, got, want);
}

/*
 * Changes to the pipeline's shape, made with hard IRQs off like a caller
 * that holds a hard lock; IRQs still come in around them.
 */
static void op_topology(void)
{
	unsigned long flags = hard_local_irq_save();

	hard_sections++;
	switch (rnd(5)) {
	case 0:
		op_register();
		break;
	case 1:
		if (norder > 1 && rnd(2))
			op_unregister();
		break;
	case 2:
		if (norder > 1)
			op_renice();
		break;
	case 3:
		op_virtualize();
		break;
	default:
		op_control();
	}
	hard_sections--;
	hard_local_irq_restore(flags);
}

/* The root's stage, as the root's own code changes it. */
static void op_root_stage(void)
{
	const struct adeos_torture_ops *ops = T->ops;
	unsigned int x;

	switch (rnd(3)) {
	case 0:
		ops->root_stall();
		m[ROOT_IDX].stall[0] = 1;
		break;
	case 1:
		m[ROOT_IDX].stall[0] = 0;
		ops->root_unstall();
		break;
	default:
		x = ops->root_test_and_stall();
		check(!!x == stalled(ROOT_IDX), "test_and_stall said %u", x);
		m[ROOT_IDX].stall[0] = !!x;
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
	m[i].stall[0] = rnd(3) == 0; /* mostly unstalled */
	if (m[i].stall[0])
		adeos_stall_ipipe_from(m[i].d);
	else
		adeos_unstall_ipipe_from(m[i].d);
}

/* Nothing may wait in a stage that nothing holds back. */
static void check_quiet_point(void)
{
	int p, x;

	check(adeos_current_domain() == adeos_root_domain(),
	      "driver runs with %s current", adeos_current_domain()->name);
	check(!hard_irqs_disabled(), "driver runs with hard IRQs off");
	for (p = 0; p < norder && !stalled(order[p]); p++)
		for (x = 0; x < NIRQ; x++)
			check(!outstanding(order[p], x),
			      "%s left with %lu of IRQ %u while it could run",
			      m[order[p]].name, outstanding(order[p], x),
			      irqs[x]);
}

/* The next domain of the pipeline after @d that the model knows. */
static adomain_t *next_known(adomain_t *d)
{
	do
		d = adeos_next_domain(d);
	while (d && model_index(d) < 0);
	return d;
}

/* The pipeline's own state must be the model's. */
static void check_state(void)
{
	const char *why = T->ops->arch_check ? T->ops->arch_check() : NULL;
	adomain_t *d = NULL;
	int p, x;

	for (p = 0; p < norder; p++) {
		struct mdom *md = &m[order[p]];

		d = next_known(d);
		check(d == md->d, "pipeline has %s where the model has %s",
		      d ? d->name : "nothing", md->name);
		if (d != md->d)
			return;
		check(!!adeos_test_ipipe_from(d) == stalled(order[p]),
		      "%s stall bit differs", md->name);
		for (x = 0; x < NIRQ; x++) {
			check(d->log.hits[irqs[x]] == outstanding(order[p], x),
			      "%s holds %u of IRQ %u, the model %lu", md->name,
			      d->log.hits[irqs[x]], irqs[x],
			      outstanding(order[p], x));
			check(d->irqs[irqs[x]].control == md->control[x],
			      "%s IRQ %u control %#x, the model %#x", md->name,
			      irqs[x], d->irqs[irqs[x]].control,
			      md->control[x]);
		}
	}
	check(!next_known(d), "pipeline longer than the model");
	check(!why, "%s", why);
}

/* No stage of the torture's is stalled: the OS may run other work. */
static void maybe_pause(void)
{
	int i;

	if (!T->ops->pause)
		return;
	for (i = 0; i < NDOM; i++)
		if (m[i].registered && m[i].stall[0])
			return;
	T->ops->pause();
}

/*
 * The driver's hard section is over. A walk inside it left the root's
 * log (the root's handlers run only with hard IRQs on): it plays at the
 * root's next unstall, as Linux's next enable or entry would play it.
 */
static void root_catch_up(void)
{
	if (stalled(ROOT_IDX))
		return;
	T->ops->root_stall();
	T->ops->root_unstall();
}

static void drive(void)
{
	unsigned long steps = 0;

	while (T->events < T->limit && !T->failed) {
		T->events++;
		switch (rnd(8)) {
		case 0:
		case 1:
			raise_hw();
			break;
		case 2:
			send_virq();
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
		check_quiet_point();
		if (!(++steps % 64)) {
			check_state();
			maybe_pause();
		}
	}
}

/* Unstall everything: every arrival must then have been delivered. */
static void drain(void)
{
	int i, x;

	for (i = 0; i < NDOM; i++) {
		if (!m[i].registered || !m[i].stall[0])
			continue;
		m[i].stall[0] = 0;
		if (i == ROOT_IDX)
			T->ops->root_unstall();
		else
			adeos_unstall_ipipe_from(m[i].d);
	}
	if (T->failed)
		return;
	check_quiet_point();
	check_state();
	for (i = 0; i < NDOM; i++)
		for (x = 0; x < NIRQ; x++)
			check(!outstanding(i, x), "%s never got %lu of IRQ %u",
			      m[i].name, outstanding(i, x), irqs[x]);
}

/* Leave the pipeline as it was: no domain, handler or IRQ of ours. */
static void cleanup(void)
{
	int i, x;

	for (i = 0; i < ROOT_IDX; i++)
		if (m[i].registered)
			adeos_unregister_domain(m[i].d);
	for (x = 0; x < NIRQ; x++)
		adeos_virtualize_irq_from(adeos_root_domain(), irqs[x], NULL,
					  NULL, NULL, 0);
	for (x = NHW; x < NHW + nvirqs; x++)
		adeos_free_virq(irqs[x]);
	T = NULL;
}

static int setup(void)
{
	static const char *const names[NDOM] = { "t-alpha", "t-beta", "t-gamma",
						 "t-delta", "root" };
	adomain_t *root = adeos_root_domain();
	int i, x, virq;

	__builtin_memset(m, 0, sizeof(m));
	handler_depth = hw_depth = nvirqs = 0;
	for (x = 0; x < NHW; x++) {
		irqs[x] = T->hw_irqs[x];
		check(root->irqs[irqs[x]].control == ADEOS_DEFAULT_CONTROL &&
			      !adeos_irq_owner(irqs[x]),
		      "IRQ %u is in use", irqs[x]);
	}
	for (x = NHW; x < NIRQ; x++) {
		virq = adeos_alloc_virq();
		check(virq >= 0, "no virtual IRQ left");
		if (virq < 0)
			return -1;
		irqs[x] = virq;
		nvirqs++;
	}
	for (i = 0; i < NDOM; i++) {
		m[i].name = i == ROOT_IDX ? root->name : names[i];
		m[i].d = i == ROOT_IDX ? root : &doms[i];
	}
	model_reset(ROOT_IDX, root->priority);
	/* The root's counts go on from earlier runs: start the model there. */
	for (x = 0; x < NHW; x++) {
		struct adeos_irq_stats *st = &root->stats[irqs[x]];

		m[ROOT_IDX].arrivals[x] = st->handled + st->merged;
		m[ROOT_IDX].covered[x] = m[ROOT_IDX].arrivals[x];
	}
	check(adeos_current_domain() == root && !adeos_test_ipipe_from(root),
	      "the torture starts with the root unstalled");
	return T->failed ? -1 : 0;
}

int adeos_torture_run(struct adeos_torture *t)
{
	T = t;
	t->events = 0;
	t->hw_raised = t->virqs_sent = t->deliveries = t->nested = 0;
	t->handed_down = 0;
	t->failed = 0;
	t->why[0] = 0;
	rng_state = t->seed * 2654435761ULL + 1;
	if (!setup()) {
		drive();
		drain();
	}
	cleanup();
	return t->failed ? -1 : 0;
}
