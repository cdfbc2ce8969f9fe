// SPDX-License-Identifier: GPL-2.0-only
/*
 * The pipeline's interface, exported to modules: loadable domains call
 * it from their templates. core/ knows nothing of Linux, so its symbols
 * are exported here.
 */
#include <linux/export.h>
#include <adeos/ring.h>
#include <adeos/os.h>
#include <adeos/timer.h>

/* Every module's local_irq_*() tests and sets the root stage inline. */
EXPORT_SYMBOL(adeos_root);
EXPORT_SYMBOL_GPL(adeos_root_domain);
EXPORT_SYMBOL_GPL(adeos_current_domain);
EXPORT_SYMBOL_GPL(adeos_current);
EXPORT_SYMBOL_GPL(adeos_next_domain);
EXPORT_SYMBOL_GPL(adeos_init_attr);
EXPORT_SYMBOL_GPL(adeos_register_domain);
EXPORT_SYMBOL_GPL(adeos_unregister_domain);
EXPORT_SYMBOL_GPL(adeos_renice_domain);
EXPORT_SYMBOL_GPL(adeos_suspend_domain);
EXPORT_SYMBOL_GPL(adeos_virtualize_irq);
EXPORT_SYMBOL_GPL(adeos_virtualize_irq_from);
EXPORT_SYMBOL_GPL(adeos_control_irq);
EXPORT_SYMBOL_GPL(adeos_control_irq_from);
EXPORT_SYMBOL_GPL(adeos_end_irq);
EXPORT_SYMBOL_GPL(adeos_end_irq_from);
EXPORT_SYMBOL_GPL(adeos_dropped_count);
EXPORT_SYMBOL_GPL(adeos_irq_owner);
EXPORT_SYMBOL_GPL(adeos_alloc_virq);
EXPORT_SYMBOL_GPL(adeos_free_virq);
EXPORT_SYMBOL_GPL(adeos_trigger_irq);
EXPORT_SYMBOL_GPL(adeos_catch_event);
EXPORT_SYMBOL_GPL(adeos_catch_event_from);
EXPORT_SYMBOL_GPL(adeos_stall_ipipe);
EXPORT_SYMBOL_GPL(adeos_unstall_ipipe);
EXPORT_SYMBOL_GPL(adeos_restore_ipipe);
EXPORT_SYMBOL_GPL(adeos_test_ipipe);
EXPORT_SYMBOL_GPL(adeos_test_and_stall_ipipe);
EXPORT_SYMBOL_GPL(adeos_stall_ipipe_from);
EXPORT_SYMBOL_GPL(adeos_unstall_ipipe_from);
EXPORT_SYMBOL_GPL(adeos_test_ipipe_from);
EXPORT_SYMBOL_GPL(adeos_domain_start);
EXPORT_SYMBOL_GPL(adeos_domain_stop);
EXPORT_SYMBOL_GPL(adeos_snprintf);
EXPORT_SYMBOL_GPL(adeos_parse_uint);
EXPORT_SYMBOL_GPL(adeos_div64);
EXPORT_SYMBOL_GPL(adeos_os_clock_ns);
EXPORT_SYMBOL_GPL(adeos_os_clock_to_stamp);
EXPORT_SYMBOL_GPL(adeos_timer_attach);
EXPORT_SYMBOL_GPL(adeos_timer_detach);
EXPORT_SYMBOL_GPL(adeos_timer_init);
EXPORT_SYMBOL_GPL(adeos_timer_arm);
EXPORT_SYMBOL_GPL(adeos_timer_cancel);
EXPORT_SYMBOL_GPL(adeos_ring_init);
EXPORT_SYMBOL_GPL(adeos_ring_put);
EXPORT_SYMBOL_GPL(adeos_ring_get);
EXPORT_SYMBOL_GPL(adeos_ring_empty);
EXPORT_SYMBOL_GPL(adeos_ring_room);
