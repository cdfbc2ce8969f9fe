#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Reproducible images: build BOARD a second time, from a copy of the
# source tree in another directory, with nothing of the first build to
# reuse (a fresh Linux unpack, CCACHE_DISABLE=1), another umask and
# another time zone, and compare the four images with the first build's
# (FIRST, an output directory) byte for byte. Prints TAP lines.
#
# The second build is also an interrupted one: make image is killed
# (SIGKILL or SIGINT, to its whole process group) once in each stage,
# when the stage's step line comes (extract, patch, config, the kernel
# build, rootfs, ISO, disk), and run again each time; it must still end
# in FIRST's bytes. After each kill the stage's output must not be in
# place yet (the kill came inside the stage), and every file in
# $O/images must be whole: FIRST's bytes, as the build is reproducible.
#
# usage: repro.sh FIRST BOARD      (run from the Adeos source tree)
set -u
first=$1
board=$2
epoch=$(make -s --no-print-directory source-date-epoch)
dl=$(cd "${ADEOS_DL_DIR:-dl}" && pwd)
tmp=$(mktemp -d /tmp/adeos-repro.XXXXXX)
log=$first/repro.log
out=$tmp/out

# the source tree as git sees it (tracked and new files), or all of it
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
	mkdir "$tmp/src"
	git ls-files -z --cached --others --exclude-standard |
		xargs -0 tar -cf - | tar -xf - -C "$tmp/src"
else
	cp -R . "$tmp/src" && rm -rf "$tmp/src/output" "$tmp/src/dl"
fi

# the source tree's listing: every path, its size and mtime
listing() {
	(cd "$tmp/src" && find . -printf '%p %s %T@\n' | LC_ALL=C sort)
}

# build TARGET...: make TARGET... in the copy, as the second build; run
# in a subshell. If $group is setsid: in a process group of its own,
# which takes SIGINT as a terminal's Ctrl-C would (sh starts a command
# run in the background with SIGINT ignored).
group=
build() {
	cd "$tmp/src" &&
		umask 077 &&
		exec $group env ${group:+--default-signal=INT} \
			TZ=Pacific/Kiritimati CCACHE_DISABLE=1 \
			SOURCE_DATE_EPOCH="$epoch" ADEOS_DL_DIR="$dl" \
			make --no-print-directory O="$out" "$@"
}

# The kills: the stage, the signal, the step line it waits for (an
# extended regular expression), the seconds it waits after it, and the
# stage's output (under $out), which must not be in place when it comes.
kills="extract|KILL|^  UNPACK |3|linux-src
patch|INT|^  PATCH   linux-patch/0001|0|linux-src
config|INT|^  KCONFIG |1|build/linux/.adeos-fragment
kernel build|KILL|^  LINUX   400 files built|0|images/bzImage
rootfs|KILL|^  CPIO |0|images/rootfs.cpio.gz
ISO|INT|^  ISO |0|images/adeos.iso
disk|KILL|^  DISK |0|images/disk.img"

# killed_make SIGNAL PATTERN DELAY: make image in its own process group,
# its lines appended to $log; DELAY seconds after a line matches
# PATTERN, SIGNAL to the group. Its status in $status, $hit set if the
# line came.
killed_make() {
	rm -f "$tmp/fifo"
	mkfifo "$tmp/fifo"
	(group=setsid && build image) >"$tmp/fifo" 2>&1 &
	pid=$!
	hit=
	while IFS= read -r line; do
		printf '%s\n' "$line" >>"$log"
		if [ -z "$hit" ] && printf '%s\n' "$line" | grep -Eq -- "$2"; then
			hit=$line
			sleep "$3"
			kill -s "$1" -- "-$pid" 2>/dev/null
		fi
	done <"$tmp/fifo"
	wait "$pid"
	status=$?
	# nothing of it left running (a process that ignores SIGINT)
	n=0
	while pgrep -g "$pid" >/dev/null && [ $n -lt 300 ]; do
		sleep 0.1
		n=$((n + 1))
	done
	pkill -KILL -g "$pid" 2>/dev/null
}

# whole_images: the files in $out/images that are not FIRST's bytes
# (half-written under a final name), and the other names there
whole_images() {
	bad=
	others=
	for p in "$out"/images/* "$out"/images/.[!.]*; do
		[ -e "$p" ] || continue
		f=${p##*/}
		if [ -f "$first/images/$f" ]; then
			cmp -s "$first/images/$f" "$out/images/$f" ||
				bad="$bad images/$f ($(wc -c <"$out/images/$f") bytes, whole: $(wc -c <"$first/images/$f"))"
		else
			others="$others $f"
		fi
	done
}

