# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by each step of the kernel stage (source.sh, sync.sh,
# configure.sh, build.sh, update-defconfig.sh): the paths, kmake, the
# board's list of fragments, the tinyconfig-plus-fragments base, and
# Kbuild's output made short. Run from the Adeos source tree.
# environment: O, LINUX_SRC (the unpacked source; may be shared between
#   boards), ADEOS_CONFIG (tools/adeos-config), V=1 for every line of
#   Kbuild, JOBS.
STAGE_NAME=kernel
. image-builder/common.sh

: "${O:?}" "${LINUX_SRC:?}"
V=${V:-0}
JOBS=${JOBS:-$(nproc)}
kb=$O/build/linux

# Kernels built in different object trees share ccache's entries when
# they are built from one source path ($(O)/linux-src, which make test's
# boards share): Kbuild names the source files by their absolute path and
# the object tree's by relative ones (the object tree is the current
# directory), so the compile lines are the same. ccache hashes the
# current directory only for -g (four files of the real-mode code):
# CCACHE_NOHASHDIR. A CCACHE_BASEDIR would turn the source paths into
# relative ones that differ with the object tree's depth
# ($O/build/linux against $O/boards/B/build/linux): none.
kmake() {
	: "${SOURCE_DATE_EPOCH:?}"
	cc=gcc
	command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
	# what the kernel records of its build, fixed: builds repeat
	LC_ALL=C TZ=UTC CCACHE_NOHASHDIR=1 CCACHE_BASEDIR= \
		make --no-print-directory -C "$LINUX_SRC" \
		O="$(cd "$kb" && pwd)" ARCH=i386 CC="$cc" \
		KBUILD_BUILD_USER=adeos KBUILD_BUILD_HOST=adeos \
		KBUILD_BUILD_VERSION=1 \
		KBUILD_BUILD_TIMESTAMP="$(LC_ALL=C date -u -d "@$SOURCE_DATE_EPOCH")" \
		"$@"
}

# abspath FILE: FILE's absolute path (its folder must exist)
abspath() { echo "$(cd "$(dirname "$1")" && pwd)/$(basename "$1")"; }

# The board's fragments (AD_LINUX_CONFIG_FRAGMENTS), in order, into
# $fragments; the last, the board's own, into $board_fragment. A relative
# path is the source tree's, or else the external tree's.
# shellcheck disable=SC2034 # board_fragment: for update-defconfig.sh
fragment_list() {
	fragments=
	for f in $(cfg LINUX_CONFIG_FRAGMENTS); do
		if [ ! -f "$f" ] && [ -n "${ADEOS_EXTERNAL:-}" ] &&
			[ -f "$ADEOS_EXTERNAL/$f" ]; then
			f=$ADEOS_EXTERNAL/$f
		fi
		[ -f "$f" ] ||
			die "AD_LINUX_CONFIG_FRAGMENTS: $f: no such file"
		fragments="${fragments:+$fragments }$f"
		board_fragment=$f
	done
	[ -n "$fragments" ] ||
		die "AD_LINUX_CONFIG_FRAGMENTS is empty: a board needs at least board/common/linux.fragment"
}

# What the kernel .config is made from: when it changes, make it again.
# shellcheck disable=SC2086 # one word per fragment
fragment_stamp() {
	{
		base_name
		[ "$(base_name)" = tinyconfig ] || basename "$(debian_package)"
		echo "$fragments"
		cat $fragments "$O/build/linux-extra.fragment"
	} | cksum
}

# The base configuration (AD_LINUX_BASE_CONFIG): tinyconfig, or
# debian-FLAVOUR.
base_name() {
	name=$(cfg LINUX_BASE_CONFIG)
	echo "${name:-tinyconfig}"
}

