#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make legal-info: what goes into the configured board's images, with
# version, licence and where its source comes from, in
# $O/legal-info/ (Buildroot's name and layout, our own code):
#   manifest.csv        PACKAGE,VERSION,LICENSE,SOURCE,IN: a row each
#   README              the table, and what each part of the folder is
#   licenses/PACKAGE    its copyright file, as Debian ships it
#   sources/            the Linux tarball, our patch series to it, and
#                       our own source tree (a tar)
# Derived from the configuration and the host, not from a build: the
# stages' own records ($O/build/legal/*.uses) are what make test
# compares it with. A licence is read from the package's Debian
# copyright file: the machine-readable format's License field (in SPDX
# terms), or else its first licence statement of the kinds known here;
# "unknown" otherwise. Written to legal-info.tmp, then renamed.
#
# usage: legal-info.sh    (from the source tree; environment: O)
set -eu
# shellcheck disable=SC2034 # common.sh's die() names the stage
STAGE_NAME=legal-info
. image-builder/common.sh
: "${O:?}"
[ -f "$O/.config" ] || die "no configuration in $O: make <board>_defconfig first"

out=$O/legal-info
tmp=$out.tmp
rm -rf "$tmp"
remove_on_failure "$tmp"
mkdir -p "$tmp/licenses" "$tmp/sources/linux-patches"

# spdx NAME: Debian's short licence name in SPDX terms
spdx() {
	case $1 in
	GPL-2) echo GPL-2.0-only ;;
	GPL-2+) echo GPL-2.0-or-later ;;
	GPL-3) echo GPL-3.0-only ;;
	GPL-3+) echo GPL-3.0-or-later ;;
	LGPL-2.1) echo LGPL-2.1-only ;;
	LGPL-2.1+) echo LGPL-2.1-or-later ;;
	LGPL-3+) echo LGPL-3.0-or-later ;;
	*) echo "$1" ;;
	esac
}

# licence FILE: the licence a Debian copyright FILE gives its package
licence() {
	if grep -q '^Format: .*copyright-format' "$1"; then
		# the License of the "Files: *" paragraph
		name=$(awk '
			/^Files: *\*[[:space:]]*$/ { all = 1; next }
			/^Files:/ { all = 0 }
			all && /^License:/ { print $2; exit }' "$1")
		[ -n "$name" ] && spdx "$name" && return
		echo unknown
		return
	fi
	# one line, so that a statement folded over lines matches
	text=$(tr -s ' \n\t' '   ' <"$1")
	case $text in
	*"GCC RUNTIME LIBRARY EXCEPTION"* | *"GCC Runtime Library Exception"*)
		echo "GPL-3.0-or-later WITH GCC-exception-3.1" ;;
	*"Lesser General Public License as published by the Free Software Foundation; either version 2.1 of the License, or (at your option) any later version"*)
		echo LGPL-2.1-or-later ;;
	# libnuma1's: the library is LGPL, numactl's programs (not in it) GPL
	*"libnuma is under the GNU Lesser General Public License, v2.1"*)
		echo LGPL-2.1-only ;;
	*"General Public License as published by the Free Software Foundation; version 2 dated June, 1991"*)
		echo GPL-2.0-only ;;
	*"General Public License as published by the Free Software Foundation; either version 2 of the License, or (at your option) any later version"*)
		echo GPL-2.0-or-later ;;
	*) echo unknown ;;
	esac
}

# source_of PACKAGE VERSION: its Debian source package and version
source_of() {
	dpkg-query -W -f='${source:Package} ${source:Version}' "$1" 2>/dev/null ||
		echo "$1 $2"
}

rows=$tmp/rows
: >"$rows"
# row PACKAGE VERSION LICENCE SOURCE IN: a row of the manifest, whose
# fields hold no comma
row() {
	case "$1$2$3$4$5" in
	*,*) die "a comma in a row of the manifest: $*" ;;
	esac
	printf '%s,%s,%s,%s,%s\n' "$1" "$2" "$3" "$4" "$5" >>"$rows"
}

# host PACKAGE VERSION IN: a package of the host's whose files are in the
# images
host() {
	copyright=/usr/share/doc/$1/copyright
	[ -f "$copyright" ] || die "$1: no $copyright to read its licence from"
	cp "$copyright" "$tmp/licenses/$1"
	# shellcheck disable=SC2046 # two words
	set -- "$1" "$2" "$3" $(source_of "$1" "$2")
	row "$1" "$2" "$(licence "$copyright")" \
		"Debian source package $4 $5 (apt-get source $4=$5)" "$3"
}

# Our own code: the pipeline, the builder, the domains' templates.
version=$(cat VERSION)
msg TAR "legal-info/sources/adeos-$version.tar"
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	git ls-files -z --cached --others --exclude-standard
else
	find . -path ./output -prune -o -path "./${ADEOS_DL_DIR:-dl}" -prune \
		-o -type f -print0
