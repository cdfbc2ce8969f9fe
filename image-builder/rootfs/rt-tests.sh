#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# rt-tests in an initramfs: Debian's i386 cyclictest and hackbench with
# the libraries they load, unpacked from the downloaded .debs, and the
# guest script adeos-bench (make bench's side in the guest, and how the
# same figures are taken on a real PC). make bench packs them into an
# archive Linux unpacks after the board's, for every kernel it measures;
# the rootfs stage adds the list to the board's own initramfs when
# AD_IMAGE_RT_TESTS is set.
#
# usage: rt-tests.sh DIR GEN_INIT_CPIO    writes DIR/bench-tools.cpio, its
#        file list DIR/bench-tools.list, and the packages used, one
#        "PACKAGE VERSION" per line, DIR/bench-tools.uses
# environment: ADEOS_DL_DIR (dl/)
set -eu
dir=$1
gen=$2
dl=${ADEOS_DL_DIR:-dl}
here=$(cd "$(dirname "$0")" && pwd)
. "$here/guest.sh"
x=$dir/debs
rm -rf "$x"
mkdir -p "$x"
for p in rt-tests libc6 libnuma1; do
	deb=$(find "$dl/" -maxdepth 1 -name "${p}_*_i386.deb" | LC_ALL=C sort | tail -n 1)
	[ -n "$deb" ] || {
		echo "rt-tests: no $p i386 package in $dl: run make deps" >&2
		exit 1
	}
	dpkg-deb -x "$deb" "$x"
	dpkg-deb -f "$deb" Package Version | sed 's/^[A-Za-z]*: //' | paste -d' ' - -
done >"$dir/bench-tools.uses.tmp"
mv "$dir/bench-tools.uses.tmp" "$dir/bench-tools.uses"
lib=/lib/i386-linux-gnu
list=$dir/bench-tools.list
{
	cpio_dir /lib 0755
	cpio_dir $lib 0755
	cpio_dir /usr 0755
	cpio_dir /usr/bin 0755
	cpio_file $lib/ld-linux.so.2 "$x$lib/ld-linux.so.2" 0755
	cpio_slink /lib/ld-linux.so.2 i386-linux-gnu/ld-linux.so.2
	for l in libc.so.6 libpthread.so.0 librt.so.1; do
		cpio_file "$lib/$l" "$x$lib/$l" 0755
	done
	cpio_file $lib/libnuma.so.1 "$(readlink -f "$x/usr$lib/libnuma.so.1")" 0644
	for b in cyclictest hackbench; do
		cpio_file "/usr/bin/$b" "$x/usr/bin/$b" 0755
	done
	cpio_file /usr/bin/adeos-bench "$here/adeos-bench" 0755
} >"$list.tmp"
mv "$list.tmp" "$list"
cpio_pack "$gen" "$list" "$dir/bench-tools.cpio"
