// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-faults: a domain whose IRQ handler goes wrong on purpose. The
 * domain "faults" (priority 280) takes ISA IRQ IRQ (module parameter,
 * default 3) alone; its handler counts each call, and on call FAULT_ON
 * (default 5) does what KIND says:
 *   divide   an integer division by zero
 *   null     a read through a NULL pointer
 *   ud       an invalid opcode (ud2 with no bug entry)
 *   gp       a general protection fault (a selector past the GDT)
 *   int3     a breakpoint nobody claims
 *   bug      BUG()
 *   busy     a 50 ms busy loop, past the domain's 10 ms budget, on
 *            that call and every one after (a handler that ran away:
 *            the pipeline stops a domain at its third overrun in a row)
 *   warn     WARN(): reported, and the domain goes on
 *   double   a push with the stack pointer in the unmapped first
 *            page: the page fault has no stack either, a double fault,
 *            after which nothing can resume (Linux panics, naming it)
 *   nofault  nothing, but every call reads an unmapped address with
 *            get_kernel_nofault() and runs through a static branch
 *            that the load toggles TOGGLES times (default 1000) from
 *            Linux, pulsing the IRQ between toggles
 * PASS=1 gives its IRQs to Linux once it faulted, else they go to
 * nobody. QEMU's pc-testdev raises the IRQ (irq-pulse). The counts are
 * the pipeline's (/proc/adeos/domains); the handler's own go to
 * /proc/adeos/faults/calls. A test module: never load it in a product.
 */
#include <linux/bug.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/jump_label.h>
#include <linux/module.h>
#include <linux/uaccess.h>
#include <adeos/adeos.h>
#include <adeos/os.h>
#include <adeos/template.h>

#define TESTDEV_IRQ_PORT 0x2000

static unsigned int irq = 3;
module_param(irq, uint, 0444);
MODULE_PARM_DESC(irq, "the ISA IRQ the domain takes alone");
static unsigned int fault_on = 5;
module_param(fault_on, uint, 0444);
MODULE_PARM_DESC(fault_on, "the handler call that goes wrong, from 1");
static char *kind = "divide";
module_param(kind, charp, 0444);
MODULE_PARM_DESC(
	kind, "divide, null, ud, gp, int3, bug, busy, warn, double or nofault");
static bool pass;
module_param(pass, bool, 0444);
MODULE_PARM_DESC(pass, "Linux gets the IRQ once the domain faulted");
static unsigned int toggles = 1000;
module_param(toggles, uint, 0444);
MODULE_PARM_DESC(toggles, "nofault: static branch toggles at load");

static unsigned long calls, nofault_reads, branch_taken;
/* Read at run time: the compiler cannot fold what goes wrong away. */
static int zero;
static int *nowhere;
static DEFINE_STATIC_KEY_FALSE(faults_key);

static noinline void go_wrong(void)
{
	if (!strcmp(kind, "divide"))
		calls += calls / READ_ONCE(zero);
	else if (!strcmp(kind, "null"))
		calls += *READ_ONCE(nowhere);
	else if (!strcmp(kind, "ud"))
		asm volatile("ud2");
	else if (!strcmp(kind, "gp"))
		/* A selector past the GDT's end: #GP, and %ds stays as it was. */
		asm volatile("movl %0, %%ds" : : "r"(0xfff8));
	else if (!strcmp(kind, "int3"))
		asm volatile("int3");
	else if (!strcmp(kind, "bug"))
		BUG();
	else if (!strcmp(kind, "busy"))
		mdelay(50);
	else if (!strcmp(kind, "warn"))
		WARN(1, "adeos-faults: a planted warning in a domain\n");
	else if (!strcmp(kind, "double"))
		/* No stack for the #PF's frame: a double fault (a panic). */
		asm volatile("movl $64, %esp\n\tpushl $0");
}

static void faults_irq(unsigned int n, void *cookie)
{
	unsigned long v;

	calls++;
	if (!strcmp(kind, "nofault")) {
		if (get_kernel_nofault(v, (unsigned long *)16))
			nofault_reads++;
		if (static_branch_unlikely(&faults_key))
			branch_taken++;
		return;
	}
	if (calls == fault_on || (calls > fault_on && !strcmp(kind, "busy")))
		go_wrong();
}

static int calls_show(struct adeos_domain_desc *desc, char *buf, int size)
{
	return adeos_snprintf(buf, size, "%lu %lu %lu\n", calls, nofault_reads,
			      branch_taken);
}

static const struct adeos_template_file faults_files[] = {
	{ .name = "calls", .show = calls_show },
	{ .name = NULL },
};

static const struct adeos_template faults_template = {
	.name = "faults",
	.handle_irq = faults_irq,
	.files = faults_files,
};

static struct adeos_domain_irq faults_irqs[1];
static struct adeos_domain_desc faults_desc = {
	.name = "faults",
	.priority = 280,
	.tmpl = &faults_template,
	.irqs = faults_irqs,
	.nr_irqs = 1,
	.budget_us = 10000,
};

static void pulse(void)
{
	outb(1, TESTDEV_IRQ_PORT + irq);
	outb(0, TESTDEV_IRQ_PORT + irq);
}

/* Toggle the branch from Linux, with the domain's IRQ flowing. */
static void toggle_branch(void)
{
	unsigned int i;

	for (i = 0; i < toggles; i++) {
		if (i & 1)
			static_branch_disable(&faults_key);
		else
			static_branch_enable(&faults_key);
		pulse();
	}
	static_branch_disable(&faults_key);
}

static int __init faults_init(void)
{
	int err;

	if (irq >= 16)
		return -EINVAL;
	faults_irqs[0].irq = irq;
	faults_irqs[0].mode =
		ADEOS_HANDLE_MASK | ADEOS_EACH_MASK | ADEOS_EXCLUSIVE_MASK;
	faults_desc.on_fault =
		pass ? ADEOS_FAULT_PASS_IRQS : ADEOS_FAULT_DROP_IRQS;
	err = adeos_load_domain(&faults_desc);
	if (err)
		return err;
	if (!strcmp(kind, "nofault"))
		toggle_branch();
	pr_info("adeos-faults: domain faults on IRQ %u, %s on call %u\n", irq,
		kind, fault_on);
	return 0;
}

static void __exit faults_exit(void)
{
	adeos_unload_domain(&faults_desc);
}

module_init(faults_init);
module_exit(faults_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adeos test: a domain that faults in its IRQ handler");
