#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make bench: build what is measured, then measure it (bench.py).
#
#   our kernel    the bench board ($BENCH_BOARD, qemu_i386_bench: Debian's
#                 686 configuration; make test's smoke test takes
#                 qemu_i386_bench_tiny) in $O/boards/$BENCH_BOARD
#   Debian's      linux-image-686 and linux-image-rt-686-pae, unpacked
#                 from $ADEOS_DL_DIR (make deps downloads them)
#   user space    the bench board's initramfs plus rt-tests
#                 (image-builder/rootfs/rt-tests.sh), the same for every kernel
#
# usage: run.sh O SAMPLES [smoke]
#   smoke: skip the pipeline-off build and its overhead figures.
set -eu
O=$1
samples=$2
mode=${3:-full}
dl=${ADEOS_DL_DIR:-dl}
b=$O/bench
bboard=${BENCH_BOARD:-qemu_i386_bench}
board=$O/boards/$bboard
src=$(mkdir -p "$O" && cd "$O" && pwd)/linux-src
PYTHON=${PYTHON:-/usr/bin/python3}
. image-builder/rootfs/guest.sh

msg() {
	printf '  %-7s %s\n' "$1" "$2"
}

# join_cpio OUT A B: archive B after archive A. Linux unpacks one
# archive after the other; a plain one must start 4-byte aligned (the
# zeros in between are skipped).
join_cpio() {
	pad=$(( (4 - $(wc -c <"$2") % 4) % 4 ))
	{
		cat "$2"
		head -c "$pad" /dev/zero
		cat "$3"
	} >"$1.tmp"
	mv "$1.tmp" "$1"
}

# How to take the same rows on a real PC, printed at the end.
on_hardware() {
	msg PC "the same rows on a real PC (docs/hardware.md):"
	cat <<-'EOF'
	          make O=output/pc pc_i386_defconfig image
	          dd if=output/pc/images/disk.img of=/dev/sdX bs=1M   # a USB stick
	          # boot it in BIOS (CSM) mode; on its console:
	          adeos-check
	          adeos-bench load hackbench; adeos-bench domain rt 20000
	          adeos-bench load hackbench; adeos-bench cyclictest 20000
	          adeos-bench load hackbench+stall; adeos-bench domain rt 20000
	EOF
}

t0=$(date +%s)
# the whole run's wall time, builds included (the issue's 20 minutes)
took() {
	t=$(($(date +%s) - t0))
	msg TIME "make bench ($mode, $samples samples per row): $((t / 60))m$((t % 60))s"
}

mkdir -p "$b"
# no figures of an earlier run may pass for this one's
rm -f "$b/latency.csv" "$b/latency.txt" "$b/latency.png" "$b/overhead.txt"
msg BOARD "$bboard (our kernel, the rt-timer domain as a module)"
make --no-print-directory O="$board" LINUX_SRC="$src" \
	"${bboard}_defconfig" image >"$b/board.log" 2>&1 || {
	tail -n 20 "$b/board.log" >&2
	echo "bench: the bench board did not build; see $b/board.log" >&2
	exit 1
}

msg CPIO "bench tools: rt-tests from $dl"
sh image-builder/rootfs/rt-tests.sh "$b" "$board/build/tools/gen_init_cpio"
join_cpio "$b/initrd" "$board/images/rootfs.cpio.gz" "$b/bench-tools.cpio"

# The peer kernels: vmlinuz only, from the packages, never installed.
kernel_of() {
	deb=$(find "$dl/" -maxdepth 1 -name "linux-image-6.*-$1_*_i386.deb" |
		LC_ALL=C sort | tail -n 1)
	[ -n "$deb" ] || {
		echo "bench: no linux-image-*-$1 i386 package in $dl: run make deps" >&2
		exit 1
	}
	d=$b/debian/$1
	if [ ! -f "$d/stamp" ] || [ "$(cat "$d/stamp")" != "$deb" ]; then
		rm -rf "$d"
		mkdir -p "$d"
		dpkg-deb --fsys-tarfile "$deb" | tar -C "$d" -xf - --wildcards './boot/vmlinuz-*'
		echo "$deb" >"$d/stamp"
	fi
	ls "$d"/boot/vmlinuz-*
}
k686=$(kernel_of 686)
krt=$(kernel_of rt-686-pae)
msg KERNELS "$(basename "$k686"), $(basename "$krt"), ours"
cat >"$b/kernels" <<EOF2
adeos $board/images/bzImage $b/initrd /lib/modules/adeos/adeos-rt.ko /lib/modules/adeos/adeos-tasks.ko
debian-686 $k686 $b/initrd
debian-rt-686-pae $krt $b/initrd
EOF2

# What the pipeline costs Linux: the bench board's kernel configuration
# with CONFIG_ADEOS off (and so no domain), built beside it while QEMU
# (one thread) measures on the other core. Guest time follows the
# instruction count, so the host's load does not change the figures.
off=$b/pipeline-off
build_pipeline_off() {
	mkdir -p "$off"
	fragments=$(sed -n 's/^AD_LINUX_CONFIG_FRAGMENTS="\(.*\)"$/\1/p' \
		"configs/${bboard}_defconfig")
	base=$(sed -n 's/^AD_LINUX_BASE_CONFIG="\(.*\)"$/\1/p' \
		"configs/${bboard}_defconfig")
	{
		# shellcheck disable=SC2086 # one word per fragment
		cat $fragments | grep -v '^CONFIG_ADEOS'
		echo '# CONFIG_ADEOS is not set'
	} >"$off/linux.fragment"
	cat >"$off/defconfig" <<EOF2
AD_BOARD_NAME="qemu-i386-bench"
AD_LINUX_BASE_CONFIG="${base:-tinyconfig}"
AD_LINUX_CONFIG_FRAGMENTS="$(cd "$off" && pwd)/linux.fragment"
AD_LINUX_CMDLINE="quiet panic=-1"
EOF2
	nice -n 10 make --no-print-directory O="$off/o" LINUX_SRC="$src" \
		defconfig DEFCONFIG="$off/defconfig" image >"$off/build.log" 2>&1
}

