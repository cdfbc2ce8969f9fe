#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage: Debian's Linux 6.1 source, unpacked and patched once
# (the linux-patch/ series), our sources synced in, configured from
# tinyconfig plus the board's fragment, built for i386 into
# $O/images/bzImage. Only files whose contents changed are copied into
# the kernel trees, so Kbuild rebuilds only what depends on them.
#
# usage: kernel.sh [build | config | menuconfig | update-defconfig]
#   build            everything above (the default)
#   config           only prepare the source and the kernel .config
#   menuconfig       Linux's menuconfig on the board's kernel .config
#   update-defconfig write the changes made there back to the board's
#                    fragment: only the symbols that differ from
#                    tinyconfig plus the fragment, so that it survives
#                    Linux updates (a full .config would not)
# Run from the Adeos source tree.
# environment: O, LINUX_SRC (the unpacked source; may be shared between
#   boards), ADEOS_CONFIG (tools/adeos-config), V=1 for every line of
#   Kbuild, JOBS.
set -eu
STAGE_NAME=kernel
. image-builder/common.sh

: "${O:?}" "${LINUX_SRC:?}" "${ADEOS_CONFIG:?}"
V=${V:-0}
JOBS=${JOBS:-$(nproc)}
kb=$O/build/linux
stage=$O/build/adeos-tree

tarball=$(cfg LINUX_TARBALL)
fragment=$(cfg LINUX_CONFIG_FRAGMENT)
# A relative path is the source tree's, or else the external tree's.
if [ ! -f "$fragment" ] && [ -n "${ADEOS_EXTERNAL:-}" ] &&
	[ -f "$ADEOS_EXTERNAL/$fragment" ]; then
	fragment=$ADEOS_EXTERNAL/$fragment
fi
[ -f "$tarball" ] ||
	die "AD_LINUX_TARBALL: $tarball is missing: install Debian's linux-source-6.1 package (make deps)"
[ -f "$fragment" ] ||
	die "AD_LINUX_CONFIG_FRAGMENT: $fragment: no such file"

patches=$(sed -n 's/^\([^#[:space:]][^[:space:]]*\).*/\1/p' linux-patch/series)

# What the unpacked tree was made from: when it changes, unpack again.
source_stamp() {
	# shellcheck disable=SC2086 # one word per patch
	(
		ls -lL "$tarball"
		cd linux-patch && cat series $patches
	) | cksum
}

# Unpack into a temporary tree, patch it, and only then put it in place.
unpack_and_patch() {
	want=$1
	rm -rf "$LINUX_SRC" "$LINUX_SRC.tmp"
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
}

prepare_source() {
	want=$(source_stamp)
	if [ "$(cat "$LINUX_SRC/.adeos-stamp" 2>/dev/null)" != "$want" ]; then
		unpack_and_patch "$want"
	fi
	# Objects built from another unpacking are stale: keep only .config.
	if [ "$(cat "$kb/.adeos-stamp" 2>/dev/null)" != "$want" ]; then
		if [ -d "$kb" ]; then
			[ -f "$kb/.config" ] && mv "$kb/.config" "$O/build/linux.config.keep"
			rm -rf "$kb"
		fi
		mkdir -p "$kb"
		[ -f "$O/build/linux.config.keep" ] &&
			mv "$O/build/linux.config.keep" "$kb/.config"
		echo "$want" >"$kb/.adeos-stamp"
	fi
}

# copy_if_changed SRC DST: keep DST's timestamp when the text is the same.
copy_if_changed() {
	if ! cmp -s "$1" "$2"; then
		mkdir -p "$(dirname "$2")"
		cp "$1" "$2.tmp"
		mv "$2.tmp" "$2"
	fi
}

# sync_tree FROM TO: TO gets FROM's files, changed ones only, and loses
# the files FROM does not have.
sync_tree() {
	(cd "$1" && find . -type f) | while read -r f; do
		copy_if_changed "$1/$f" "$2/$f"
	done
	[ -d "$2" ] || return 0
	(cd "$2" && find . -type f) | while read -r f; do
		[ -e "$1/$f" ] || rm -f "$2/$f"
	done
}

