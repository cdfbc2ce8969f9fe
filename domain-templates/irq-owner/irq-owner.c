// SPDX-License-Identifier: GPL-2.0-only
/*
 * irq-owner: the smallest example of owning a device IRQ. The domain
 * counts every IRQ its handler gets; whether the IRQ is the domain's
 * alone, terminated here or passed on down to Linux is the domain's
 * configuration (its IRQ entries), carried out by the pipeline.
 *
 * Runs ahead of Linux: it touches only its own state. A real driver
 * would also quiet its device here (read its status, acknowledge it).
 */
#include <adeos/os.h>
#include "irq-owner.h"

static void irq_owner_handle(unsigned int irq, void *cookie)
{
	struct adeos_domain_desc *desc = cookie;
	struct irq_owner_state *state = desc->state;
	unsigned int k;

	for (k = 0; k < desc->nr_irqs; k++)
		if (desc->bound[k] == irq)
			state->counts[k]++;
}

/*
 * One line per IRQ entry: the IRQ it took ("-" while a late one is not
 * bound), how the domain takes it, the count.
 */
static int irq_owner_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	struct irq_owner_state *state = desc->state;
	unsigned int k;
	int n = 0;

	for (k = 0; k < desc->nr_irqs && n < size; k++) {
		unsigned int mode = desc->irqs[k].mode;

		if (desc->bound[k] == ADEOS_IRQ_UNBOUND)
			n += adeos_snprintf(buf + n, size - n, "irq -");
		else
			n += adeos_snprintf(buf + n, size - n, "irq %u",
					    desc->bound[k]);
		if (n >= size)
			break;
		n += adeos_snprintf(
			buf + n, size - n, " %s %s count %lu\n",
			mode & ADEOS_EXCLUSIVE_MASK ? "exclusive" : "shared",
			mode & ADEOS_PASS_MASK ? "passed" : "terminated",
			state->counts[k]);
	}
	return n < size ? n : size;
}

static const struct adeos_template_file irq_owner_files[] = {
	{ .name = "status", .show = irq_owner_show },
	{ .name = NULL },
};

const struct adeos_template adeos_template_irq_owner = {
	.name = "irq-owner",
	.handle_irq = irq_owner_handle,
	.files = irq_owner_files,
};
