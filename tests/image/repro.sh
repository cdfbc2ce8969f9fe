#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Reproducible images: build BOARD a second time, from a copy of the
# source tree in another directory, with nothing of the first build to
# reuse (a fresh Linux unpack, CCACHE_DISABLE=1), another umask and
# another time zone, and compare the four images with the first build's
# (FIRST, an output directory) byte for byte. Prints TAP lines.
#
# usage: repro.sh FIRST BOARD      (run from the Adeos source tree)
set -u
first=$1
board=$2
epoch=$(make -s --no-print-directory source-date-epoch)
dl=$(cd "${ADEOS_DL_DIR:-dl}" && pwd)
tmp=$(mktemp -d /tmp/adeos-repro.XXXXXX)
log=$first/repro.log

# the source tree as git sees it (tracked and new files), or all of it
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	mkdir "$tmp/src"
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - | tar -xf - -C "$tmp/src"
else
	cp -R . "$tmp/src" && rm -rf "$tmp/src/output" "$tmp/src/dl"
fi

# the source tree's listing: every path, its size and mtime
listing() {
	(cd "$tmp/src" && find . -printf '%p %s %T@\n' | LC_ALL=C sort)
}
listing >"$tmp/before"
sleep 1
start=$(date +%s)
(
	cd "$tmp/src" &&
		umask 077 &&
		env TZ=Pacific/Kiritimati CCACHE_DISABLE=1 \
			SOURCE_DATE_EPOCH="$epoch" ADEOS_DL_DIR="$dl" \
			make --no-print-directory O="$tmp/out" \
			"${board}_defconfig" image
) >"$log" 2>&1
status=$?
secs=$(($(date +%s) - start))
if [ $status != 0 ]; then
	echo "not ok - repro: the second build of $board failed after ${secs}s; see $log"
	tail -n 15 "$log" | sed 's/^/# /'
	rm -rf "$tmp"
	exit 0
fi
echo "ok - repro: second build of $board from scratch in $tmp (CCACHE_DISABLE=1, umask 077, TZ=Pacific/Kiritimati) in ${secs}s"
listing >"$tmp/after"
written=$(diff "$tmp/before" "$tmp/after" | sed -n 's/^[<>] //p' | head -n 6)
if [ -z "$written" ]; then
	echo "ok - repro: the build left the source tree as it was ($(wc -l <"$tmp/after") paths: same sizes and mtimes, none added or removed)"
else
	echo "not ok - repro: the build changed the source tree: $written"
fi
for f in bzImage rootfs.cpio.gz adeos.iso disk.img; do
	a=$first/images/$f
	b=$tmp/out/images/$f
	if diff=$(cmp "$a" "$b" 2>&1); then
		echo "ok - repro: $f identical in both builds ($(wc -c <"$a") bytes, SOURCE_DATE_EPOCH=$epoch)"
	else
		echo "not ok - repro: $f differs: $diff ($(wc -c <"$a") vs $(wc -c <"$b") bytes)"
	fi
done
rm -rf "$tmp"
