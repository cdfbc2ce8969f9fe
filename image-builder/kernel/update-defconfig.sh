#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage, after linux-menuconfig: write the changes made there
# back to the board's own fragment, the last of AD_LINUX_CONFIG_FRAGMENTS
# (the shared ones before it stay as they are). Only the symbols whose
# values differ from tinyconfig plus the fragments are written, as
# Linux's scripts/diffconfig finds them, so that the fragment survives
# Linux updates (a full .config would not): a symbol the fragment
# already sets is changed in place, the others are added at its end.
set -eu
. image-builder/kernel/lib.sh

[ -f "$kb/.config" ] || die "no kernel .config yet: make linux-menuconfig first"
fragment_list
base=$O/build/linux-base
rm -rf "$base"
mkdir -p "$base"
msg KCONFIG "$(base_name) + $(echo "$fragments" | sed 's/ / + /g') (to compare)"
base_config "$base" "$O/build/linux-extra.fragment"
"$LINUX_SRC/scripts/diffconfig" -m "$base/.config" "$kb/.config" \
	>"$base/changed"

# The changed lines (first file) replace the fragment's lines of the same
# symbols; the rest are appended, in diffconfig's (sorted) order.
awk "$awk_sym"'
NR == FNR { order[++n] = sym($0); line[sym($0)] = $0; next }
{
	s = sym($0)
	if (s != "" && s in line) {
		print line[s]
		done[s] = 1
	} else
		print
}
END { for (i = 1; i <= n; i++) if (!(order[i] in done)) print line[order[i]] }' \
	"$base/changed" "$board_fragment" >"$board_fragment.tmp"
mv "$board_fragment.tmp" "$board_fragment"
fragment_stamp >"$kb/.adeos-fragment"
msg SAVE "$board_fragment ($(wc -l <"$base/changed") symbols changed)"
