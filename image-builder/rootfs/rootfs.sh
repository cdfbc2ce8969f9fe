#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The root filesystem: a cpio (newc) initramfs, made without root
# privileges: Debian's busybox-static for i386 (downloaded by make deps,
# unpacked here), image-builder/rootfs/skeleton/ (init, the banner, the shells on
# the consoles), the user-space tools of the templates the domains use,
# and the board's overlay directory, copied in last. Device nodes and
# owners go in through the kernel's gen_init_cpio file list, not through
# mknod and chown; every entry is sorted and dated SOURCE_DATE_EPOCH, so
# that two builds give the same archive.
#
# usage: rootfs.sh      (run from the Adeos source tree)
# environment: O, LINUX_SRC (for usr/gen_init_cpio.c), ADEOS_DL_DIR,
#              SOURCE_DATE_EPOCH, TARGET_CC (gcc, for -m32 -static)
set -eu
STAGE_NAME=rootfs
. image-builder/common.sh
. image-builder/rootfs/guest.sh

: "${O:?}" "${LINUX_SRC:?}" "${SOURCE_DATE_EPOCH:?}"
ADEOS_DL_DIR=${ADEOS_DL_DIR:-dl}
work=$O/build/rootfs
tree=$work/tree

deb=$(find "$ADEOS_DL_DIR/" -maxdepth 1 -name 'busybox-static_*_i386.deb' 2>/dev/null |
	LC_ALL=C sort | tail -n 1)
[ -n "$deb" ] ||
	die "no busybox-static for i386 in $ADEOS_DL_DIR: run make deps"

overlay=$(cfg IMAGE_ROOTFS_OVERLAY)
# A relative path is the source tree's, or else the external tree's.
if [ -n "$overlay" ] && [ ! -d "$overlay" ] && [ -n "${ADEOS_EXTERNAL:-}" ] &&
	[ -d "$ADEOS_EXTERNAL/$overlay" ]; then
	overlay=$ADEOS_EXTERNAL/$overlay
fi
if [ -n "$overlay" ] && [ ! -d "$overlay" ]; then
	die "AD_IMAGE_ROOTFS_OVERLAY: $overlay is not a directory"
fi

rm -rf "$work"
remove_on_failure "$work"
mkdir -p "$work/deb" "$tree/bin" "$tree/etc" "$tree/usr/bin" "$O/images"
# A full disk is not a damaged .deb.
if ! err=$(dpkg-deb -x "$deb" "$work/deb" 2>&1); then
	printf '%s\n' "$err" | head -n 5 >&2
	no_space "$err" && exit 1
	die "$deb is damaged (cut short?): run make deps, which fetches it again"
fi
[ -x "$work/deb/bin/busybox" ] || die "$deb holds no bin/busybox"
cp "$work/deb/bin/busybox" "$tree/bin/busybox"

gen=$O/build/tools/gen_init_cpio
if [ ! -x "$gen" ]; then
	msg HOSTCC build/tools/gen_init_cpio
	mkdir -p "$(dirname "$gen")"
	${HOSTCC:-cc} -O2 -o "$gen.tmp" "$LINUX_SRC/usr/gen_init_cpio.c"
	mv "$gen.tmp" "$gen"
fi

# What the linker reads into the guest programs: for make legal-info.
GUEST_LINKED=$work/linked
: >"$GUEST_LINKED"

