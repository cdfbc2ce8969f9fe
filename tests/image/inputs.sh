#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Broken inputs on disk: the build must name them, not build from them.
#  - a damaged copy of the Linux tarball (one byte changed), given to a
#    board through AD_LINUX_TARBALL: make image stops before it unpacks,
#    naming the file and the command that repairs Debian's;
#  - a cached .deb cut short in the download directory, and another
#    missing: make source (make deps' downloads) finds the first, removes
#    it and fetches it whole again, fetches the second, leaves the rest;
#    run again, it fetches nothing.
# Prints TAP lines.
#
# usage: inputs.sh BOARD       (run from the Adeos source tree)
set -u
board=$1
tarball=/usr/src/linux-source-6.1.tar.xz
dl=${ADEOS_DL_DIR:-dl}
tmp=$(mktemp -d /tmp/adeos-inputs.XXXXXX)
trap 'rm -rf "$tmp"' EXIT

# ---- the tarball ----
cp "$tarball" "$tmp/linux.tar.xz"
size=$(wc -c <"$tmp/linux.tar.xz")
# the byte in the middle, changed (xz's own check would catch it only
# after most of the tree was unpacked)
at=$((size / 2))
old=$(dd if="$tmp/linux.tar.xz" bs=1 skip=$at count=1 2>/dev/null | od -An -tu1 | tr -d ' ')
printf "\\$(printf %o $(((old + 1) % 256)))" |
	dd of="$tmp/linux.tar.xz" bs=1 seek=$at conv=notrunc 2>/dev/null
out=$tmp/out
make --no-print-directory O="$out" "${board}_defconfig" >"$tmp/make.log" 2>&1
sed -i "s|^AD_LINUX_TARBALL=.*|AD_LINUX_TARBALL=\"$tmp/linux.tar.xz\"|" "$out/.config"
start=$(date +%s)
make --no-print-directory O="$out" LINUX_SRC="$tmp/linux-src" image \
	>"$tmp/make.log" 2>&1
status=$?
secs=$(($(date +%s) - start))
said=$(grep -m1 'is not what linux-source-6.1 installed' "$tmp/make.log")
if [ $status != 0 ] && [ -n "$said" ] &&
	echo "$said" | grep -q 'apt-get install --reinstall linux-source-6.1' &&
	[ ! -e "$tmp/linux-src" ] && [ ! -e "$tmp/linux-src.tmp" ]; then
	echo "ok - inputs: a damaged Linux tarball (byte $at of $size changed) stops make image in ${secs}s, before it unpacks: $said"
else
	echo "not ok - inputs: a damaged Linux tarball (byte $at changed): make image status $status, unpacked: $(ls -d "$tmp"/linux-src* 2>/dev/null)"
	tail -n 8 "$tmp/make.log" | sed 's/^/# /'
fi

# ---- a cached .deb cut short ----
deb=$(ls "$dl"/busybox-static_*_i386.deb 2>/dev/null | tail -n 1)
if [ -z "$deb" ]; then
	echo "not ok - inputs: no busybox-static .deb in $dl to damage (make deps)"
	exit 0
fi
mkdir "$tmp/dl"
for f in "$dl"/*.deb; do
	ln "$f" "$tmp/dl/" 2>/dev/null || cp "$f" "$tmp/dl/"
done
name=$(basename "$deb")
rm "$tmp/dl/$name"
head -c $(($(wc -c <"$deb") / 2)) "$deb" >"$tmp/dl/$name"
# and one package missing: make source (the install step's downloads,
# without its host packages) fetches it, the others stay as they were
gone=$(ls "$tmp/dl"/libnuma1_*_i386.deb 2>/dev/null | tail -n 1)
[ -n "$gone" ] && rm "$gone"
others() {
	for f in "$tmp/dl"/*.deb; do
		case $f in */busybox-static_* | */libnuma1_*) continue ;; esac
		stat -c '%n %s %Y %i' "$f"
	done
}
before=$(others)
make --no-print-directory ADEOS_DL_DIR="$tmp/dl" source >"$tmp/deps.log" 2>&1
status=$?
# the archive may have a newer busybox-static by now: any whole one
again=$(ls "$tmp/dl"/busybox-static_*_i386.deb 2>/dev/null | tail -n 1)
numa=$(ls "$tmp/dl"/libnuma1_*_i386.deb 2>/dev/null | tail -n 1)
if [ $status = 0 ] && grep -q "$name is damaged" "$tmp/deps.log" &&
	[ -n "$again" ] && dpkg-deb --fsys-tarfile "$again" >/dev/null 2>&1 &&
	[ -n "$numa" ] && dpkg-deb --fsys-tarfile "$numa" >/dev/null 2>&1 &&
	[ "$(others)" = "$before" ]; then
	echo "ok - inputs: a cached $name cut to half is found damaged by make source (the install step's downloads), removed and fetched whole again ($(basename "$again"), $(wc -c <"$again") bytes), a missing $(basename "$numa") is fetched, the other $(echo "$before" | grep -c .) packages are left as they were"
else
	echo "not ok - inputs: a cached $name cut to half and libnuma1 missing: make source status $status, $(wc -c <"$tmp/dl/$name" 2>/dev/null) bytes after, libnuma1: '${numa:-none}', the others $([ "$(others)" = "$before" ] && echo unchanged || echo changed)"
	tail -n 8 "$tmp/deps.log" | sed 's/^/# /'
fi
if make --no-print-directory ADEOS_DL_DIR="$tmp/dl" source >"$tmp/deps.log" 2>&1 &&
	[ "$(grep -c '^  DL ' "$tmp/deps.log")" -eq 1 ]; then
	echo "ok - inputs: make source again fetches nothing: '$(tr -s ' ' <"$tmp/deps.log" | sed 's/^ //')'"
else
	echo "not ok - inputs: make source again:"
	sed 's/^/# /' "$tmp/deps.log"
fi
