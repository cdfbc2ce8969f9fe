/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * A fake x86 for the host tests of the arch's timer devices
 * (tests/unit/test_x86timer.c): Linux's names, with the registers, the
 * MSRs and the CPU's features recorded and set by the test. Only what
 * the devices use.
 */
#ifndef FAKE_LINUX_TYPES_H
#define FAKE_LINUX_TYPES_H

#include <stdbool.h>
#include <stdint.h>

typedef uint64_t u64;
typedef uint32_t u32;

#endif
