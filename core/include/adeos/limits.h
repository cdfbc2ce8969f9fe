/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The limits of domains, written once. The pipeline's headers include
 * this file; so does the builder's adeos-config (a host program), which
 * prints them for everything else: "adeos-config limits" gives the
 * generated Kconfig its slots and ranges. A check of make check
 * (tests/config/limits.sh) fails when one of these values is written
 * as a literal anywhere else. Plain integer constants only, so that a
 * host tool can include it without the rest of the pipeline.
 */
#ifndef ADEOS_LIMITS_H
#define ADEOS_LIMITS_H

/* Priorities: higher runs first; the root domain is the lowest. */
#define ADEOS_ROOT_PRI 100
#define ADEOS_MIN_PRI (ADEOS_ROOT_PRI + 1)
#define ADEOS_MAX_PRI 999

/* Domains ahead of the root one: the configuration's domain slots. */
#define ADEOS_MAX_DOMAINS 8

/* The longest domain name the configuration accepts, in characters. */
#define ADEOS_NAME_MAX_LEN 31

/* The most IRQs one domain takes (struct adeos_domain_desc's room). */
#define ADEOS_DOMAIN_MAX_IRQS 8

/* The IRQ entries the configuration offers per domain. */
#define ADEOS_CONFIG_IRQS 4

/* The highest IRQ number the configuration takes (the board's is lower). */
#define ADEOS_CONFIG_MAX_IRQ 255

#endif /* ADEOS_LIMITS_H */
