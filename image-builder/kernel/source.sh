#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, step 1: Debian's Linux 6.1 source, unpacked and
# patched (the linux-patch/ series) once, into $LINUX_SRC; unpacked
# again only when the tarball or a patch changes. The object tree
# $O/build/linux is emptied then (all but its .config).
set -eu
. image-builder/kernel/lib.sh

tarball=$(cfg LINUX_TARBALL)
[ -f "$tarball" ] ||
	die "AD_LINUX_TARBALL: $tarball is missing: install Debian's linux-source-6.1 package (make deps)"

patches=$(sed -n 's/^\([^#[:space:]][^[:space:]]*\).*/\1/p' linux-patch/series)

# What the unpacked tree was made from.
source_stamp() {
	# shellcheck disable=SC2086 # one word per patch
	(
		ls -lL "$tarball"
		cd linux-patch && cat series $patches
	) | cksum
}

# The tarball must be the one linux-source-6.1 installed, as dpkg's
# record of its md5 says: a damaged copy unpacks into a broken tree, or
# fails half-way. A tarball dpkg never installed has nothing to compare.
check_tarball() {
	sums=/var/lib/dpkg/info/linux-source-6.1.md5sums
	md5=$(sed -n 's|^\([0-9a-f]*\)  usr/src/linux-source-6.1.tar.xz$|\1|p' \
		"$sums" 2>/dev/null)
	[ -n "$md5" ] || return 0
	msg CHECK "$tarball (md5, against dpkg's)"
	got=$(md5sum <"$tarball" | cut -d' ' -f1)
	[ "$got" = "$md5" ] ||
		die "AD_LINUX_TARBALL: $tarball is not what linux-source-6.1 installed (md5 $got, dpkg's $md5): apt-get install --reinstall linux-source-6.1"
}

# Unpack into a temporary tree, patch it, and only then put it in place.
unpack_and_patch() {
	want=$1
	check_tarball
	rm -rf "$LINUX_SRC" "$LINUX_SRC.tmp"
	# half a tree is removed (a full disk gets its room back); killed,
	# it is left, and removed by the next run
	remove_on_failure "$LINUX_SRC.tmp"
	mkdir -p "$LINUX_SRC.tmp"
	msg UNPACK "$tarball"
	tar -C "$LINUX_SRC.tmp" --strip-components=1 -xf "$tarball"
	for p in $patches; do
		msg PATCH "linux-patch/$p"
		if ! patch -p1 -s -N -d "$LINUX_SRC.tmp" <"linux-patch/$p" \
			>"$LINUX_SRC.tmp.log" 2>&1; then
			cat "$LINUX_SRC.tmp.log" >&2
			rm -rf "$LINUX_SRC.tmp" "$LINUX_SRC.tmp.log"
			die "linux-patch/$p does not apply to $tarball"
		fi
	done
	rm -f "$LINUX_SRC.tmp.log"
	echo "$want" >"$LINUX_SRC.tmp/.adeos-stamp"
	mv "$LINUX_SRC.tmp" "$LINUX_SRC"
	trap - EXIT
}

# Objects built from another unpacking are stale: keep only .config.
reset_objects() {
	want=$1
	[ "$(cat "$kb/.adeos-stamp" 2>/dev/null)" != "$want" ] || return 0
	if [ -d "$kb" ]; then
		[ -f "$kb/.config" ] && mv "$kb/.config" "$O/build/linux.config.keep"
		rm -rf "$kb"
	fi
	mkdir -p "$kb"
	[ -f "$O/build/linux.config.keep" ] &&
		mv "$O/build/linux.config.keep" "$kb/.config"
	echo "$want" >"$kb/.adeos-stamp"
}

want=$(source_stamp)
if [ "$(cat "$LINUX_SRC/.adeos-stamp" 2>/dev/null)" != "$want" ]; then
	unpack_and_patch "$want"
fi
reset_objects "$want"
# The kernel's source package (none for a tarball dpkg did not install)
host_package "$tarball" | uses_record kernel
