#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The benchmark's user space, added to a board's initramfs for every
# kernel measured: Debian's i386 cyclictest and hackbench (rt-tests) with
# the libraries they load, unpacked from the downloaded .debs, and the
# guest script adeos-bench. Linux unpacks this archive after the board's.
#
# usage: rootfs.sh DIR GEN_INIT_CPIO    writes DIR/bench-tools.cpio
# environment: ADEOS_DL_DIR (dl/)
set -eu
dir=$1
gen=$2
dl=${ADEOS_DL_DIR:-dl}
x=$dir/debs
rm -rf "$x"
mkdir -p "$x"
for p in rt-tests libc6 libnuma1; do
	deb=$(find "$dl/" -maxdepth 1 -name "${p}_*_i386.deb" | LC_ALL=C sort | tail -n 1)
	[ -n "$deb" ] || {
		echo "bench: no $p i386 package in $dl: run make deps" >&2
		exit 1
	}
	dpkg-deb -x "$deb" "$x"
done
lib=/lib/i386-linux-gnu
list=$dir/bench-tools.list
{
	printf 'dir /lib 0755 0 0\ndir %s 0755 0 0\n' "$lib"
	printf 'dir /usr 0755 0 0\ndir /usr/bin 0755 0 0\n'
	printf 'file %s/ld-linux.so.2 %s 0755 0 0\n' "$lib" "$x$lib/ld-linux.so.2"
	printf 'slink /lib/ld-linux.so.2 i386-linux-gnu/ld-linux.so.2 0777 0 0\n'
	for l in libc.so.6 libpthread.so.0 librt.so.1; do
		printf 'file %s/%s %s 0755 0 0\n' "$lib" "$l" "$x$lib/$l"
	done
	printf 'file %s/libnuma.so.1 %s 0644 0 0\n' "$lib" \
		"$(readlink -f "$x/usr$lib/libnuma.so.1")"
	for b in cyclictest hackbench; do
		printf 'file /usr/bin/%s %s 0755 0 0\n' "$b" "$x/usr/bin/$b"
	done
	printf 'file /usr/bin/adeos-bench %s 0755 0 0\n' \
		"$(cd "$(dirname "$0")" && pwd)/guest/adeos-bench"
} >"$list.tmp"
mv "$list.tmp" "$list"
"$gen" "$list" >"$dir/bench-tools.cpio.tmp"
mv "$dir/bench-tools.cpio.tmp" "$dir/bench-tools.cpio"
