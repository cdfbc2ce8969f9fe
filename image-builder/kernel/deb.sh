#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make linux-deb: the board's kernel, as make linux built it, packaged
# by Linux's own bindeb-pkg into $O/images/debs/:
#   linux-image-RELEASE    the kernel, its .config and System.map, and
#                          its modules (the domains built as modules)
#   linux-headers-RELEASE  for out-of-tree modules (DKMS)
#   linux-libc-dev         the kernel's user-space headers
# Nothing is compiled again: the packaging's make gets the variables the
# kernel was built with (kmake's), and KDEB_PKGVERSION makes its build
# version the kernel's (1), which would otherwise relink vmlinux.
# A kernel that lacks what Debian's systemd and initramfs need
# (debian-needs.sh) is packaged all the same, with a warning naming it.
set -eu
. image-builder/kernel/lib.sh

{ [ -f "$kb/vmlinux" ] && [ -f "$kb/include/config/kernel.release" ]; } ||
	die "linux-deb: no kernel built in $kb (make linux first)"
release=$(cat "$kb/include/config/kernel.release")
out=$O/images/debs
log=$O/build/linux-deb.log

warn_if_not_for_debian() {
	lacks=$(sh image-builder/kernel/debian-needs.sh "$kb/.config" |
		cut -f1 | tr '\n' ' ') || :
	[ -z "$lacks" ] ||
		msg WARN "not for a Debian system: it lacks ${lacks% } (pc_i386_debian_defconfig has them)"
}

# What bindeb-pkg leaves beside the object tree ($O/build): the
# packages and dpkg-buildpackage's records of them.
leftovers() {
	find "$O/build" -maxdepth 1 -type f \( -name '*.deb' -o \
		-name '*.buildinfo' -o -name '*.changes' \)
}

package() {
	leftovers | xargs -r rm -f
	msg DEB "linux-image-$release, linux-headers-$release, linux-libc-dev (bindeb-pkg)"
	# the maintainer and the distribution the changelog names, fixed:
	# Kbuild would take them from the host
	if ! kmake KDEB_PKGVERSION="$release-1" KDEB_SOURCENAME=linux-adeos \
		KDEB_CHANGELOG_DIST=bookworm DEBEMAIL='Adeos <adeos@localhost>' \
		bindeb-pkg >"$log" 2>&1; then
		tail -n 20 "$log" >&2
		die "linux-deb: bindeb-pkg failed; see $log"
	fi
}

# The packages into $out, whole or not at all.
install_packages() {
	rm -rf "$out.tmp"
	mkdir -p "$out.tmp"
	leftovers | xargs -r mv -t "$out.tmp"
	ls "$out.tmp/linux-image-${release}_"*.deb >/dev/null 2>&1 ||
		die "linux-deb: bindeb-pkg made no linux-image-$release package; see $log"
	rm -rf "$out"
	mv "$out.tmp" "$out"
	for d in "$out"/*.deb; do
		msg DEB "$d ($(($(wc -c <"$d") / 1024)) KiB)"
	done
}

warn_if_not_for_debian
package
install_packages
