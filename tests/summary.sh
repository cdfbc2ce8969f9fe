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
given=" $* "

# the parts whose TAP files are among those given (make torture's are
# not make test's, whose times may lie beside them): name start secs
# passed failed
parts() {
	sort -k2,2n "$dir"/*.time | while read -r name start secs taps; do
		files=
		for pat in $taps; do
			for t in "$dir"/$pat; do
				case $given in *" $t "*) files="$files $t" ;; esac
			done
		done
		[ -n "$files" ] || continue
		# shellcheck disable=SC2086 # a list of files
		counts=$(cat $files </dev/null 2>/dev/null | awk '
			/^ok /     { p++ }
			/^not ok / { f++ }
			END { printf "%d %d", p, f }')
		echo "$name $start $secs $counts"
	done
}

if ls "$dir"/*.time >/dev/null 2>&1; then
	parts | awk '
		NR == 1 {
			printf "  %-7s %-20s %6s %7s %7s\n", "TIME", "part",
				"wall", "passed", "failed"
		}
		{ printf "  %-7s %-20s %5ss %7s %7s\n", "TIME", $1, $3, $4, $5 }
		NR == 1 || $2 < s { s = $2 }
		NR == 1 || $2 + $3 > e { e = $2 + $3 }
		END {
			if (NR)
				printf "  %-7s %-20s %5ss\n", "TIME",
					"all (wall)", e - s
		}'
fi
cat "$@" 2>/dev/null | awk '
	/^ok /     { passed++ }
	/^not ok / { failed++ }
	END {
		printf "%d passed, %d failed\n", passed, failed
		exit (failed > 0 || passed == 0) ? 1 : 0
	}'
