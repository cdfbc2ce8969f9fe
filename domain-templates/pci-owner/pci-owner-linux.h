/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * pci-owner: what pci-owner-linux.c needs of Linux's PCI calls in a
 * kernel without PCI too. A board may build the template into such a
 * kernel, where it refuses to start (IS_ENABLED(CONFIG_PCI)); Linux 6.1
 * gives a stub for each PCI call it makes, except this one.
 */
#ifndef ADEOS_TEMPLATE_PCI_OWNER_LINUX_H
#define ADEOS_TEMPLATE_PCI_OWNER_LINUX_H

#include <linux/pci.h>

#ifdef CONFIG_PCI
static inline void pci_owner_free_irq_vectors(struct pci_dev *pdev)
{
	pci_free_irq_vectors(pdev);
}
#else
static inline void pci_owner_free_irq_vectors(struct pci_dev *pdev)
{
}
#endif

#endif /* ADEOS_TEMPLATE_PCI_OWNER_LINUX_H */
