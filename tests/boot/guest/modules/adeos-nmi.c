// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-nmi: NMIs sent to this CPU through its local APIC from the
 * places where the pipeline must take them in its stride:
 *  - a domain's handler (a domain ahead of Linux, hard IRQs off),
 *  - a handler of Linux's that the pipeline plays from its log,
 *  - Linux code inside a hard_local_irq_save() section.
 * Each NMI is awaited where it was sent: an NMI handler of this module
 * claims it and counts it, so that the count proves it came in there,
 * and takes a page fault that the exception table fixes up.
 * A test module: never load it in a product.
 *
 * At load it sends NMIS of them (module parameter, default 300), one
 * context after the other in turn, and prints one line with the counts.
 */
#include <linux/delay.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <asm/apic.h>
#include <asm/nmi.h>
#include <adeos/adeos.h>

static unsigned int nmis = 300;
module_param(nmis, uint, 0444);
MODULE_PARM_DESC(nmis, "how many NMIs to send, over the three contexts");

enum { IN_DOMAIN, IN_REPLAY, IN_HARD_SECTION, CONTEXTS };

static adomain_t nmi_domain;
static int virq_domain = -1, virq_linux = -1;
static bool expecting;
static unsigned int taken;
static unsigned int sent[CONTEXTS], seen[CONTEXTS];

static unsigned int faults_kept;

/*
 * A page fault inside the NMI, fixed up through the exception table,
 * must leave the stage and the CPU's flag as the NMI had them.
 */
static void fault_in_nmi(void)
{
	unsigned long stall = adeos_root.status & ADEOS_STALL_FLAG;
	int hard_off = hard_irqs_disabled();
	char c;

	if (!copy_from_kernel_nofault(&c, (void *)16, 1))
		return;
	if ((adeos_root.status & ADEOS_STALL_FLAG) == stall &&
	    hard_irqs_disabled() == hard_off)
		faults_kept++;
}

static int nmi_claim(unsigned int type, struct pt_regs *regs)
{
	if (!READ_ONCE(expecting))
		return NMI_DONE;
	WRITE_ONCE(expecting, false);
	fault_in_nmi();
	taken++;
	return NMI_HANDLED;
}

/* Send one NMI to this CPU and wait, a bounded time, until it came. */
static void send_and_await(int where)
{
	unsigned int before = READ_ONCE(taken);
	int spins;

	WRITE_ONCE(expecting, true);
	sent[where]++;
	/*
	 * A raw write of the local APIC's ICR, to this CPU's own ID: Linux's
	 * IPI helpers take Linux's interrupt flag, which a domain must not.
	 */
	apic_write(APIC_ICR2, SET_XAPIC_DEST_FIELD(read_apic_id()));
	apic_write(APIC_ICR, APIC_DM_NMI | APIC_DEST_PHYSICAL);
	for (spins = 0; spins < 100000 && READ_ONCE(taken) == before; spins++)
		cpu_relax();
	if (READ_ONCE(taken) != before)
		seen[where]++;
	WRITE_ONCE(expecting, false);
}

static void domain_handler(unsigned int irq, void *cookie)
{
	send_and_await(IN_DOMAIN);
}

static void linux_handler(unsigned int irq, void *cookie)
{
	send_and_await(IN_REPLAY);
}

/* Linux's virtual IRQ, logged while its stage is stalled, then played. */
static void send_in_replay(void)
{
	unsigned long flags;

	local_irq_save(flags);
	adeos_trigger_irq(virq_linux);
	local_irq_restore(flags);
}

static void send_in_hard_section(void)
{
	unsigned long flags = hard_local_irq_save();

	send_and_await(IN_HARD_SECTION);
	hard_local_irq_restore(flags);
}

static void release(void)
{
	if (virq_linux >= 0) {
		adeos_virtualize_irq_from(adeos_root_domain(), virq_linux, NULL,
					  NULL, NULL, 0);
		adeos_free_virq(virq_linux);
	}
	if (virq_domain >= 0) {
		adeos_virtualize_irq_from(&nmi_domain, virq_domain, NULL, NULL,
					  NULL, 0);
		adeos_free_virq(virq_domain);
	}
	adeos_unregister_domain(&nmi_domain);
	unregister_nmi_handler(NMI_LOCAL, "adeos-nmi");
}

static int set_up(void)
{
	adattr_t attr;
	int err;

	err = register_nmi_handler(NMI_LOCAL, nmi_claim, 0, "adeos-nmi");
	if (err)
		return err;
	adeos_init_attr(&attr);
	attr.name = "nmi";
	attr.priority = 260;
	err = adeos_register_domain(&nmi_domain, &attr);
	if (err) {
		unregister_nmi_handler(NMI_LOCAL, "adeos-nmi");
		return err;
	}
	virq_domain = adeos_alloc_virq();
	virq_linux = adeos_alloc_virq();
	if (virq_domain < 0 || virq_linux < 0)
		err = -ENOSPC;
	if (!err)
		err = adeos_virtualize_irq_from(&nmi_domain, virq_domain,
						domain_handler, NULL, NULL,
						ADEOS_HANDLE_MASK);
	if (!err)
		err = adeos_virtualize_irq_from(adeos_root_domain(), virq_linux,
						linux_handler, NULL, NULL,
						ADEOS_HANDLE_MASK);
	if (err)
		release();
	return err;
}

static int __init nmi_init(void)
{
	unsigned int i;
	int err = set_up();

	if (err)
		return err;
	for (i = 0; i < nmis; i++) {
		switch (i % CONTEXTS) {
		case IN_DOMAIN:
			adeos_trigger_irq(virq_domain);
			break;
		case IN_REPLAY:
			send_in_replay();
			break;
		default:
			send_in_hard_section();
			break;
		}
	}
	pr_info("adeos-nmi: sent %u %u %u, taken there %u %u %u (domain handler, Linux's replay, hard section); %u faults in them left the stage and the flag as they were\n",
		sent[IN_DOMAIN], sent[IN_REPLAY], sent[IN_HARD_SECTION],
		seen[IN_DOMAIN], seen[IN_REPLAY], seen[IN_HARD_SECTION],
		faults_kept);
	return 0;
}

static void __exit nmi_exit(void)
{
	release();
}

module_init(nmi_init);
module_exit(nmi_exit);
MODULE_DESCRIPTION("Adeos test: NMIs in the pipeline's hard places");
MODULE_LICENSE("GPL");
