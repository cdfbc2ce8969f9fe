// SPDX-License-Identifier: GPL-2.0-only
/*
 * adeos-config: the builder's checks of a configuration, and the
 * generator of the domains' table.
 *
 *   adeos-config requested [--known FILE] [--in-config] CONFIG FRAGMENT...
 *	Every value a FRAGMENT (a defconfig) asks for must hold in the
 *	final CONFIG: kconfig-conf resets out-of-range values and drops
 *	unknown symbols without failing, so this is where they fail. FILE
 *	lists the Kconfig's symbols ("SYM" or "SYM MIN MAX"). --in-config:
 *	FRAGMENT is a .config edited by hand, CONFIG what bringing it up
 *	to date gave (the findings' words say so).
 *
 *   adeos-config domains [--origin FILE] [--templates "DIR..."] CONFIG OUT
 *	Validate the domains of CONFIG, then write the table of the
 *	built-in domains (data only) to OUT, and for each domain built as a
 *	module (DOMAINn_MODULE) the module's sources into OUT's folder,
 *	modules/, with the Kbuild lines that build them
 *	(modules/modules.kbuild). Every file goes through a temporary
 *	one; nothing is written on error. --templates lists the template
 *	folders (or just their names, for validation only).
 *
 *   adeos-config limits
 *	Print the limits of domains (adeos/limits.h) as NAME=value lines,
 *	for the shell scripts that generate the Kconfig and check the tree.
 *
 * Every finding is printed as FILE:LINE: error: SYMBOL: what is wrong,
 * where FILE is the defconfig that set the symbol (--origin), or CONFIG.
 * Exit status: 0 fine, 1 findings, 2 usage or I/O trouble.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <adeos/limits.h>
#include "adeos-config.h"
#include "config.h"
#include "domains.h"

static int cmd_domains(int argc, char **argv)
{
	int have_list = 0;

	while (argc >= 2 && argv[0][0] == '-') {
		if (!strcmp(argv[0], "--origin")) {
			config_load(&origin, argv[1]);
		} else if (!strcmp(argv[0], "--templates")) {
			load_templates(argv[1]);
			have_list = 1;
		} else {
			die("unknown option %s", argv[0]);
		}
		argc -= 2;
		argv += 2;
	}
	if (argc != 2)
		die("usage: domains [--origin FILE] [--templates LIST] CONFIG OUT");
	config_load(&config, argv[0]);
	validate(have_list);
	if (nerrors) {
		printf("%s: %d error%s: %s not written\n", config.file, nerrors,
		       nerrors == 1 ? "" : "s", argv[1]);
		return 1;
	}
	generate(argv[1]);
	return 0;
}

/* One line of "adeos-config limits": the macro's name, its value. */
#define PRINT_LIMIT(name) printf("%s=%d\n", #name, name)

static int cmd_limits(int argc, char **argv)
{
	(void)argv;
	if (argc)
		die("usage: limits");
	PRINT_LIMIT(ADEOS_ROOT_PRI);
	PRINT_LIMIT(ADEOS_MIN_PRI);
	PRINT_LIMIT(ADEOS_MAX_PRI);
	PRINT_LIMIT(ADEOS_MAX_DOMAINS);
	PRINT_LIMIT(ADEOS_NAME_MAX_LEN);
	PRINT_LIMIT(ADEOS_DOMAIN_MAX_IRQS);
	PRINT_LIMIT(ADEOS_CONFIG_IRQS);
	PRINT_LIMIT(ADEOS_CONFIG_MAX_IRQ);
	return 0;
}

int main(int argc, char **argv)
{
	if (getenv("CONFIG_"))
		prefix = getenv("CONFIG_");
	if (argc >= 2 && !strcmp(argv[1], "requested"))
		return cmd_requested(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "domains"))
		return cmd_domains(argc - 2, argv + 2);
	if (argc >= 2 && !strcmp(argv[1], "limits"))
		return cmd_limits(argc - 2, argv + 2);
	fprintf(stderr,
		"usage: %s requested [--known FILE] [--in-config] CONFIG FRAGMENT...\n       %s domains [--origin FILE] [--templates LIST] CONFIG OUT\n       %s limits\n",
		prog, prog, prog);
	return 2;
}