listing >"$tmp/before"
sleep 1
start=$(date +%s)
: >"$log"
(build "${board}_defconfig") >>"$log" 2>&1
failed=
killed=
runs=0
while IFS='|' read -r stage sig pattern delay output; do
	[ -z "$failed" ] || break
	runs=$((runs + 1))
	t0=$(date +%s)
	echo "# run $runs: killed ($sig) in the $stage stage" >>"$log"
	killed_make "$sig" "$pattern" "$delay"
	t=$(($(date +%s) - t0))
	step=$(echo "$hit" | sed 's/^ *//; s/  */ /')
	whole_images
	if [ -z "$hit" ]; then
		failed="the $stage stage's step line (/$pattern/) never came (make status $status)"
	elif [ "$status" = 0 ]; then
		failed="make image ended (status 0) before SIG$sig came, ${delay}s after '$step'"
	elif [ -e "$out/$output" ] && [ -z "$bad" ]; then
		# the stage outran the signal (its lines may come in a burst):
		# no kill point, but nothing half-written either; on it goes
		echo "ok - repro: run $runs: the $stage stage was done before SIG$sig came (${delay}s after '$step': $output in place, whole) # SKIP no kill point in this stage on this machine"
		continue
	elif [ -n "$bad" ]; then
		failed="killed by SIG$sig in the $stage stage, images/ holds a file that is not whole:$bad"
	else
		echo "ok - repro: run $runs killed by SIG$sig in the $stage stage, ${delay}s after '$step' (${t}s in): $output not in place, images/ holds only whole files (${others:+temporaries:$others; }$(ls "$out/images" 2>/dev/null | wc -l) there)"
		killed="$killed${killed:+, }$stage (SIG$sig)"
		continue
	fi
	echo "not ok - repro: run $runs: $failed; see $log"
	tail -n 8 "$log" | sed 's/^/# /'
done <<EOF
$kills
EOF
if [ -n "$failed" ]; then
	rm -rf "$tmp"
	exit 0
fi
runs=$((runs + 1))
echo "# run $runs: to the end" >>"$log"
(build image) >>"$log" 2>&1
status=$?
secs=$(($(date +%s) - start))
if [ $status != 0 ]; then
	echo "not ok - repro: the second build of $board, run $runs (after kills in $killed), failed after ${secs}s; see $log"
	tail -n 15 "$log" | sed 's/^/# /'
	rm -rf "$tmp"
	exit 0
fi
echo "ok - repro: second build of $board from scratch in $tmp (CCACHE_DISABLE=1, umask 077, TZ=Pacific/Kiritimati) in ${secs}s, in $runs runs: killed in $killed and run again"
listing >"$tmp/after"
written=$(diff "$tmp/before" "$tmp/after" | sed -n 's/^[<>] //p' | head -n 6)
if [ -z "$written" ]; then
	echo "ok - repro: the build left the source tree as it was ($(wc -l <"$tmp/after") paths: same sizes and mtimes, none added or removed)"
else
	echo "not ok - repro: the build changed the source tree: $written"
fi
left=$(cd "$out/images" && ls -A | tr '\n' ' ')
if [ "$left" = "adeos.iso bzImage disk.img kernel.release rootfs.cpio.gz " ] &&
	[ ! -e "$out/linux-src.tmp" ]; then
	echo "ok - repro: after the kills, images/ holds the 5 files of a build and nothing else, no linux-src.tmp is left"
else
	echo "not ok - repro: after the kills, left behind: images/: $left$(ls -d "$out/linux-src.tmp" 2>/dev/null)"
fi
# the stages each image comes from: the kills that could have hurt it
n=0
for f in bzImage rootfs.cpio.gz adeos.iso disk.img; do
	n=$((n + 1))
	a=$first/images/$f
	b=$out/images/$f
	if diff=$(cmp "$a" "$b" 2>&1); then
		echo "ok - repro: $f identical in both builds ($(wc -c <"$a") bytes, SOURCE_DATE_EPOCH=$epoch)"
	else
		by=$(echo "$killed" | awk -v n=$((n + 3)) -F', ' '{ for (i = 1; i <= n && i <= NF; i++) printf "%s%s", (i > 1 ? ", " : ""), $i }')
		echo "not ok - repro: $f differs from a clean build's after a build killed in $by and run again: $diff ($(wc -c <"$a") vs $(wc -c <"$b") bytes)"
	fi
done
rm -rf "$tmp"
