#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Install every Debian package the project needs, and download the i386
# packages the images are made of: non-interactive and idempotent
# (nothing is fetched when all is there). Uses sudo when not root.
# With --download-only (make source), only the downloads.
#
# i386 packages are never installed on the host (installing
# rt-tests:i386 removes 31 host packages here, python3 among them): they
# are downloaded into $ADEOS_DL_DIR (default dl/) and unpacked by the
# build.
set -eu

PACKAGES="
	build-essential
	gcc-multilib
	libcmocka-dev
	valgrind
	patch
	kconfig-frontends-nox
	python3-pexpect
	linux-source-6.1
	xz-utils
	bc
	bison
	flex
	libelf-dev
	libssl-dev
	libncurses-dev
	cpio
	ccache
	qemu-system-x86
	grub-pc-bin
	grub-common
	xorriso
	mtools
	genimage
	cppcheck
	clang-format
	gnuplot-nox
	procps
	rsync
	dpkg-dev
	fakeroot
	kmod
"
# Downloaded, never installed: the images' busybox; the benchmark's
# rt-tests (cyclictest, hackbench) with the libraries they load.
I386_PACKAGES="
	busybox-static
	rt-tests
	libc6
	libnuma1
"
# The peer kernels of make bench, by their Debian metapackages: what is
# downloaded is the versioned package each depends on.
I386_KERNELS="
	linux-image-686
	linux-image-rt-686-pae
"
ADEOS_DL_DIR=${ADEOS_DL_DIR:-dl}

SUDO=
if [ "$(id -u)" -ne 0 ]; then
	SUDO=sudo
fi
export DEBIAN_FRONTEND=noninteractive
updated=

# apt_update: refresh the package lists once. A mirror caught mid-sync
# fails one index ("File has unexpected size ... Mirror sync in
# progress?", seen for bookworm-security's i386 list): apt then keeps
# the lists it has, so try again, and at last go on with a warning;
# what is then missing is named by the install or download that needs it.
apt_update() {
	[ -z "$updated" ] || return 0
	updated=1
	for try in 1 2 3; do
		if $SUDO apt-get update -qq -o Acquire::Retries=3; then
			return 0
		fi
		[ "$try" -eq 3 ] || sleep $((try * 10))
	done
	echo "install-deps: warning: apt-get update failed 3 times; going on with the package lists there are" >&2
}

installed() {
	dpkg-query -W -f='${db:Status-Abbrev}' "$1" 2>/dev/null | grep -q '^ii'
}

install_host_packages() {
	missing=
	for p in $PACKAGES; do
		installed "$p" || missing="$missing $p"
	done
	if [ -z "$missing" ]; then
		echo "  DEPS    all Debian packages present"
		return
	fi
	echo "  DEPS    installing:$missing"
	apt_update
	# shellcheck disable=SC2086 # one word per package
	$SUDO apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

# download PKG WHY: PKG:i386's .deb into $ADEOS_DL_DIR, or exit.
download() {
	echo "  DL      $1:i386$2 -> $ADEOS_DL_DIR/"
	apt_update
	# apt warns that root downloads unsandboxed: harmless here.
	(
		cd "$ADEOS_DL_DIR"
		apt-get download -qq "$1:i386" 2>&1 | grep -v 'unsandboxed'
	) || true
	cached "${1}_*_i386.deb" ||
		{ echo "install-deps: could not download $1:i386" >&2; exit 1; }
}

# whole DEB: the archive reads back to its end (a download cut short,
# or a damaged copy, does not).
whole() {
	dpkg-deb --fsys-tarfile "$1" >/dev/null 2>&1
}

# cached GLOB: a whole .deb in $ADEOS_DL_DIR matches GLOB; a damaged one
# is removed, to be fetched again.
cached() {
	found=1
	for f in "$ADEOS_DL_DIR"/$1; do
		[ -f "$f" ] || continue
		if whole "$f"; then
			found=0
			continue
		fi
		echo "  DL      $f is damaged (cut short?): removed, to fetch again"
		rm -f "$f"
	done
	return $found
}

download_i386_packages() {
	if ! dpkg --print-foreign-architectures | grep -qx i386; then
		echo "  DEPS    adding the i386 architecture (for downloads only)"
		$SUDO dpkg --add-architecture i386
		updated=
	fi
	mkdir -p "$ADEOS_DL_DIR"
	chmod 0755 "$ADEOS_DL_DIR"
	for p in $I386_PACKAGES; do
		if cached "${p}_*_i386.deb"; then
			continue
		fi
		download "$p" ""
	done
	for meta in $I386_KERNELS; do
		flavour=${meta#linux-image-}
		if cached "linux-image-6.*-${flavour}_*_i386.deb"; then
			continue
		fi
		apt_update
		p=$(apt-cache depends "$meta:i386" 2>/dev/null |
			sed -n 's/^ *Depends: \(linux-image-[^:]*\)\(:i386\)\{0,1\}$/\1/p' |
			head -n 1)
		[ -n "$p" ] ||
			{ echo "install-deps: $meta:i386 names no kernel package" >&2; exit 1; }
		download "$p" " ($meta)"
	done
	chmod a+r "$ADEOS_DL_DIR"/*.deb
}

case ${1:-} in
--download-only)
	# make source: what a build downloads, for building offline later;
	# the host's packages (the Linux source among them) are make deps'
	installed linux-source-6.1 ||
		echo "install-deps: linux-source-6.1 is not installed, and the kernel stage needs it: make deps" >&2
	download_i386_packages
	echo "  DL      every i386 package the images and make bench use is in $ADEOS_DL_DIR/"
	;;
"")
	install_host_packages
	download_i386_packages
	;;
*)
	echo "usage: install-deps.sh [--download-only]" >&2
	exit 2
	;;
esac
