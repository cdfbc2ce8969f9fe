#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The short line for one finished suite: report.sh NAME TAPFILE...
# (a suite whose lines are in several files: all of them counted)
name=$1
shift
p=$(cat "$@" | grep -c '^ok ')
f=$(cat "$@" | grep -c '^not ok ')
printf '  %-7s %s: %s passed, %s failed\n' TEST "$name" "$p" "$f"
cat "$@" | grep '^not ok \|^# ' | grep -v '^# ok - ' | sed 's/^/          /'
exit 0
