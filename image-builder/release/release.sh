#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make release: the release VERSION names, in $O/release/adeos-VERSION/:
#   adeos-VERSION.tar.gz       the source, as committed (git archive of
#                              HEAD: what a tag on it would hold)
#   adeos-VERSION-BOARD.iso,   the default boards' images (RELEASE_BOARDS,
#   -disk.img, -bzImage,       built from scratch in $O/release/build/)
#   -rootfs.cpio.gz
#   RELEASE-NOTES.md           CHANGELOG.md's section of VERSION
#   SHA256SUMS                 the checksums of all of them
# Dates are the commit's (SOURCE_DATE_EPOCH): run again, it gives the
# same bytes. The folder appears whole or not at all.
#
# environment: O, RELEASE_BOARDS (default: qemu_i386 pc_i386; empty: the
#   source alone), SOURCE_DATE_EPOCH (make sets it)
set -eu
# shellcheck disable=SC2034 # common.sh's die() names the stage
STAGE_NAME=release
. image-builder/common.sh

: "${O:?}"
boards=${RELEASE_BOARDS-qemu_i386 pc_i386}

v=$(adeos_version) || exit 1
name=adeos-$v

# The changelog's section for this version, up to the next one.
notes() {
	awk -v v="$v" '
	/^## / { on = ($2 == v) }
	on { print }' CHANGELOG.md
}

check_tree() {
	git rev-parse --verify -q HEAD >/dev/null 2>&1 ||
		die "make release needs the git repository (the source tarball is HEAD's)"
	changed=$(git status --porcelain --untracked-files=no)
	[ -z "$changed" ] ||
		die "uncommitted changes; commit them first (the tarball is HEAD's): $(echo "$changed" | tr '\n' ' ')"
	[ -n "$(notes)" ] ||
		die "CHANGELOG.md has no '## $v' section: say what changed in $v first"
	for b in $boards; do
		[ -f "configs/${b}_defconfig" ] ||
			die "RELEASE_BOARDS: no configs/${b}_defconfig"
	done
}

build_board() {
	b=$1
	out=$rel/build/$b
	msg BOARD "$b (log: $out.log)"
	rm -rf "$out"
	mkdir -p "$rel/build"
	make --no-print-directory O="$out" LINUX_SRC="$src" \
		"${b}_defconfig" image >"$out.log" 2>&1 || {
		tail -n 20 "$out.log" >&2
		die "board $b did not build; see $out.log"
	}
	img=$out/images
	cp "$img/adeos.iso" "$tmp/$name-$b.iso"
	cp "$img/disk.img" "$tmp/$name-$b-disk.img"
	cp "$img/bzImage" "$tmp/$name-$b-bzImage"
	cp "$img/rootfs.cpio.gz" "$tmp/$name-$b-rootfs.cpio.gz"
}

check_tree
rel=$O/release
src=$(mkdir -p "$O" && cd "$O" && pwd)/linux-src
tmp=$rel/$name.tmp
rm -rf "$tmp"
mkdir -p "$tmp"

msg TAR "$name.tar.gz (HEAD, $(git rev-parse --short HEAD))"
git archive --format=tar --prefix="$name/" HEAD | gzip -n -9 >"$tmp/$name.tar.gz"
for b in $boards; do
	build_board "$b"
done
notes >"$tmp/RELEASE-NOTES.md"
(cd "$tmp" && sha256sum -- * >SHA256SUMS.tmp && mv SHA256SUMS.tmp SHA256SUMS)
rm -rf "${rel:?}/$name"
mv "$tmp" "$rel/$name"
for f in "$rel/$name"/*; do
	msg RELEASE "$f ($(($(wc -c <"$f") / 1024)) KiB)"
done
