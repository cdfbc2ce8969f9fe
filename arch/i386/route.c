// SPDX-License-Identifier: GPL-2.0-only
/*
 * A domain's ISA IRQ, routed whether or not a Linux driver ever asks.
 *
 * Linux gives an ISA IRQ its IO-APIC pin at boot only where the
 * firmware lists the line: an MP table has no ISA entry for the lines
 * the chipset lends to PCI (SeaBIOS, on QEMU's pc board: 5, 9, 10 and
 * 11), and such an IRQ stays on the 8259, whose output goes nowhere once
 * the IO-APIC routes the interrupts: a request of it succeeds and then
 * nothing arrives. A domain's ISA IRQ gets the pin of its own number
 * instead (ISA lines are identity-mapped unless the firmware says
 * otherwise, ACPI's rule, which the MP table's other ISA entries follow
 * too), set up as the chipset's edge/level control register (ELCR)
 * says the line is, active high as ISA lines and QEMU's PCI links are.
 * This is Linux's own route: an ISA entry added to its table, then its
 * GSI mapped as acpi_register_gsi() maps one.
 *
 * What cannot be delivered is refused, naming why: the 8259s' cascade
 * (IRQ 2), which no device raises; a line whose pin carries another
 * source; a firmware route on an IO-APIC Linux did not set up.
 *
 * Process context, under adeos_domains_lock (core/linux/domains.c).
 * Linux adds to its MP table at boot, and later only from ACPI's GSI
 * registration under the update_mptable boot option: the entries added
 * here, under that lock, race with nothing else otherwise.
 *
 * Any x86 shares it.
 */
#include <linux/bitops.h>
#include <linux/errno.h>
#include <linux/irq.h>
#include <linux/irqdesc.h>
#include <linux/numa.h>
#include <linux/printk.h>
#include <asm/hw_irq.h>
#include <asm/i8259.h>
#include <asm/io_apic.h>
#include <asm/mpspec.h>
#include <adeos/linux.h>

/*
 * Does Linux run ISA IRQ @irq on the 8259 while the IO-APIC routes, and
 * no one holds it yet? A line is never moved under a driver's feet.
 */
static bool left_on_8259(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return desc && (io_apic_irqs & BIT(irq)) &&
	       irq_desc_get_chip(desc) == &i8259A_chip && !desc->action;
}

/* The chipset's word on the line (read before it leaves the 8259). */
static bool elcr_says_level(unsigned int irq)
{
	struct irq_desc *desc = irq_to_desc(irq);

	return adx86_line_is_level(irq, &desc->irq_data,
				   irq_desc_get_chip(desc));
}

/* The first entry of Linux's MP table that drives @pin of IO-APIC @id. */
static int entry_on_pin(int id, int pin)
{
	int i;

	for (i = 0; i < mp_irq_entries; i++)
		if (mp_irqs[i].irqtype == mp_INT && mp_irqs[i].dstirq == pin &&
		    (mp_irqs[i].dstapic == id ||
		     mp_irqs[i].dstapic == MP_APIC_ALL))
			return i;
	return -1;
}

/* The entry of Linux's MP table for ISA IRQ @irq, if any. */
static int isa_entry(unsigned int irq)
{
	int i;

	for (i = 0; i < mp_irq_entries; i++)
		if (mp_irqs[i].irqtype == mp_INT &&
		    test_bit(mp_irqs[i].srcbus, mp_bus_not_pci) &&
		    mp_irqs[i].srcbusirq == irq)
			return i;
	return -1;
}

/* Says which other source entry @i of Linux's MP table wires up. */
static void refuse_pin(const char *domain, unsigned int irq, int pin, int i)
{
	const struct mpc_intsrc *m = &mp_irqs[i];

	if (test_bit(m->srcbus, mp_bus_not_pci))
		pr_err("adeos: domain %s cannot take IRQ %u: its IO-APIC pin %d is ISA IRQ %u's\n",
		       domain, irq, pin, m->srcbusirq);
	else
		pr_err("adeos: domain %s cannot take IRQ %u: its IO-APIC pin %d is PCI bus %u slot %u's\n",
		       domain, irq, pin, m->srcbus, (m->srcbusirq >> 2) & 0x1f);
}

