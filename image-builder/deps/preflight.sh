#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Before a build: whether the host has every tool (and header) the
# stages use, so that a missing one is named at once with the Debian
# package that provides it, not deep inside a stage. make runs it while
# reading its files, for a goal that needs them (image-builder/deps/
# deps.mk); `make preflight` checks everything.
#
# usage: preflight.sh [PART...]   check PART's rows (build, rootfs, deb,
#                                 boot, test, bench; none: all); exit 1,
#                                 naming what lacks
#        preflight.sh --list      the table: NAME PACKAGE PART
# A NAME with a / is a file; py:MODULE is a module of $PYTHON (the
# tests' Python, /usr/bin/python3 unless make says otherwise);
# dl:GLOB an i386 package make deps (or make source) downloads into
# $ADEOS_DL_DIR (dl/), which a stage unpacks.
set -u

# What the stages run (build), what the rootfs stage unpacks (rootfs),
# what make linux-deb adds (deb), what boots the images (boot), what the host tests need beyond
# that (test: make check needs no download), what make bench and make
# test's bench smoke unpack (bench); each with the package of Debian 12
# that has it.
TABLE='
gcc				build-essential		build
make				make			build
patch				patch			build
tar				tar			build
xz				xz-utils		build
bc				bc			build
bison				bison			build
flex				flex			build
perl				perl-base		build
rsync				rsync			build
cpio				cpio			build
gzip				gzip			build
md5sum				coreutils		build
dpkg-deb			dpkg			build
kconfig-conf			kconfig-frontends-nox	build
grub-mkrescue			grub-common		build
grub-mkimage			grub-common		build
xorriso				xorriso			build
mformat				mtools			build
mcopy				mtools			build
mmd				mtools			build
genimage			genimage		build
/usr/lib/grub/i386-pc/boot.img	grub-pc-bin		build
/usr/include/libelf.h		libelf-dev		build
/usr/include/openssl/ssl.h	libssl-dev		build
dpkg-buildpackage		dpkg-dev		deb
fakeroot			fakeroot		deb
depmod				kmod			deb
qemu-system-i386		qemu-system-x86		boot
py:pexpect			python3-pexpect		test
/usr/include/cmocka.h		libcmocka-dev		test
/usr/include/x86_64-linux-gnu/gnu/stubs-32.h	gcc-multilib	test
dl:busybox-static_*_i386.deb	busybox-static:i386	rootfs
dl:libc6_*_i386.deb		libc6:i386		bench
dl:libnuma1_*_i386.deb		libnuma1:i386		bench
dl:rt-tests_*_i386.deb		rt-tests:i386		bench
dl:linux-image-6.*-686_*_i386.deb	linux-image-686:i386	bench
dl:linux-image-6.*-rt-686-pae_*_i386.deb	linux-image-rt-686-pae:i386	bench
'

rows() {
	echo "$TABLE" | grep .
}

if [ "${1:-}" = --list ]; then
	rows
	exit 0
fi

parts=" $* "

# wanted PART: whether PART's rows are to be checked (all, when the
# command line names none)
wanted() {
	case $parts in
	"  " | *" $1 "*) return 0 ;;
	esac
	return 1
}

has() {
	# shellcheck disable=SC2086 # a download's name is a glob
	case $1 in
	py:*) "${PYTHON:-/usr/bin/python3}" -c "import ${1#py:}" >/dev/null 2>&1 ;;
	dl:*) set -- "${ADEOS_DL_DIR:-dl}"/${1#dl:} && [ -e "$1" ] ;;
	*/*) [ -e "$1" ] ;;
	*) command -v "$1" >/dev/null 2>&1 ;;
	esac
}

lacking=$(rows | while read -r name package part; do
	wanted "$part" && ! has "$name" && echo "$name $package"
done)
[ -z "$lacking" ] && exit 0

tools=$(echo "$lacking" | grep -v '^dl:')
downloads=$(echo "$lacking" | grep '^dl:')
{
	if [ -n "$tools" ]; then
		echo "preflight: missing on this host:"
		echo "$tools" | while read -r name package; do
			case $name in
			py:*) name="${PYTHON:-/usr/bin/python3}'s module ${name#py:}" ;;
			esac
			printf '  %-32s Debian package %s\n' "$name" "$package"
		done
		packages=$(echo "$tools" | awk '{ print $2 }' | sort -u | tr '\n' ' ')
		echo "Install them with 'make deps', or: sudo apt-get install ${packages% }"
		echo "Known to work: Debian 12 (bookworm) on amd64; other Debian and Ubuntu releases are untested."
	fi
	if [ -n "$downloads" ]; then
		echo "preflight: not downloaded into ${ADEOS_DL_DIR:-dl}/ (ADEOS_DL_DIR):"
		echo "$downloads" | while read -r name package; do
			printf '  %-32s Debian package %s\n' "${name#dl:}" "$package"
		done
		echo "Download them with 'make deps' (or 'make source', the downloads alone), never installed on the host."
	fi
} >&2
exit 1
