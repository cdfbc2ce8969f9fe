/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The x86 controllers' operations on their lines, for the pipeline's
 * acknowledge flow (adeos/line.h); arch/i386/line.c chooses one per
 * line, and again whenever Linux changes the line's chip or trigger.
 *
 * Any x86 shares it.
 */
#ifndef ADEOS_I386_LINES_H
#define ADEOS_I386_LINES_H

#include <adeos/line.h>

/* The 8259 pair (i8259.c). */
extern const struct adeos_line_ops adx86_i8259_line_ops;
/* Through the local APIC (apic.c): IO-APIC pins and MSIs, */
extern const struct adeos_line_ops adx86_apic_line_ops;
/* the same whose chip cannot mask them, */
extern const struct adeos_line_ops adx86_apic_eoi_line_ops;
/* and the local APIC's own system vectors. */
extern const struct adeos_line_ops adx86_sysvec_line_ops;

/* Every line as Linux has set it up so far (adx86_arch_init()). */
void adx86_lines_init(void);

#endif /* ADEOS_I386_LINES_H */
