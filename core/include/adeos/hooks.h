/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The hooks Linux's generic code calls under CONFIG_ADEOS (genirq and
 * PCI, linux-patch/), with the device matcher templates share: core's
 * Linux glue (core/linux/) defines them, for any arch. The arch's own
 * hooks, which Linux's arch code calls, are in the arch's <adeos/linux.h>.
 */
#ifndef ADEOS_HOOKS_H
#define ADEOS_HOOKS_H

#include <linux/types.h>

struct irqaction;
/*
 * Whether Linux may put the actions @old (the line's) and @new on one
 * line though they do not both ask to share it: one of them is the
 * shared action with which the glue holds a line for a domain that
 * passes it on (core/linux/domains.c).
 */
bool adeos_irq_may_share(const struct irqaction *old,
			 const struct irqaction *new);
/*
 * Whether Linux must refuse @new on the line of @old though both ask to
 * share it: a level-triggered line that a domain ahead of Linux holds
 * is never a Linux driver's too.
 */
bool adeos_irq_must_not_share(const struct irqaction *old,
			      const struct irqaction *new);

struct pci_dev;
/*
 * A PCI device's IRQs came up (MSI enabled, or the device enabled with
 * its INTx line), or are about to go (@msi: its MSI, else its INTx):
 * the domains that name the device take them, or let them go
 * (core/linux/domains.c). Process context.
 */
void adeos_pci_irqs_on(struct pci_dev *dev);
void adeos_pci_irqs_off(struct pci_dev *dev, bool msi);
/* Does @name, "vvvv:dddd" or "[dddd:]bb:ss.f", name @dev? */
bool adeos_pci_names_device(const char *name, struct pci_dev *dev);

#endif /* ADEOS_HOOKS_H */
