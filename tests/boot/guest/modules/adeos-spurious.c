// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-spurious: interrupts on a vector that has no handler behind it
 * (Linux's spurious_interrupt() gate) reach Linux only through its
 * stage, like every other interrupt: raised while Linux is stalled,
 * Linux's handler runs once, at the unstall, and not before. Nothing
 * may reach Linux's handlers around the pipeline.
 * A test module: never load it in a product.
 *
 * At load it sends ROUNDS of them (module parameter, default 100) to
 * this CPU through its local APIC, each inside a local_irq_save()
 * section, on VECTOR (default 0xfd, the reschedule IPI's vector, which
 * a kernel without SMP leaves to spurious_interrupt()), and prints one
 * line with the counts.
 */
#include <linux/delay.h>
#include <linux/hardirq.h>
#include <linux/module.h>
#include <asm/apic.h>
#include <asm/irq_vectors.h>

static unsigned int rounds = 100;
module_param(rounds, uint, 0444);
MODULE_PARM_DESC(rounds, "how many interrupts to send");

static unsigned int vector = 0xfd;
module_param(vector, uint, 0444);
MODULE_PARM_DESC(vector, "an unused system vector");

/* Linux's count of spurious interrupts (SPU in /proc/interrupts). */
static unsigned int spurious_count(void)
{
	return this_cpu_read(irq_stat.irq_spurious_count);
}

/* Whether @vector waits in the local APIC's IRR, not taken by the CPU. */
static bool requested(unsigned int v)
{
	return apic_read(APIC_IRR + (v / 32) * 0x10) & (1U << (v % 32));
}

static void send_to_self(unsigned int v)
{
	apic_write(APIC_ICR2, SET_XAPIC_DEST_FIELD(read_apic_id()));
	apic_write(APIC_ICR, APIC_DM_FIXED | APIC_DEST_PHYSICAL | v);
}

static int __init spurious_init(void)
{
	unsigned int round, taken = 0, early = 0, once = 0;
	unsigned int before, inside, after;
	unsigned long flags;

	if (IS_ENABLED(CONFIG_SMP) || vector < FIRST_SYSTEM_VECTOR ||
	    vector >= SPURIOUS_APIC_VECTOR) {
		pr_err("adeos-spurious: vector 0x%x is not an unused system vector here\n",
		       vector);
		return -EINVAL;
	}
	for (round = 0; round < rounds; round++) {
		local_irq_save(flags);
		before = spurious_count();
		send_to_self(vector);
		/* hard IRQs are on in a stall: the CPU takes it at once */
		udelay(10);
		if (!requested(vector))
			taken++;
		inside = spurious_count();
		local_irq_restore(flags);
		after = spurious_count();
		if (inside != before)
			early++;
		else if (after == before + 1)
			once++;
	}
	pr_info("adeos-spurious: %u interrupts on vector 0x%x inside Linux's stall: the CPU took %u there; Linux's handler ran inside the stall %u times, once after it %u times\n",
		rounds, vector, taken, early, once);
	return 0;
}

static void __exit spurious_exit(void)
{
}

module_init(spurious_init);
module_exit(spurious_exit);
MODULE_LICENSE("GPL");
MODULE_DESCRIPTION("Adeos test: unused vectors reach Linux through its stage");
