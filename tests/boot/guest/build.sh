#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The guest-side test tools: static i386 programs, packed as a cpio
# archive that a test boots after the board's own initramfs (Linux
# unpacks one archive after the other).
#
# usage: build.sh DIR GEN_INIT_CPIO     writes DIR/tools.cpio
set -eu
dir=$1
gen=$2
src=$(dirname "$0")
. "$src/../../../image-builder/rootfs/guest.sh"
mkdir -p "$dir"
{
	cpio_dir /bin 0755
	for c in "$src"/*.c; do
		name=$(basename "$c" .c)
		guest_cc "$dir/$name" "$c" >&2
		cpio_file "/bin/$name" "$dir/$name" 0755
	done
} >"$dir/tools.list.tmp"
mv "$dir/tools.list.tmp" "$dir/tools.list"
cpio_pack "$gen" "$dir/tools.list" "$dir/tools.cpio"
