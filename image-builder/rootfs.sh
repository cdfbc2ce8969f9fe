#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The root filesystem: a cpio (newc) initramfs, made without root
# privileges: Debian's busybox-static for i386 (downloaded by make deps,
# unpacked here) and image-builder/rootfs/init. Device nodes go in
# through the kernel's gen_init_cpio file list, not through mknod.
#
# usage: rootfs.sh      (run from the Adeos source tree)
# environment: O, LINUX_SRC (for usr/gen_init_cpio.c), ADEOS_DL_DIR
set -eu

: "${O:?}" "${LINUX_SRC:?}"
ADEOS_DL_DIR=${ADEOS_DL_DIR:-dl}
work=$O/build/rootfs

msg() { printf '  %-7s %s\n' "$1" "$2"; }
die() {
	echo "rootfs: $*" >&2
	exit 1
}
cfg() { sed -n "s/^AD_$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$O/.config"; }

deb=$(find "$ADEOS_DL_DIR" -maxdepth 1 -name 'busybox-static_*_i386.deb' 2>/dev/null |
	sort | tail -n 1)
[ -n "$deb" ] ||
	die "no busybox-static for i386 in $ADEOS_DL_DIR: run make deps"

rm -rf "$work"
mkdir -p "$work/deb" "$O/images"
dpkg-deb -x "$deb" "$work/deb"
busybox=$work/deb/bin/busybox
[ -x "$busybox" ] || die "$deb holds no bin/busybox"

gen=$O/build/tools/gen_init_cpio
if [ ! -x "$gen" ]; then
	msg HOSTCC build/tools/gen_init_cpio
	mkdir -p "$(dirname "$gen")"
	${HOSTCC:-cc} -O2 -o "$gen" "$LINUX_SRC/usr/gen_init_cpio.c"
fi

sed "s|@BOARD@|$(cfg BOARD_NAME)|" image-builder/rootfs/init >"$work/init"
cat >"$work/list" <<LIST
dir /dev 0755 0 0
nod /dev/console 0600 0 0 c 5 1
nod /dev/null 0666 0 0 c 1 3
dir /proc 0755 0 0
dir /sys 0755 0 0
dir /bin 0755 0 0
dir /sbin 0755 0 0
dir /usr 0755 0 0
dir /tmp 1777 0 0
dir /root 0700 0 0
file /bin/busybox $busybox 0755 0 0
slink /bin/sh busybox 0777 0 0
file /init $work/init 0755 0 0
LIST

msg CPIO "images/rootfs.cpio.gz ($(basename "$deb"))"
"$gen" "$work/list" | gzip -n -9 >"$O/images/rootfs.cpio.gz.tmp"
mv "$O/images/rootfs.cpio.gz.tmp" "$O/images/rootfs.cpio.gz"
