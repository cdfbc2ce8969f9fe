#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make torture's pipeline part: the torture at length, with a new seed
# each run (printed: SEED=N replays it).
#   host     HOST_EVENTS events under AddressSanitizer and UBSan
#   guest    GUEST_EVENTS events from /proc/adeos/torture on the debug
#            board, during a pulse flood (tests/boot/torture_test.py)
#   planted  the QEMU board's kernel built with each of tests/planted/'s
#            bugs: its boot's run must print FAIL; and Linux built with
#            each of tests/planted/linux/'s changes, with the pipeline
#            and without, each booted by tests/torture/NAME.py (the
#            plant's name, - as _), which says what the change must do
#   busy     the QEMU board booted BUSY_BOOTS (10) times without -icount
#            beside two host CPU hogs: no domain stopped for its budget,
#            the console answering (tests/boot/busy_host.py)
# TAP lines go to $O/results/torture-*.tap.
#
# usage: run.sh O HOST_EVENTS GUEST_EVENTS    (from the source tree)
# environment: SEED, PYTHON, MAKE; TORTURE_PARTS, the parts to run
# (default "host guest planted busy"); TORTURE_PLANTED, the planted bugs to
# build (their names, default all)
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

parts=${TORTURE_PARTS:-host guest planted busy}
for p in $parts; do
	case $p in
	host | guest | planted | busy) ;;
	*)
		echo "TORTURE_PARTS: no part '$p' (host, guest, planted, busy)" >&2
		exit 2 ;;
	esac
done
# wanted PART: whether TORTURE_PARTS names it
wanted() {
	case " $parts " in *" $1 "*) return 0 ;; esac
	return 1
}

msg TORTURE "seed $seed (replay: make torture SEED=$seed)"

# host: the model against the simulated CPU, sanitized
host() {
	msg HOST "$host_events events, ASan and UBSan"
	out=$r/torture-host.tap
	"$O/host/san/bin/torture" -s "$seed" -n "$host_events" >"$out.tmp" 2>&1
	rc=$?
	if [ $rc != 0 ] && ! grep -q '^not ok' "$out.tmp"; then
		echo "not ok - host torture exited with status $rc" >>"$out.tmp"
	fi
	mv "$out.tmp" "$out"
	tests/report.sh torture-host "$out"

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
}

# guest: the debug board's kernel
guest() {
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
}

# copy_sources TREE: the sources as git sees them, in TREE/src
copy_sources() {
	rm -rf "$1/src"
	mkdir -p "$1/src"
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - | tar -xf - -C "$1/src"
}

# planted: each bug in a copy of the sources, the kernel built from it
# against the same Linux tree (so ccache has most of it), booted once
plant() {
	bug=$1
	# absolute: the kernel is built from inside the copy
	tree=$(cd "$O" && pwd)/torture/planted-$bug
	out=$r/torture-planted-$bug.tap
	copy_sources "$tree"
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

# planted in Linux: the change added to the linux-patch/ series of a
# copy of the sources (never to the tree's own), and Linux unpacked for
# it apart ($tree/linux-src: the shared one stays as the series makes
# it); from it the QEMU board's kernel, and the same configuration with
# CONFIG_ADEOS off and no domain, each booted by the plant's check
plant_linux() {
	bug=$1
	tree=$(cd "$O" && pwd)/torture/planted-$bug
	out=$r/torture-planted-$bug.tap
	check=tests/torture/$(echo "$bug" | tr - _).py
	copy_sources "$tree"
	cp "tests/planted/linux/$bug.patch" "$tree/src/linux-patch/planted-$bug.patch"
	echo "planted-$bug.patch" >>"$tree/src/linux-patch/series"
	pipeline_off "$tree"
	: >"$out.tmp"
	for v in adeos no-adeos; do
		msg KERNEL "$bug: $PLANT_BOARD, $v"
		if [ $v = adeos ]; then
			set -- "${PLANT_BOARD}_defconfig"
		else
			set -- defconfig DEFCONFIG="$tree/no-adeos.defconfig"
		fi
		if ! (cd "$tree/src" && ADEOS_DL_DIR=$dl \
			$MAKE --no-print-directory O="$tree/$v" \
			LINUX_SRC="$tree/linux-src" "$@" image) \
			>"$tree/build-$v.log" 2>&1; then
			echo "not ok - planted $bug ($v): the kernel does not build; see $tree/build-$v.log" >>"$out.tmp"
			continue
		fi
		"$PYTHON" "$check" "$tree/$v" board/qemu-i386/readme.txt "$v" \
			>>"$out.tmp" 2>&1 ||
			grep -q '^not ok' "$out.tmp" ||
			echo "not ok - planted $bug ($v): $check failed without a TAP line" >>"$out.tmp"
	done
	mv "$out.tmp" "$out"
	tests/report.sh "torture-planted/$bug" "$out"
}

# pipeline_off TREE: TREE/no-adeos.defconfig, the plant board's Linux
# configuration with CONFIG_ADEOS off, and so no domain
pipeline_off() {
	def=configs/${PLANT_BOARD}_defconfig
	fragments=$(sed -n 's/^AD_LINUX_CONFIG_FRAGMENTS="\(.*\)"$/\1/p' "$def")
	{
		# shellcheck disable=SC2086 # one word per fragment
		cat $fragments | grep -v '^CONFIG_ADEOS'
		echo '# CONFIG_ADEOS is not set'
	} >"$1/no-adeos.fragment"
	{
		grep '^AD_BOARD_NAME=\|^AD_LINUX_CMDLINE=' "$def"
		echo "AD_LINUX_CONFIG_FRAGMENTS=\"$1/no-adeos.fragment\""
	} >"$1/no-adeos.defconfig"
}

# picked NAME: whether TORTURE_PLANTED names the plant (or is empty)
picked() {
	[ -z "${TORTURE_PLANTED:-}" ] && return 0
	case " $TORTURE_PLANTED " in *" $1 "*) return 0 ;; esac
	return 1
}

planted() {
	for n in ${TORTURE_PLANTED:-}; do
		[ -f "tests/planted/$n.patch" ] ||
			[ -f "tests/planted/linux/$n.patch" ] || {
			echo "TORTURE_PLANTED: no planted bug '$n' in tests/planted/ or tests/planted/linux/" >&2
			exit 2
		}
	done
	for p in tests/planted/*.patch; do
		b=$(basename "$p" .patch)
		picked "$b" || continue
		msg PLANTED "$b"
		plant "$b"
	done
	for p in tests/planted/linux/*.patch; do
		b=$(basename "$p" .patch)
		picked "$b" || continue
		msg PLANTED "$b (in Linux)"
		plant_linux "$b"
	done
}

# busy: the QEMU board booted BUSY_BOOTS (10) times without -icount
# beside two host CPU hogs (tests/boot/busy_host.py)
busy() {
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
}

! wanted host || host
! wanted guest || guest
! wanted planted || planted
! wanted busy || busy
exit 0
