// SPDX-License-Identifier: GPL-2.0-only
/*
 * Randomized torture of the pipeline against a reference model.
 *
 * A driver, running as the root domain, does random pipeline operations
 * (stall, unstall, restore, register, unregister, renice, virtualize,
 * control, virtual IRQs) while the simulated hardware raises IRQs at
 * every point where a CPU could take one: each hard_* call made with the
 * flag on, inside handlers, in the middle of a replay. Handlers act too:
 * they unstall, restall, trigger virtual IRQs and pass IRQs on.
 *
 * The model keeps, per domain and IRQ, how many arrivals the pipeline
 * owes the domain, and checks at every delivery and every driver step
 * the invariants of DESIGN.md: each arrival is delivered exactly once
 * (or merged, for merge IRQs), in priority order, never to a stalled
 * stage or below one, and nothing waits in a stage that could run.
 *
 * Usage: torture [-s SEED] [-n EVENTS] [-q]. Prints one TAP line.
 */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "../host/host.h"

#define NDOM 5 /* four domains that come and go, and the root (last) */
#define ROOT_IDX (NDOM - 1)
#define NHW 9 /* device IRQs 0..7 and the first system IRQ */
#define NVIRQ 3
#define NIRQ (NHW + NVIRQ)
#define MAX_LEVELS 16
#define MAX_HW_NEST 5
#define MAX_HANDLER_NEST 10

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

static adomain_t doms[NDOM - 1];
static struct mdom m[NDOM];
static int order[NDOM], norder; /* model pipeline, head first */
static unsigned int irqs[NIRQ]; /* model IRQ index -> pipeline IRQ */
static unsigned long long rng_state;
static unsigned long long events, limit = 1000000;
static unsigned long seed = 20020603;
static unsigned long deliveries, nested, hw_irqs, virqs_sent, handed_down;
static int handler_depth, quiet;

static void __attribute__((noreturn, format(printf, 1, 2)))
fail(const char *fmt, ...)
{
	va_list ap;

	printf("not ok 1 - torture seed=%lu: failed at event %llu: ", seed,
	       events);
	va_start(ap, fmt);
	vprintf(fmt, ap);
	va_end(ap);
	printf("\n# replay with: torture -s %lu -n %llu\n", seed, limit);
	exit(1);
}

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
	return (rng_state * 0x2545F4914F6CDD1DULL >> 33) % n;
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

