#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, step 3: the kernel .config, tinyconfig plus the
# board's fragments (AD_LINUX_CONFIG_FRAGMENTS) in order, plus module
# support when domains are built as modules. It is made again only when
# a fragment changed, so that changes made with linux-menuconfig stay.
# Every value the fragments ask for must hold: merge_config.sh only
# warns.
#
# usage: configure.sh [menuconfig]
#   menuconfig   then run Linux's menuconfig on it
set -eu
. image-builder/kernel/lib.sh

: "${ADEOS_CONFIG:?}"
extra=$O/build/linux-extra.fragment
req=$O/build/linux-requested

# What the configuration needs of the kernel beyond the fragments: what
# make domains found the domains need (linux.fragment: the executive, or
# not), and module support for domains built as modules.
write_extra() {
	cat "$O/domains/linux.fragment" >"$extra" ||
		die "no $O/domains/linux.fragment: make domains first"
	extra_note=" + the domains' needs"
	if domain_modules; then
		printf 'CONFIG_MODULES=y\nCONFIG_MODULE_UNLOAD=y\n' >>"$extra"
		extra_note=" + the domains' needs and module support (domains built as modules)"
	fi
}

# Copies of the fragments, numbered, in which an assignment that a later
# fragment makes again is blanked (the later one is asked for), and the
# line numbers stay.
last_requests() {
	awk -v dir="$req" -v list="$fragments" "$awk_sym"'
	BEGIN {
		n = split(list, file, " ")
		for (i = 1; i <= n; i++)
			for (len[i] = 0; (getline l <file[i]) > 0; ) {
				text[i, ++len[i]] = l
				if ((s = sym(l)) != "")
					last[s] = i
			}
		for (i = 1; i <= n; i++) {
			printf "" >(dir "/" i)
			for (j = 1; j <= len[i]; j++) {
				s = sym(text[i, j])
				print (s != "" && last[s] != i ? "" : text[i, j]) >(dir "/" i)
			}
		}
	}'
}

# Every value the fragments ask for (each symbol's last assignment) must
# hold in the final .config; the findings name the fragment's file:line.
check_requested() {
	rm -rf "$req"
	mkdir -p "$req"
	last_requests
	set --
	rename=
	i=0
	for f in $fragments; do
		i=$((i + 1))
		set -- "$@" "$req/$i"
		rename="$rename s|^$req/$i:|$f:|;"
	done
	status=0
	CONFIG_=CONFIG_ "$ADEOS_CONFIG" requested "$kb/.config" "$@" \
		"$extra" >"$req/findings" || status=$?
	sed "$rename" "$req/findings"
	[ "$status" = 0 ] ||
		die "the kernel configuration does not hold what AD_LINUX_CONFIG_FRAGMENTS and the domains ask for"
}

fragment_list
write_extra
want=$(fragment_stamp)
if [ ! -f "$kb/.config" ] ||
	[ "$(cat "$kb/.adeos-fragment" 2>/dev/null)" != "$want" ]; then
	msg KCONFIG "$(base_name) + $(echo "$fragments" | sed 's/ / + /g')$extra_note"
	# the stamp goes first: a .config made half-way (the build killed)
	# is never taken for the stamp's
	rm -f "$kb/.adeos-fragment"
	base_config "$kb" "$extra"
	check_requested
	echo "$want" >"$kb/.adeos-fragment"
fi
if [ "${1:-}" = menuconfig ]; then
	kmake menuconfig
fi
