#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Build each board named, each in its own output directory but from one
# unpacked Linux source, and boot it under QEMU (boot_test.py). TAP lines
# go to $O/results/boot-<board>.tap.
#
# usage: run.sh O BOARD...     (PYTHON from make)
set -u
O=$1
shift
PYTHON=${PYTHON:-/usr/bin/python3}
mkdir -p "$O/results" "$O/boards"
src=$(cd "$O" && pwd)/linux-src

for b in "$@"; do
	d=$O/boards/$b
	out=$O/results/boot-$b.tap
	: >"$out.tmp"
	start=$(date +%s)
	status=$( (make --no-print-directory O="$d" LINUX_SRC="$src" \
		"${b}_defconfig" image 2>&1; echo "rc=$?") |
		tee "$d.build.log" |
		grep -E '^  (CONF|UNPACK|PATCH|KCONFIG|LINUX|IMAGE|CPIO) |^rc=' |
		sed -n 's/^rc=//p; /^  /w /dev/stderr')
	secs=$(($(date +%s) - start))
	if [ "$status" != 0 ]; then
		echo "not ok - $b: make image failed after ${secs}s; see $d.build.log" >>"$out.tmp"
		tail -n 15 "$d.build.log" | sed 's/^/# /' >>"$out.tmp"
	else
		echo "ok - $b: make ${b}_defconfig image in ${secs}s" >>"$out.tmp"
		# again: an incremental build must work (and do little)
		start=$(date +%s)
		if make --no-print-directory O="$d" LINUX_SRC="$src" image \
			>"$d.rebuild.log" 2>&1; then
			echo "ok - $b: make image again in $(($(date +%s) - start))s ($(grep '^  LINUX .* files built' "$d.rebuild.log" | tail -n 1 | sed 's/^  LINUX *//'))" >>"$out.tmp"
		else
			echo "not ok - $b: make image again failed; see $d.rebuild.log" >>"$out.tmp"
			tail -n 8 "$d.rebuild.log" | sed 's/^/# /' >>"$out.tmp"
		fi
		board=$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$/\1/p' "$d/.config")
		"$PYTHON" tests/boot/boot_test.py "$d" "board/$board/readme.txt" \
			>>"$out.tmp" 2>&1
		# the domains' own device IRQs and the templates at work, on
		# boards with domains of those templates
		if grep -qE '^AD_DOMAIN[0-9]*_TEMPLATE="(irq-owner|channel|rt-timer)"' "$d/.config"; then
			if sh tests/boot/guest/build.sh "$d/build/guest" \
				"$d/build/tools/gen_init_cpio" >"$d.guest.log" 2>&1; then
				if grep -q '^AD_DOMAIN[0-9]*_TEMPLATE="irq-owner"' "$d/.config"; then
					"$PYTHON" tests/boot/irq_owner.py "$d" \
						"board/$board/readme.txt" \
						"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
				fi
				"$PYTHON" tests/boot/templates_test.py "$d" \
					"board/$board/readme.txt" \
					"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			else
				echo "not ok - $b: the guest test tools do not build" >>"$out.tmp"
				sed 's/^/# /' "$d.guest.log" >>"$out.tmp"
			fi
		fi
		# a level IRQ for Linux in a stall window: the ACPI SCI, raised
		# by the power button, on boards with ACPI's button driver
		if grep -q '^CONFIG_ACPI_BUTTON=y' "$d/build/linux/.config"; then
			"$PYTHON" tests/boot/level_irq.py "$d" \
				"board/$board/readme.txt" >>"$out.tmp" 2>&1
		fi
		# the product's proof, on boards with a rt-timer domain
		if grep -q '^AD_DOMAIN[0-9]*_TEMPLATE="rt-timer"' "$d/.config"; then
			"$PYTHON" tests/boot/stall_proof.py "$d" \
				"board/$board/readme.txt" >>"$out.tmp" 2>&1
		fi
	fi
	mv "$out.tmp" "$out"
	tests/report.sh "boot/$b" "$out"
	sed -n 's/^ok - /          /p' "$out"
done
exit 0