/* Linux's MP table gets the ISA entry of @irq, on @pin of IO-APIC @id. */
static int add_isa_entry(unsigned int irq, int id, int pin, bool level)
{
	unsigned int bus = find_first_bit(mp_bus_not_pci, MAX_MP_BUSSES);
	struct mpc_intsrc m = {
		.type = MP_INTSRC,
		.irqtype = mp_INT,
		.irqflag = MP_IRQPOL_ACTIVE_HIGH |
			   (level ? MP_IRQTRIG_LEVEL : MP_IRQTRIG_EDGE),
		.srcbus = bus,
		.srcbusirq = irq,
		.dstapic = id,
		.dstirq = pin,
	};

	if (bus >= MAX_MP_BUSSES)
		return -ENODEV;
	mp_save_irq(&m);
	return 0;
}

/* Map the GSI of @irq's pin, as ACPI's GSI registration would. */
static int map_pin(const char *domain, unsigned int irq, int ioapic, int pin,
		   bool level)
{
	struct irq_alloc_info info;
	int id = mpc_ioapic_id(ioapic), i = entry_on_pin(id, pin), got;
	int entries = mp_irq_entries;

	if (i >= 0 && (!test_bit(mp_irqs[i].srcbus, mp_bus_not_pci) ||
		       mp_irqs[i].srcbusirq != irq)) {
		refuse_pin(domain, irq, pin, i);
		return -EBUSY;
	}
	if (i < 0 && add_isa_entry(irq, id, pin, level)) {
		pr_err("adeos: domain %s cannot take IRQ %u: Linux knows no ISA bus to route it from\n",
		       domain, irq);
		return -ENODEV;
	}
	ioapic_set_alloc_attr(&info, NUMA_NO_NODE, level, 0);
	got = mp_map_gsi_to_irq(irq, IOAPIC_MAP_ALLOC, &info);
	if (got == irq)
		return 0;
	/* Take back the entry added: no pin behind it. */
	if (mp_irq_entries > entries)
		mp_irq_entries = entries;
	pr_err("adeos: domain %s cannot take IRQ %u: mapping IO-APIC pin %d gave %d\n",
	       domain, irq, pin, got);
	return got < 0 ? got : -EBUSY;
}

int adx86_route_isa_irq(unsigned int irq, const char *domain)
{
	int ioapic, pin, i, err;
	bool level;

	if (irq == PIC_CASCADE_IR && nr_legacy_irqs()) {
		pr_err("adeos: domain %s cannot take IRQ %u: it is the cascade input of the 8259s, which no device raises\n",
		       domain, irq);
		return -EINVAL;
	}
	if (irq >= NR_IRQS_LEGACY || !left_on_8259(irq))
		return 0;
	i = isa_entry(irq);
	if (i >= 0) {
		/* The firmware's route, on an IO-APIC Linux left alone. */
		pr_err("adeos: domain %s cannot take IRQ %u: the firmware routes it to IO-APIC %u pin %u, which Linux did not set up\n",
		       domain, irq, mp_irqs[i].dstapic, mp_irqs[i].dstirq);
		return -ENODEV;
	}
	ioapic = mp_find_ioapic(irq);
	if (ioapic < 0) {
		pr_err("adeos: domain %s cannot take IRQ %u: no IO-APIC has an input for it\n",
		       domain, irq);
		return -ENODEV;
	}
	pin = mp_find_ioapic_pin(ioapic, irq);
	level = elcr_says_level(irq);
	err = map_pin(domain, irq, ioapic, pin, level);
	if (!err)
		pr_info("adeos: IRQ %u routed to IO-APIC %d pin %d, %s-triggered (the ELCR's), for domain %s\n",
			irq, mpc_ioapic_id(ioapic), pin,
			level ? "level" : "edge", domain);
	return err;
}
