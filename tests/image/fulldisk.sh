#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A full disk: make image with its output directory on a small tmpfs,
# mounted in a user namespace (unshare -rm: no root needed), holding a
# copy of FIRST (a built output directory: its configuration, kernel
# object tree, stage directories and images), so that the kernel is not
# built again. A file fills the tmpfs up to a few amounts of room left:
# none, a little (the rootfs does not fit), and 16 MiB (disk.img, 32 MiB
# written whole, does not). Each time make image must fail, its last
# line naming the stage and the full disk, and leave $O/images as it
# was: the same bytes as FIRST's, no other file. Then, with the room
# back, make image must give FIRST's images again. Prints TAP lines.
#
# usage: fulldisk.sh FIRST LINUX_SRC     (run from the Adeos source tree)
set -u
first=$(cd "$1" && pwd)
linux_src=$2
images='adeos.iso bzImage disk.img kernel.release rootfs.cpio.gz'

if [ "${3:-}" != --inside ]; then
	# the namespace, or the reason there is none
	if ! why=$(unshare -rm true 2>&1); then
		echo "ok - full disk # SKIP no user namespace here (unshare -rm: $why)"
		exit 0
	fi
	tmp=$(mktemp -d /tmp/adeos-fulldisk.XXXXXX)
	unshare -rm sh "$0" "$first" "$linux_src" --inside "$tmp"
	rm -rf "$tmp"
	exit 0
fi
tmp=$4
fs=$tmp/fs
out=$fs/out
mkdir -p "$fs"

# FIRST's output directory, as make image left it (not its test logs
# nor the guest programs of the boot tests), on a tmpfs with 64 MiB more
top=".config .defconfig domains kconfig include tools images"
build="linux modules tools rootfs images adeos-tree linux-extra.fragment linux-requested"
# shellcheck disable=SC2086 # lists of names
size=$( (cd "$first" && du -skc $top) | tail -n 1 | cut -f1)
# shellcheck disable=SC2086
size=$((size + $( (cd "$first/build" && du -skc $build) | tail -n 1 | cut -f1) + 65536))
if ! why=$(mount -t tmpfs -o "size=${size}k" none "$fs" 2>&1); then
	echo "ok - full disk # SKIP no tmpfs in the user namespace (mount: $why)"
	exit 0
fi
mkdir -p "$out/build"
# shellcheck disable=SC2086
if ! why=$( (cd "$first" && cp -a $top "$out/") 2>&1 &&
	(cd "$first/build" && cp -a $build "$out/build/") 2>&1); then
	echo "not ok - full disk: $first, copied onto a tmpfs of $size KiB: $why"
	exit 0
fi

# free: KiB available on the tmpfs
free() { df -Pk "$fs" | awk 'NR == 2 { print $4 }'; }

# images_as_before: empty if $out/images holds FIRST's images and no
# other file, else what is wrong
images_as_before() {
	there=$(cd "$out/images" && ls -A | tr '\n' ' ')
	[ "$there" = "$images " ] || echo "images/ holds: $there"
	for f in $images; do
		[ -f "$out/images/$f" ] || continue
		cmp -s "$first/images/$f" "$out/images/$f" ||
			echo "images/$f differs from before ($(wc -c <"$out/images/$f") bytes, was $(wc -c <"$first/images/$f"))"
	done
}

# make_image LOG: make image in $out; its status, its time in $secs
make_image() {
	start=$(date +%s)
	make --no-print-directory O="$out" LINUX_SRC="$linux_src" image \
		>"$1" 2>&1
	status=$?
	secs=$(($(date +%s) - start))
	return $status
}

# ---- room for less and less ----
n=0
for room in 0 256 16384; do
	n=$((n + 1))
	rm -f "$fs/filler"
	have=$(free)
	if [ "$have" -gt "$room" ]; then
		fallocate -l "$((have - room))K" "$fs/filler"
	fi
	left=$(free)
	log=$tmp/full-$n.log
	make_image "$log"
	said=$(grep -E '^[a-z]+( \([a-z]+\))?: stopped: the disk is full' "$log" |
		tail -n 1 | sed 's/: make room.*//')
	stage=${said%%: *}
	step=$(grep '^  [A-Z]' "$log" | tail -n 1 | sed 's/^ *//; s/  */ /')
	wrong=$(images_as_before)
	if [ $status != 0 ] && [ -n "$said" ] && [ -z "$wrong" ]; then
		echo "ok - full disk: make image with $left KiB free stops in the $stage stage, after '$step' (${secs}s): '$said ...'; images/ holds the 5 files it held, the same bytes"
	else
		echo "not ok - full disk: make image with $left KiB free: status $status, ${said:-no line names the stage and the full disk}; ${wrong:-images/ as before}"
		tail -n 6 "$log" | sed 's/^/# /'
	fi
done

# ---- room again ----
rm -f "$fs/filler"
make_image "$tmp/room.log"
wrong=$(images_as_before)
if [ $status = 0 ] && [ -z "$wrong" ]; then
	echo "ok - full disk: with the room back ($(free) KiB free), make image gives the same images again (${secs}s)"
else
	echo "not ok - full disk: with the room back, make image: status $status; ${wrong:-images/ as before}"
	tail -n 6 "$tmp/room.log" | sed 's/^/# /'
fi
umount "$fs"
