/* SPDX-License-Identifier: GPL-2.0-only */
/* Fake x86 (linux/types.h): Linux's system vectors on a local APIC. */
#ifndef FAKE_ASM_IRQ_VECTORS_H
#define FAKE_ASM_IRQ_VECTORS_H

#define LOCAL_TIMER_VECTOR 0xec
#define FIRST_SYSTEM_VECTOR LOCAL_TIMER_VECTOR

#endif
