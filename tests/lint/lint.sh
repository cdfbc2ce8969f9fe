#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Style checks of our own C files: the kernel's checkpatch.pl (taken
# from Debian's linux-source-6.1 tarball into $O/tools), clang-format
# against the committed .clang-format, and cppcheck.
#
# usage: O=DIR lint.sh FILE...
set -eu
O=${O:-output}
tarball=/usr/src/linux-source-6.1.tar.xz
tools=$O/tools
status=0

checkpatch=$tools/linux-source-6.1/scripts/checkpatch.pl
if [ ! -f "$checkpatch" ]; then
	if [ ! -f "$tarball" ]; then
		echo "lint: $tarball is missing: apt-get install linux-source-6.1" >&2
		exit 1
	fi
	mkdir -p "$tools"
	tar -C "$tools" -xf "$tarball" \
		linux-source-6.1/scripts/checkpatch.pl \
		linux-source-6.1/scripts/spelling.txt \
		linux-source-6.1/scripts/const_structs.checkpatch
fi

for f in "$@"; do
	printf '  %-7s %s\n' LINT "$f"
	# The 2002 API's typedef names (adomain_t, adattr_t) are kept, and
	# the core cannot use the kernel's __noreturn macro.
	ignore=NEW_TYPEDEFS,PREFER_DEFINED_ATTRIBUTE_MACRO
	# core/ knows no Linux: the glue exports its symbols from one file
	# (a template's -linux.c or -builtin.c file does the same for the
	# template)
	case $f in */linux/exports.c | *-linux.c | *-builtin.c) ignore=$ignore,EXPORT_SYMBOL ;; esac
	perl "$checkpatch" --no-tree --quiet --terse -f --ignore "$ignore" \
		"$f" || status=1
	clang-format "$f" | diff -u "$f" - || status=1
done
cppcheck --quiet --error-exitcode=1 --enable=warning,portability \
	-Icore/include -Iexecutive/include -Itests/host/include "$@" || status=1
exit $status
