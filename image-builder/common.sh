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

# The value of AD_$1 in the .config, unquoted.
cfg() { sed -n "s/^AD_$1=\"\{0,1\}\([^\"]*\)\"\{0,1\}\$/\1/p" "$O/.config"; }
