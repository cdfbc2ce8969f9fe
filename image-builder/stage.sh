#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# One stage (or step) of make image, run by the stage's make rule:
#
#   stage.sh NAME COMMAND...
#
# COMMAND's output goes through as it comes; its standard error is read
# line by line on the way. If COMMAND fails on a full disk (a line said
# "No space left on device" or "Disk quota exceeded", or the file system
# of $O has less than 1 MiB left), the last line names the stage and
# the full disk: a full disk is not taken for a broken input. The
# stages write their outputs to temporary names, renamed when complete,
# so $O/images holds only whole files, the last run's or this one's. A
# failure that printed nothing is named too.
#
# Each run is recorded in $O/build/build-time.log, a line "START END
# STATUS NAME" (seconds since the epoch), for make graph-build.
#
# environment: O
set -u
name=$1
shift
STAGE_NAME=$name
. image-builder/common.sh
: "${O:?}"

# fd 3: the real standard output. The command's status and the reader's
# findings come back through the $(...) on fd 4; its standard error,
# through the reader, to ours.
started=$(date +%s.%N)
exec 3>&1
found=$(
	{
		{
			"$@" 2>&1 1>&3 3>&- 4>&-
			echo "status $?" >&4
		} | {
			said=
			while IFS= read -r line || [ -n "$line" ]; do
				printf '%s\n' "$line" >&2
				said=1
				if no_space "$line"; then
					echo full
				fi
			done
			[ -z "$said" ] || echo said
		}
	} 4>&1
)
exec 3>&-
status=$(echo "$found" | sed -n 's/^status //p')
# (on a full disk the record may be lost; the stage's own line is not)
{ mkdir -p "$O/build" &&
	echo "$started $(date +%s.%N) ${status:-1} $name" >>"$O/build/build-time.log"; } 2>/dev/null
[ "$status" = 0 ] && exit 0

if echo "$found" | grep -q '^full$' || o_full; then
	echo "$name: stopped: the disk is full (no space left on device on the file system of $O, $(o_room | cut -d' ' -f2) KiB): make room, then make image again; $O/images holds whole images only, this run's or the last" >&2
elif ! echo "$found" | grep -q '^said$'; then
	echo "$name: stopped (exit status ${status:-unknown}) without saying why" >&2
fi
exit "${status:-1}"
