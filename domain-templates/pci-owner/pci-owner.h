/* SPDX-License-Identifier: GPL-2.0-only */
/* pci-owner: a PCI device's interrupt, taken and serviced ahead of Linux. */
#ifndef ADEOS_TEMPLATE_PCI_OWNER_H
#define ADEOS_TEMPLATE_PCI_OWNER_H

#include <adeos/template.h>

struct pci_owner_state {
	/* options: the BAR of the device's registers, two offsets in it */
	unsigned int bar;
	unsigned int status_reg; /* read: the causes of the interrupt */
	unsigned int ack_reg; /* write the causes back: they clear */
	/* IRQs that found causes, and IRQs that found none (a shared line) */
	unsigned long serviced, empty;
	void *os; /* Linux's side's */
};

extern const struct adeos_template adeos_template_pci_owner;

/*
 * Linux's side (pci-owner-linux.c, built only into the kernel; weak, so
 * that the host tests link the domain's side alone): the device's
 * driver, which enables it and its INTx or MSI (the glue then binds the
 * domain's entry), and reaches its registers.
 */
int pci_owner_os_start(struct adeos_domain_desc *desc,
		       const struct adeos_domain_irq *q) __attribute__((weak));
void pci_owner_os_stop(struct adeos_domain_desc *desc) __attribute__((weak));
/* The causes the device shows, written back; 0 without a device. */
unsigned int pci_owner_os_service(struct pci_owner_state *st)
	__attribute__((weak));
/* "0000:00:05.0", or "none". */
const char *pci_owner_os_name(struct pci_owner_state *st) __attribute__((weak));

#endif /* ADEOS_TEMPLATE_PCI_OWNER_H */
