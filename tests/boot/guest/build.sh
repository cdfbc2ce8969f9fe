#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The guest-side test tools: static i386 programs, and, given the
# board's kernel object tree, the test modules of modules/ built against
# it, packed as a cpio archive that a test boots after the board's own
# initramfs (Linux unpacks one archive after the other). The modules go
# to /lib/modules/adeos-test/.
#
# usage: build.sh DIR GEN_INIT_CPIO [KERNEL_OBJECTS]   writes DIR/tools.cpio
# (and DIR/modules/*.ko)
set -eu
dir=$1
gen=$2
kobj=${3:-}
src=$(dirname "$0")
. "$src/../../../image-builder/rootfs/guest.sh"
mkdir -p "$dir"

# The test modules, built by Kbuild as external modules of the board's
# kernel (its object tree knows its source tree), with the kernel's
# compiler through ccache.
build_modules() {
	m=$dir/modules
	rm -rf "$m"
	mkdir -p "$m"
	cp "$src"/modules/*.c "$m/"
	# A kernel builds only its board's templates: a module that names
	# a template's export it needs ("needs-symbol: NAME") is built only
	# against a kernel that exports it.
	for c in "$m"/*.c; do
		for sym in $(sed -n 's/^ \* needs-symbol: \([A-Za-z0-9_]*\).*/\1/p' "$c"); do
			grep -q "	$sym	" "$kobj/Module.symvers" || rm -f "$c"
		done
	done
	{
		# the templates' headers, for modules that use a template, and
		# the executive's (adeos/rtx.h), for modules that bring tasks
		echo 'ccflags-y += $(addprefix -I,$(wildcard $(srctree)/kernel/adeos/templates/*))'
		echo 'ccflags-y += -I$(srctree)/kernel/adeos/executive/include'
		for c in "$m"/*.c; do
			echo "obj-m += $(basename "$c" .c).o"
		done
	} >"$m/Kbuild"
	cc=gcc
	command -v ccache >/dev/null 2>&1 && cc="ccache gcc"
	# Not the caller's make variables: a make run with O=DIR on its
	# command line passes O to every make below it, and Linux's would
	# take it for its object tree.
	MAKEFLAGS= MFLAGS= make --no-print-directory -C "$kobj" \
		M="$(cd "$m" && pwd)" ARCH=i386 CC="$cc" modules >&2
}

# A kernel that never built modules (no domain is one) has no
# Module.symvers to build them against: no test modules then.
[ -n "$kobj" ] && [ ! -f "$kobj/Module.symvers" ] && kobj=
[ -z "$kobj" ] || build_modules
{
	cpio_dir /bin 0755
	for c in "$src"/*.c; do
		name=$(basename "$c" .c)
		guest_cc "$dir/$name" "$c" >&2
		cpio_file "/bin/$name" "$dir/$name" 0755
	done
	if [ -n "$kobj" ]; then
		cpio_dir /lib 0755
		cpio_dir /lib/modules 0755
		cpio_dir /lib/modules/adeos-test 0755
		for k in "$dir"/modules/*.ko; do
			cpio_file "/lib/modules/adeos-test/$(basename "$k")" "$k" 0644
		done
	fi
} >"$dir/tools.list.tmp"
mv "$dir/tools.list.tmp" "$dir/tools.list"
cpio_pack "$gen" "$dir/tools.list" "$dir/tools.cpio"
