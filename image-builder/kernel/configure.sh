#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, step 3: the kernel .config, tinyconfig plus the
# board's fragment (AD_LINUX_CONFIG_FRAGMENT), plus module support when
# domains are built as modules. It is made again only when the fragment
# changed, so that changes made with linux-menuconfig stay. Every value
# the fragment asks for must hold: merge_config.sh only warns.
#
# usage: configure.sh [menuconfig]
#   menuconfig   then run Linux's menuconfig on it
set -eu
. image-builder/kernel/lib.sh

: "${ADEOS_CONFIG:?}"
extra=$O/build/linux-extra.fragment

# What the configuration needs of the kernel beyond the fragment.
write_extra() {
	if domain_modules; then
		printf 'CONFIG_MODULES=y\nCONFIG_MODULE_UNLOAD=y\n' >"$extra"
		extra_note=" + module support (domains built as modules)"
	else
		: >"$extra"
		extra_note=
	fi
}

# Every value the fragment asks for must hold in the final .config.
check_requested() {
	# shellcheck disable=SC2086 # one word per fragment
	CONFIG_=CONFIG_ "$ADEOS_CONFIG" requested "$kb/.config" $fragments \
		"$extra" ||
		die "the kernel configuration does not hold what $fragments${extra_note:+ and the domain modules} ask for"
}

fragment_list
write_extra
want=$(fragment_stamp)
if [ ! -f "$kb/.config" ] ||
	[ "$(cat "$kb/.adeos-fragment" 2>/dev/null)" != "$want" ]; then
	msg KCONFIG "tinyconfig + $(echo "$fragments" | sed 's/ / + /g')$extra_note"
	base_config "$kb" "$extra"
	check_requested
	echo "$want" >"$kb/.adeos-fragment"
fi
if [ "${1:-}" = menuconfig ]; then
	kmake menuconfig
fi
