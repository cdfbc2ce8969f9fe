#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The guest-side test tools: static i386 programs (gcc -m32, Debian's
# gcc-multilib), packed as a cpio archive that a test boots after the
# board's own initramfs (Linux unpacks one archive after the other).
#
# usage: build.sh DIR GEN_INIT_CPIO     writes DIR/tools.cpio
set -eu
dir=$1
gen=$2
src=$(dirname "$0")
mkdir -p "$dir"
list=$dir/tools.list
printf 'dir /bin 0755 0 0\n' >"$list.tmp"
for c in "$src"/*.c; do
	name=$(basename "$c" .c)
	printf '  %-7s %s\n' CC "guest/$name (i386, static)"
	${TARGET_CC:-gcc} -m32 -static -Os -Wall -Wextra -Werror \
		-o "$dir/$name.tmp" "$c"
	mv "$dir/$name.tmp" "$dir/$name"
	printf 'file /bin/%s %s 0755 0 0\n' "$name" "$dir/$name" >>"$list.tmp"
done
mv "$list.tmp" "$list"
"$gen" "$list" >"$dir/tools.cpio.tmp"
mv "$dir/tools.cpio.tmp" "$dir/tools.cpio"
