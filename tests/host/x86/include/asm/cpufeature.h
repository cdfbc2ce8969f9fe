/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): the CPU's features, as the test sets them. */
#ifndef FAKE_ASM_CPUFEATURE_H
#define FAKE_ASM_CPUFEATURE_H

#include <linux/types.h>

#define X86_FEATURE_TSC_DEADLINE_TIMER (4 * 32 + 24)
#define X86_FEATURE_ARAT (14 * 32 + 2)

bool boot_cpu_has(int feature);

#endif
