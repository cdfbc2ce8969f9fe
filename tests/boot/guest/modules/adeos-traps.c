// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-traps: exceptions that Linux takes and resolves by itself must
 * leave Linux's stage and the CPU's interrupt flag exactly as they
 * were, and play nothing that was logged for Linux in a stalled stage:
 *  - WARN(), whose ud2 goes through handle_bug() before any entry code;
 *  - a page fault fixed up through the exception table
 *    (copy_from_kernel_nofault() of an unmapped address).
 * Each is taken with Linux's stage stalled and a virtual IRQ for Linux
 * pending, with the stage unstalled, and inside a hard_local_irq_save()
 * section. A test module: never load it in a product.
 *
 * At load: WARNS warnings and FIXUPS fixed-up faults in each context
 * (module parameters, defaults 1 and 100); one line with the counts.
 */
#include <linux/bug.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <adeos/adeos.h>

static unsigned int warns = 1, fixups = 100;
module_param(warns, uint, 0444);
MODULE_PARM_DESC(warns, "WARN()s in each context");
module_param(fixups, uint, 0444);
MODULE_PARM_DESC(fixups, "fixed-up page faults in each context");

enum { STALLED, UNSTALLED, HARD_OFF, CONTEXTS };

static int virq = -1;
static unsigned long played;
static unsigned int taken, kept;

static void linux_virq(unsigned int irq, void *cookie)
{
	played++;
}

static void trap_warn(void)
{
	WARN(1, "adeos-traps: a planted warning\n");
}

static void trap_fixup(void)
{
	char c;

	/* The first page is never mapped: a #PF, fixed up by the table. */
	if (!copy_from_kernel_nofault(&c, (void *)16, 1))
		pr_err("adeos-traps: address 16 was readable\n");
}

/* @trap once, checking the stage, the flag and the log around it. */
static void take(void (*trap)(void))
{
	unsigned long stall = adeos_root.status & ADEOS_STALL_FLAG;
	int hard_off = hard_irqs_disabled();
	unsigned long before = played;

	trap();
	taken++;
	if ((adeos_root.status & ADEOS_STALL_FLAG) == stall &&
	    hard_irqs_disabled() == hard_off &&
	    (!(stall || hard_off) || played == before))
		kept++;
}

static void take_in(int context, void (*trap)(void), unsigned int n)
{
	unsigned long flags;
	unsigned int i;

	for (i = 0; i < n; i++) {
		switch (context) {
		case STALLED:
			local_irq_save(flags);
			/* Logged for Linux: it must stay so until the restore. */
			adeos_trigger_irq(virq);
			take(trap);
			local_irq_restore(flags);
			break;
		case UNSTALLED:
			take(trap);
			break;
		default:
			flags = hard_local_irq_save();
			take(trap);
			hard_local_irq_restore(flags);
			break;
		}
	}
}

static int __init traps_init(void)
{
	int context, err;

	virq = adeos_alloc_virq();
	if (virq < 0)
		return virq;
	err = adeos_virtualize_irq_from(adeos_root_domain(), virq, linux_virq,
					NULL, NULL, ADEOS_HANDLE_MASK);
	if (err) {
		adeos_free_virq(virq);
		return err;
	}
	for (context = 0; context < CONTEXTS; context++) {
		take_in(context, trap_warn, warns);
		take_in(context, trap_fixup, fixups);
	}
	pr_info("adeos-traps: %u of %u traps left the stage, the flag and the log as they were; %lu virtual IRQs played after their stall\n",
		kept, taken, played);
	return 0;
}

static void __exit traps_exit(void)
{
	adeos_virtualize_irq_from(adeos_root_domain(), virq, NULL, NULL, NULL,
				  0);
	adeos_free_virq(virq);
}

module_init(traps_init);
module_exit(traps_exit);
MODULE_DESCRIPTION("Adeos test: traps Linux resolves by itself");
MODULE_LICENSE("GPL");
