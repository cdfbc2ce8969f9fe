#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The host preflight: with one of the build's tools hidden from PATH
# (a directory of links to everything on PATH but it), `make image`
# stops at once, before any stage, naming the tool and its Debian
# package, and writes nothing; a goal that boots names QEMU the same
# way, make linux-deb its packaging tools, and make check a tests'
# Python without pexpect; with no downloads (an empty ADEOS_DL_DIR), make
# preflight and make image name them; with nothing hidden, `make
# preflight` passes.
# Prints TAP lines.
#
# usage: preflight.sh    (run from the source tree)
set -u
tmp=$(mktemp -d /tmp/adeos-preflight.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
bin=$tmp/bin
mkdir "$bin"
# PATH's first of each name, as the shell would find it
old_ifs=$IFS
IFS=:
for d in $PATH; do
	IFS=$old_ifs
	[ -d "$d" ] || continue
	for f in "$d"/*; do
		n=${f##*/}
		[ -x "$f" ] && [ ! -e "$bin/$n" ] && ln -s "$f" "$bin/$n"
	done
done
IFS=$old_ifs

# hidden GOAL NAME PACKAGE: make GOAL with NAME off PATH
hidden() {
	goal=$1 name=$2 package=$3
	out=$tmp/out
	rm -rf "$out"
	mv "$bin/$name" "$tmp/away"
	start=$(date +%s)
	PATH=$bin make --no-print-directory O="$out" "$goal" >"$tmp/log" 2>&1
	rc=$?
	took=$(($(date +%s) - start))
	mv "$tmp/away" "$bin/$name"
	said=$(grep -E "^  $name +Debian package $package\$" "$tmp/log")
	stages=$(grep -cE '^  [A-Z]+ +' "$tmp/log")
	if [ $rc -ne 0 ] && [ -n "$said" ] && [ "$stages" -eq 0 ] &&
		[ ! -e "$out" ] && [ "$took" -le 5 ]; then
		echo "ok - preflight: make $goal without $name stops in ${took}s, before any stage, writing nothing: '$(echo "$said" | tr -s ' ' | sed 's/^ //')'"
	else
		echo "not ok - preflight: make $goal without $name: exit $rc in ${took}s, $stages lines like a stage's, $([ -e "$out" ] && echo "$out written" || echo "nothing written"); its output:"
		sed 's/^/# /' "$tmp/log"
	fi
}

sh image-builder/deps/preflight.sh --list >"$tmp/table"
n=0
while read -r name package part; do
	# files, modules and downloads are not on PATH; make cannot run
	# without make
	case $name in */* | py:* | dl:* | make) continue ;; esac
	[ -e "$bin/$name" ] || {
		echo "not ok - preflight: $name ($package) is not on this host's PATH"
		continue
	}
	case $part in
	build) hidden image "$name" "$package" ;;
	deb) hidden linux-deb "$name" "$package" ;;
	boot) hidden smoke "$name" "$package" ;;
	*) continue ;;
	esac
	n=$((n + 1))
done <"$tmp/table"

# the tests' Python without pexpect (here: /bin/false as PYTHON)
rm -rf "$tmp/out"
if ! make --no-print-directory O="$tmp/out" PYTHON=/bin/false check \
	>"$tmp/log" 2>&1 &&
	grep -q "module pexpect  *Debian package python3-pexpect\$" "$tmp/log" &&
	[ ! -e "$tmp/out" ]; then
	echo "ok - preflight: make check with a PYTHON that lacks pexpect stops, naming python3-pexpect, writing nothing"
else
	echo "not ok - preflight: make check with PYTHON=/bin/false:"
	sed 's/^/# /' "$tmp/log"
fi

# a clone where make deps never ran (an empty ADEOS_DL_DIR): make
# preflight names the downloads missing and how to get them, and make
# image stops before any stage, writing nothing
mkdir "$tmp/nodl"
if ! ADEOS_DL_DIR="$tmp/nodl" make --no-print-directory preflight \
	>"$tmp/log" 2>&1 &&
	grep -q "busybox-static_\*_i386.deb  *Debian package busybox-static:i386\$" "$tmp/log" &&
	grep -q "make deps" "$tmp/log"; then
	echo "ok - preflight: with an empty ADEOS_DL_DIR make preflight fails, naming each download (busybox-static:i386 ...) and make deps"
else
	echo "not ok - preflight: make preflight with an empty ADEOS_DL_DIR:"
	sed 's/^/# /' "$tmp/log"
fi
rm -rf "$tmp/out"
if ! ADEOS_DL_DIR="$tmp/nodl" make --no-print-directory O="$tmp/out" image \
	>"$tmp/log" 2>&1 &&
	grep -q "busybox-static_\*_i386.deb  *Debian package busybox-static:i386\$" "$tmp/log" &&
	! grep -qE '^  [A-Z]+ +' "$tmp/log" && [ ! -e "$tmp/out" ]; then
	echo "ok - preflight: make image with an empty ADEOS_DL_DIR stops before any stage, writing nothing, naming busybox-static:i386"
else
	echo "not ok - preflight: make image with an empty ADEOS_DL_DIR:"
	sed 's/^/# /' "$tmp/log"
fi

if make --no-print-directory preflight >"$tmp/log" 2>&1; then
	echo "ok - preflight: with nothing hidden, make preflight passes ($n tools tried one by one above): '$(tr -s ' ' <"$tmp/log" | sed 's/^ //')'"
else
	echo "not ok - preflight: make preflight fails on this host:"
	sed 's/^/# /' "$tmp/log"
fi
