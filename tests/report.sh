#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
# The short line for one finished suite: report.sh NAME TAPFILE
p=$(grep -c '^ok ' "$2")
f=$(grep -c '^not ok ' "$2")
printf '  %-7s %s: %s passed, %s failed\n' TEST "$1" "$p" "$f"
grep '^not ok \|^# ' "$2" | grep -v '^# ok - ' | sed 's/^/          /'
exit 0