# Our files: the init and what it runs, with the board's name filled in.
for f in image-builder/rootfs/skeleton/*; do
	sed "s|@BOARD@|$(cfg BOARD_NAME)|" "$f" >"$tree/$(basename "$f")"
	chmod 0755 "$tree/$(basename "$f")"
done
mv "$tree/adeos-banner" "$tree/adeos-shell" "$tree/bin/"

# The user-space tools of the templates in use: static i386 programs.
for t in $(sed -n 's/^AD_DOMAIN[0-9]*_TEMPLATE="\(.*\)"$/\1/p' "$O/.config" |
	LC_ALL=C sort -u); do
	for c in domain-templates/"$t"/tools/*.c \
		${ADEOS_EXTERNAL:+"$ADEOS_EXTERNAL"/domain-templates/"$t"/tools/*.c}; do
		[ -f "$c" ] || continue
		guest_cc "$tree/usr/bin/$(basename "$c" .c)" "$c" -Icore/include
	done
done

# The pipeline's own tool: the domains, their counts and latencies.
guest_cc "$tree/usr/bin/adeos-stat" image-builder/rootfs/adeos-stat/*.c

# The domains the board configures, for adeos-check to hold against the
# ones registered: one line each, NAME PRIORITY TEMPLATE built-in|module
# and the IRQs it takes (comma-separated, - for none).
configured_domains() {
	awk -F= '
	/^AD_DOMAIN[0-9]+=y$/ { n = substr($1, 10); on[n] = 1; order[++count] = n }
	match($1, /^AD_DOMAIN[0-9]+_/) {
		n = substr($1, 10, RLENGTH - 10)
		key = substr($1, RLENGTH + 1)
		gsub(/"/, "", $2)
		if (key == "NAME" || key == "PRIORITY" || key == "TEMPLATE" ||
		    key == "MODULE")
			v[n, key] = $2
		else if (key ~ /^IRQ[0-9]+_NUMBER$/)
			irqs[n] = irqs[n] (irqs[n] == "" ? "" : ",") $2
	}
	END {
		print "# name priority template built-in|module irqs"
		for (i = 1; i <= count; i++) {
			n = order[i]
			printf "%s %s %s %s %s\n", v[n, "NAME"], v[n, "PRIORITY"],
			    v[n, "TEMPLATE"], v[n, "MODULE"] == "y" ? "module" : "built-in",
			    irqs[n] == "" ? "-" : irqs[n]
		}
	}' "$O/.config"
}
mkdir -p "$tree/etc/adeos"
configured_domains >"$tree/etc/adeos/domains"
install -m 0755 image-builder/rootfs/adeos-check "$tree/usr/bin/adeos-check"

# The domains built as modules (the kernel stage built them).
if ls "$O"/build/modules/*.ko >/dev/null 2>&1; then
	mkdir -p "$tree/lib/modules/adeos"
	for m in "$O"/build/modules/*.ko; do
		msg COPY "rootfs/lib/modules/adeos/$(basename "$m")"
		cp "$m" "$tree/lib/modules/adeos/"
	done
fi

ln -s busybox "$tree/bin/sh"

# rt-tests and adeos-bench (AD_IMAGE_RT_TESTS): their file list joins
# ours, from the packages unpacked in $work/rt-tests.
: >"$work/rt-tests.list"
if [ "$(cfg IMAGE_RT_TESTS)" = y ]; then
	msg COPY "rt-tests (cyclictest, hackbench) and adeos-bench"
	mkdir -p "$work/rt-tests"
	sh image-builder/rootfs/rt-tests.sh "$work/rt-tests" "$gen" >/dev/null
	cp "$work/rt-tests/bench-tools.list" "$work/rt-tests.list"
fi

# The board's overlay, last: its files win.
if [ -n "$overlay" ]; then
	msg COPY "$overlay (overlay)"
	cp -R "$overlay/." "$tree/"
fi

# The file list: fixed entries, then the tree; root owns all. Written
# to a file first, not piped: an entry cpio_tree cannot list stops the
# stage instead of going missing.
{
	cpio_dir /dev 0755
	cpio_nod /dev/console 0600 c 5 1
	cpio_nod /dev/null 0666 c 1 3
	for d in /proc /sys /sbin; do
		cpio_dir $d 0755
	done
	cpio_dir /tmp 1777
	cpio_dir /root 0700
	cpio_dir /usr 0755
	cpio_dir /usr/sbin 0755
	cat "$work/rt-tests.list"
	cpio_tree "$tree"
} >"$work/list.all"
awk '!seen[$2]++' "$work/list.all" >"$work/list"

find "$tree" -exec touch -h -d "@$SOURCE_DATE_EPOCH" {} +
msg CPIO "images/rootfs.cpio.gz ($(basename "$deb"))"
# packed in $work, then renamed into place whole
cpio_pack "$gen" "$work/list" "$work/rootfs.cpio.gz" "$SOURCE_DATE_EPOCH"
mv "$work/rootfs.cpio.gz" "$O/images/rootfs.cpio.gz"

# The packages in it: busybox's, and those of the libraries and start
# files linked into our programs (not our own objects, under $work).
{
	dpkg-deb -f "$deb" Package Version | sed 's/^[A-Za-z]*: //' | paste -d' ' - -
	# shellcheck disable=SC2046 # one word per file
	host_package $(sort -u "$GUEST_LINKED" | grep '^/' | grep -v "^$work/\|^/tmp/")
	if [ -s "$work/rt-tests.list" ]; then
		cat "$work/rt-tests/bench-tools.uses"
	fi
} | uses_record rootfs
