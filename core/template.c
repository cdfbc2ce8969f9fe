// SPDX-License-Identifier: GPL-2.0-only
/*
 * Starting and stopping domains described as data (adeos/template.h).
 */
#include <adeos/template.h>

static void release_irqs(struct adeos_domain_desc *desc, unsigned int n)
{
	while (n--)
		adeos_virtualize_irq_from(&desc->domain, desc->irqs[n].irq,
					  NULL, NULL, NULL, 0);
}

int adeos_domain_start(struct adeos_domain_desc *desc)
{
	adattr_t attr;
	unsigned int i;
	int err;

	desc->failed_irq = -1;
	adeos_init_attr(&attr);
	attr.name = desc->name;
	attr.priority = desc->priority;
	err = adeos_register_domain(&desc->domain, &attr);
	if (err)
		return err;
	if (desc->tmpl->start) {
		err = desc->tmpl->start(desc);
		if (err)
			goto err_unregister;
	}
	for (i = 0; i < desc->nr_irqs; i++) {
		const struct adeos_domain_irq *q = &desc->irqs[i];

		err = adeos_virtualize_irq_from(&desc->domain, q->irq,
						desc->tmpl->handle_irq, desc,
						NULL, q->mode);
		if (err) {
			desc->failed_irq = q->irq;
			goto err_release;
		}
	}
	return 0;

err_release:
	release_irqs(desc, i);
	if (desc->tmpl->stop)
		desc->tmpl->stop(desc);
err_unregister:
	adeos_unregister_domain(&desc->domain);
	return err;
}

void adeos_domain_stop(struct adeos_domain_desc *desc)
{
	release_irqs(desc, desc->nr_irqs);
	if (desc->tmpl->stop)
		desc->tmpl->stop(desc);
	adeos_unregister_domain(&desc->domain);
}
