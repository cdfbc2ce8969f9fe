// SPDX-License-Identifier: GPL-2.0-only
/*
 * PCI devices' IRQs for the domains that name a device: its INTx line
 * or its MSI, bound as Linux's PCI code brings them up and let go as it
 * takes them down (linux-patch/0016). Built with CONFIG_PCI; glue.h
 * binds nothing without it.
 */
#include <linux/pci.h>
#include <adeos/hooks.h>
#include "glue.h"

bool adeos_pci_names_device(const char *name, struct pci_dev *dev)
{
	unsigned int a, b, c, d;
	char end;

	if (!name)
		return false;
	if (sscanf(name, "%x:%x:%x.%x%c", &a, &b, &c, &d, &end) == 4)
		return a == pci_domain_nr(dev->bus) && b == dev->bus->number &&
		       PCI_DEVFN(c, d) == dev->devfn;
	if (sscanf(name, "%x:%x.%x%c", &b, &c, &d, &end) == 3)
		return !pci_domain_nr(dev->bus) && b == dev->bus->number &&
		       PCI_DEVFN(c, d) == dev->devfn;
	if (!strchr(name, '.') && sscanf(name, "%x:%x%c", &a, &b, &end) == 2)
		return a == dev->vendor && b == dev->device;
	return false;
}
EXPORT_SYMBOL_GPL(adeos_pci_names_device);

/*
 * The IRQ that entry @q names on @dev now: the first MSI vector while
 * MSI is on; the INTx line while the device is enabled without MSI.
 */
static unsigned int pci_irq_of(const struct adeos_domain_irq *q,
			       struct pci_dev *dev)
{
	if (q->kind == ADEOS_IRQ_PCI_MSI)
		return dev->msi_enabled ? dev->irq : ADEOS_IRQ_UNBOUND;
	if (dev->msi_enabled || dev->msix_enabled || !pci_is_enabled(dev) ||
	    !dev->irq)
		return ADEOS_IRQ_UNBOUND;
	return dev->irq;
}

/* Bind @desc's PCI entries that name @dev, as the device is now. */
static int bind_device(struct adeos_domain_desc *desc, struct pci_dev *dev)
{
	unsigned int k, irq;
	int err;

	for (k = 0; k < desc->nr_irqs; k++) {
		const struct adeos_domain_irq *q = &desc->irqs[k];

		if (!adeos_irq_is_pci(q) ||
		    desc->bound[k] != ADEOS_IRQ_UNBOUND ||
		    !adeos_pci_names_device(q->device, dev))
			continue;
		irq = pci_irq_of(q, dev);
		if (irq == ADEOS_IRQ_UNBOUND)
			continue;
		err = adeos_bind_late(desc, k, irq);
		if (err)
			return err;
	}
	return 0;
}

int adeos_bind_pci_devices(struct adeos_domain_desc *desc)
{
	struct pci_dev *dev = NULL;
	int err = 0;

	while (!err && (dev = pci_get_device(PCI_ANY_ID, PCI_ANY_ID, dev)))
		err = bind_device(desc, dev);
	pci_dev_put(dev);
	return err;
}

static void bind_device_of(struct adeos_domain_desc *desc, void *dev)
{
	bind_device(desc, dev);
}

void adeos_pci_irqs_on(struct pci_dev *dev)
{
	adeos_each_late_domain(bind_device_of, dev);
}

/* What goes: @dev's MSI, or its INTx line. */
struct going {
	struct pci_dev *dev;
	enum adeos_irq_kind kind;
};

static void unbind_going(struct adeos_domain_desc *desc, void *arg)
{
	const struct going *g = arg;
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (desc->irqs[k].kind == g->kind &&
		    adeos_pci_names_device(desc->irqs[k].device, g->dev))
			adeos_unbind_late(desc, k);
}

void adeos_pci_irqs_off(struct pci_dev *dev, bool msi)
{
	struct going g = {
		.dev = dev,
		.kind = msi ? ADEOS_IRQ_PCI_MSI : ADEOS_IRQ_PCI_INTX,
	};

	adeos_each_late_domain(unbind_going, &g);
}
