#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Count the TAP results in the files given and print the one summary
# line that `make check` and `make test` end with. Before it, when the
# parts left their times (tests/test.sh: PART.time beside the TAP
# files), a table: each part's wall seconds and its results, and the
# wall time of them all (the parts overlap: it is not their sum). Exit 1
# on any failure or when there is nothing to count.
set -u
dir=$(dirname "${1:-.}")
if ls "$dir"/*.time >/dev/null 2>&1; then
	printf '  %-7s %-20s %6s %7s %7s\n' TIME part wall passed failed
	sort -k2,2n "$dir"/*.time | while read -r name _ secs taps; do
		files=
		for pat in $taps; do
			for t in "$dir"/$pat; do
				[ -f "$t" ] && files="$files $t"
			done
		done
		# shellcheck disable=SC2086 # a list of files
		counts=$(cat $files </dev/null 2>/dev/null | awk '
			/^ok /     { p++ }
			/^not ok / { f++ }
			END { printf "%d %d", p, f }')
		# shellcheck disable=SC2086 # two numbers
		printf '  %-7s %-20s %5ss %7s %7s\n' TIME "$name" "$secs" $counts
	done
	cat "$dir"/*.time | awk '
		NR == 1 || $2 < s { s = $2 }
		NR == 1 || $2 + $3 > e { e = $2 + $3 }
		END {
			printf "  %-7s %-20s %5ss\n", "TIME", "all (wall)", e - s
		}'
fi
cat "$@" 2>/dev/null | awk '
	/^ok /     { passed++ }
	/^not ok / { failed++ }
	END {
		printf "%d passed, %d failed\n", passed, failed
		exit (failed > 0 || passed == 0) ? 1 : 0
	}'
