/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): the local APIC's registers, Linux's numbers. */
#ifndef FAKE_ASM_APIC_H
#define FAKE_ASM_APIC_H

#include <linux/types.h>

#define APIC_LVTT 0x320
#define APIC_LVT_TIMER_TSCDEADLINE (2 << 17)

void apic_write(u32 reg, u32 v);

#endif
