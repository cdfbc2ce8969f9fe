#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Linux's own timer selftests (tools/testing/selftests/timers of the
# board's kernel source), built as static i386 programs and packed as a
# cpio archive that a test boots after the board's initramfs: the
# programs go to /usr/lib/selftests/timers/. Only the ones that change
# nothing in the machine (the Makefile's TEST_GEN_PROGS, not its
# DESTRUCTIVE_TESTS) and end in seconds of guest time: posix_timers,
# nanosleep, nsleep-lat, set-timer-lat, and mqueue-lat where the kernel
# has POSIX message queues.
#
# usage: build.sh DIR GEN_INIT_CPIO KERNEL_OBJECTS
#        writes DIR/selftests.cpio and DIR/selftests.list (the programs)
set -eu
dir=$1
gen=$2
kobj=$3
here=$(dirname "$0")
. "$here/../../image-builder/rootfs/guest.sh"
src=$kobj/source/tools/testing/selftests
if [ ! -d "$src/timers" ]; then
	echo "selftests: no $src/timers: is $kobj a built kernel?" >&2
	exit 1
fi
mkdir -p "$dir"
progs="posix_timers nanosleep nsleep-lat set-timer-lat"
grep -q '^CONFIG_POSIX_MQUEUE=y$' "$kobj/.config" && progs="$progs mqueue-lat"
cc=${TARGET_CC:-gcc}
command -v ccache >/dev/null 2>&1 && cc="ccache $cc"
{
	cpio_dir /usr 0755
	cpio_dir /usr/lib 0755
	cpio_dir /usr/lib/selftests 0755
	cpio_dir /usr/lib/selftests/timers 0755
	for p in $progs; do
		printf '  %-7s %s\n' CC "selftests/timers/$p (i386, static)" >&2
		# Their Makefile's flags and libraries; not our -Werror: the
		# code is Linux's, as it is.
		$cc -m32 -static -O2 -s -Wall -I"$src" -o "$dir/$p.tmp" \
			"$src/timers/$p.c" -lrt -lpthread -lm >&2
		mv "$dir/$p.tmp" "$dir/$p"
		cpio_file "/usr/lib/selftests/timers/$p" "$dir/$p" 0755
	done
} >"$dir/selftests.cpio.list.tmp"
mv "$dir/selftests.cpio.list.tmp" "$dir/selftests.cpio.list"
cpio_pack "$gen" "$dir/selftests.cpio.list" "$dir/selftests.cpio"
echo "$progs" | tr ' ' '\n' >"$dir/selftests.list.tmp"
mv "$dir/selftests.list.tmp" "$dir/selftests.list"
