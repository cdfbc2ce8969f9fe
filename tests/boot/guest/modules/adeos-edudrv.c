// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-edudrv: a Linux driver of QEMU's edu device, as any PCI driver
 * is: it enables the device's MSI and requests it with request_irq(),
 * and its handler reads the interrupt's causes and clears them. With a
 * domain whose IRQ entry names the same device's MSI loaded first, the
 * domain takes the MSI when this driver enables it (linux-patch/0016),
 * sees each interrupt ahead of Linux and passes it on to this handler.
 * The driver binds the device at address DEV only. handled (a read-only
 * parameter) counts the interrupts whose causes it cleared. A test
 * module: never load it in a product.
 */
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/pci.h>

#ifdef CONFIG_PCI_MSI
#define EDU_STATUS 0x24
#define EDU_ACK 0x64

static char *dev = "0000:00:07.0";
module_param(dev, charp, 0444);
MODULE_PARM_DESC(dev, "the address of the edu device to drive");
static unsigned long handled;
module_param(handled, ulong, 0444);
MODULE_PARM_DESC(handled, "interrupts whose causes the driver cleared");

static void __iomem *regs;

static irqreturn_t edudrv_irq(int irq, void *cookie)
{
	u32 causes = ioread32(regs + EDU_STATUS);

	if (!causes)
		return IRQ_NONE;
	iowrite32(causes, regs + EDU_ACK);
	handled++;
	return IRQ_HANDLED;
}

static int edudrv_probe(struct pci_dev *pdev, const struct pci_device_id *id)
{
	int err;

	if (strcmp(pci_name(pdev), dev))
		return -ENODEV;
	err = pcim_enable_device(pdev);
	if (err)
		return err;
	regs = pcim_iomap(pdev, 0, 0);
	if (!regs)
		return -ENOMEM;
	pci_set_master(pdev);
	err = pci_alloc_irq_vectors(pdev, 1, 1, PCI_IRQ_MSI);
	if (err < 0)
		return err;
	err = request_irq(pci_irq_vector(pdev, 0), edudrv_irq, 0, "edudrv",
			  pdev);
	if (err) {
		pci_free_irq_vectors(pdev);
		return err;
	}
	dev_info(&pdev->dev, "adeos-edudrv: MSI as IRQ %d\n",
		 pci_irq_vector(pdev, 0));
	return 0;
}

static void edudrv_remove(struct pci_dev *pdev)
{
	free_irq(pci_irq_vector(pdev, 0), pdev);
	pci_free_irq_vectors(pdev);
}

static const struct pci_device_id edudrv_ids[] = {
	{ PCI_DEVICE(0x1234, 0x11e8) },
	{ 0 },
};

static struct pci_driver edudrv = {
	.name = "adeos-edudrv",
	.id_table = edudrv_ids,
	.probe = edudrv_probe,
	.remove = edudrv_remove,
};
module_pci_driver(edudrv);
#else
/* Built against every board's kernel: one without MSI has no use for it. */
static int __init edudrv_none(void)
{
	return -ENODEV;
}
module_init(edudrv_none);
#endif /* CONFIG_PCI_MSI */

MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adeos test: a Linux driver of QEMU's edu device, MSI");
