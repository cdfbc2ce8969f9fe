#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make soak: the debug board built (as make test builds it), then one
# boot of it running every reliability test at once for SECONDS of
# guest time (tests/boot/soak_test.py). TAP lines go to
# $O/results/soak.tap.
#
# usage: soak.sh O SECONDS    (from the source tree)
set -u
O=$1
seconds=$2
PYTHON=${PYTHON:-/usr/bin/python3}
BOARD=qemu_i386_debug
r=$O/results
mkdir -p "$r"
PYTHON=$PYTHON sh tests/boot/run.sh "$O" build "$BOARD"
d=$O/boards/$BOARD
out=$r/soak.tap
if grep -q '^not ok' "$r/build-$BOARD.tap"; then
	cp "$r/build-$BOARD.tap" "$out"
elif ! sh tests/boot/guest/build.sh "$d/build/guest" \
	"$d/build/tools/gen_init_cpio" "$d/build/linux" >"$d.guest.log" 2>&1; then
	echo "not ok - the guest test tools do not build; see $d.guest.log" >"$out"
else
	printf '  %-7s %s\n' SOAK "$BOARD, $seconds s of guest time"
	"$PYTHON" tests/boot/soak_test.py "$d" board/qemu-i386-debug/readme.txt \
		"$d/build/guest/tools.cpio" "$seconds" >"$out.tmp"
	mv "$out.tmp" "$out"
fi
cat "$out"
tests/summary.sh "$out"
