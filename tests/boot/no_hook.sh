#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make test-no-irqflags-hook: the QEMU board built without the irqflags
# hook (CONFIG_ADEOS_IRQFLAGS off: Linux's local_irq_disable() is a real
# cli again), and the stall proof run on it. The proof must fail there:
# a stall window in Linux then blocks the domain ahead of it too.
#
# usage: no_hook.sh O      (PYTHON from make)
set -u
O=$1
PYTHON=${PYTHON:-/usr/bin/python3}
d=$O/boards/qemu_i386-no-irqflags-hook
mkdir -p "$d"
dabs=$(cd "$d" && pwd)
{
	echo '# CONFIG_ADEOS_IRQFLAGS is not set'
	echo '# CONFIG_ADEOS_SELFTEST is not set'
} >"$d/no-hook.fragment"
# The QEMU board's fragments, then that one, last: it wins.
fragments=$(sed -n 's/^AD_LINUX_CONFIG_FRAGMENTS="\(.*\)"$/\1/p' \
	configs/qemu_i386_defconfig)
{
	grep -v '^AD_LINUX_CONFIG_FRAGMENTS=' configs/qemu_i386_defconfig
	echo "AD_LINUX_CONFIG_FRAGMENTS=\"$fragments $dabs/no-hook.fragment\""
} >"$d/defconfig"
src=$(cd "$O" && pwd)/linux-src
make --no-print-directory O="$d" LINUX_SRC="$src" defconfig \
	DEFCONFIG="$d/defconfig" && make --no-print-directory O="$d" \
	LINUX_SRC="$src" image || exit 1
if "$PYTHON" tests/boot/stall_proof.py "$d" board/qemu-i386/readme.txt; then
	echo "no-irqflags-hook: the proof passed without the hook: it proves nothing"
	exit 1
fi
echo "no-irqflags-hook: the proof fails without the irqflags hook, as it must"
