// SPDX-License-Identifier: GPL-2.0-only
/*
 * The executive's calls for modules: a domain built as a module (its
 * template runs tasks), and a module that brings tasks of its own to a
 * running domain. The executive is built into the kernel only.
 */
#include <linux/export.h>
#include <adeos/rtx.h>

EXPORT_SYMBOL_GPL(rtx_init);
EXPORT_SYMBOL_GPL(rtx_stop);
EXPORT_SYMBOL_GPL(rtx_task_init);
EXPORT_SYMBOL_GPL(rtx_task_start);
EXPORT_SYMBOL_GPL(rtx_task_delete);
EXPORT_SYMBOL_GPL(rtx_self);
EXPORT_SYMBOL_GPL(rtx_wait_period);
EXPORT_SYMBOL_GPL(rtx_sleep);
EXPORT_SYMBOL_GPL(rtx_sem_init);
EXPORT_SYMBOL_GPL(rtx_sem_wait);
EXPORT_SYMBOL_GPL(rtx_sem_post);
EXPORT_SYMBOL_GPL(rtx_queue_init);
EXPORT_SYMBOL_GPL(rtx_queue_send);
EXPORT_SYMBOL_GPL(rtx_queue_receive);
EXPORT_SYMBOL_GPL(rtx_timer_irq);
EXPORT_SYMBOL_GPL(rtx_timer_rearm);
EXPORT_SYMBOL_GPL(rtx_div64);
EXPORT_SYMBOL_GPL(rtx_task_figures);
EXPORT_SYMBOL_GPL(rtx_state_name);
