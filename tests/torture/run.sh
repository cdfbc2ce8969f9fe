#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make torture's pipeline part: the torture at length, with a new seed
# each run (printed: SEED=N replays it).
#   host     HOST_EVENTS events under AddressSanitizer and UBSan
#   guest    GUEST_EVENTS events from /proc/adeos/torture on the debug
#            board, during a pulse flood (tests/boot/torture_test.py)
#   planted  the QEMU board's kernel built with each of tests/planted/'s
#            bugs: its boot's run must print FAIL
#   busy     the QEMU board booted BUSY_BOOTS (10) times without -icount
#            beside two host CPU hogs: no domain stopped for its budget,
#            the console answering (tests/boot/busy_host.py)
# TAP lines go to $O/results/torture-*.tap.
#
# usage: run.sh O HOST_EVENTS GUEST_EVENTS    (from the source tree)
# environment: SEED, PYTHON, MAKE
set -u
O=$1
host_events=$2
guest_events=$3
PYTHON=${PYTHON:-/usr/bin/python3}
MAKE=${MAKE:-make}
seed=${SEED:-$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')}
r=$O/results
mkdir -p "$r"
src=$(cd "$O" && pwd)/linux-src
dl=$(cd "${ADEOS_DL_DIR:-dl}" && pwd)
DEBUG_BOARD=qemu_i386_debug
PLANT_BOARD=qemu_i386

msg() { printf '  %-7s %s\n' "$1" "$2"; }

msg TORTURE "seed $seed (replay: make torture SEED=$seed)"

# host: the model against the simulated CPU, sanitized
msg HOST "$host_events events, ASan and UBSan"
out=$r/torture-host.tap
"$O/host/san/bin/torture" -s "$seed" -n "$host_events" >"$out.tmp" 2>&1
rc=$?
if [ $rc != 0 ] && ! grep -q '^not ok' "$out.tmp"; then
	echo "not ok - host torture exited with status $rc" >>"$out.tmp"
fi
mv "$out.tmp" "$out"
tests/report.sh torture-host "$out"

# guest: the debug board's kernel
# the rt-tasks executive against its reference model, at length
rtx_sets=${RTX_SETS:-20000}
msg HOST "$rtx_sets rt-tasks task sets against the model, ASan and UBSan"
out=$r/torture-rtx.tap
if RTX_TORTURE_SEED=$seed RTX_TORTURE_RUNS=$rtx_sets \
	"$O/host/san/bin/test_rtx" >"$out.log" 2>&1; then
	echo "ok - rtx torture: $rtx_sets task sets from seed $seed, every check of the model held" >"$out"
else
	echo "not ok - rtx torture from seed $seed: $(grep -m1 'torture seed\|ERROR\|FAIL' "$out.log")" >"$out"
fi
tests/report.sh torture-rtx "$out"

msg GUEST "$guest_events events on $DEBUG_BOARD"
PYTHON=$PYTHON sh tests/boot/run.sh "$O" build "$DEBUG_BOARD"
d=$O/boards/$DEBUG_BOARD
out=$r/torture-guest.tap
if grep -q '^not ok' "$r/build-$DEBUG_BOARD.tap"; then
	cp "$r/build-$DEBUG_BOARD.tap" "$out"
elif ! sh tests/boot/guest/build.sh "$d/build/guest" \
	"$d/build/tools/gen_init_cpio" "$d/build/linux" >"$d.guest.log" 2>&1; then
	echo "not ok - the guest test tools do not build; see $d.guest.log" >"$out"
else
	"$PYTHON" tests/boot/torture_test.py "$d" \
		board/qemu-i386-debug/readme.txt "$d/build/guest/tools.cpio" \
		"$guest_events" "$seed" >"$out.tmp" 2>&1
	mv "$out.tmp" "$out"
fi
tests/report.sh torture-guest "$out"

# planted: each bug in a copy of the sources, the kernel built from it
# against the same Linux tree (so ccache has most of it), booted once
plant() {
	bug=$1
	# absolute: the kernel is built from inside the copy
	tree=$(cd "$O" && pwd)/torture/planted-$bug
	out=$r/torture-planted-$bug.tap
	rm -rf "$tree/src"
	mkdir -p "$tree/src"
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - | tar -xf - -C "$tree/src"
	if ! patch -s -p1 -d "$tree/src" <"tests/planted/$bug.patch"; then
		echo "not ok - planted bug $bug no longer applies to core/" >"$out"
		return
	fi
	if ! (cd "$tree/src" && ADEOS_DL_DIR=$dl \
		$MAKE --no-print-directory O="$tree/out" LINUX_SRC="$src" \
		"${PLANT_BOARD}_defconfig" image) >"$tree/build.log" 2>&1; then
		echo "not ok - planted bug $bug: the kernel does not build; see $tree/build.log" >"$out"
		return
	fi
	log=$tree/console.log
	: >"$log"
	qemu-system-i386 -M pc -m 256M -nographic -no-reboot \
		-icount shift=3,sleep=off \
		-kernel "$tree/out/images/bzImage" \
		-initrd "$tree/out/images/rootfs.cpio.gz" \
		-append "console=ttyS0 panic=-1" </dev/null >"$log" 2>&1 &
	pid=$!
	n=0
	while [ $n -lt 120 ] && ! grep -aq 'adeos: torture ' "$log"; do
		sleep 1
		n=$((n + 1))
	done
	kill "$pid" 2>/dev/null
	wait "$pid" 2>/dev/null
	line=$(tr -d '\r' <"$log" | grep -a -m 1 'adeos: torture ')
	case $line in
	*"torture FAIL"*)
		echo "ok - planted bug $bug caught in the kernel: ${line#*adeos: torture }" ;;
	*)
		echo "not ok - planted bug $bug went unnoticed in the kernel: ${line:-no torture line}" ;;
	esac >"$out"
	tests/report.sh "torture-planted/$bug" "$out"
}

for p in tests/planted/*.patch; do
	b=$(basename "$p" .patch)
	msg PLANTED "$b"
	plant "$b"
done

busy_boots=${BUSY_BOOTS:-10}
msg BUSY "$busy_boots boots of $PLANT_BOARD beside two host CPU hogs"
PYTHON=$PYTHON sh tests/boot/run.sh "$O" build "$PLANT_BOARD"
out=$r/torture-busy.tap
if grep -q '^not ok' "$r/build-$PLANT_BOARD.tap"; then
	cp "$r/build-$PLANT_BOARD.tap" "$out"
else
	"$PYTHON" tests/boot/busy_host.py "$O/boards/$PLANT_BOARD" \
		board/qemu-i386/readme.txt "$busy_boots" >"$out.tmp" 2>&1
	mv "$out.tmp" "$out"
fi
tests/report.sh torture-busy "$out"
exit 0
