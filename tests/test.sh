#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make test's parts, on two lanes that run side by side:
#   builds  what keeps both cores busy, one part at a time: the first
#           board's build (so that QEMU has work early), the host and
#           configuration tests, the other boards' builds, then
#           linux-config, repro (a build killed in each stage, run again
#           to the bytes of a clean one), unprivileged and inputs (broken
#           inputs, a full disk), preflight, legal-info, graph-build,
#           linux-deb, release (its source part)
#   boots   QEMU, one host thread: each board's boot suites as soon as
#           that board is built, one board at a time, then the bench
#           smoke. Under -icount a guest's figures follow its
#           instruction count, not the host's load.
# A part's lines are kept and printed whole when it ends, one part at a
# time (a line says when it starts). Its wall time and TAP files go to
# $O/results/PART.time, for summary.sh's table.
#
# usage: test.sh O [check]     check: the host and configuration tests only
# environment (from make): MAKE, PYTHON, BOOT_BOARDS, REPRO_BOARD,
#   BENCH_SMOKE_SAMPLES, BENCH_SMOKE_BOARD
set -u
O=$1
mode=${2:-test}
MAKE=${MAKE:-make}
PYTHON=${PYTHON:-/usr/bin/python3}
r=$O/results
mkdir -p "$r/parts"

msg() { printf '  %-7s %s\n' "$1" "$2"; }

# say LINE...: print, one part's lines at a time
say() {
	flock "$r/.print" sh -c 'for l; do printf "%s\n" "$l"; done' sh "$@"
}

# part NAME TAPS COMMAND...: run COMMAND as part NAME, whose TAP lines
# are in TAPS (file name patterns in $O/results). Alone (make check),
# it prints as it goes; beside the other lane its lines are kept for
# the end.
part() {
	name=$1
	taps=$2
	shift 2
	f=$r/$(echo "$name" | tr / -)
	log=$r/parts/$(echo "$name" | tr / -).log
	start=$(date +%s)
	if [ "$mode" = check ]; then
		"$@"
	else
		say "$(printf '  %-7s %s' START "$name")"
		"$@" >"$log" 2>&1
		flock "$r/.print" cat "$log"
	fi
	echo "$name $start $(($(date +%s) - start)) $taps" >"$f.time"
}

boards() {
	PYTHON=$PYTHON sh tests/boot/run.sh "$O" "$@"
}

linux_config() {
	tests/boot/linux_config_test.sh "$O" >"$r/linux-config.tap"
	tests/report.sh linux-config "$r/linux-config.tap"
}

repro() {
	msg REPRO "${REPRO_BOARD}_defconfig again, from scratch, elsewhere"
	tests/image/repro.sh "$O/boards/$REPRO_BOARD" "$REPRO_BOARD" \
		>"$r/repro.tap"
	tests/report.sh repro "$r/repro.tap"
	sed -n 's/^ok - /          /p' "$r/repro.tap"
}

unprivileged() {
	tests/image/unprivileged.sh "$O/boards/$REPRO_BOARD" \
		"$(cd "$O" && pwd)/linux-src" >"$r/unprivileged.tap"
	tests/report.sh unprivileged "$r/unprivileged.tap"
}

preflight() {
	tests/image/preflight.sh >"$r/preflight.tap"
	tests/report.sh preflight "$r/preflight.tap"
}

legal_info() {
	tests/image/legal_info.sh "$O/boards/$REPRO_BOARD" >"$r/legal-info.tap"
	tests/report.sh legal-info "$r/legal-info.tap"
}

linux_deb() {
	tests/image/linux_deb.sh "$O/boards/$REPRO_BOARD" \
		"$(cd "$O" && pwd)/linux-src" >"$r/linux-deb.tap"
	tests/report.sh linux-deb "$r/linux-deb.tap"
}

release() {
	tests/image/release.sh >"$r/release.tap"
	tests/report.sh release "$r/release.tap"
}

graph_build() {
	tests/image/graph_build.sh "$O/boards/$REPRO_BOARD" >"$r/graph-build.tap"
	tests/report.sh graph-build "$r/graph-build.tap"
}

inputs() {
	tests/image/inputs.sh "$REPRO_BOARD" >"$r/inputs.tap"
	tests/image/fulldisk.sh "$O/boards/$REPRO_BOARD" \
		"$(cd "$O" && pwd)/linux-src" >>"$r/inputs.tap"
	tests/report.sh inputs "$r/inputs.tap"
	sed -n 's/^ok - /          /p' "$r/inputs.tap"
}

bench_smoke() {
	msg BENCH "smoke: $BENCH_SMOKE_BOARD, $BENCH_SMOKE_SAMPLES samples per row, no pipeline-off build"
	BENCH_BOARD=$BENCH_SMOKE_BOARD PYTHON=$PYTHON tests/bench/run.sh "$O" \
		"$BENCH_SMOKE_SAMPLES" smoke >"$r/bench-smoke.log" 2>&1
	tests/bench/check.sh "$O/bench/latency.csv" "$BENCH_SMOKE_SAMPLES" \
		>"$r/bench.tap"
	tests/report.sh bench "$r/bench.tap"
}

host_tests() {
	$MAKE --no-print-directory O="$O" run-host-tests
}

config_tests() {
	$MAKE --no-print-directory O="$O" run-config-tests
}

if [ "$mode" = check ]; then
	part host 'host-*.tap adeos-stat.tap' host_tests
	part config 'config-*.tap' config_tests
	exit 0
fi

# shellcheck disable=SC2086 # a list of boards
set -- $BOOT_BOARDS
first=${1:-}
rm -f "$r"/.built-*

build_lane() {
	if [ -n "$first" ]; then
		part "build/$first" "build-$first.tap" boards build "$first"
		touch "$r/.built-$first"
	fi
	part host 'host-*.tap adeos-stat.tap' host_tests
	part config 'config-*.tap' config_tests
	for b in $BOOT_BOARDS; do
		[ "$b" = "$first" ] && continue
		part "build/$b" "build-$b.tap" boards build "$b"
		touch "$r/.built-$b"
	done
	part linux-config linux-config.tap linux_config
	part repro repro.tap repro
	part unprivileged unprivileged.tap unprivileged
	part inputs inputs.tap inputs
	part preflight preflight.tap preflight
	part legal-info legal-info.tap legal_info
	part graph-build graph-build.tap graph_build
	part linux-deb linux-deb.tap linux_deb
	part release release.tap release
}

boot_lane() {
	for b in $BOOT_BOARDS; do
		until [ -e "$r/.built-$b" ]; do sleep 2; done
		part "boot/$b" "boot-$b.tap" boards boot "$b"
	done
	part bench bench.tap bench_smoke
}

# kill_tree PID: the process and everything it started
kill_tree() {
	for c in $(pgrep -P "$1"); do
		kill_tree "$c"
	done
	kill "$1" 2>/dev/null || :
}

boot_lane &
bootpid=$!
trap 'kill_tree $bootpid; exit 130' INT TERM
build_lane
wait "$bootpid"
trap - INT TERM
rm -f "$r"/.built-* "$r/.print"
exit 0