# debian_package: the downloaded linux-image package of base_name's
# flavour, or exit naming what is missing.
debian_package() {
	flavour=${1:-$(base_name)}
	flavour=${flavour#debian-}
	dl=${ADEOS_DL_DIR:-dl}
	deb=$(find "$dl/" -maxdepth 1 -name "linux-image-6.*-${flavour}_*_i386.deb" 2>/dev/null |
		LC_ALL=C sort | tail -n 1)
	[ -n "$deb" ] ||
		die "AD_LINUX_BASE_CONFIG=debian-$flavour: no linux-image-6.*-${flavour}_*_i386.deb in $dl/ (make deps downloads linux-image-686 and linux-image-rt-686-pae)"
	echo "$deb"
}

# debian_config DIR: the .config of Debian's kernel of base_name's
# flavour into DIR, every module off.
debian_config() {
	deb=$(debian_package) || exit 1
	tmp=$1/debian-boot
	rm -rf "$tmp"
	mkdir -p "$tmp"
	dpkg-deb --fsys-tarfile "$deb" | tar -C "$tmp" -xf - --wildcards './boot/config-*' ||
		die "$deb: no /boot/config-* inside"
	# =m off: the images load no module but the domains' (which the
	# extra fragment asks for)
	sed 's/^\(CONFIG_[A-Za-z0-9_]*\)=m$/# \1 is not set/' "$tmp"/boot/config-* \
		>"$1/.config"
	rm -rf "$tmp"
}

# base_config DIR [EXTRA]: the base configuration plus the fragments, in
# order (a later one may set a symbol again), plus the fragment EXTRA,
# into the kernel object tree DIR.
base_config() {
	dir=$(cd "$1" && pwd)
	more=${2:-}
	case $(base_name) in
	tinyconfig)
		kmake O="$dir" -s tinyconfig >"$dir/kconfig.log" 2>&1 ||
			die "tinyconfig failed: see $dir/kconfig.log"
		;;
	debian-*)
		debian_config "$dir"
		kmake O="$dir" -s olddefconfig >"$dir/kconfig.log" 2>&1 ||
			die "olddefconfig of Debian's configuration failed: see $dir/kconfig.log"
		;;
	*)
		die "AD_LINUX_BASE_CONFIG=$(base_name): not tinyconfig nor debian-FLAVOUR"
		;;
	esac
	set --
	for f in $fragments; do
		set -- "$@" "$(abspath "$f")"
	done
	[ -s "$more" ] && set -- "$@" "$(abspath "$more")"
	merge=$(cd "$LINUX_SRC" && pwd)/scripts/kconfig/merge_config.sh
	# merge_config.sh makes its temporary files in the current directory
	(cd "$dir" && "$merge" -m -O . .config "$@") >>"$dir/kconfig.log" 2>&1 ||
		die "merging $fragments failed: see $dir/kconfig.log"
	kmake O="$dir" -s olddefconfig >>"$dir/kconfig.log" 2>&1 ||
		die "olddefconfig failed: see $dir/kconfig.log"
}

# An awk function for programs that read fragments: sym(line) is the
# CONFIG_ symbol the line sets (to a value, or not set), or "".
# shellcheck disable=SC2016,SC2034 # awk's text, for configure.sh and update-defconfig.sh
awk_sym='function sym(s) {
	if (match(s, /^CONFIG_[A-Za-z0-9_]+=/))
		return substr(s, 1, RLENGTH - 1)
	if (match(s, /^# CONFIG_[A-Za-z0-9_]+ is not set$/))
		return substr(s, 3, RLENGTH - 13)
	return ""
}'

# Are there domains built as modules?
domain_modules() {
	grep -q '^obj-m' "$O/domains/modules/modules.kbuild" 2>/dev/null
}

# Kbuild's lines become a count every 200 files, unless V=1; anything
# else it prints (warnings, errors) goes through. The two steps Kbuild
# runs every time (GEN Makefile, CALL checksyscalls.sh) build nothing.
# Each line is flushed as it is printed: into a pipe or a log, awk
# would keep the counts until the end.
progress() {
	if [ "$V" = 1 ]; then
		cat
		return
	fi
	awk '/^Kernel: .* is ready/ || /^  (GEN +Makefile|CALL +.*checksyscalls\.sh)$/ { next }
	/^  [A-Z0-9_]+ +/ {
		if (++n % 200 == 0) {
			printf "  %-7s %d files built\n", "LINUX", n
			fflush()
		}
		next
	}
	{ print; fflush() }
	END { printf "  %-7s %d files built\n", "LINUX", n }'
}

# kbuild WHAT TARGET...: Kbuild's TARGETs through progress; if Kbuild
# fails, stop, saying WHAT did not build. (Its status crosses the pipe
# in a file: sh has no pipefail.)
kbuild() {
	what=$1
	shift
	{
		status=0
		kmake -j"$JOBS" "$@" 2>&1 || status=1
		echo "$status" >"$kb/.build-status"
	} | progress
	[ "$(cat "$kb/.build-status")" = 0 ] || die "$what did not build"
}
