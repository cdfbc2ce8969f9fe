// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pipeline set up on x86 with Linux as its root domain, from
 * init_IRQ (linux-patch/0008): every hardware IRQ's line is described
 * for the acknowledge flow (line.c), every device IRQ and system vector
 * gets the root's handler and acknowledge (irq.c), and the local APIC's
 * EOI becomes the pipeline's. Any x86 shares it.
 */
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/printk.h>
#include <asm/irq_vectors.h>
#include <adeos/adeos.h>
#include <adeos/linux.h>
#include <adeos/lines.h>
#include <adeos/version.h>
#include "root.h"

bool adx86_apic_eoi_by_pipeline;

void __init adx86_arch_init(void)
{
	unsigned long flags = hard_local_irq_save();
	unsigned long stalled = adeos_root.status & ADEOS_STALL_FLAG;
	unsigned int irq;

	/* Every system vector has its IRQ, and so has "no IRQ behind it". */
	BUILD_BUG_ON(NR_VECTORS - FIRST_SYSTEM_VECTOR + 1 != ARCH_NR_SYS_IRQS);
	adeos_init("Linux");
	/* Without the irqflags hook Linux uses the real flag: never stalled. */
	if (IS_ENABLED(CONFIG_ADEOS_IRQFLAGS))
		adeos_root.status |= stalled;
	adx86_lines_init();
	for (irq = 0; irq < ARCH_NR_HW_IRQS; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, adx86_root_irq,
					  NULL, adx86_root_ack,
					  ADEOS_HANDLE_MASK);
	for (irq = ADEOS_SYS_IRQ_BASE; irq < ADEOS_VIRQ_BASE; irq++)
		adeos_virtualize_irq_from(&adeos_root, irq, adx86_root_irq,
					  NULL, adx86_root_ack,
					  ADEOS_HANDLE_MASK | ADEOS_EACH_MASK);
	adx86_apic_eoi_by_pipeline = true;
	hard_local_irq_restore(flags);
	pr_info("adeos: pipeline %s: Linux is the root domain\n",
		ADEOS_VERSION_STRING);
}
