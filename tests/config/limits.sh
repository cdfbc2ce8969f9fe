#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Each limit of domains is written once, in core/include/adeos/limits.h;
# the rest of the tree includes it, or asks adeos-config limits. Fail if
# a limit comes back as a literal anywhere else in the hand-written tree
# (the files git tracks, and new ones it does not ignore): a Kconfig
# range, a C macro, a shell variable, a help text. First prove that
# every pattern catches the regression it is for, and lets its
# look-alikes be.
#
# usage: limits.sh O   (TAP lines to $O/results/config-limits.tap)
set -u
O=$1
out=$O/results/config-limits.tap
work=$O/config-tests/limits
rm -rf "$work"
mkdir -p "$O/results" "$work"
: >"$out"
limits=$("$O/tools/adeos-config" limits) || {
	echo "not ok - $O/tools/adeos-config limits failed" >>"$out"
	exit 0
}
eval "$limits"
tab=$(printf '\t')

# Where a number starts and ends: not inside a word or a fraction
# (p999_us, 0.999).
b='(^|[^0-9A-Za-z_.])'
e='([^0-9A-Za-z_]|$)'

# KIND<tab>ERE<tab>what it catches. KIND: any file, c (.c, .h), or sh
# (shell scripts and make files).
patterns() {
	cat <<EOF
any${tab}$b($ADEOS_MIN_PRI|$ADEOS_MAX_PRI)$e${tab}a priority bound
any${tab}(priority|root domain)[^0-9]{0,16}$ADEOS_ROOT_PRI$e${tab}the root domain's priority
any${tab}range[[:space:]]+-?[0-9]+[[:space:]]+($ADEOS_MAX_DOMAINS|$ADEOS_CONFIG_MAX_IRQ)$e${tab}a Kconfig range up to a limit
any${tab}$b($ADEOS_NAME_MAX_LEN characters|$ADEOS_MAX_DOMAINS (domains|slots)|$ADEOS_CONFIG_IRQS (IRQ )?entries)$e${tab}a limit in prose
sh${tab}(SLOTS|DOMAINS|IRQS)[A-Z_]*[[:space:]]*[:?]?=[[:space:]]*[^[:space:]]*[0-9]${tab}a variable for a count of slots
c${tab}#define[[:space:]]+[A-Z_]*(SLOTS|MIN_PRI|MAX_PRI|PRIO_MIN|PRIO_MAX|NAME_MAX|MAX_IRQS|MAX_DOMAINS)[A-Z_]*[[:space:]]+[(]?[0-9]${tab}a C macro for a limit
EOF
}

# of_kind KIND FILE...: the files the patterns of KIND apply to.
of_kind() {
	kind=$1
	shift
	for f in "$@"; do
		case $kind:$f in
		any:* | c:*.c | c:*.h | sh:*.sh | sh:*.mk | sh:Makefile | sh:*/Makefile)
			echo "$f"
			;;
		esac
	done
}

# Literals that are no limit of the pipeline: FILE<tab>ERE. adeos-stat's
# MAX_DOMAINS is the size of the guest tool's table of /proc entries;
# the boot test, in Python, has no C header to take the lowest priority
# a domain may have from. A board may put a domain at that priority:
# the QEMU board's "console", right ahead of Linux.
exceptions() {
	cat <<EOF
image-builder/rootfs/adeos-stat/adeos-stat.h${tab}#define MAX_DOMAINS 32
tests/boot/templates_test.py${tab}free_priority[(]doms, ${ADEOS_MIN_PRI}[)]
tests/boot/irq_owner.py${tab}range[(]${ADEOS_MIN_PRI}, 
configs/qemu_i386_defconfig${tab}^AD_DOMAIN5_PRIORITY=${ADEOS_MIN_PRI}( |$)
board/qemu-i386/readme.txt${tab}'console' at priority ${ADEOS_MIN_PRI}
EOF
}

# excepted FILE:LINE:TEXT: is this hit one of the exceptions?
excepted() {
	exceptions | while IFS=$tab read -r file re; do
		case $1 in "$file":*) ;; *) continue ;; esac
		echo "${1#*:*:}" | grep -qE -e "$re" && echo y
	done | grep -q y
}

