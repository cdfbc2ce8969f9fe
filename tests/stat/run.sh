#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Tests of adeos-stat on the host: built with $CC, run on the fixture
# proc directories in tests/stat/fixtures/ (what /proc/adeos holds),
# its -1 output compared byte for byte with tests/stat/expected/. Also
# builds it as the image does (guest_cc of image-builder/rootfs/guest.sh),
# when it can.
# TAP lines go to standard output; the exit status is 1 if any failed.
#
# usage: run.sh OUT   (CC, default cc; TARGET_CC, default gcc)
set -u
if [ $# -ne 1 ]; then
	echo "usage: $0 OUT" >&2
	exit 2
fi
here=$(cd "$(dirname "$0")" && pwd)
src=$here/../../image-builder/rootfs/adeos-stat
. "$here/../../image-builder/rootfs/guest.sh"
fx=$here/fixtures
exp=$here/expected
O=$1/stat
CC=${CC:-cc}
TARGET_CC=${TARGET_CC:-gcc}
rm -rf "$O"
mkdir -p "$O"
O=$(cd "$O" && pwd)
bin=$O/adeos-stat
failed=0

# tap ok|not MESSAGE...
tap() {
	s=$1
	shift
	if [ "$s" = ok ]; then
		echo "ok - $*"
	else
		echo "not ok - $*"
		failed=1
	fi
}

# first LINES FILE: the start of FILE on one line, for a reason
first() {
	head -n "$1" "$2" | tr '\n' '|'
}

# limit SECONDS COMMAND...: run COMMAND, killed if it hangs
limit() {
	if command -v timeout >/dev/null 2>&1; then
		timeout "$@"
	else
		shift
		"$@"
	fi
}

# run NAME ARGS...: adeos-stat ARGS, output in $O/NAME.out and .err,
# exit status in $rc.
run() {
	n=$1
	shift
	limit 20 "$bin" "$@" >"$O/$n.out" 2>"$O/$n.err"
	rc=$?
}

# stop PID: wait up to 10 s for PID to end, then kill it; status in $rc
stop() {
	i=0
	while kill -0 "$1" 2>/dev/null && [ $i -lt 100 ]; do
		sleep 0.1
		i=$((i + 1))
	done
	kill -KILL "$1" 2>/dev/null
	wait "$1"
	rc=$?
}

# same NAME: $O/NAME.out is $exp/NAME.out, byte for byte
same() {
	if cmp -s "$exp/$1.out" "$O/$1.out"; then
		return 0
	fi
	why="differs from tests/stat/expected/$1.out: $(diff "$exp/$1.out" "$O/$1.out" | head -n 6 | tr '\n' '|')"
	return 1
}

# shellcheck disable=SC2086 # CFLAGS is a word list
if ! $CC -Wall -Wextra -Werror ${CFLAGS:-} -o "$bin" "$src"/*.c >"$O/build.log" 2>&1; then
	tap not "$CC -Wall -Wextra -Werror: $(first 4 "$O/build.log")"
	exit 1
fi
tap ok "adeos-stat builds with $CC -Wall -Wextra -Werror"

run full -1 -p "$fx/full"
if [ $rc -ne 0 ]; then
	tap not "-1 on fixtures/full: exit $rc: $(first 2 "$O/full.err")"
elif ! same full; then
	tap not "-1 on fixtures/full: $why"
else
	tap ok "-1 on fixtures/full (3 domains, a latency file) prints expected/full.out"
fi

run nolatency -1 -p "$fx/nolatency"
if [ $rc -ne 0 ]; then
	tap not "-1 on fixtures/nolatency: exit $rc: $(first 2 "$O/nolatency.err")"
elif grep -q 'P99' "$O/nolatency.out"; then
	tap not "-1 on fixtures/nolatency: a latency table, with no latency file"
elif ! same nolatency; then
	tap not "-1 on fixtures/nolatency: $why"
else
	tap ok "-1 on fixtures/nolatency: no latency table; lines it does not understand skipped, a domain without IRQs, a stalled stage"
fi

# hist: 1000 samples, 989 in [3,4), 1 in [7,8), 10 in [12,13), listed
# out of order among lines to skip: the 990th is in [7,8), so P99 is 8.
run hist -1 -p "$fx/hist"
row=$(grep '^rt ' "$O/hist.out" | tail -n 1)
# shellcheck disable=SC2086 # the row's fields
set -- $row
if [ $rc -ne 0 ] || [ $# -ne 7 ]; then
	tap not "-1 on fixtures/hist: exit $rc, latency row '$row'"
elif [ "$7" != 8.0 ]; then
	tap not "P99 of fixtures/hist is '$7', not 8.0 (the 990th of 1000 samples is in [7,8) us)"
else
	tap ok "P99 of 1000 samples, the 990th in [7,8) us: 8.0"
fi
if [ $# -eq 7 ] && [ "$4 $5 $6" = "-0.1 3.4 11.1" ]; then
	tap ok "min/avg/max -60/3449/11050 ns: -0.1 3.4 11.1 us"
else
	tap not "min/avg/max -60/3449/11050 ns: '$row'"
fi

# over: 90 samples in [2,3), 10 at or over 1000 us: P99 past the histogram
run over -1 -p "$fx/over"
if [ $rc -eq 0 ] && grep -q '^rt .* >=1000$' "$O/over.out" &&
	grep -q '^>=N: ' "$O/over.out"; then
	tap ok "P99 among the samples at or over hist_over's limit: >=1000, with its note"
else
	tap not "fixtures/over: exit $rc: $(grep '^rt ' "$O/over.out" | tail -n 1)"
fi

# tasks: an rt-tasks domain's table, shown as the file has it
run tasks -1 -p "$fx/tasks"
if [ $rc -eq 0 ] && grep -q '^Tasks of tasks (latencies in ns):$' "$O/tasks.out" &&
	grep -qx "$(sed -n 2p "$fx/tasks/tasks/tasks")" "$O/tasks.out" &&
	grep -qx "$(sed -n 3p "$fx/tasks/tasks/tasks")" "$O/tasks.out"; then
	tap ok "-1 on fixtures/tasks: the domain's task table, under 'Tasks of tasks'"
else
	tap not "-1 on fixtures/tasks: exit $rc: $(first 3 "$O/tasks.err")$(grep -A3 '^Tasks' "$O/tasks.out")"
fi
cp -R "$fx/tasks" "$O/reset-tasks"
run reset-tasks -r -1 -p "$O/reset-tasks"
if [ $rc -eq 0 ] && [ "$(cat "$O/reset-tasks/tasks/tasks")" = reset ]; then
	tap ok "-r writes reset to a domain's tasks file"
else
	tap not "-r on fixtures/tasks: exit $rc, tasks holds '$(first 2 "$O/reset-tasks/tasks/tasks")'"
fi

cp -R "$fx/full" "$O/reset"
run reset -r -1 -p "$O/reset"
if [ $rc -ne 0 ]; then
	tap not "-r: exit $rc: $(first 2 "$O/reset.err")"
elif [ "$(cat "$O/reset/rt/latency")" != 0 ]; then
	tap not "-r: rt/latency holds '$(first 2 "$O/reset/rt/latency")', not what -r wrote"
elif [ -e "$O/reset/Linux" ] || ! cmp -s "$fx/full/counter" "$O/reset/counter"; then
	tap not "-r: touched a domain without a latency file"
elif ! grep -q '^rt  *- ' "$O/reset.out"; then
	tap not "-r: the table does not show the reset figures: $(grep '^rt ' "$O/reset.out" | tail -n 1)"
else
	tap ok "-r truncates rt/latency and writes to it (and nothing else) before the first print"
fi

run missing -1 -p "$O/missing"
if [ $rc -eq 1 ] && grep -q "$O/missing/domains: No such file" "$O/missing.err"; then
	tap ok "a missing directory: exit 1, $(cat "$O/missing.err")"
else
	tap not "a missing directory: exit $rc: $(first 2 "$O/missing.err")"
fi

mkdir -p "$O/isdir/domains"
run isdir -1 -p "$O/isdir"
if [ $rc -eq 1 ] && grep -q "$O/isdir/domains: " "$O/isdir.err"; then
	tap ok "an unreadable domains file: exit 1, $(cat "$O/isdir.err")"
else
	tap not "an unreadable domains file: exit $rc: $(first 2 "$O/isdir.err")"
fi

# usage ARGS...: a usage error, exit 2 and a message
usage() {
	run usage "$@"
	if [ $rc -eq 2 ] && [ -s "$O/usage.err" ] && [ ! -s "$O/usage.out" ]; then
		tap ok "adeos-stat $*: exit 2, $(head -n 1 "$O/usage.err")"
	else
		tap not "adeos-stat $*: exit $rc, $(first 2 "$O/usage.err")"
	fi
}
usage -x
usage -d abc
usage -d 0
usage -n 0
usage -p "$fx/full" extra

run help -h
if [ $rc -eq 0 ] && grep -q '^usage: adeos-stat ' "$O/help.out"; then
	tap ok "-h: the usage on standard output, exit 0"
else
	tap not "-h: exit $rc, $(first 2 "$O/help.out")"
fi

esc=$(printf '\033')
run frames -n 2 -d 0.1 -p "$fx/full"
clears=$(grep -o "$esc\[H$esc\[2J" "$O/frames.out" | wc -l)
rates=$(grep -c ' RECV/S ' "$O/frames.out")
first_rate=$(grep '^rt .* unstalled ' "$O/frames.out" | sed -n 1p | awk '{ print $6 }')
last_rate=$(grep '^rt .* unstalled ' "$O/frames.out" | sed -n 2p | awk '{ print $6 }')
if [ $rc -ne 0 ]; then
	tap not "-n 2 -d 0.1: exit $rc: $(first 2 "$O/frames.err")"
elif [ "$clears" -ne 2 ] || [ "$rates" -ne 2 ]; then
	tap not "-n 2 -d 0.1: $clears clear-screen sequences, $rates rate columns (want 2 and 2)"
elif [ "$first_rate" != - ] || [ "$last_rate" != 0.0 ]; then
	tap not "-n 2 -d 0.1: rates '$first_rate' then '$last_rate' (want - then 0.0)"
else
	tap ok "-n 2 -d 0.1: two frames, each after ESC[H ESC[2J, with a RECV/S column (- then 0.0)"
fi

# A real rate: rt receives 1000 more IRQs once the first frame is out;
# -d 1 makes that about 1000/s in the second frame.
mkdir -p "$O/rate"
cp "$fx/full/version" "$fx/full/domains" "$O/rate/"
sed 's/^     0       2790       2790 /     0       3790       3790 /' \
	"$fx/full/domains" >"$O/later-domains"
"$bin" -n 2 -d 1 -p "$O/rate" >"$O/rate.out" 2>"$O/rate.err" &
pid=$!
while ! grep -q '^ *virq1 ' "$O/rate.out" && kill -0 "$pid" 2>/dev/null; do
	sleep 0.05
done
mv "$O/later-domains" "$O/rate/domains"
stop "$pid"
rate=$(grep '^rt .* unstalled ' "$O/rate.out" | sed -n 2p | awk '{ print $6 }')
if [ $rc -eq 0 ] && awk -v r="$rate" 'BEGIN { exit !(r + 0 >= 500 && r + 0 <= 2000) }'; then
	tap ok "RECV/S: 1000 more IRQs in a 1 s frame: $rate/s"
else
	tap not "RECV/S: 1000 more IRQs in a 1 s frame: exit $rc, '$rate'/s, want about 1000"
fi

"$bin" -d 0.1 -p "$fx/full" >"$O/sigint.out" 2>"$O/sigint.err" &
pid=$!
sleep 0.5
kill -INT "$pid"
stop "$pid"
if [ $rc -eq 0 ] && grep -q "^$esc\[H$esc\[2JAdeos 0.1" "$O/sigint.out" &&
	[ "$(tail -c 2 "$O/sigint.out" | od -An -c | tr -d ' ')" = '\n\n' ]; then
	tap ok "SIGINT: exit 0 after a newline"
else
	tap not "SIGINT: exit $rc, ends with '$(tail -c 2 "$O/sigint.out" | od -An -c)'"
fi

# Many domains and rows, and lines that are none of them.
awk 'BEGIN {
	for (d = 0; d < 40; d++) {
		printf "d%d priority %d stage unstalled\n", d, 900 - d
		print "   IRQ   received    handled     merged     passed  pending"
		for (i = 0; i < 300; i++)
			printf "%6d %10d %10d 0 0 0\n", i, i * 7, i * 7
		print "   virq31 1 2"
		printf "%0600d\n", 7
		print "0 0 0 x 0 0"
	}
}' >"$O/many-domains"
mkdir -p "$O/many"
cp "$O/many-domains" "$O/many/domains"
run many -1 -p "$O/many"
lines=$(awk 'NR > 3' "$O/many.out" | wc -l)
if [ $rc -eq 0 ] && grep -q '^Adeos ?: 40 domains, .* (32 shown)$' "$O/many.out" &&
	[ "$lines" -eq $((32 * 300)) ]; then
	tap ok "40 domains of 300 IRQs each: 32 shown, all their rows, the rest skipped"
else
	tap not "40 domains of 300 IRQs each: exit $rc, $lines rows, $(first 1 "$O/many.out") $(first 2 "$O/many.err")"
fi

# As the image builds it; and, if the host runs i386 programs, the same
# output as on the host.
if ! printf 'int main(void)\n{\n\treturn 0;\n}\n' |
	"$TARGET_CC" -m32 -static -x c -o "$O/m32-probe" - >/dev/null 2>&1; then
	tap ok "guest_cc ($TARGET_CC -m32 -static) # SKIP no -m32 static libc (gcc-multilib)"
elif ! guest_cc "$O/adeos-stat-i386" "$src"/*.c >"$O/build-i386.log" 2>&1; then
	tap not "guest_cc ($TARGET_CC -m32 -static): $(first 4 "$O/build-i386.log")"
else
	tap ok "builds with guest_cc, as the image does ($TARGET_CC -m32 -static -Os -s)"
	if ! "$O/m32-probe" 2>/dev/null; then
		tap ok "the i386 build on fixtures/full # SKIP the host does not run i386 programs"
	elif "$O/adeos-stat-i386" -1 -p "$fx/full" >"$O/full-i386.out" 2>&1 &&
		cmp -s "$exp/full.out" "$O/full-i386.out"; then
		tap ok "the i386 build prints expected/full.out too"
	else
		tap not "the i386 build on fixtures/full: $(diff "$exp/full.out" "$O/full-i386.out" | head -n 6 | tr '\n' '|')"
	fi
fi
exit $failed
