#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, step 4: bzImage, built for i386 into
# $O/images/bzImage (with $O/images/kernel.release), and the domains
# built as modules, into $O/build/modules/ for the rootfs.
set -eu
. image-builder/kernel/lib.sh

# Kbuild dates the built-in initramfs from KBUILD_BUILD_TIMESTAMP but does
# not rebuild it when that changes (a new commit): do it here, so that an
# incremental build gives the bytes of a clean one.
rebuild_if_dated_otherwise() {
	stamp=$kb/.adeos-source-date-epoch
	if [ "$(cat "$stamp" 2>/dev/null)" != "$SOURCE_DATE_EPOCH" ]; then
		rm -f "$kb/usr/initramfs_data.cpio" "$kb/usr/initramfs_inc_data" \
			"$kb/usr/initramfs_data.o"
		echo "$SOURCE_DATE_EPOCH" >"$stamp"
	fi
}

build_kernel() {
	rebuild_if_dated_otherwise
	release=$(kmake -s kernelrelease)
	deb=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null || true)
	msg LINUX "$release${deb:+ (Debian linux-source-6.1 $deb)}: bzImage"
	kbuild "the kernel" bzImage
}

# bzImage into $O/images, rewritten only when it changed. The release
# again: before the first build, Kbuild's kernelrelease does not know
# CONFIG_LOCALVERSION yet (its auto.conf is not made).
install_kernel() {
	release=$(cat "$kb/include/config/kernel.release")
	mkdir -p "$O/images"
	rsync -c "$kb/arch/x86/boot/bzImage" "$O/images/bzImage"
	echo "$release" >"$O/images/kernel.release.tmp"
	mv "$O/images/kernel.release.tmp" "$O/images/kernel.release"
}

# The domains built as modules, into $O/build/modules/.
build_domain_modules() {
	mods=$O/build/modules
	list=$(sed -n 's/^obj-m += \(.*\)\.o$/\1/p' \
		"$O/domains/modules/modules.kbuild" 2>/dev/null || :)
	rm -rf "$mods.tmp"
	mkdir -p "$mods.tmp"
	if domain_modules; then
		msg LINUX "modules: $(for m in $list; do printf '%s.ko ' "$m"; done)"
		kbuild "the domain modules" modules
		for m in $list; do
			cp "$kb/kernel/adeos/$m.ko" "$mods.tmp/"
		done
	elif grep -q '^CONFIG_MODULES=y' "$kb/.config"; then
		# no domain of ours, but modules built outside the tree (a
		# module of the user's own tasks) need Module.symvers
		msg LINUX "modules: none of the domains; Module.symvers for others"
		kbuild "the kernel's modules" modules
	fi
	rm -rf "$mods"
	mv "$mods.tmp" "$mods"
	check_symbol_versions
}

# With CONFIG_MODVERSIONS, an export whose version generation failed (one
# made in a .S file whose prototype genksyms never saw) has CRC 0 in
# Module.symvers, and every module using it fails to load ("no symbol
# version", EINVAL): modpost only warns, so stop the build here.
check_symbol_versions() {
	grep -q '^CONFIG_MODVERSIONS=y' "$kb/.config" || return 0
	bad=$(awk '$1 == "0x00000000" { printf "%s ", $2 }' "$kb/Module.symvers")
	[ -z "$bad" ] ||
		die "exports without a symbol version (CONFIG_MODVERSIONS): ${bad% }; export them from C, where their prototype is"
}

build_kernel
build_domain_modules
install_kernel
