#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make selftests: Linux's own timer selftests (build.sh) on a board's
# kernel with the pipeline and on the same kernel built again with
# CONFIG_ADEOS off, one program after the other on each, and a table of
# the two side by side, where a difference is marked. The board must
# have high resolution timers and NO_HZ_IDLE for the selftests to say
# much (pc_i386 by default).
#
# usage: run.sh O [BOARD]     (PYTHON, MAKE from make)
#        TAP lines go to O/results/selftests.tap, the table to
#        O/results/selftests.txt and to standard output.
set -u
O=$1
board=${2:-pc_i386}
PYTHON=${PYTHON:-/usr/bin/python3}
MAKE=${MAKE:-make}
msg() { printf '  %-7s %s\n' "$1" "$2"; }
defconfig=configs/${board}_defconfig
if [ ! -f "$defconfig" ]; then
	echo "selftests: no board $board: $defconfig does not exist" >&2
	exit 2
fi
mkdir -p "$O/results" "$O/boards"
src=$(cd "$O" && pwd)/linux-src
r=$O/results
on=$O/boards/$board
off=$O/boards/$board-adeos-off
mkdir -p "$off"
offabs=$(cd "$off" && pwd)
# The board's kernel configuration with CONFIG_ADEOS off, and so no
# domain: its fragments, less the pipeline's options, in one (as make
# bench's pipeline-off kernel).
fragments=$(sed -n 's/^AD_LINUX_CONFIG_FRAGMENTS="\(.*\)"$/\1/p' "$defconfig")
{
	# shellcheck disable=SC2086 # one word per fragment
	cat $fragments | grep -v '^CONFIG_ADEOS'
	echo '# CONFIG_ADEOS is not set'
} >"$off/linux.fragment.tmp"
mv "$off/linux.fragment.tmp" "$off/linux.fragment"
{
	grep -E '^AD_(BOARD_NAME|LINUX_BASE_CONFIG|LINUX_CMDLINE|IMAGE_[A-Z_]*)=' \
		"$defconfig"
	echo "AD_LINUX_CONFIG_FRAGMENTS=\"$offabs/linux.fragment\""
} >"$off/defconfig.tmp"
mv "$off/defconfig.tmp" "$off/defconfig"
readme=board/$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$/\1/p' "$defconfig")/readme.txt

# build DIR DEFCONFIG: the board's image in DIR
build() {
	msg BUILD "$1"
	$MAKE --no-print-directory O="$1" LINUX_SRC="$src" defconfig \
		DEFCONFIG="$2" >"$1.selftests-build.log" 2>&1 &&
		$MAKE --no-print-directory O="$1" LINUX_SRC="$src" image \
			>>"$1.selftests-build.log" 2>&1
}

: >"$r/selftests.tap.tmp"
for side in on off; do
	if [ "$side" = on ]; then
		d=$on dc=$(pwd)/$defconfig
	else
		d=$off dc=$offabs/defconfig
	fi
	rm -f "$r/selftests-$side.txt"
	if ! build "$d" "$dc"; then
		echo "not ok - selftests: $board ($side) does not build (see $d.selftests-build.log)" >>"$r/selftests.tap.tmp"
		continue
	fi
	if ! sh tests/selftests/build.sh "$d/build/selftests" \
		"$d/build/tools/gen_init_cpio" "$d/build/linux" \
		>"$d.selftests.log" 2>&1; then
		echo "not ok - selftests: the programs do not build against $board ($side) (see $d.selftests.log)" >>"$r/selftests.tap.tmp"
		continue
	fi
	msg RUN "Linux's timer selftests on $board, pipeline $side"
	"$PYTHON" tests/boot/selftests.py "$d" "$readme" "$d/build/selftests" \
		"$r/selftests-$side.txt" serial |
		sed "s/^\(\(not \)\{0,1\}ok - selftests\)/\1 ($side)/" \
			>>"$r/selftests.tap.tmp"
done
mv "$r/selftests.tap.tmp" "$r/selftests.tap"

# The table: a program's verdict and its own checks' counts on each
# kernel; "<<" marks a row whose verdict or counts differ.
awk '
FNR == 1 { side = (FILENAME ~ /-on\.txt$/) ? "on" : "off" }
{
	name = $1
	if (!(name in seen)) { seen[name] = 1; order[++n] = name }
	s = $2
	for (i = 5; i <= NF; i++) s = s " " $i
	v[name, side] = s
	t[name, side] = $4
}
END {
	printf "%-14s | %-58s | %s\n", "program", "pipeline on", "pipeline off"
	for (k = 1; k <= n; k++) {
		p = order[k]
		a = ((p, "on") in v) ? v[p, "on"] : "(not run)"
		b = ((p, "off") in v) ? v[p, "off"] : "(not run)"
		# the latency figure differs between any two runs: compare
		# the rest
		ca = a; sub(/, max latency [0-9]+ ns/, "", ca)
		cb = b; sub(/, max latency [0-9]+ ns/, "", cb)
		printf "%-14s | %-58s | %s%s\n", p, a, b, ca == cb ? "" : "  <<"
	}
}' $(ls "$r/selftests-on.txt" "$r/selftests-off.txt" 2>/dev/null) >"$r/selftests.txt.tmp"
mv "$r/selftests.txt.tmp" "$r/selftests.txt"
cat "$r/selftests.txt"