# kill_tree PID: the process and everything it started
kill_tree() {
	for c in $(pgrep -P "$1"); do
		kill_tree "$c"
	done
	kill "$1" 2>/dev/null || :
}

offpid=
if [ "$mode" != smoke ]; then
	msg BOARD "$bboard with CONFIG_ADEOS off (for the overhead), in the background"
	build_pipeline_off &
	offpid=$!
	trap 'kill_tree $offpid; exit 130' INT TERM
fi
msg BENCH "$samples samples per row, QEMU TCG -icount shift=3,sleep=off"
"$PYTHON" tests/bench/bench.py "$b" "$samples" "$b/kernels" || {
	[ -z "$offpid" ] || kill_tree "$offpid"
	exit 1
}
if [ "$mode" = smoke ]; then
	took
	on_hardware
	exit 0
fi
wait "$offpid" || {
	tail -n 20 "$off/build.log" >&2
	echo "bench: the pipeline-off kernel did not build; see $off/build.log" >&2
	exit 1
}
trap - INT TERM

# irq-sink.ko for each kernel, and irq-pulse, in one more archive each
for k in on off; do
	case $k in
	on) ob=$board ;;
	off) ob=$off/o ;;
	esac
	m=$b/irq-sink-$k
	rm -rf "$m"
	mkdir -p "$m"
	cp tests/bench/irq-sink/Kbuild tests/bench/irq-sink/irq-sink.c "$m/"
	msg CC "irq-sink.ko (CONFIG_ADEOS $k), irq-pulse"
	# with the make variables the kernel was built with, or Kbuild
	# would compile it all again (image-builder/kernel/module.sh)
	make --no-print-directory O="$ob" LINUX_SRC="$src" linux-module \
		MODULE_DIR="$m" >"$m/build.log" 2>&1 || {
		cat "$m/build.log" >&2
		exit 1
	}
	guest_cc "$m/irq-pulse" tests/boot/guest/irq-pulse.c >/dev/null
	guest_cc "$m/ubench" tests/bench/guest/ubench.c >/dev/null
	guest_cc "$m/spin" tests/bench/guest/spin.c >/dev/null
	{
		cpio_file /irq-sink.ko "$m/irq-sink.ko" 0644
		cpio_file /usr/bin/irq-pulse "$m/irq-pulse" 0755
		cpio_file /usr/bin/ubench "$m/ubench" 0755
		cpio_file /usr/bin/spin "$m/spin" 0755
	} >"$m/list"
	cpio_pack "$board/build/tools/gen_init_cpio" "$m/list" "$m/sink.cpio"
	join_cpio "$b/initrd-$k" "$b/initrd" "$m/sink.cpio"
done
# The core's stage primitives on the host, beside the guest's figures
msg BENCH "bench-core: the stage primitives on the host (callgrind)"
make --no-print-directory O="$O" bench-core >"$b/bench-core.log" 2>&1 || {
	cat "$b/bench-core.log" >&2
	exit 1
}
msg BENCH "the pipeline's overhead: hackbench, Linux's interrupt path, flags, ubench, cyclictest"
"$PYTHON" tests/bench/overhead.py "$b" "$samples" "$board/images/bzImage" \
	"$b/initrd-on" "$off/o/images/bzImage" "$b/initrd-off" \
	"$k686" "$b/initrd" "$O/bench-core/primitives.txt"

# Where the instructions go, function by function (path.py): Linux's
# interrupt path and a syscall, on both kernels, two at a time.
msg BENCH "the paths function by function: IRQ 7 and getppid, on and off (QEMU singlestep)"
paths() {
	k=$1
	case $k in
	on) kb=$board ;;
	off) kb=$off/o ;;
	esac
	"$PYTHON" tests/bench/path.py "$b" "irq-$k" "$kb/images/bzImage" \
		"$b/initrd-$k" "$kb/build/linux/vmlinux" \
		"insmod /irq-sink.ko irq=7" "irq-pulse -t 7 {}" 100 1100 \
		>/dev/null &&
		"$PYTHON" tests/bench/path.py "$b" "getppid-$k" \
			"$kb/images/bzImage" "$b/initrd-$k" \
			"$kb/build/linux/vmlinux" "" "ubench 1 getppid {}" \
			100 1100 >/dev/null
}
paths on &
onpid=$!
paths off || exit 1
wait "$onpid" || exit 1
# The timer's interrupt from its IDT stub to the rt-timer domain's
# handler, interrupting user code (timer_path.py), on our kernel
msg BENCH "the timer's path to the rt domain's handler (QEMU singlestep)"
"$PYTHON" tests/bench/timer_path.py "$b" "$board/images/bzImage" \
	"$b/initrd-on" "$board/build/linux/vmlinux" \
	/lib/modules/adeos/adeos-rt.ko 200 >/dev/null || exit 1
head -n 1 "$b"/path-*.txt | sed -n 's/^\([a-z]\)/          \1/p'
took
on_hardware
