// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-sink: a Linux driver for an IRQ that nothing else uses, whose
 * handler does nothing but claim it. make bench raises that IRQ from the
 * guest (QEMU's pc-testdev) on the same kernel with the pipeline on and
 * off, to count what the pipeline adds to Linux's own interrupt path.
 *
 * With flags=1 it also times Linux's interrupt flag operations at load,
 * in instructions (guest time under QEMU's -icount shift=3, 8 ns each):
 * the local_irq_save/restore pair, and one by one the stall
 * (local_irq_disable), the unstall with nothing pending
 * (local_irq_enable), the test (irqs_disabled) and, with the pipeline,
 * the unstall that plays one pending IRQ (a virtual IRQ whose Linux
 * handler does nothing) and the hardware pair (hard_local_irq_save/
 * restore). Read them from the parameter "flags", one "row NAME N" line
 * each, N in thousandths of an instruction.
 */
#include <linux/interrupt.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <asm/tsc.h>
#ifdef CONFIG_ADEOS
#include <adeos/adeos.h>
#endif

static unsigned int irq = 7;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ to claim (default 7)");

static unsigned long hits;
module_param(hits, ulong, 0444);
MODULE_PARM_DESC(hits, "interrupts handled (read-only)");

#define NS_PER_INSN 8 /* -icount shift=3 */
#define LOOPS 20000

enum {
	ROW_PAIR,
	ROW_STALL,
	ROW_UNSTALL,
	ROW_TEST,
	ROW_UNSTALL_ONE,
	ROW_HARD,
	NR_ROWS
};
static const char *const row_names[NR_ROWS] = {
	"save-restore", "stall",       "unstall-empty",
	"test",		"unstall-one", "hard-save-restore",
};
static u64 row_milli[NR_ROWS];
static bool row_done[NR_ROWS];

static int flags_get(char *buf, const struct kernel_param *kp)
{
	int i, n = 0;

	for (i = 0; i < NR_ROWS; i++)
		if (row_done[i])
			n += sysfs_emit_at(buf, n, "row %s %llu\n",
					   row_names[i], row_milli[i]);
	return n;
}

static bool flags;
static int flags_set(const char *val, const struct kernel_param *kp)
{
	return param_set_bool(val, kp);
}

static const struct kernel_param_ops flags_ops = {
	.set = flags_set,
	.get = flags_get,
};
module_param_cb(flags, &flags_ops, &flags, 0444);
MODULE_PARM_DESC(flags, "time the interrupt flag operations at load");

/* @ticks of the TSC for @n operations, in thousandths of an instruction. */
static u64 milli_insns(u64 ticks, unsigned int n)
{
	return div_u64(
		div_u64(ticks * 1000000ULL / NS_PER_INSN, tsc_khz) * 1000, n);
}

static void put_row(int row, u64 ticks, u64 empty)
{
	row_milli[row] = milli_insns(ticks > empty ? ticks - empty : 0, LOOPS);
	row_done[row] = true;
}

/* The loop around each operation, timed alone. */
static noinline u64 time_empty_loop(void)
{
	u64 t0 = rdtsc();
	int i;

	for (i = 0; i < LOOPS; i++)
		barrier();
	return rdtsc() - t0;
}

static noinline u64 time_pair(void)
{
	unsigned long f;
	u64 t0 = rdtsc();
	int i;

	for (i = 0; i < LOOPS; i++) {
		local_irq_save(f);
		local_irq_restore(f);
	}
	return rdtsc() - t0;
}

static noinline u64 time_stall(void)
{
	unsigned long f;
	u64 t0, t;
	int i;

	local_irq_save(f);
	t0 = rdtsc();
	for (i = 0; i < LOOPS; i++)
		local_irq_disable();
	t = rdtsc() - t0;
	local_irq_restore(f);
	return t;
}

static noinline u64 time_unstall_empty(void)
{
	u64 t0 = rdtsc();
	int i;

	for (i = 0; i < LOOPS; i++)
		local_irq_enable();
	return rdtsc() - t0;
}

static noinline u64 time_test(void)
{
	u64 t0 = rdtsc();
	int i, n = 0;

	for (i = 0; i < LOOPS; i++) {
		n += irqs_disabled();
		barrier();
	}
	t0 = rdtsc() - t0;
	return n ? 0 : t0;
}

#ifdef CONFIG_ADEOS
static noinline u64 time_hard_pair(void)
{
	unsigned long f;
	u64 t0 = rdtsc();
	int i;

	for (i = 0; i < LOOPS; i++) {
		f = hard_local_irq_save();
		hard_local_irq_restore(f);
	}
	return rdtsc() - t0;
}

static unsigned long virq_hits;

static void virq_handler(unsigned int virq, void *cookie)
{
	virq_hits++;
}

/* Each unstall plays one virtual IRQ logged while Linux was stalled. */
static noinline u64 time_unstall_one(unsigned int virq, u64 *empty)
{
	u64 t = 0, e = 0, t0;
	int i;

	for (i = 0; i < LOOPS; i++) {
		local_irq_disable();
		adeos_trigger_irq(virq);
		t0 = rdtsc();
		local_irq_enable();
		t += rdtsc() - t0;
		t0 = rdtsc();
		e += rdtsc() - t0;
	}
	*empty = e;
	return t;
}

static int time_adeos_rows(u64 empty)
{
	int virq = adeos_alloc_virq();
	u64 t, e;
	int err;

	put_row(ROW_HARD, time_hard_pair(), empty);
	if (virq < 0)
		return virq;
	err = adeos_virtualize_irq_from(adeos_root_domain(), virq, virq_handler,
					NULL, NULL, ADEOS_HANDLE_MASK);
	if (!err) {
		t = time_unstall_one(virq, &e);
		put_row(ROW_UNSTALL_ONE, t, e);
		if (virq_hits != LOOPS)
			err = -EIO;
		adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL,
					  NULL, 0);
	}
	adeos_free_virq(virq);
	return err;
}
#else
static int time_adeos_rows(u64 empty)
{
	return 0;
}
#endif

static int time_flag_rows(void)
{
	u64 empty = time_empty_loop();

	put_row(ROW_PAIR, time_pair(), empty);
	put_row(ROW_STALL, time_stall(), empty);
	put_row(ROW_UNSTALL, time_unstall_empty(), empty);
	put_row(ROW_TEST, time_test(), empty);
	return time_adeos_rows(empty);
}

static irqreturn_t irq_sink_handle(int irq, void *dev_id)
{
	hits++;
	return IRQ_HANDLED;
}

static int __init irq_sink_init(void)
{
	int err;

	if (flags && !tsc_khz)
		return -ENODEV;
	if (flags) {
		err = time_flag_rows();
		if (err)
			return err;
	}
	return request_irq(irq, irq_sink_handle, 0, "irq-sink", &hits);
}

static void __exit irq_sink_exit(void)
{
	free_irq(irq, &hits);
}

module_init(irq_sink_init);
module_exit(irq_sink_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("An IRQ handler that only claims its IRQ, for make bench");
