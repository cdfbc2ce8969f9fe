#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Build each board named, each in its own output directory but from one
# unpacked Linux source (the one plain make builds from, so that ccache
# serves every board's kernel the files another board of the same
# configuration compiled), and boot it under QEMU (boot_test.py and the
# suites its domains call for).
#
# usage: run.sh O BOARD...        build, then boot, each board in turn
#        run.sh O build BOARD     only the build: TAP lines go to
#                                 $O/results/build-BOARD.tap
#        run.sh O boot BOARD      only the boot suites, on what the build
#                                 left: TAP lines go to
#                                 $O/results/boot-BOARD.tap
# make test (tests/test.sh) runs the builds one after the other and
# each board's boot suites while the next board builds.
# PYTHON from make.
set -u
O=$1
shift
PYTHON=${PYTHON:-/usr/bin/python3}
mkdir -p "$O/results" "$O/boards"
src=$(cd "$O" && pwd)/linux-src
boards=$(cd "$O/boards" && pwd)

# built LOG: the files the kernel stage built (its counts restart for
# the domain modules: the last count of each run, added up)
built() {
	awk '/^  LINUX +[0-9]+ files built$/ {
		if ($2 < last) sum += last
		last = $2
	}
	END { printf "%d files built", sum + last }' "$1"
}

# ccache_counts STATSLOG: what ccache made of the kernel's compiles
# (not of the compiler probes, which compile /dev/null)
ccache_counts() {
	[ -s "$1" ] || return 0
	awk '/^# / { probe = ($2 == "/dev/null"); next }
		probe { next }
		/^(direct|preprocessed)_cache_hit$/ { h++ }
		/^cache_miss$/ { m++ }
		END { printf "; ccache: %d hits, %d misses", h, m }' "$1"
}

# build BOARD: make BOARD_defconfig image, then make image again (an
# incremental build must work, and do little).
build() {
	b=$1
	d=$O/boards/$b
	out=$O/results/build-$b.tap
	: >"$out.tmp"
	mkdir -p "$d"
	start=$(date +%s)
	rm -f "$d.ccache.log"
	status=$( (CCACHE_STATSLOG=$boards/$b.ccache.log \
		make --no-print-directory O="$d" LINUX_SRC="$src" \
		"${b}_defconfig" image 2>&1; echo "rc=$?") |
		tee "$d.build.log" |
		grep -E '^  (CONF|UNPACK|PATCH|KCONFIG|LINUX|IMAGE|CPIO) |^rc=' |
		sed -n 's/^rc=//p; /^  /w /dev/stderr')
	secs=$(($(date +%s) - start))
	if [ "$status" != 0 ]; then
		echo "not ok - $b: make image failed after ${secs}s; see $d.build.log" >>"$out.tmp"
		tail -n 15 "$d.build.log" | sed 's/^/# /' >>"$out.tmp"
	else
		echo "ok - $b: make ${b}_defconfig image in ${secs}s ($(built "$d.build.log")$(ccache_counts "$d.ccache.log"))" >>"$out.tmp"
		start=$(date +%s)
		if make --no-print-directory O="$d" LINUX_SRC="$src" image \
			>"$d.rebuild.log" 2>&1; then
			echo "ok - $b: make image again in $(($(date +%s) - start))s ($(built "$d.rebuild.log"))" >>"$out.tmp"
		else
			echo "not ok - $b: make image again failed; see $d.rebuild.log" >>"$out.tmp"
			tail -n 8 "$d.rebuild.log" | sed 's/^/# /' >>"$out.tmp"
		fi
	fi
	mv "$out.tmp" "$out"
}

# builtin_tasks DIR: the board built in DIR has a built-in rt-tasks domain
builtin_tasks() {
	awk -F'[_=]' '/^AD_DOMAIN[0-9]+_TEMPLATE="rt-tasks"$/ { t[$2] = 1 }
		/^AD_DOMAIN[0-9]+_MODULE=y$/ { m[$2] = 1 }
		END { for (n in t) if (!m[n]) exit 0; exit 1 }' "$1/.config"
}

# boot BOARD: the boot suites, if the board built.
# The guest test tools of the board being booted, built once (status
# 0); a failure to build them is counted once, with its log.
guest_tools() {
	if [ -z "$tools_status" ]; then
		if sh tests/boot/guest/build.sh "$d/build/guest" \
			"$d/build/tools/gen_init_cpio" "$d/build/linux" \
			>"$d.guest.log" 2>&1; then
			tools_status=0
		else
			tools_status=1
			echo "not ok - $b: the guest test tools do not build" >>"$out.tmp"
			sed 's/^/# /' "$d.guest.log" >>"$out.tmp"
		fi
	fi
	return "$tools_status"
}

