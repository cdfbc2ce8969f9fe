#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Boot the board's images in QEMU for a person, on the serial console:
# the QEMU line of the board's readme (board/<AD_BOARD_NAME>/readme.txt,
# or the external tree's), as the tests boot it.
#
# usage: run.sh iso|disk     boot adeos.iso, or disk.img as a hard disk
#        run.sh readme       print the readme's path
# environment: O, ADEOS_EXTERNAL, QEMU_MEM (-m), QEMU_ICOUNT (-icount),
#              QEMU_ARGS (added last)
set -eu

: "${O:?}"

die() {
	echo "run: $*" >&2
	exit 1
}

[ -f "$O/.config" ] || die "no $O/.config: make <board>_defconfig image first"
board=$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$/\1/p' "$O/.config")
readme=
for dir in . ${ADEOS_EXTERNAL:+"$ADEOS_EXTERNAL"}; do
	[ -f "$dir/board/$board/readme.txt" ] && readme=$dir/board/$board/readme.txt
done
[ -n "$readme" ] || die "board $board has no board/$board/readme.txt"

if [ "$1" = readme ]; then
	echo "$readme"
	exit 0
fi

line=$(sed -n 's/^ *\(qemu-system-[^ ]* .*-cdrom output\/images\/adeos.iso.*\)$/\1/p' \
	"$readme" | head -n 1)
[ -n "$line" ] || die "$readme has no qemu-system- line booting output/images/adeos.iso"
image=adeos.iso
[ "$1" = disk ] && image=disk.img
[ -f "$O/images/$image" ] || die "$O/images/$image is missing: make image"

line=$(echo "$line" | sed "s|output/|$O/|g")
if [ "$1" = disk ]; then
	line=$(echo "$line" | sed "s|-cdrom [^ ]*|-drive file=$O/images/disk.img,format=raw|")
fi
if [ -n "${QEMU_MEM:-}" ]; then
	line=$(echo "$line" | sed "s|-m [^ ]*|-m $QEMU_MEM|")
fi
line="$line${QEMU_ICOUNT:+ -icount $QEMU_ICOUNT}${QEMU_ARGS:+ $QEMU_ARGS}"
printf '  %-7s %s\n' RUN "$line"
echo "          (the guest's poweroff or reboot ends QEMU; so does Ctrl-A x)"
# shellcheck disable=SC2086 # the readme's line, split into words
exec $line
