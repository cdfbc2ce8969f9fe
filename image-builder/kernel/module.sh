#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make linux-module MODULE_DIR=DIR: an out-of-tree module (Kbuild's M=DIR, a
# directory with its Kbuild file) against the board's built kernel, with
# the make variables the kernel was built with: a plain
# "make -C linux-src O=... M=DIR" differs from them (CC, the build
# timestamp), and with CONFIG_MODVERSIONS Kbuild would then compile the
# whole kernel again, without ccache, and relink its vmlinux.
set -eu
. image-builder/kernel/lib.sh

dir=${1:?usage: module.sh DIR}
[ -f "$dir/Kbuild" ] || [ -f "$dir/Makefile" ] ||
	die "linux-module: $dir has no Kbuild file"
[ -f "$kb/vmlinux" ] ||
	die "linux-module: no kernel built in $kb (make image first)"
dir=$(cd "$dir" && pwd)
# Module.symvers and the module linker script: a kernel without domain
# modules has not made them yet (nothing of the kernel recompiles).
msg LINUX "modules of the kernel (Module.symvers)"
kbuild "the kernel's modules" modules
msg LINUX "M=$dir"
kbuild "the module in $dir" M="$dir" modules
