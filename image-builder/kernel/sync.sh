#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, step 2: our sources into the kernel trees, laid out
# as they sit in Linux: core/ as kernel/adeos/ (its linux/Kconfig as
# kernel/adeos/Kconfig), the executive as kernel/adeos/executive/ (built
# when the domains need it), the domain templates as kernel/adeos/templates/,
# arch/i386/ as arch/x86/adeos/; the generated registration code and
# the domains built as modules into the object tree.
#
# rsync --checksum rewrites only the files whose contents changed and
# deletes the ones we no longer have, so Kbuild recompiles only what
# changed. Not -a: its -t would give every unchanged file the time of
# the staging copy, and Kbuild would rebuild them all.
set -eu
. image-builder/kernel/lib.sh

tree=$O/build/adeos-tree

# Our sources, laid out as in Linux, in $tree.
stage_sources() {
	rm -rf "$tree"
	mkdir -p "$tree/kernel/adeos/templates" "$tree/arch/x86/adeos"
	cp -R core/. "$tree/kernel/adeos/"
	mv "$tree/kernel/adeos/linux/Kconfig" "$tree/kernel/adeos/Kconfig"
	cp -R executive "$tree/kernel/adeos/executive"
	for t in domain-templates/*/ \
		${ADEOS_EXTERNAL:+"$ADEOS_EXTERNAL"/domain-templates/*/}; do
		[ -d "$t" ] || continue
		mkdir -p "$tree/kernel/adeos/templates/$(basename "$t")"
		cp "$t"*.c "$t"*.h "$tree/kernel/adeos/templates/$(basename "$t")/"
	done
	cp -R arch/i386/. "$tree/arch/x86/adeos/"
	write_version_header "$tree/kernel/adeos/include/adeos/version.h"
}

# The release (VERSION, the one place it is written) as the kernel's
# <adeos/version.h>: /proc/adeos/version and the boot messages show it.
write_version_header() {
	v=$(adeos_version) || exit 1
	{
		echo '/* SPDX-License-Identifier: GPL-2.0-only */'
		echo '/* Written from VERSION by image-builder/kernel/sync.sh. */'
		echo '#ifndef ADEOS_VERSION_H'
		echo '#define ADEOS_VERSION_H'
		echo "#define ADEOS_VERSION_STRING \"$v\""
		echo '#endif'
	} >"$1"
}

# The registration code, the templates the kernel builds, and the
# domains built as modules: their sources and Kbuild lines (modpost's
# *.mod.c files are Kbuild's own).
sync_domains() {
	dst=$kb/kernel/adeos
	mkdir -p "$dst"
	rsync -c "$O/domains/adeos_domains.c" "$O/domains/templates.kbuild" "$dst/"
	for f in "$dst"/adeos-*.c; do
		case $f in *.mod.c) continue ;; esac
		[ -e "$f" ] && [ ! -e "$O/domains/modules/$(basename "$f")" ] &&
			rm -f "$f" "${f%.c}.o"
	done
	if [ -d "$O/domains/modules" ]; then
		rsync -rc "$O/domains/modules/" "$dst/"
	fi
}

stage_sources
mkdir -p "$LINUX_SRC/kernel/adeos" "$LINUX_SRC/arch/x86/adeos"
rsync -rc --delete "$tree/kernel/adeos/" "$LINUX_SRC/kernel/adeos/"
rsync -rc --delete "$tree/arch/x86/adeos/" "$LINUX_SRC/arch/x86/adeos/"
sync_domains
