/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): the TSC's rate Linux calibrated. */
#ifndef FAKE_ASM_TSC_H
#define FAKE_ASM_TSC_H

#include <asm/msr.h>

extern unsigned int tsc_khz;

#endif
