#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make debug-repeat: some of the debug board's own checks
# (tests/boot/debug_test.py's DEBUG_CHECKS, by default "churn soak", the
# two where issue 38's lost prompt showed) run RUNS times, beside HOGS
# host CPU hogs (yes) for the whole time. The board is built first (as
# make test builds it; again, it is incremental). Each run's TAP lines
# go to $O/results/debug-repeat-N.tap; a line per run, then how many
# runs failed and the summary line of them all.
#
# usage: debug_repeat.sh O RUNS HOGS     (from the source tree; PYTHON,
# DEBUG_CHECKS from make)
set -u
O=$1
runs=$2
hogs=$3
PYTHON=${PYTHON:-/usr/bin/python3}
checks=${DEBUG_CHECKS:-churn soak}
BOARD=qemu_i386_debug
case "$runs:$hogs" in
*[!0-9:]* | :* | *:)
	echo "debug-repeat: DEBUG_RUNS and DEBUG_HOGS must be numbers (DEBUG_RUNS=$runs DEBUG_HOGS=$hogs)" >&2
	exit 2 ;;
esac
r=$O/results
mkdir -p "$r"
rm -f "$r"/debug-repeat-*.tap
PYTHON=$PYTHON sh tests/boot/run.sh "$O" build "$BOARD"
d=$O/boards/$BOARD
if grep -q '^not ok' "$r/build-$BOARD.tap"; then
	exit 1
fi
if ! sh tests/boot/guest/build.sh "$d/build/guest" \
	"$d/build/tools/gen_init_cpio" "$d/build/linux" >"$d.guest.log" 2>&1; then
	echo "debug-repeat: the guest test tools do not build; see $d.guest.log" >&2
	exit 1
fi

# the hogs, stopped (and waited for) however this ends
pids=
stop_hogs() {
	# shellcheck disable=SC2086 # a list of process ids
	[ -z "$pids" ] || { kill $pids; wait $pids; } 2>/dev/null
	pids=
}
trap 'stop_hogs' EXIT
trap 'exit 130' INT TERM
n=0
while [ $n -lt "$hogs" ]; do
	yes >/dev/null &
	pids="$pids $!"
	n=$((n + 1))
done

failed=0
i=1
while [ $i -le "$runs" ]; do
	out=$r/debug-repeat-$i.tap
	start=$(date +%s)
	DEBUG_CHECKS=$checks "$PYTHON" tests/boot/debug_test.py "$d" \
		board/qemu-i386-debug/readme.txt "$d/build/guest/tools.cpio" \
		>"$out.tmp" 2>&1
	rc=$?
	mv "$out.tmp" "$out"
	bad=$(grep -c '^not ok' "$out")
	if [ $rc != 0 ] || [ "$bad" != 0 ]; then
		failed=$((failed + 1))
		[ "$bad" != 0 ] || echo "not ok - debug-repeat run $i: debug_test.py exited with status $rc" >>"$out"
		printf '  %-7s %s\n' FAIL "run $i of $runs ($checks, $hogs hogs): $(grep -m 1 '^not ok' "$out" | cut -c 1-200)"
	else
		printf '  %-7s %s\n' OK "run $i of $runs ($checks, $hogs hogs): $(grep -c '^ok' "$out") checks in $(($(date +%s) - start)) s"
	fi
	i=$((i + 1))
done
stop_hogs
echo "debug-repeat: $failed of $runs runs failed ($checks; $hogs host CPU hogs)"
tests/summary.sh "$r"/debug-repeat-*.tap
