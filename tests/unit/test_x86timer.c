// SPDX-License-Identifier: GPL-2.0-only
/*
 * The local APIC timer's TSC-deadline mode (arch/i386/tsc_deadline_timer.c)
 * against a fake x86 (tests/host/x86/include/): QEMU's TCG has no such
 * mode, so this is where its device is run. The fake records each write
 * to a local APIC register and to an MSR, with the fences before them,
 * and the test sets the TSC and the CPU's features.
 */
#include <adeos/adeos.h>
#include <asm/apic.h>
#include <asm/cpufeature.h>
#include <asm/irq_vectors.h>
#include <asm/msr.h>
#include <asm/processor.h>
#include <asm/tsc.h>
#include "../../arch/i386/timer_dev.h"
#include "fixture.h"

/* ---- the fake x86 ---- */

#define MAX_WRITES 16

struct write {
	char what; /* 'a' an APIC register, 'm' an MSR */
	u32 reg;
	u64 value;
	int fenced; /* a fence came since the write before */
};

static struct write writes[MAX_WRITES];
static int nwrites;
static int fenced;
static u64 tsc;
static bool has_deadline, has_arat;
unsigned int tsc_khz;

static void record_write(char what, u32 reg, u64 value)
{
	assert_true(nwrites < MAX_WRITES);
	writes[nwrites++] = (struct write){ what, reg, value, fenced };
	fenced = 0;
}

void apic_write(u32 reg, u32 v)
{
	record_write('a', reg, v);
}

void wrmsrl(u32 msr, u64 v)
{
	record_write('m', msr, v);
}

void weak_wrmsr_fence(void)
{
	fenced = 1;
}

u64 rdtsc(void)
{
	return tsc;
}

bool boot_cpu_has(int feature)
{
	if (feature == X86_FEATURE_TSC_DEADLINE_TIMER)
		return has_deadline;
	if (feature == X86_FEATURE_ARAT)
		return has_arat;
	return false;
}

/* A machine with the mode and ARAT, the TSC at 2 GHz, nothing written. */
static int fake_pc(void **state)
{
	(void)state;
	nwrites = fenced = 0;
	tsc = 1000000;
	has_deadline = has_arat = true;
	tsc_khz = 2000000;
	return 0;
}

static struct adx86_timer_device *const dev = &adx86_tsc_deadline_timer;

/* ---- the tests ---- */

static void usable_only_with_the_mode_and_a_rate(void **state)
{
	(void)state;
	assert_true(dev->usable());
	assert_false(dev->stops_in_idle);
	assert_true(dev->max_stamps >= 1ULL << 40);
	has_arat = false;
	assert_true(dev->usable());
	assert_true(dev->stops_in_idle); /* C3STOP: adeos-check warns */
	has_deadline = false;
	assert_false(dev->usable());
	has_deadline = true;
	tsc_khz = 0; /* Linux could not calibrate the TSC */
	assert_false(dev->usable());
	assert_int_equal(nwrites, 0);
}

static void interrupts_on_the_local_timer_vector(void **state)
{
	(void)state;
	assert_int_equal(dev->irq(), ADEOS_SYS_IRQ_BASE + LOCAL_TIMER_VECTOR -
					     FIRST_SYSTEM_VECTOR);
}

static void setup_puts_the_timer_in_tsc_deadline_mode(void **state)
{
	(void)state;
	dev->setup();
	assert_int_equal(nwrites, 1);
	assert_int_equal(writes[0].what, 'a');
	assert_int_equal(writes[0].reg, APIC_LVTT);
	assert_int_equal(writes[0].value,
			 LOCAL_TIMER_VECTOR | APIC_LVT_TIMER_TSCDEADLINE);
}

static void a_shot_is_the_tsc_value_itself_after_a_fence(void **state)
{
	static const u64 spans[] = { 0, 1, 2000, 123456789, 1ULL << 40 };
	unsigned int i;

	(void)state;
	assert_true(dev->usable());
	for (i = 0; i < sizeof(spans) / sizeof(spans[0]); i++) {
		tsc += 777;
		dev->program(spans[i]);
		assert_int_equal(writes[nwrites - 1].what, 'm');
		assert_int_equal(writes[nwrites - 1].reg,
				 MSR_IA32_TSC_DEADLINE);
		/* exact: no rounding, never before now + span */
		assert_true(writes[nwrites - 1].value == tsc + spans[i]);
		assert_true(writes[nwrites - 1].fenced);
	}
	assert_int_equal(nwrites, 5);
}

static void a_deadline_of_zero_is_not_a_disarm(void **state)
{
	(void)state;
	tsc = 0; /* a TSC reset: 0 now would disarm the timer */
	dev->program(0);
	assert_int_equal(nwrites, 1);
	assert_true(writes[0].value == 1);
	dev->disarm();
	assert_int_equal(nwrites, 2);
	assert_int_equal(writes[1].reg, MSR_IA32_TSC_DEADLINE);
	assert_true(writes[1].value == 0);
	assert_true(writes[1].fenced);
}

static void a_refined_rate_changes_nothing(void **state)
{
	(void)state;
	/* the device counts the TSC itself: timer.c converts nothing */
	assert_null(dev->set_rate);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup(usable_only_with_the_mode_and_a_rate,
				       fake_pc),
		cmocka_unit_test_setup(interrupts_on_the_local_timer_vector,
				       fake_pc),
		cmocka_unit_test_setup(
			setup_puts_the_timer_in_tsc_deadline_mode, fake_pc),
		cmocka_unit_test_setup(
			a_shot_is_the_tsc_value_itself_after_a_fence, fake_pc),
		cmocka_unit_test_setup(a_deadline_of_zero_is_not_a_disarm,
				       fake_pc),
		cmocka_unit_test_setup(a_refined_rate_changes_nothing, fake_pc),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