static int order_pos(int i)
{
	int p;

	for (p = 0; p < norder; p++)
		if (order[p] == i)
			return p;
	fail("%s is not in the model pipeline", m[i].name);
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

static int model_free_priority(void)
{
	int p, i, taken;

	do {
		p = ADEOS_MIN_PRI + rnd(20);
		for (taken = 0, i = 0; i < NDOM; i++)
			taken |= m[i].registered && m[i].priority == p;
	} while (taken);
	return p;
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

	events++;
	hw_irqs++;
	model_log_down(0, x, 1);
	/* Half the time through i386's fast path for the root, if it allows. */
	host.direct_entry = rnd(2);
	host_take_irq(irqs[x]);
}

/* Hard IRQs off first: the model logs the IRQ just as the pipeline does. */
static void send_virq(void)
{
	int x = NHW + rnd(NVIRQ);
	unsigned long flags = hard_local_irq_save();

	events++;
	virqs_sent++;
	model_log_down(0, x, 1);
	check(adeos_trigger_irq(irqs[x]) == 0, "trigger refused");
	hard_local_irq_restore(flags);
}

/* The hardware's chance to interrupt, wherever the flag is on. */
static void window(void)
{
	int n;

	if (host.depth >= MAX_HW_NEST || events >= limit)
		return;
	if (rnd(4))
		return;
	for (n = 1 + (rnd(8) == 0) * 2; n > 0; n--)
		raise_hw();
}

/* ---- handlers ---- */

static int index_of(adomain_t *d)
{
	int i;

	for (i = 0; i < NDOM; i++)
		if (m[i].d == d)
			return i;
	fail("unknown domain");
}

static void check_delivery_allowed(int i, int x)
{
	int p, pos = order_pos(i);

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
	/* The head keeps hard IRQs off, unless it is the root (the OS). */
	check(host.hard_on == (pos != 0 || m[i].d == adeos_root_domain()),
	      "handler of %s runs with hard IRQs %s", m[i].name,
	      host.hard_on ? "on" : "off");
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
	check(m[i].levels < MAX_LEVELS, "too deep");
	m[i].stall[m[i].levels++] = stall;
}

static void handler_action(int i, int *pass)
{
	unsigned int x;

	events++;
	switch (rnd(6)) {
	case 0:
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
		if (host.hard_on)
			window();
	}
}

static void handler(unsigned int irq, void *cookie)
{
	int i = index_of(cookie), x, pass = 0;
	unsigned long n;

	for (x = 0; x < NIRQ && irqs[x] != irq; x++)
		;
	check(x < NIRQ, "handler got unknown IRQ %u", irq);
	check_delivery_allowed(i, x);
	n = account_delivery(i, x);
	deliveries++;
	if (handler_depth++)
		nested++;
	push_level(i, 1);
	while (handler_depth < MAX_HANDLER_NEST && rnd(3) == 0)
		handler_action(i, &pass);
	check(adeos_current_domain() == m[i].d, "current changed in handler");
	m[i].levels--;
	handler_depth--;
	/* The pipeline passes it on as soon as we return. */
	if (pass) {
		model_log_down(order_pos(i) + 1, x, n);
		handed_down += n;
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
	int i = any_unregistered();
	adattr_t attr;

	if (i < 0)
		return;
	adeos_init_attr(&attr);
	attr.name = m[i].name;
	attr.priority = model_free_priority();
	model_reset(i, attr.priority);
	check(adeos_register_domain(m[i].d, &attr) == 0, "register failed");
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
		handed_down += n;
	}
	m[i].registered = 0;
	model_order();
	check(adeos_unregister_domain(m[i].d) == 0, "unregister failed");
}

static void op_renice(void)
{
	int i = pick_registered(0);
	int p = model_free_priority();

	m[i].priority = p;
	model_order();
	check(adeos_renice_domain(m[i].d, p) == 0, "renice failed");
}

static unsigned int random_mode(void)
{
	static const unsigned int modes[] = {
		ADEOS_HANDLE_MASK | ADEOS_PASS_MASK,
		ADEOS_HANDLE_MASK,
		ADEOS_HANDLE_MASK | ADEOS_PASS_MASK | ADEOS_EACH_MASK,
		ADEOS_HANDLE_MASK | ADEOS_EACH_MASK,
		ADEOS_PASS_MASK,
		0,
		ADEOS_HANDLE_MASK | ADEOS_EXCLUSIVE_MASK,
		ADEOS_EXCLUSIVE_MASK,
	};

	return modes[rnd(sizeof(modes) / sizeof(modes[0]))];
}

static void model_release(int i, int x)
{
	unsigned long n = outstanding(i, x);

	model_log_down(order_pos(i) + 1, x, n);
	m[i].dropped[x] += n;
	handed_down += n;
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
	got = adeos_virtualize_irq_from(m[i].d, irqs[x], handler, m[i].d, NULL,
					mode);
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

/* Changes to the pipeline's shape, made with hard IRQs off like a caller
 * that holds a hard lock; IRQs still come in around them. */
static void op_topology(void)
{
	unsigned long flags = hard_local_irq_save();

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
	hard_local_irq_restore(flags);
}

static void op_stage(void)
{
	int i = pick_registered(1);
	unsigned int x;

	if (i != ROOT_IDX) {
		m[i].stall[0] = rnd(3) == 0; /* mostly unstalled */
		if (m[i].stall[0])
			adeos_stall_ipipe_from(m[i].d);
		else
			adeos_unstall_ipipe_from(m[i].d);
		return;
	}
	switch (rnd(3)) {
	case 0:
		adeos_stall_ipipe();
		m[ROOT_IDX].stall[0] = 1;
		break;
	case 1:
		m[ROOT_IDX].stall[0] = 0;
		adeos_unstall_ipipe();
		break;
	default:
		x = adeos_test_and_stall_ipipe();
		check(!!x == stalled(ROOT_IDX), "test_and_stall said %u", x);
		m[ROOT_IDX].stall[0] = !!x;
		adeos_restore_ipipe(x);
	}
}

/* Nothing may wait in a stage that nothing holds back. */
static void check_quiet_point(void)
{
	int p, x;

	check(adeos_current_domain() == adeos_root_domain(),
	      "driver runs with %s current", adeos_current_domain()->name);
	check(host.hard_on, "driver runs with hard IRQs off");
	for (p = 0; p < norder && !stalled(order[p]); p++)
		for (x = 0; x < NIRQ; x++)
			check(!outstanding(order[p], x),
			      "%s left with %lu of IRQ %u while it could run",
			      m[order[p]].name, outstanding(order[p], x),
			      irqs[x]);
}

/* The pipeline's own state must be the model's. */
static void check_state(void)
{
	adomain_t *d = NULL;
	int p, x;

	for (p = 0; p < norder; p++) {
		struct mdom *md = &m[order[p]];

		d = adeos_next_domain(d);
		check(d == md->d, "pipeline has %s where the model has %s",
		      d ? d->name : "nothing", md->name);
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
	check(!adeos_next_domain(d), "pipeline longer than the model");
	check(!host.violations, "arch hook called with hard IRQs on");
}

static void drive(void)
{
	unsigned long steps = 0;

	while (events < limit) {
		events++;
		switch (rnd(8)) {
		case 0:
		case 1:
			raise_hw();
			break;
		case 2:
			send_virq();
			break;
		case 3:
			op_topology();
			break;
		default:
			op_stage();
		}
		window();
		check_quiet_point();
		if (!(++steps % 64))
			check_state();
	}
}

/* Unstall everything: every arrival must then have been delivered. */
static void drain(void)
{
	int i, x;

	for (i = 0; i < NDOM; i++) {
		if (!m[i].registered)
			continue;
		m[i].stall[0] = 0;
		adeos_unstall_ipipe_from(m[i].d);
	}
	check_quiet_point();
	check_state();
	for (i = 0; i < NDOM; i++)
		for (x = 0; x < NIRQ; x++)
			check(!outstanding(i, x), "%s never got %lu of IRQ %u",
			      m[i].name, outstanding(i, x), irqs[x]);
}

static void setup(void)
{
	static const char *names[NDOM] = { "alpha", "beta", "gamma", "delta",
					   "root" };
	int i, x;

	host_reset();
	adeos_init("root");
	for (x = 0; x < NHW; x++)
		irqs[x] = x < NHW - 1 ? (unsigned int)x : ADEOS_SYS_IRQ_BASE;
	for (x = NHW; x < NIRQ; x++)
		irqs[x] = adeos_alloc_virq();
	for (i = 0; i < NDOM; i++) {
		m[i].name = names[i];
		m[i].d = i == ROOT_IDX ? adeos_root_domain() : &doms[i];
	}
	model_reset(ROOT_IDX, ADEOS_ROOT_PRI);
	host.window = window;
}

int main(int argc, char **argv)
{
	int opt;

	while ((opt = getopt(argc, argv, "s:n:q")) != -1) {
		if (opt == 's')
			seed = strtoul(optarg, NULL, 0);
		else if (opt == 'n')
			limit = strtoull(optarg, NULL, 0);
		else if (opt == 'q')
			quiet = 1;
		else
			return 2;
	}
	rng_state = seed * 2654435761ULL + 1;
	setup();
	drive();
	host.window = NULL;
	drain();
	printf("ok 1 - torture seed=%lu: %llu events, %lu hardware IRQs, "
	       "%lu virtual, %lu deliveries, %lu nested, %lu passed down, "
	       "%lu straight to the root\n",
	       seed, events, hw_irqs, virqs_sent, deliveries, nested,
	       handed_down, host.direct);
	return 0;
}
