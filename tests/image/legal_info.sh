#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make legal-info on a built board: its manifest lists every package the
# kernel, rootfs and images stages used (their own records,
# build/legal/*.uses), at the versions they used, and nothing they did
# not but our own code; no licence is unknown, GRUB's and Linux's are
# both shown; sources/ holds the Linux tarball and every patch of our
# series, the same bytes. Prints TAP lines.
#
# usage: legal_info.sh O    (O: a built board's output; from the source tree)
set -u
O=$1
li=$O/legal-info
log=$O/legal-info.log
if ! make --no-print-directory O="$O" legal-info >"$log" 2>&1; then
	echo "not ok - legal-info: make legal-info fails:"
	sed 's/^/# /' "$log"
	exit 0
fi
manifest=$li/manifest.csv
rows=$(tail -n +2 "$manifest" | cut -d, -f1,2 | tr , ' ' | LC_ALL=C sort)
used=$(cat "$O"/build/legal/kernel.uses "$O"/build/legal/rootfs.uses \
	"$O"/build/legal/images.uses 2>/dev/null | LC_ALL=C sort -u)
stages=$(find "$O/build/legal" -name '*.uses' 2>/dev/null | wc -l)
missing=$(echo "$used" | grep . | while read -r p v; do
	echo "$rows" | grep -qxF "$p $v" || echo "$p $v"
done)
extra=$(echo "$rows" | while read -r p v; do
	[ "$p" = adeos ] && continue
	echo "$used" | grep -qxF "$p $v" || echo "$p $v"
done)
if [ "$stages" -eq 3 ] && [ -n "$used" ] && [ -z "$missing" ] && [ -z "$extra" ]; then
	echo "ok - legal-info: the manifest lists the $(echo "$used" | grep -c .) packages the kernel, rootfs and images stages used, at their versions, and our own code: $(echo "$rows" | tr '\n' ';' | sed 's/;$//; s/;/; /g')"
else
	echo "not ok - legal-info: the stages' records ($stages of 3) and the manifest differ: used but not listed: '$(echo "$missing" | grep . | tr '\n' ' ')'; listed but not used: '$(echo "$extra" | grep . | tr '\n' ' ')'"
fi

unknown=$(awk -F, 'NR > 1 && ($3 == "" || $3 == "unknown") { print $1 }' "$manifest")
licence() { awk -F, -v p="$1" '$1 == p { print $3 }' "$manifest"; }
grub=$(licence grub-pc-bin)
linux=$(licence linux-source-6.1)
if [ -z "$unknown" ] && [ "$grub" = GPL-3.0-or-later ] &&
	[ "$linux" = GPL-2.0-only ]; then
	echo "ok - legal-info: every licence is known: $(awk -F, 'NR > 1 { printf "%s%s %s", s, $1, $3; s = "; " }' "$manifest")"
else
	echo "not ok - legal-info: licences: unknown for '$(echo "$unknown" | tr '\n' ' ')'; GRUB '$grub' (want GPL-3.0-or-later), Linux '$linux' (want GPL-2.0-only)"
fi

tarball=$(sed -n 's/^AD_LINUX_TARBALL="\(.*\)"$/\1/p' "$O/.config")
bad=
cmp -s "$tarball" "$li/sources/$(basename "$tarball")" || bad="$bad $(basename "$tarball")"
n=0
for p in $(sed -n 's/^\([^#[:space:]][^[:space:]]*\).*/\1/p' linux-patch/series); do
	cmp -s "linux-patch/$p" "$li/sources/linux-patches/$p" || bad="$bad $p"
	n=$((n + 1))
done
if [ -z "$bad" ] && [ "$n" -gt 0 ] && [ ! -e "$li.tmp" ] &&
	tar -tf "$li/sources/adeos-"*.tar >/dev/null 2>&1; then
	echo "ok - legal-info: sources/ holds $(basename "$tarball") and the $n patches of our series, the same bytes, and our source tree (a tar); nothing half-written"
else
	echo "not ok - legal-info: sources/: differs or missing:$bad; $n patches; $([ -e "$li.tmp" ] && echo "legal-info.tmp left")"
fi
