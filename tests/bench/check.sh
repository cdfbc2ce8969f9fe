#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The bench smoke test's checks of latency.csv: its header, one row per
# system, level and load measured, each with the samples asked for and
# figures in order (min <= avg <= max, p99 <= p99.9 <= max rounded up).
# TAP lines on stdout.
#
# usage: check.sh CSV SAMPLES
set -u
csv=$1
want=$2
header=system,level,load,samples,min_us,avg_us,p99_us,p999_us,max_us
if [ "$(head -n 1 "$csv" 2>/dev/null)" = "$header" ]; then
	echo "ok - bench: $csv has the header $header"
else
	echo "not ok - bench: $csv: header '$(head -n 1 "$csv" 2>/dev/null)'"
fi
for r in adeos-rt-domain,irq,hackbench adeos-rt-domain,irq,hackbench+stall \
	adeos-rt-task,thread,hackbench adeos-rt-task,thread,hackbench+stall \
	adeos-linux,thread,hackbench adeos-linux,thread,hackbench+stall \
	debian-686,thread,hackbench debian-rt-686-pae,thread,hackbench \
	debian-rt-686-pae,irq,hackbench; do
	line=$(grep "^$r," "$csv" 2>/dev/null | head -n 1)
	if [ -z "$line" ]; then
		echo "not ok - bench: no row $r"
		continue
	fi
	if echo "$line" | awk -F, -v n="$want" '
		$4 >= n && $5 != "" && $5 <= $6 && $6 <= $9 &&
		$7 <= $8 && $8 <= $9 + 1 { ok = 1 } END { exit !ok }'; then
		echo "ok - bench: $line"
	else
		echo "not ok - bench: row out of order or short of $want samples: $line"
	fi
done
