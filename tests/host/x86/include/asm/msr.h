/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): MSR writes and the TSC, recorded and set. */
#ifndef FAKE_ASM_MSR_H
#define FAKE_ASM_MSR_H

#include <linux/types.h>

#define MSR_IA32_TSC_DEADLINE 0x6e0

void wrmsrl(u32 msr, u64 v);
u64 rdtsc(void);

#endif
