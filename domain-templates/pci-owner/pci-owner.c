// SPDX-License-Identifier: GPL-2.0-only
/*
 * pci-owner: a PCI device that raises its interrupt through INTx or MSI,
 * owned by a domain ahead of Linux. The domain's first PCI IRQ entry
 * names the device, and its kind chooses INTx or MSI. The handler reads
 * the device's interrupt causes and writes them back, which quiets the
 * device (for a level INTx line, before the pipeline opens the line
 * again), and counts. With QEMU's edu device (-device edu) the defaults
 * fit: BAR 0, causes at 0x24, acknowledge at 0x64.
 */
#include <adeos/os.h>
#include "pci-owner.h"

static void pci_owner_handle(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct pci_owner_state *st = desc->state;

	(void)irq;
	if (pci_owner_os_service && pci_owner_os_service(st))
		st->serviced++;
	else
		st->empty++;
}

static const struct adeos_domain_irq *
device_entry(const struct adeos_domain_desc *desc)
{
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (desc->irqs[k].kind == ADEOS_IRQ_PCI_INTX ||
		    desc->irqs[k].kind == ADEOS_IRQ_PCI_MSI)
			return &desc->irqs[k];
	return NULL;
}

static int pci_owner_start(struct adeos_domain_desc *desc)
{
	const struct adeos_domain_irq *q = device_entry(desc);
	struct pci_owner_state *st = desc->state;

	st->serviced = 0;
	st->empty = 0;
	if (!q)
		return -EINVAL;
	return pci_owner_os_start ? pci_owner_os_start(desc, q) : 0;
}

static void pci_owner_stop(struct adeos_domain_desc *desc)
{
	if (pci_owner_os_stop)
		pci_owner_os_stop(desc);
}

static int pci_owner_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	const struct adeos_domain_irq *q = device_entry(desc);
	struct pci_owner_state *st = desc->state;
	unsigned int k = q ? q - desc->irqs : 0;
	int n;

	n = adeos_snprintf(buf, size, "device %s\nkind %s\n",
			   pci_owner_os_name ? pci_owner_os_name(st) : "none",
			   q && q->kind == ADEOS_IRQ_PCI_MSI ? "msi" : "intx");
	if (q && desc->bound[k] != ADEOS_IRQ_UNBOUND)
		n += adeos_snprintf(buf + n, size - n, "irq %u\n",
				    desc->bound[k]);
	else
		n += adeos_snprintf(buf + n, size - n, "irq none\n");
	n += adeos_snprintf(buf + n, size - n, "serviced %lu\nempty %lu\n",
			    st->serviced, st->empty);
	return n < size ? n : size;
}

/* Writing anything zeroes the counts. */
static int pci_owner_reset(struct adeos_domain_desc *desc, const char *buf,
			   int len)
{
	struct pci_owner_state *st = desc->state;

	(void)buf;
	(void)len;
	st->serviced = 0;
	st->empty = 0;
	return 0;
}

static const struct adeos_template_file pci_owner_files[] = {
	{ .name = "status", .show = pci_owner_show, .store = pci_owner_reset },
	{ .name = NULL },
};

const struct adeos_template adeos_template_pci_owner = {
	.name = "pci-owner",
	.handle_irq = pci_owner_handle,
	.start = pci_owner_start,
	.stop = pci_owner_stop,
	.files = pci_owner_files,
};
