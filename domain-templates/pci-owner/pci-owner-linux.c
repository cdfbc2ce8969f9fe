// SPDX-License-Identifier: GPL-2.0-only
/*
 * pci-owner: Linux's side, the PCI driver of the domain's device. It
 * enables the device and the kind of interrupt the domain's entry names
 * (INTx or MSI); Linux's PCI code then tells the pipeline's glue, which
 * binds the domain's entry to the IRQ Linux numbered (linux-patch/0016).
 * No Linux handler is requested: the domain services the device. Built
 * only into the kernel (a -linux.c file).
 */
#include <linux/io.h>
#include <linux/pci.h>
#include <linux/printk.h>
#include <linux/slab.h>
#include <adeos/hooks.h>
#include "pci-owner.h"
#include "pci-owner-linux.h"

struct pci_owner_dev {
	struct pci_driver driver;
	struct pci_device_id ids[2];
	char name[48];
	struct adeos_domain_desc *desc;
	const struct adeos_domain_irq *q;
	struct pci_dev *pdev;
	void __iomem *regs;
};

static struct pci_owner_dev *owner_of(struct pci_dev *pdev)
{
	return container_of(to_pci_driver(pdev->dev.driver),
			    struct pci_owner_dev, driver);
}

unsigned int pci_owner_os_service(struct pci_owner_state *st)
{
	struct pci_owner_dev *po = st->os;
	unsigned int causes;

	if (!po || !po->regs)
		return 0;
	causes = ioread32(po->regs + st->status_reg);
	if (causes)
		iowrite32(causes, po->regs + st->ack_reg);
	return causes;
}

const char *pci_owner_os_name(struct pci_owner_state *st)
{
	struct pci_owner_dev *po = st->os;

	return po && po->pdev ? pci_name(po->pdev) : "none";
}

static int enable_irq_kind(struct pci_owner_dev *po, struct pci_dev *pdev)
{
	bool msi = po->q->kind == ADEOS_IRQ_PCI_MSI;
	int n;

	/* an MSI is a write the device makes: it must master the bus */
	if (msi)
		pci_set_master(pdev);
	n = pci_alloc_irq_vectors(pdev, 1, 1,
				  msi ? PCI_IRQ_MSI : PCI_IRQ_LEGACY);
	if (n < 0)
		dev_err(&pdev->dev, "adeos domain %s: no %s: error %d\n",
			po->desc->name, msi ? "MSI" : "INTx line", n);
	return n < 0 ? n : 0;
}

static int pci_owner_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	struct pci_owner_dev *po = owner_of(pdev);
	struct pci_owner_state *st = po->desc->state;
	int err;

	if (po->pdev || !adeos_pci_names_device(po->q->device, pdev))
		return -ENODEV;
	err = pci_enable_device(pdev);
	if (err)
		return err;
	po->regs = pci_iomap(pdev, st->bar, 0);
	if (!po->regs) {
		err = -ENOMEM;
		goto err_disable;
	}
	/* causes left from before: none may be taken for a new one */
	iowrite32(ioread32(po->regs + st->status_reg), po->regs + st->ack_reg);
	po->pdev = pdev;
	err = enable_irq_kind(po, pdev);
	if (err)
		goto err_unmap;
	dev_info(&pdev->dev, "adeos domain %s owns the device's %s\n",
		 po->desc->name,
		 po->q->kind == ADEOS_IRQ_PCI_MSI ? "MSI" : "INTx line");
	return 0;

err_unmap:
	po->pdev = NULL;
	pci_iounmap(pdev, po->regs);
	po->regs = NULL;
err_disable:
	pci_disable_device(pdev);
	return err;
}

static void pci_owner_remove(struct pci_dev *pdev)
{
	struct pci_owner_dev *po = owner_of(pdev);

	pci_owner_free_irq_vectors(pdev);
	po->pdev = NULL;
	pci_iounmap(pdev, po->regs);
	po->regs = NULL;
	pci_disable_device(pdev);
}

/*
 * The driver matches the vendor:device the entry names, or any device
 * for an address, which the probe checks.
 */
static void set_ids(struct pci_owner_dev *po)
{
	unsigned int vendor, device;
	char end;

	po->ids[0].vendor = PCI_ANY_ID;
	po->ids[0].device = PCI_ANY_ID;
	if (!strchr(po->q->device, '.') &&
	    sscanf(po->q->device, "%x:%x%c", &vendor, &device, &end) == 2) {
		po->ids[0].vendor = vendor;
		po->ids[0].device = device;
	}
	po->ids[0].subvendor = PCI_ANY_ID;
	po->ids[0].subdevice = PCI_ANY_ID;
}

int pci_owner_os_start(struct adeos_domain_desc *desc,
		       const struct adeos_domain_irq *q)
{
	struct pci_owner_state *st = desc->state;
	struct pci_owner_dev *po;
	int err;

	/*
	 * Every template is built into the kernel; without PCI this one
	 * refuses to start (Linux's PCI calls are stubs then).
	 */
	if (!IS_ENABLED(CONFIG_PCI)) {
		pr_err("adeos: domain %s: template pci-owner needs a Linux with PCI\n",
		       desc->name);
		return -ENODEV;
	}
	po = kzalloc(sizeof(*po), GFP_KERNEL);
	if (!po)
		return -ENOMEM;
	po->desc = desc;
	po->q = q;
	set_ids(po);
	snprintf(po->name, sizeof(po->name), "adeos-%s", desc->name);
	po->driver.name = po->name;
	po->driver.id_table = po->ids;
	po->driver.probe = pci_owner_probe;
	po->driver.remove = pci_owner_remove;
	st->os = po;
	err = pci_register_driver(&po->driver);
	if (err) {
		st->os = NULL;
		kfree(po);
		return err;
	}
	if (!po->pdev)
		pr_warn("adeos: domain %s: no PCI device %s to drive (yet)\n",
			desc->name, q->device);
	return 0;
}

void pci_owner_os_stop(struct adeos_domain_desc *desc)
{
	struct pci_owner_state *st = desc->state;
	struct pci_owner_dev *po = st->os;

	if (!po)
		return;
	pci_unregister_driver(&po->driver);
	st->os = NULL;
	kfree(po);
}
