/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): the fence before an MSR write, counted. */
#ifndef FAKE_ASM_PROCESSOR_H
#define FAKE_ASM_PROCESSOR_H

void weak_wrmsr_fence(void);

#endif