# Lay our sources out as they sit in Linux, then sync them in.
sync_sources() {
	rm -rf "$stage"
	mkdir -p "$stage/kernel/adeos/templates" "$stage/arch/x86/adeos"
	cp -R core/. "$stage/kernel/adeos/"
	mv "$stage/kernel/adeos/linux/Kconfig" "$stage/kernel/adeos/Kconfig"
	for t in domain-templates/*/ \
		${ADEOS_EXTERNAL:+"$ADEOS_EXTERNAL"/domain-templates/*/}; do
		[ -d "$t" ] || continue
		mkdir -p "$stage/kernel/adeos/templates/$(basename "$t")"
		cp "$t"*.c "$t"*.h "$stage/kernel/adeos/templates/$(basename "$t")/"
	done
	cp -R arch/i386/. "$stage/arch/x86/adeos/"
	sync_tree "$stage/kernel/adeos" "$LINUX_SRC/kernel/adeos"
	sync_tree "$stage/arch/x86/adeos" "$LINUX_SRC/arch/x86/adeos"
	copy_if_changed "$O/domains/adeos_domains.c" \
		"$kb/kernel/adeos/adeos_domains.c"
	# the domains built as modules: their sources and Kbuild lines
	# (modpost's *.mod.c files are Kbuild's own)
	for f in "$kb"/kernel/adeos/adeos-*.c; do
		case $f in *.mod.c) continue ;; esac
		[ -e "$f" ] && [ ! -e "$O/domains/modules/$(basename "$f")" ] &&
			rm -f "$f" "${f%.c}.o"
	done
	for f in "$O"/domains/modules/*; do
		[ -e "$f" ] && copy_if_changed "$f" "$kb/kernel/adeos/$(basename "$f")"
	done
}

# Are there domains built as modules?
domain_modules() {
	grep -q '^obj-m' "$O/domains/modules/modules.kbuild" 2>/dev/null
}

kmake() {
	cc=gcc
	command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
	# what the kernel records of its build, fixed: builds repeat
	LC_ALL=C TZ=UTC make --no-print-directory -C "$LINUX_SRC" \
		O="$(cd "$kb" && pwd)" ARCH=i386 CC="$cc" \
		KBUILD_BUILD_USER=adeos KBUILD_BUILD_HOST=adeos \
		KBUILD_BUILD_VERSION=1 \
		KBUILD_BUILD_TIMESTAMP="$(LC_ALL=C date -u -d "@${SOURCE_DATE_EPOCH:?}")" \
		"$@"
}

# tinyconfig plus the board's fragment, into the kernel object tree $1.
base_config() {
	kmake O="$(cd "$1" && pwd)" -s tinyconfig >"$1/kconfig.log" 2>&1 ||
		die "tinyconfig failed: see $1/kconfig.log"
	# merge_config.sh makes its temporary files in the current directory
	abs_fragment=$(cd "$(dirname "$fragment")" && pwd)/$(basename "$fragment")
	merge=$(cd "$LINUX_SRC" && pwd)/scripts/kconfig/merge_config.sh
	extra_fragment=
	[ -n "${2:-}" ] && [ -s "$2" ] &&
		extra_fragment=$(cd "$(dirname "$2")" && pwd)/$(basename "$2")
	# shellcheck disable=SC2086 # no extra fragment: no word
	(cd "$1" && "$merge" -m -O . \
		.config "$abs_fragment" $extra_fragment) >>"$1/kconfig.log" 2>&1 ||
		die "merging $fragment failed: see $1/kconfig.log"
	kmake O="$(cd "$1" && pwd)" -s olddefconfig >>"$1/kconfig.log" 2>&1 ||
		die "olddefconfig failed: see $1/kconfig.log"
}

# The kernel .config, made again only when the fragment changed, so that
# changes made with linux-menuconfig stay. Every value the fragment asks
# for must hold: merge_config.sh only warns.
configure() {
	extra=$O/build/linux-extra.fragment
	# what the configuration needs of the kernel beyond the board's fragment
	extra_note=
	if domain_modules; then
		printf 'CONFIG_MODULES=y\nCONFIG_MODULE_UNLOAD=y\n' >"$extra"
		extra_note=" + module support (domains built as modules)"
	else
		: >"$extra"
	fi
	want=$(cat "$fragment" "$extra" | cksum)
	[ -f "$kb/.config" ] &&
		[ "$(cat "$kb/.adeos-fragment" 2>/dev/null)" = "$want" ] && return 0
	msg KCONFIG "tinyconfig + $fragment${extra_note:-}"
	base_config "$kb" "$extra"
	CONFIG_=CONFIG_ "$ADEOS_CONFIG" requested "$kb/.config" "$fragment" \
		"$extra" ||
		die "the kernel configuration does not hold what $fragment${extra_note:+ and the domain modules} ask for"
	echo "$want" >"$kb/.adeos-fragment"
}

# One line per symbol, "NAME value" (value n for "is not set").
config_values() {
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*\)=\(.*\)/\1 \2/p
		s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/\1 n/p' "$1" | sort
}

# The fragment, with every symbol whose value differs from tinyconfig
# plus the fragment set as the current .config has it.
update_defconfig() {
	base=$O/build/linux-base
	rm -rf "$base"
	mkdir -p "$base"
	msg KCONFIG "tinyconfig + $fragment (to compare)"
	base_config "$base" "$O/build/linux-extra.fragment"
	config_values "$base/.config" >"$base/values.base"
	config_values "$kb/.config" >"$base/values.now"
	join -a 2 -e '(none)' -o 0,1.2,2.2 "$base/values.base" \
		"$base/values.now" | awk '$2 != $3 { print $1, $3 }' \
		>"$base/changed"
	awk 'NR == FNR { v[$1] = $2; next }
	function line(s, x) {
		return x == "n" ? "# " s " is not set" : s "=" x
	}
	{
		s = $0
		if (match(s, /^CONFIG_[A-Za-z0-9_]+=/))
			s = substr(s, 1, RLENGTH - 1)
		else if (match(s, /^# CONFIG_[A-Za-z0-9_]+ is not set$/))
			s = substr(s, 3, RLENGTH - 13)
		else { print; next }
		if (s in v) { print line(s, v[s]); delete v[s] } else print
	}
	END { for (s in v) print line(s, v[s]) }' \
		"$base/changed" "$fragment" >"$fragment.tmp"
	mv "$fragment.tmp" "$fragment"
	cksum <"$fragment" >"$kb/.adeos-fragment"
	msg SAVE "$fragment ($(wc -l <"$base/changed") symbols changed)"
}

# Kbuild's lines become a count every 200 files, unless V=1; anything
# else it prints (warnings, errors) goes through.
progress() {
	if [ "$V" = 1 ]; then
		cat
		return
	fi
	awk '/^Kernel: .* is ready/ { next }
	/^  [A-Z0-9_]+ +/ {
		if (++n % 200 == 0)
			printf "  %-7s %d files built\n", "LINUX", n
		next
	}
	{ print }
	END { printf "  %-7s %d files built\n", "LINUX", n }'
}

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

# The domains built as modules, into $O/build/modules/ for the rootfs.
build_domain_modules() {
	mods=$O/build/modules
	rm -rf "$mods.tmp"
	mkdir -p "$mods.tmp"
	if domain_modules; then
		msg LINUX "modules: $(sed -n 's/^obj-m += \(.*\)\.o$/\1.ko/p' \
			"$O/domains/modules/modules.kbuild" | tr '\n' ' ')"
		{
			if kmake -j"$JOBS" modules 2>&1; then
				echo 0 >"$kb/.build-status"
			else
				echo 1 >"$kb/.build-status"
			fi
		} | progress
		[ "$(cat "$kb/.build-status")" = 0 ] ||
			die "the domain modules did not build"
		for m in $(sed -n 's/^obj-m += \(.*\)\.o$/\1/p' \
			"$O/domains/modules/modules.kbuild"); do
			cp "$kb/kernel/adeos/$m.ko" "$mods.tmp/"
		done
	fi
	rm -rf "$mods"
	mv "$mods.tmp" "$mods"
}

build() {
	rebuild_if_dated_otherwise
	release=$(kmake -s kernelrelease)
	deb=$(dpkg-query -W -f '${Version}' linux-source-6.1 2>/dev/null || true)
	msg LINUX "$release${deb:+ (Debian linux-source-6.1 $deb)}: bzImage"
	{
		if kmake -j"$JOBS" bzImage 2>&1; then
			echo 0 >"$kb/.build-status"
		else
			echo 1 >"$kb/.build-status"
		fi
	} | progress
	[ "$(cat "$kb/.build-status")" = 0 ] || die "the kernel build failed"
	build_domain_modules
	mkdir -p "$O/images"
	copy_if_changed "$kb/arch/x86/boot/bzImage" "$O/images/bzImage"
	echo "$release" >"$O/images/kernel.release.tmp"
	mv "$O/images/kernel.release.tmp" "$O/images/kernel.release"
}

case ${1:-build} in
build)
	prepare_source
	sync_sources
	configure
	build
	;;
config)
	prepare_source
	sync_sources
	configure
	;;
menuconfig)
	prepare_source
	sync_sources
	configure
	kmake menuconfig
	;;
update-defconfig)
	[ -f "$kb/.config" ] || die "no kernel .config yet: make linux-menuconfig first"
	update_defconfig
	;;
*)
	die "unknown step '$1'"
	;;
esac
