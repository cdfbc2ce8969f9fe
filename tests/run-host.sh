#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Run the host tests of the pipeline core. Each suite's TAP lines go to
# $O/results/host-<suite>.tap (written under a temporary name, then
# renamed); one short line per suite goes to the terminal.
#
# usage: run-host.sh O UNIT_NAMES PLANTED_BUGS
# SEED and EVENTS (environment) tune the torture run.
set -u
O=$1
UNITS=$2
BUGS=$3
SEED=${SEED:-20020603}
EVENTS=${EVENTS:-1000000}
results=$O/results
mkdir -p "$results"
rm -f "$results"/host-*.tap

# report NAME FILE: the short line for a finished suite
report() {
	tests/report.sh "$1" "$2"
}

# A suite that runs longer than this hangs (a bug that loops, such as a
# timer queue that never empties): it fails, named, instead of holding
# make test until CI's limit.
LIMIT=${HOST_TEST_LIMIT:-900}

# suite NAME COMMAND...: run a TAP-speaking program; a crash counts.
suite() {
	name=$1
	shift
	out=$results/host-$name.tap
	timeout "$LIMIT" "$@" >"$out.tmp" 2>&1
	rc=$?
	if [ $rc -eq 124 ]; then
		echo "not ok - $name did not end within $LIMIT s (HOST_TEST_LIMIT)" >>"$out.tmp"
	elif [ $rc -ne 0 ] && ! grep -q '^not ok ' "$out.tmp"; then
		echo "not ok - $name exited with status $rc" >>"$out.tmp"
	fi
	mv "$out.tmp" "$out"
	report "$name" "$out"
}

# planted NAME: the torture run must catch the bug planted in its core.
planted() {
	out=$results/host-planted-$1.tap
	timeout "$LIMIT" "$O/planted/$1/torture" -s "$SEED" -n "$EVENTS" \
		>"$out.tmp" 2>&1
	why=$(sed -n 's/^not ok 1 - //p' "$out.tmp" | head -n 1)
	if [ -n "$why" ]; then
		echo "ok - planted bug $1 caught: $why" >"$out.tmp"
	else
		echo "not ok - planted bug $1 went unnoticed" >"$out.tmp"
	fi
	mv "$out.tmp" "$out"
	report "planted/$1" "$out"
}

for flavour in plain san; do
	for t in $UNITS; do
		CMOCKA_MESSAGE_OUTPUT=TAP suite "$flavour-$t" \
			"$O/host/$flavour/bin/$t"
	done
	suite "$flavour-torture" "$O/host/$flavour/bin/torture" \
		-s "$SEED" -n "$EVENTS"
	sed -n 's/^ok 1 - /          /p' "$results/host-$flavour-torture.tap"
done
for bug in $BUGS; do
	planted "$bug"
done
exit 0