fi | LC_ALL=C sort -z |
	tar --null -T - --mtime="@${SOURCE_DATE_EPOCH:-0}" --owner=0 --group=0 \
		--numeric-owner -cf "$tmp/sources/adeos-$version.tar"
cp COPYING "$tmp/licenses/adeos"
row adeos "$version" GPL-2.0-only "sources/adeos-$version.tar" \
	"kernel (core/ arch/) and rootfs (init and tools) and images (grub.cfg)"

# Linux, with our series
tarball=$(cfg LINUX_TARBALL)
[ -f "$tarball" ] || die "AD_LINUX_TARBALL: $tarball is missing"
patches=$(sed -n 's/^\([^#[:space:]][^[:space:]]*\).*/\1/p' linux-patch/series)
n=0
for p in $patches; do
	cp "linux-patch/$p" "$tmp/sources/linux-patches/"
	n=$((n + 1))
done
cp linux-patch/series "$tmp/sources/linux-patches/"
msg COPY "legal-info/sources/$(basename "$tarball")"
cp "$tarball" "$tmp/sources/"
linux=$(host_package "$tarball")
if [ -n "$linux" ]; then
	# shellcheck disable=SC2086 # two words
	set -- $linux
	cp "/usr/share/doc/$1/copyright" "$tmp/licenses/$1"
	row "$1" "$2" "$(licence "/usr/share/doc/$1/copyright")" \
		"sources/$(basename "$tarball") with our $n patches in sources/linux-patches/" kernel
else
	row linux "$(basename "$tarball")" unknown \
		"sources/$(basename "$tarball") (no Debian package installed it) with our $n patches" kernel
fi

# dl_deb PACKAGE: an i386 .deb of $ADEOS_DL_DIR the rootfs stage unpacks
# (the same choice: the last by name), its licence from its own
# copyright file
dl_deb() {
	deb=$(find "${ADEOS_DL_DIR:-dl}/" -maxdepth 1 -name "${1}_*_i386.deb" \
		2>/dev/null | LC_ALL=C sort | tail -n 1)
	[ -n "$deb" ] || die "no $1 for i386 in ${ADEOS_DL_DIR:-dl}: run make deps"
	name=$(dpkg-deb -f "$deb" Package)
	dpkg-deb --fsys-tarfile "$deb" |
		tar -xOf - "./usr/share/doc/$name/copyright" >"$tmp/licenses/$name"
	version_deb=$(dpkg-deb -f "$deb" Version)
	# Source: "NAME" or "NAME (VERSION)" when the versions differ (binNMU)
	src=$(dpkg-deb -f "$deb" Source)
	src_name=${src%% *}
	src_version=$version_deb
	case $src in *"("*) src_version=${src#*(} src_version=${src_version%)} ;; esac
	row "$name" "$version_deb" "$(licence "$tmp/licenses/$name")" \
		"Debian source package ${src_name:-$name} $src_version (apt-get source ${src_name:-$name}=$src_version); the .deb: $deb" \
		rootfs
}

# busybox, and rt-tests with what it loads when the image has them
dl_deb busybox-static
if [ "$(cfg IMAGE_RT_TESTS)" = y ]; then
	for p in rt-tests libc6 libnuma1; do
		dl_deb "$p"
	done
fi

# The C library and libgcc in our static guest programs
for lib in libc.a libgcc.a; do
	host_package "$(${TARGET_CC:-gcc} -m32 -print-file-name=$lib)"
done | sort -u | while read -r pkg ver; do
	host "$pkg" "$ver" "rootfs (linked into the guest programs)"
done

# GRUB: its boot sector, El Torito image and modules, in both images
grub=${GRUB_DIR:-/usr/lib/grub/i386-pc}
# shellcheck disable=SC2046 # two words
host $(host_package "$grub/boot.img") "images (adeos.iso and disk.img)"

{
	echo "package,version,license,source,in"
	cat "$rows"
} >"$tmp/manifest.csv"
rm "$rows"

{
	echo "What goes into the images of board $(cfg BOARD_NAME), made by make legal-info."
	echo
	echo "manifest.csv  a row each: package, version, licence (SPDX), source, where"
	echo "licenses/     each package's copyright file, as Debian ships it"
	echo "sources/      Linux's source tarball and our patches to it (linux-patches/,"
	echo "              applied in the order of series), and our own source tree"
	echo "The Debian packages' sources: apt-get source NAME=VERSION, or"
	echo "https://snapshot.debian.org/package/NAME/VERSION/"
	echo
	awk -F, 'NR > 1 { printf "%-18s %-24s %s\n", $1, $2, $3 }' "$tmp/manifest.csv"
} >"$tmp/README"

rm -rf "$out"
mv "$tmp" "$out"
trap - EXIT
msg LEGAL "legal-info/manifest.csv ($(($(wc -l <"$out/manifest.csv") - 1)) packages)"
awk -F, 'NR > 1 { printf "          %-18s %-24s %s\n", $1, $2, $3 }' "$out/manifest.csv"
