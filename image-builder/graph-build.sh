#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make graph-build: how long each stage of the last build took, from
# stage.sh's records ($O/build/build-time.log), as a table and as a bar chart, $O/graphs/build-time.png
# (gnuplot), with the data beside it (build-time.dat). Buildroot's
# target name; our own script.
#
# usage: graph-build.sh    (from the source tree; environment: O)
set -eu
# shellcheck disable=SC2034 # common.sh's die() names it
STAGE_NAME=graph-build
. image-builder/common.sh
: "${O:?}"
log=$O/build/build-time.log
[ -s "$log" ] || die "no build recorded in $log: make image first"
command -v gnuplot >/dev/null 2>&1 ||
	die "gnuplot is missing: install Debian's gnuplot-nox (make deps)"

out=$O/graphs
mkdir -p "$out"
# The last build: its records from the last run of its first step,
# kernel (source), on (make image, rootfs and linux all start there);
# of a stage run twice since, the last run. Start, seconds, status, name.
awk '{ line[NR] = $0 } $4 " " $5 == "kernel (source)" { first = NR }
	END { for (i = first ? first : 1; i <= NR; i++) print line[i] }' "$log" |
	awk '{ name = $4; for (i = 5; i <= NF; i++) name = name " " $i
		last[name] = $1 " " ($2 - $1) " " $3 }
	END { for (n in last) print last[n], n }' |
	sort -n | awk '{ name = $4; for (i = 5; i <= NF; i++) name = name " " $i
		printf "\"%s\" %.1f %d\n", name, $2, $3 }' >"$out/build-time.dat.tmp"
mv "$out/build-time.dat.tmp" "$out/build-time.dat"

msg GRAPH "graphs/build-time.png ($(wc -l <"$out/build-time.dat") stages)"
awk '{ match($0, /^"[^"]*"/); name = substr($0, 2, RLENGTH - 2)
	split(substr($0, RLENGTH + 2), f, " ")
	printf "          %-20s %7.1f s%s\n", name, f[1], f[2] ? "  (failed)" : ""
	total += f[1] }
	END { printf "          %-20s %7.1f s\n", "all", total }' "$out/build-time.dat"

gnuplot <<GP
set terminal pngcairo size 900,400
set output "$out/build-time.png.tmp"
set title "make image, stage by stage: $(cfg BOARD_NAME)"
set style fill solid 0.8
set boxwidth 0.6
set ylabel "seconds"
set grid ytics
set yrange [0:*]
set xtics rotate by -20
plot "$out/build-time.dat" using 0:2:xtic(1) with boxes notitle
GP
mv "$out/build-time.png.tmp" "$out/build-time.png"
