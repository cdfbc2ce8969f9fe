#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make graph-build on a built board: a row for each of make image's six
# stages, none failed, and the chart a whole PNG file; on an output
# directory with no build, a clear error. Prints TAP lines.
#
# usage: graph_build.sh O    (O: a built board's output; from the source tree)
set -u
O=$1
log=$O/graph-build.log
stages='kernel (source)
kernel (sync)
kernel (configure)
kernel (build)
rootfs
images'
if make --no-print-directory O="$O" graph-build >"$log" 2>&1; then
	rows=$(sed -n 's/^          \(.*[^ ]\)  *[0-9][0-9.]* s\(  (failed)\)\{0,1\}$/\1/p' "$log" | grep -v '^all$')
	listed=$(echo "$rows" | grep -cxF "$stages")
	magic=$(head -c 4 "$O/graphs/build-time.png" | od -An -tx1 | tr -d ' \n')
	if [ "$listed" -eq 6 ] && [ "$(echo "$rows" | wc -l)" -eq 6 ] &&
		! grep -q '(failed)' "$log" && [ "$magic" = 89504e47 ] &&
		[ ! -e "$O/graphs/build-time.png.tmp" ]; then
		echo "ok - graph-build: the last build's 6 stages, none failed, and graphs/build-time.png ($(wc -c <"$O/graphs/build-time.png") bytes): $(grep -E '^ {10}' "$log" | tr -s ' ' | tr '\n' ';' | sed 's/^ //; s/;$//; s/; /; /g')"
	else
		echo "not ok - graph-build: $listed of the 6 stages listed, PNG magic '$magic':"
		sed 's/^/# /' "$log"
	fi
else
	echo "not ok - graph-build: make graph-build fails:"
	sed 's/^/# /' "$log"
fi

empty=$(mktemp -d /tmp/adeos-graph.XXXXXX)
cp "$O/.config" "$empty/"
if ! make --no-print-directory O="$empty" graph-build >"$empty/log" 2>&1 &&
	grep -q 'no build recorded in .*: make image first' "$empty/log" &&
	[ ! -e "$empty/graphs/build-time.png" ]; then
	echo "ok - graph-build: before any build it stops: '$(tail -n 2 "$empty/log" | head -n 1)'"
else
	echo "not ok - graph-build: before any build:"
	sed 's/^/# /' "$empty/log"
fi
rm -rf "$empty"
