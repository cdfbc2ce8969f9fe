// SPDX-License-Identifier: GPL-2.0-only
/*
 * channel: its calls, for other templates' modules (rt-tasks has a
 * channel). A *-builtin.c file is built into the kernel only: a domain
 * built as a module compiles its template again, and would export these
 * a second time.
 */
#include <linux/export.h>
#include "channel.h"

EXPORT_SYMBOL_GPL(channel_open);
EXPORT_SYMBOL_GPL(channel_close);
