#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The image stages (rootfs, adeos.iso, disk.img) as an unprivileged user:
# nobody, through runuser, from inputs copied into a world-readable
# temporary directory (the source tree, the busybox .deb, the board's
# .config, bzImage and domain modules, gen_init_cpio's source). What nobody builds must
# be the bytes FIRST (an output directory built as root) holds.
# Prints TAP lines.
#
# usage: unprivileged.sh FIRST LINUX_SRC    (run from the source tree)
set -u
first=$1
linux_src=$2
user=nobody
epoch=$(make -s --no-print-directory source-date-epoch)
name="image stages as $user"

if [ "$(id -u)" != 0 ]; then
	echo "ok - unprivileged: $name: this run is unprivileged already ($(id -un))"
	exit 0
fi
tmp=$(mktemp -d /tmp/adeos-nobody.XXXXXX)
chmod 0755 "$tmp"
mkdir -p "$tmp/src" "$tmp/dl" "$tmp/linux-src/usr" "$tmp/out/images"
git ls-files -z --cached --others --exclude-standard |
	xargs -0 tar -cf - | tar -xf - -C "$tmp/src"
cp "${ADEOS_DL_DIR:-dl}"/busybox-static_*_i386.deb "$tmp/dl/"
cp "$first/.config" "$tmp/out/.config"
cp "$first/images/bzImage" "$tmp/out/images/"
# the domains built as modules, which the kernel stage made
if [ -d "$first/build/modules" ]; then
	mkdir -p "$tmp/out/build"
	cp -R "$first/build/modules" "$tmp/out/build/"
fi
cp "$linux_src/usr/gen_init_cpio.c" "$tmp/linux-src/usr/"
chmod -R a+rX "$tmp"
chown -R "$user" "$tmp/out"

log=$first/unprivileged.log
# shellcheck disable=SC2016 # expanded by the unprivileged shell
runuser -u "$user" -- env -i PATH="$PATH" HOME="$tmp/out" \
	SOURCE_DATE_EPOCH="$epoch" O="$tmp/out" LINUX_SRC="$tmp/linux-src" \
	ADEOS_DL_DIR="$tmp/dl" \
	sh -c 'cd "$1" && id -un &&
		sh image-builder/rootfs/rootfs.sh && sh image-builder/images/images.sh' \
	sh "$tmp/src" >"$log" 2>&1
status=$?
if [ $status != 0 ]; then
	echo "not ok - unprivileged: $name failed; see $log"
	tail -n 10 "$log" | sed 's/^/# /'
	rm -rf "$tmp"
	exit 0
fi
echo "ok - unprivileged: $name: $(head -n 1 "$log") built rootfs.cpio.gz, adeos.iso and disk.img"
for f in rootfs.cpio.gz adeos.iso disk.img; do
	if cmp -s "$first/images/$f" "$tmp/out/images/$f"; then
		echo "ok - unprivileged: $f as $user is the same as root's ($(wc -c <"$tmp/out/images/$f") bytes)"
	else
		echo "not ok - unprivileged: $f as $user differs from root's: $(cmp "$first/images/$f" "$tmp/out/images/$f" 2>&1)"
	fi
done
rm -rf "$tmp"
