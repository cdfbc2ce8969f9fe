// SPDX-License-Identifier: GPL-2.0-only
/*
 * A GSI's IRQ: Linux numbers the IO-APIC's inputs by GSI, and ACPI
 * knows the overrides (built with CONFIG_ACPI; glue.h gives the GSI
 * back unchanged without it).
 */
#include <linux/acpi.h>
#include "glue.h"

unsigned int adeos_gsi_irq(unsigned int gsi)
{
	unsigned int irq;

	if (!acpi_disabled && !acpi_gsi_to_irq(gsi, &irq))
		return irq;
	return gsi;
}
