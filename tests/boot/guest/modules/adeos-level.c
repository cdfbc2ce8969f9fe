// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-level: a domain ahead of Linux that owns a level-triggered line.
 * ISA IRQ IRQ (module parameter, default 11) is made level-high through
 * ACPI's GSI registration (the IO-APIC pin's trigger; on the 8259, its
 * ELCR bit; without ACPI, the ELCR bit only: the IO-APIC's trigger is
 * then out of reach), and the domain "level" (priority 270) terminates
 * it. The
 * load raises the line ROUNDS times through QEMU's pc-testdev and holds
 * it until the domain's handler lowers it through the same port, as a
 * driver quiets its device; then STALLED times more, with the domain's
 * stage stalled for STALL_US around each raise, so that the pipeline
 * must keep the line masked until the domain runs. Each raise must be
 * one arrival: a line opened before the handler lowered it comes again.
 * The load prints the counts; rmmod releases the line. A test module:
 * never load it in a product.
 */
#include <linux/acpi.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/string.h>
#include <adeos/adeos.h>

#define TESTDEV_IRQ_PORT 0x2000
#define WAIT_US 10000

static unsigned int irq = 11;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ the domain owns, made level-triggered");
static unsigned int rounds = 1000;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "raises with the domain's stage unstalled");
static unsigned int stalled = 200;
module_param(stalled, uint, 0444);
MODULE_PARM_DESC(stalled, "raises with the domain's stage stalled");
static unsigned int stall_us = 1000;
module_param(stall_us, uint, 0444);
MODULE_PARM_DESC(stall_us, "how long the stage stays stalled per raise");

static adomain_t level_domain;
static int linux_irq = -1;
static bool requested;
/* the line is high: set by the raiser, cleared by the domain */
static bool raised;
static unsigned long lowered, idle_calls, linux_calls;

static void domain_irq(unsigned int n, void *cookie)
{
	if (!READ_ONCE(raised)) {
		idle_calls++;
		return;
	}
	outb(0, TESTDEV_IRQ_PORT + irq);
	WRITE_ONCE(raised, false);
	lowered++;
}

/* Never called: the domain terminates the IRQ. Linux routes it. */
static irqreturn_t linux_handler(int n, void *dev)
{
	linux_calls++;
	return IRQ_NONE;
}

/* Raise the line and wait until the domain lowered it. */
static bool raise_once(unsigned int stall)
{
	unsigned int waited;

	WRITE_ONCE(raised, true);
	if (stall)
		adeos_stall_ipipe_from(&level_domain);
	outb(1, TESTDEV_IRQ_PORT + irq);
	if (stall) {
		udelay(stall);
		adeos_unstall_ipipe_from(&level_domain);
	}
	for (waited = 0; READ_ONCE(raised) && waited < WAIT_US; waited++)
		udelay(1);
	return !READ_ONCE(raised);
}

/* One run of raises: the domain's arrivals and handler calls for it. */
static void run(const char *what, unsigned int n, unsigned int stall)
{
	struct adeos_irq_stats *st = &level_domain.stats[irq];
	unsigned long received = READ_ONCE(st->received);
	unsigned long handled = READ_ONCE(st->handled);
	unsigned long low = READ_ONCE(lowered), idle = READ_ONCE(idle_calls);
	unsigned int i, answered = 0;

	for (i = 0; i < n; i++)
		answered += raise_once(stall);
	pr_info("adeos-level: %s: raised %u answered %u received %lu handled %lu lowered %lu idle %lu\n",
		what, n, answered, READ_ONCE(st->received) - received,
		READ_ONCE(st->handled) - handled, READ_ONCE(lowered) - low,
		READ_ONCE(idle_calls) - idle);
}

/*
 * The 8259's edge/level control register (ELCR): one bit per ISA line.
 * What ACPI's GSI registration sets on the 8259, for a kernel without it.
 */
static int make_8259_level(void)
{
	struct irq_chip *chip = irq_get_chip(irq);
	unsigned int port = 0x4d0 + irq / 8;

	if (irq >= 16 || !chip || strcmp(chip->name, "XT-PIC"))
		return -ENODEV;
	outb(inb(port) | 1 << (irq % 8), port);
	linux_irq = irq;
	return 0;
}

static int make_level(void)
{
#ifdef CONFIG_ACPI
	if (!acpi_disabled) {
		linux_irq = acpi_register_gsi(NULL, irq, ACPI_LEVEL_SENSITIVE,
					      ACPI_ACTIVE_HIGH);
		return linux_irq < 0 ? linux_irq : 0;
	}
#endif
	return make_8259_level();
}

static void unmake_level(void)
{
#ifdef CONFIG_ACPI
	if (!acpi_disabled)
		acpi_unregister_gsi(irq);
#endif
}

static void release(void)
{
	adeos_virtualize_irq_from(&level_domain, irq, NULL, NULL, NULL, 0);
	adeos_unregister_domain(&level_domain);
	if (requested)
		free_irq(linux_irq, &level_domain);
	unmake_level();
}

static int __init level_init(void)
{
	adattr_t attr;
	int err;

	err = make_level();
	if (err)
		return err;
	/* On the IO-APIC Linux routes an IRQ only once it is requested. */
	err = request_irq(linux_irq, linux_handler, 0, "adeos-level",
			  &level_domain);
	if (err)
		goto out_gsi;
	requested = true;
	adeos_init_attr(&attr);
	attr.name = "level";
	attr.priority = 270;
	err = adeos_register_domain(&level_domain, &attr);
	if (err)
		goto out_irq;
	err = adeos_virtualize_irq_from(&level_domain, irq, domain_irq, NULL,
					NULL, ADEOS_HANDLE_MASK);
	if (err) {
		release();
		return err;
	}
	pr_info("adeos-level: IRQ %u is Linux's IRQ %d, level-triggered\n",
		irq, linux_irq);
	run("unstalled", rounds, 0);
	run("stalled", stalled, stall_us);
	pr_info("adeos-level: Linux's handler ran %lu times\n", linux_calls);
	return 0;

out_irq:
	free_irq(linux_irq, &level_domain);
out_gsi:
	unmake_level();
	return err;
}

static void __exit level_exit(void)
{
	release();
}

module_init(level_init);
module_exit(level_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Test: a domain that owns a level-triggered line");
