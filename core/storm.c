// SPDX-License-Identifier: GPL-2.0-only
/*
 * The storm guard: a line that keeps the root from running is masked
 * (adeos/storm.h says why this criterion and not a rate).
 */
#include "internal.h"
#include <adeos/storm.h>

static struct adeos_storm lines[ARCH_NR_HW_IRQS];
static unsigned int threshold;
static int report_virq = -1;
static unsigned long storms;

void adeos_storm_reset(void)
{
	__builtin_memset(lines, 0, sizeof(lines));
	threshold = 0;
	report_virq = -1;
	storms = 0;
}

void adeos_storm_setup(unsigned int n, int virq)
{
	unsigned long flags = hard_local_irq_save();

	threshold = n;
	report_virq = virq;
	hard_local_irq_restore(flags);
}

unsigned int adeos_storm_threshold(void)
{
	return threshold;
}

const struct adeos_storm *adeos_storm_state(unsigned int irq)
{
	return irq < ARCH_NR_HW_IRQS ? &lines[irq] : NULL;
}

unsigned long adeos_storm_count(void)
{
	return storms;
}

int adeos_storm_masked(unsigned int irq)
{
	return irq < ARCH_NR_HW_IRQS && lines[irq].masked;
}

static void copy_name(char *to, const char *from)
{
	int i;

	for (i = 0; i < ADEOS_NAME_MAX_LEN && from && from[i]; i++)
		to[i] = from[i];
	to[i] = 0;
}

/*
 * THRESHOLD in a row: mask the line, keep the record, tell the OS. At
 * the end of a hardware IRQ, whose interrupted code had hard IRQs on:
 * the report plays as the IRQ's own arrivals did.
 */
static void catch_storm(adomain_t *d, unsigned int irq)
{
	struct adeos_storm *s = &lines[irq];

	arch_irq_mask(irq);
	s->masked = 1;
	s->caught++;
	s->arrivals = s->run;
	s->took = arch_timestamp() - s->since;
	copy_name(s->domain, d->name);
	s->run = 0;
	storms++;
	if (report_virq >= 0 && adeos_virq_allocated(report_virq)) {
		adeos_log_down(adeos_head, report_virq, 1);
		adeos_sync_pipeline(ADEOS_WALK_ANY);
	}
}

/*
 * The end of an arrival of @irq, which @d took first: is the line
 * pending again already? Hard IRQs off.
 */
void adeos_storm_watch(adomain_t *d, unsigned int irq)
{
	struct adeos_storm *s;

	if (!threshold || irq >= ARCH_NR_HW_IRQS || d == &adeos_root)
		return;
	s = &lines[irq];
	if (s->masked)
		return;
	if (!arch_irq_pending(irq)) {
		s->run = 0;
		return;
	}
	if (!s->run++)
		s->since = arch_timestamp();
	if (s->run >= threshold)
		catch_storm(d, irq);
}

int adeos_storm_clear(unsigned int irq)
{
	unsigned long flags;
	int err = 0;

	if (irq >= ARCH_NR_HW_IRQS)
		return -EINVAL;
	flags = hard_local_irq_save();
	if (!lines[irq].masked) {
		err = -ENOENT;
	} else {
		lines[irq].masked = 0;
		lines[irq].run = 0;
		arch_irq_unmask(irq);
	}
	hard_local_irq_restore(flags);
	return err;
}