# scan FILE...: print FILE:LINE: TEXT (what) for every literal limit.
scan() {
	patterns | while IFS=$tab read -r kind re what; do
		of_kind "$kind" "$@" | tr '\n' '\0' |
			xargs -0 -r grep -snIHE -e "$re" -- |
			sed "s|\$| ($what)|"
	done | while IFS= read -r hit; do
		excepted "$hit" || echo "$hit"
	done
}

# Every regression must be caught, every look-alike let be: each line
# below goes into a file of its own name, alone, and is scanned.
self_test() {
	n=0
	while IFS='|' read -r want name line; do
		n=$((n + 1))
		mkdir -p "$work/$n"
		printf '%s\n' "$line" >"$work/$n/$name"
		got=passed
		[ -n "$(cd "$work/$n" && scan "$name")" ] && got=caught
		if [ "$got" = "$want" ]; then
			echo "ok - the check: $want: $name: $line" >>"$out"
		else
			echo "not ok - the check: $got, should be $want: $name: $line" >>"$out"
		fi
	done <<EOF
caught|Kconfig|	range $ADEOS_MIN_PRI $ADEOS_MAX_PRI
caught|Kconfig|	range 1 $ADEOS_MAX_DOMAINS
caught|Kconfig|	range 0 $ADEOS_CONFIG_MAX_IRQ
caught|Kconfig|	  and '_', at most $ADEOS_NAME_MAX_LEN characters, unique among the domains.
caught|Kconfig|comment "Linux is the root domain: always last, at priority $ADEOS_ROOT_PRI"
caught|gen.sh|SLOTS=$ADEOS_MAX_DOMAINS
caught|gen.sh|IRQ_SLOTS=\${IRQ_SLOTS:-$ADEOS_CONFIG_IRQS}
caught|tool.c|#define MAX_SLOTS 99
caught|tool.c|#define PRIO_MAX $ADEOS_MAX_PRI
caught|tool.c|#define NAME_MAX_LEN $ADEOS_NAME_MAX_LEN
caught|tool.c|#define DOMAIN_MAX_IRQS $ADEOS_DOMAIN_MAX_IRQS /* ADEOS_DOMAIN_MAX_IRQS */
caught|tool.c|	if (prio < $ADEOS_MIN_PRI)
caught|README.md|Up to $ADEOS_MAX_DOMAINS domains ahead of Linux.
passed|bench.py|    p999_us=percentile(hist, fig, 0.$ADEOS_MAX_PRI))
passed|bench.py|HEADER = "min_us,p99_us,p${ADEOS_MAX_PRI}_us"
passed|Kconfig|	range $ADEOS_MAX_DOMAINS 2048
passed|fixture.h|#define NR_DOMS $ADEOS_CONFIG_IRQS
passed|defconfig|AD_PIPELINE_MAX_DOMAINS=2
passed|tool.c|	if (prio < ADEOS_MIN_PRI)
EOF
}

self_test
if ! files=$(git ls-files --cached --others --exclude-standard 2>/dev/null) || [ -z "$files" ]; then
	echo "ok - # SKIP not a git checkout: no list of hand-written files" >>"$out"
	exit 0
fi
# Not scanned: the header itself, this check, and recorded outputs (the
# reject corpus' messages, adeos-stat's /proc fixtures) that show the
# limits as the programs print them.
# shellcheck disable=SC2046 # one file name a word (no spaces in the tree)
hits=$(scan $(echo "$files" | grep -v -x -e core/include/adeos/limits.h \
	-e tests/config/limits.sh -e 'tests/config/reject/.*\.expect' \
	-e 'tests/stat/fixtures/.*'))
if [ -z "$hits" ]; then
	echo "ok - no limit of core/include/adeos/limits.h written as a literal elsewhere ($(echo "$files" | wc -l) files)" >>"$out"
else
	echo "$hits" | while IFS= read -r hit; do
		echo "not ok - a limit written again (take it from core/include/adeos/limits.h): $hit" >>"$out"
	done
fi
exit 0
