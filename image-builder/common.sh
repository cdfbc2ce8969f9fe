# SPDX-License-Identifier: GPL-2.0-only
#
# Sourced by each stage script (kernel/lib.sh, rootfs.sh, images.sh), which
# sets STAGE_NAME first: what every stage needs.

# What is built must not depend on the caller's umask, time zone or locale.
umask 022
export TZ=UTC LC_ALL=C

# One short line per step, as Kbuild's.
msg() { printf '  %-7s %s\n' "$1" "$2"; }

die() {
	echo "$STAGE_NAME: $*" >&2
	exit 1
}

# adeos_version: the release VERSION names (the one place it is
# written), or stop saying what is wrong with it.
adeos_version() {
	av=$(cat VERSION 2>/dev/null) || die "no VERSION file in the source tree"
	case $av in
	"" | *[!0-9A-Za-z.~+-]*) die "VERSION: '$av' is not a version (digits, letters, . ~ + -)" ;;
	esac
	echo "$av"
}

# The value of AD_$1 in the .config, unquoted.
cfg() { sed -n "s/^AD_$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$O/.config"; }

# o_room: KiB free and KiB in all on the file system of $O (or of the
# folder it will be made in)
o_room() {
	o_at=$O
	while [ ! -d "$o_at" ]; do o_at=$(dirname "$o_at"); done
	df -Pk "$o_at" | awk 'NR == 2 { print $4, $2 }'
}

# o_full: has $O's file system less than 1 MiB left? (Not every tool
# that stops on a full disk says so: gen_init_cpio says "writing
# filebuf failed".)
o_full() { [ "$(o_room | cut -d' ' -f1)" -lt 1024 ]; }

# no_space TEXT: does a tool's message TEXT say the disk is full?
no_space() {
	case $1 in
	*"No space left on device"* | *"Disk quota exceeded"*) return 0 ;;
	esac
	return 1
}

# remove_on_failure PATH: PATH (the stage's scratch) is removed if the
# stage stops on an error, so that what it half-wrote takes no room; if
# the disk was full then, a line says so first, for stage.sh, which
# runs the stage and names a full disk. A stage's output is renamed
# into place only when whole, so nothing else needs undoing.
# shellcheck disable=SC2154 # stage_status: set in the trap
remove_on_failure() {
	stage_scratch=$1
	trap 'stage_status=$?; [ $stage_status = 0 ] || stage_failed; exit $stage_status' EXIT
}
stage_failed() {
	if o_full; then
		echo "$STAGE_NAME: No space left on device: $(o_room | cut -d' ' -f1) KiB free on the file system of $O" >&2
	fi
	rm -rf "$stage_scratch"
}

# What a stage put into the images from other packages, for make
# legal-info (image-builder/legal/): $O/build/legal/STAGE.uses, a line
# "PACKAGE VERSION" each, written whole.
#   host_package FILE...  the host packages that installed FILEs, with
#                         their versions (a file of no package: none)
#   uses_record STAGE     standard input, sorted and unique, as STAGE's
host_package() {
	for hp_file in "$@"; do
		hp_file=$(readlink -f "$hp_file")
		# dpkg knows /usr/lib/... as /lib/... too (merged /usr)
		dpkg -S "$hp_file" 2>/dev/null || dpkg -S "${hp_file#/usr}" 2>/dev/null
	done | sed -n 's/^\([^:, ]*\)\(:[a-z0-9]*\)\{0,1\}: .*/\1/p' | sort -u |
		while read -r hp_name; do
			dpkg-query -W -f='${Package} ${Version}\n' "$hp_name"
		done
}
uses_record() {
	mkdir -p "$O/build/legal"
	sort -u >"$O/build/legal/$1.uses.tmp"
	mv "$O/build/legal/$1.uses.tmp" "$O/build/legal/$1.uses"
}
