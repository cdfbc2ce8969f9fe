#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Count the TAP results in the files given and print the one summary
# line that `make check` and `make test` end with. Exit 1 on any failure
# or when there is nothing to count.
set -u
cat "$@" 2>/dev/null | awk '
	/^ok /     { passed++ }
	/^not ok / { failed++ }
	END {
		printf "%d passed, %d failed\n", passed, failed
		exit (failed > 0 || passed == 0) ? 1 : 0
	}'