boot() {
	b=$1
	d=$O/boards/$b
	out=$O/results/boot-$b.tap
	tools_status=
	: >"$out.tmp"
	if grep -q '^not ok ' "$O/results/build-$b.tap" 2>/dev/null ||
		[ ! -f "$O/results/build-$b.tap" ]; then
		# the build's failure is counted there; nothing to boot
		mv "$out.tmp" "$out"
		return 0
	fi
	board=$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$/\1/p' "$d/.config")
	"$PYTHON" tests/boot/boot_test.py "$d" "board/$board/readme.txt" \
		>>"$out.tmp" 2>&1
	# adeos-check, with problems made by kernel and QEMU arguments
	"$PYTHON" tests/boot/check_test.py "$d" "board/$board/readme.txt" \
		>>"$out.tmp" 2>&1
	# real-time tasks, on boards with a built-in rt-tasks domain
	if builtin_tasks "$d"; then
		if guest_tools; then
			"$PYTHON" tests/boot/tasks_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
		fi
	fi
	# the domains' own device IRQs and the templates at work, on
	# boards with domains of those templates; the tasks board's rt-timer
	# domain, beside its tasks, is tasks_test's
	if grep -qE '^AD_DOMAIN[0-9]*_TEMPLATE="(irq-owner|channel|rt-timer|pci-owner)"' "$d/.config" &&
		! builtin_tasks "$d"; then
		if guest_tools; then
			if grep -q '^AD_DOMAIN[0-9]*_TEMPLATE="irq-owner"' "$d/.config"; then
				"$PYTHON" tests/boot/irq_owner.py "$d" \
					"board/$board/readme.txt" \
					"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			fi
			# QEMU's edu device, owned through INTx and MSI
			if grep -qE '^AD_DOMAIN[0-9]*_IRQ[0-9]*_PCI_(INTX|MSI)=y' "$d/.config"; then
				"$PYTHON" tests/boot/pci_owner.py "$d" \
					"board/$board/readme.txt" \
					"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			fi
			"$PYTHON" tests/boot/templates_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# bad writes to every file a user can write
			"$PYTHON" tests/boot/fuzz_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# the host torture's model, run by Linux
			"$PYTHON" tests/boot/torture_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# a level line never cleared, an edge flood: masked
			"$PYTHON" tests/boot/storm_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# a task a domain wakes runs at the interrupt's return
			"$PYTHON" tests/boot/wake_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# the debug board's own: churn, a planted bug, NMIs
			"$PYTHON" tests/boot/debug_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# idle threads in halt, acpi_idle and mwait
			"$PYTHON" tests/boot/idle_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
			# windows forced open: an IRQ logged just before
			# idle sleeps, a domain unloaded under a reader
			"$PYTHON" tests/boot/race_test.py "$d" \
				"board/$board/readme.txt" \
				"$d/build/guest/tools.cpio" >>"$out.tmp" 2>&1
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
	# Linux's own timer selftests, on boards whose Linux has high
	# resolution timers and a tick that stops in idle
	if grep -q '^CONFIG_NO_HZ_IDLE=y' "$d/build/linux/.config" &&
		grep -q '^CONFIG_HIGH_RES_TIMERS=y' "$d/build/linux/.config"; then
		if sh tests/selftests/build.sh "$d/build/selftests" \
			"$d/build/tools/gen_init_cpio" "$d/build/linux" \
			>"$d.selftests.log" 2>&1; then
			"$PYTHON" tests/boot/selftests.py "$d" \
				"board/$board/readme.txt" "$d/build/selftests" \
				>>"$out.tmp" 2>&1
		else
			echo "not ok - $b: Linux's timer selftests do not build" >>"$out.tmp"
			sed 's/^/# /' "$d.selftests.log" >>"$out.tmp"
		fi
	fi
	mv "$out.tmp" "$out"
}

# the short lines for a board's build, or its build and boot
report_build() {
	sed -n 's/^ok - /          /p' "$O/results/build-$1.tap"
	grep '^not ok \|^# ' "$O/results/build-$1.tap" | sed 's/^/          /'
}
report_boot() {
	tests/report.sh "boot/$1" "$O/results/build-$1.tap" \
		"$O/results/boot-$1.tap"
	sed -n 's/^ok - /          /p' "$O/results/boot-$1.tap"
}

case ${1:-} in
build)
	build "$2"
	report_build "$2"
	;;
boot)
	boot "$2"
	report_boot "$2"
	;;
*)
	for b in "$@"; do
		build "$b"
		boot "$b"
		tests/report.sh "boot/$b" "$O/results/build-$b.tap" \
			"$O/results/boot-$b.tap"
		cat "$O/results/build-$b.tap" "$O/results/boot-$b.tap" |
			sed -n 's/^ok - /          /p'
	done
	;;
esac
exit 0
