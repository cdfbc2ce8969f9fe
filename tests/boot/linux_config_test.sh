#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The board's kernel configuration round trip, on the QEMU board's
# fragments with a copy of its own (the last): change two symbols in the
# kernel .config (as linux-menuconfig would; EARLY_PRINTK is set by the
# shared board/common/linux.fragment), write them back with
# linux-update-defconfig, configure again from scratch: the changes must
# hold, the copy must have grown by those symbols only, and the shared
# fragments must not have changed.
#
# usage: linux_config_test.sh O      TAP lines on stdout
set -u
O=$1
src=$(cd "$O" && pwd)/linux-src
work=$O/linux-config-test
rm -rf "$work"
mkdir -p "$work"
frag=$(cd "$work" && pwd)/linux.fragment
cp board/qemu-i386/linux.fragment "$frag"
shared="board/common/linux.fragment board/common/no-hrtimers.fragment"
# shellcheck disable=SC2086 # one word per fragment
shared_sum=$(cat $shared | cksum)
{
	cat configs/qemu_i386_defconfig
	echo "AD_LINUX_CONFIG_FRAGMENTS=\"$shared $frag\""
} >"$work/defconfig"

tool=$(cd "$O" && pwd)/tools/adeos-config
k() { make -s --no-print-directory O="$work/o" LINUX_SRC="$src" "$@"; }
# the kernel stage's steps up to the .config
stage() {
	for s in source sync configure; do
		O="$work/o" LINUX_SRC="$src" ADEOS_CONFIG="$tool" \
			sh "image-builder/kernel/$s.sh" || return 1
	done
}
kb=$work/o/build/linux
fail() {
	echo "not ok - linux-update-defconfig: $*"
	exit 0
}

if ! { k defconfig DEFCONFIG="$work/defconfig" && k domains &&
	stage; } >"$work/log" 2>&1; then
	fail "configuring failed: $(tail -n 3 "$work/log")"
fi
"$src/scripts/config" --file "$kb/.config" --enable PRINTK_CALLER \
	--disable EARLY_PRINTK
make -s -C "$src" O="$(cd "$kb" && pwd)" ARCH=i386 olddefconfig \
	>>"$work/log" 2>&1 || fail "olddefconfig failed"
k linux-update-defconfig >>"$work/log" 2>&1 ||
	fail "it failed: $(tail -n 3 "$work/log")"
added=$(diff board/qemu-i386/linux.fragment "$frag" | grep '^>' | sort | tr '\n' ' ')
[ "$added" = "> # CONFIG_EARLY_PRINTK is not set > CONFIG_PRINTK_CALLER=y " ] ||
	fail "the fragment changed by: $added"
# shellcheck disable=SC2086 # one word per fragment
[ "$(cat $shared | cksum)" = "$shared_sum" ] ||
	fail "it changed the shared fragments"
rm -f "$kb/.config" "$kb/.adeos-fragment"
stage >>"$work/log" 2>&1 ||
	fail "configuring from the new fragment failed: $(tail -n 3 "$work/log")"
if ! grep -qx 'CONFIG_PRINTK_CALLER=y' "$kb/.config" ||
	! grep -qx "# CONFIG_EARLY_PRINTK is not set" "$kb/.config"; then
	fail "the changes did not survive a fresh configuration"
fi
echo "ok - linux-update-defconfig: PRINTK_CALLER on, EARLY_PRINTK off (set by board/common/linux.fragment) written back as 2 lines to the board's own fragment; a fresh tinyconfig + fragments holds them"

# A fragment whose values cannot all hold stops the stage, naming them:
# SMP turns CONFIG_ADEOS (uniprocessor only) off.
echo 'CONFIG_SMP=y' >>"$frag"
if stage >"$work/smp.log" 2>&1; then
	echo "not ok - kernel fragment check: CONFIG_SMP=y with CONFIG_ADEOS=y was accepted"
elif ! grep -q '^board/common/linux.fragment:[0-9]*: error: CONFIG_ADEOS: requested y, but the final .config does not have it' "$work/smp.log"; then
	echo "not ok - kernel fragment check: no message naming CONFIG_ADEOS: $(head -n 2 "$work/smp.log")"
else
	echo "ok - kernel fragment check: CONFIG_SMP=y added: $(grep -c error: "$work/smp.log") symbols named, e.g. $(grep -o "CONFIG_ADEOS: .*" "$work/smp.log")"
fi

# A fragment of the list that does not exist stops the stage, naming
# the symbol and the file.
sed -i "s|^AD_LINUX_CONFIG_FRAGMENTS=\"|&$work/missing.fragment |" "$work/o/.config"
if stage >"$work/missing.log" 2>&1; then
	echo "not ok - kernel fragment list: a missing fragment was accepted"
elif ! grep -qx "kernel: AD_LINUX_CONFIG_FRAGMENTS: $work/missing.fragment: no such file" "$work/missing.log"; then
	echo "not ok - kernel fragment list: a missing fragment: $(head -n 2 "$work/missing.log")"
else
	echo "ok - kernel fragment list: a missing fragment stops the stage: $(sed "s|$work/||" "$work/missing.log")"
fi
