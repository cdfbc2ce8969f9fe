# SPDX-License-Identifier: GPL-2.0-only
# shellcheck shell=sh
#
# The guest side, sourced by every script that builds programs for the
# guest or packs files into an initramfs (rootfs.sh and rt-tests.sh
# here; in tests/, boot/guest/build.sh and bench/run.sh): the one
# compile line of a guest program, and gen_init_cpio's file list.
#
#   guest_cc OUT SRC... [CFLAGS...]    a static i386 program
#   cpio_dir PATH MODE                 one entry of a gen_init_cpio
#   cpio_file PATH SRC MODE            file list, on standard output;
#   cpio_slink PATH TARGET             root owns every entry
#   cpio_nod PATH MODE c|b MAJOR MINOR
#   cpio_tree DIR                      every entry under DIR, sorted
#   cpio_pack GEN LIST OUT [EPOCH]     LIST packed by GEN (gen_init_cpio),
#                                      dated EPOCH if given; gzipped if
#                                      OUT ends in .gz
#
# Variables of the functions start with guest_ or cpio_: sh has no
# locals. Outputs are written to OUT.tmp and renamed when complete.

# Static i386 (gcc -m32, Debian's gcc-multilib), so that the guest needs
# no libc; stripped; warnings are errors. TARGET_CC replaces gcc. The
# message names OUT from $O, when it is under it.
# With GUEST_LINKED set, the files the linker read (-t: the C library's
# and libgcc's archives, the start files) are added to that file, for
# make legal-info: they are in the program.
guest_cc() {
	guest_out=$1
	shift
	printf '  %-7s %s\n' CC "${guest_out#"${O:+$O/}"} (i386, static)"
	if [ -n "${GUEST_LINKED:-}" ]; then
		${TARGET_CC:-gcc} -m32 -static -Os -s -Wall -Wextra -Werror \
			-Wl,-t -o "$guest_out.tmp" "$@" >>"$GUEST_LINKED" &&
			mv "$guest_out.tmp" "$guest_out"
	else
		${TARGET_CC:-gcc} -m32 -static -Os -s -Wall -Wextra -Werror \
			-o "$guest_out.tmp" "$@" && mv "$guest_out.tmp" "$guest_out"
	fi
}

cpio_dir() { printf 'dir %s %s 0 0\n' "$1" "$2"; }
cpio_file() { printf 'file %s %s %s 0 0\n' "$1" "$2" "$3"; }
cpio_slink() { printf 'slink %s %s 0777 0 0\n' "$1" "$2"; }
cpio_nod() { printf 'nod %s %s 0 0 %s %s %s\n' "$1" "$2" "$3" "$4" "$5"; }

# The entries of DIR's files, directories and links, as the archive's
# root, in byte order, with their modes.
cpio_tree() {
	(cd "$1" && find . -mindepth 1 | LC_ALL=C sort) | while read -r cpio_p; do
		cpio_path=${cpio_p#.}
		cpio_src=$1$cpio_path
		cpio_mode=$(stat -c %a "$cpio_src")
		if [ -L "$cpio_src" ]; then
			cpio_slink "$cpio_path" "$(readlink "$cpio_src")"
		elif [ -d "$cpio_src" ]; then
			cpio_dir "$cpio_path" "$cpio_mode"
		elif [ -f "$cpio_src" ]; then
			cpio_file "$cpio_path" "$cpio_src" "$cpio_mode"
		else
			echo "$cpio_path in $1 is neither a file, a directory nor a link" >&2
			exit 1
		fi
	done
}

cpio_pack() {
	if [ -n "${4:-}" ]; then
		"$1" -t "$4" "$2" >"$3.cpio.tmp"
	else
		"$1" "$2" >"$3.cpio.tmp"
	fi
	case $3 in
	*.gz)
		gzip -n -9 <"$3.cpio.tmp" >"$3.tmp"
		rm "$3.cpio.tmp"
		;;
	*) mv "$3.cpio.tmp" "$3.tmp" ;;
	esac
	mv "$3.tmp" "$3"
}
