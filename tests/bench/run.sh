#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# make bench: build what is measured, then measure it (bench.py).
#
#   our kernel    the bench board (qemu_i386_bench_defconfig) in
#                 $O/boards/qemu_i386_bench, as make test builds it
#   Debian's      linux-image-686 and linux-image-rt-686-pae, unpacked
#                 from $ADEOS_DL_DIR (make deps downloads them)
#   user space    the bench board's initramfs plus rt-tests
#                 (tests/bench/rootfs.sh), the same for every kernel
#
# usage: run.sh O SAMPLES [smoke]
#   smoke: skip the pipeline-off build and its overhead figures.
set -eu
O=$1
samples=$2
mode=${3:-full}
dl=${ADEOS_DL_DIR:-dl}
b=$O/bench
board=$O/boards/qemu_i386_bench
src=$(mkdir -p "$O" && cd "$O" && pwd)/linux-src
PYTHON=${PYTHON:-/usr/bin/python3}

msg() {
	printf '  %-7s %s\n' "$1" "$2"
}

mkdir -p "$b"
# no figures of an earlier run may pass for this one's
rm -f "$b/latency.csv" "$b/latency.txt" "$b/latency.png" "$b/overhead.txt"
msg BOARD "qemu_i386_bench (our kernel, the rt-timer domain as a module)"
make --no-print-directory O="$board" LINUX_SRC="$src" \
	qemu_i386_bench_defconfig image >"$b/board.log" 2>&1 || {
	tail -n 20 "$b/board.log" >&2
	echo "bench: the bench board did not build; see $b/board.log" >&2
	exit 1
}

msg CPIO "bench tools: rt-tests from $dl"
sh tests/bench/rootfs.sh "$b" "$board/build/tools/gen_init_cpio"
# Linux unpacks one archive after the other, each 4-byte aligned
"$PYTHON" - "$board/images/rootfs.cpio.gz" "$b/bench-tools.cpio" \
	"$b/initrd" <<'PY'
import sys
with open(sys.argv[3] + ".tmp", "wb") as f:
    for part in sys.argv[1:3]:
        with open(part, "rb") as g:
            f.write(g.read())
        f.write(bytes(-f.tell() % 4))
PY
mv "$b/initrd.tmp" "$b/initrd"

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
adeos $board/images/bzImage $b/initrd /lib/modules/adeos/adeos-rt.ko
debian-686 $k686 $b/initrd
debian-rt-686-pae $krt $b/initrd
EOF2

msg BENCH "$samples samples per row, QEMU TCG -icount shift=3,sleep=off"
"$PYTHON" tests/bench/bench.py "$b" "$samples" "$b/kernels"
[ "$mode" = smoke ] && exit 0

# What the pipeline costs Linux: the bench board's kernel configuration
# with CONFIG_ADEOS off (and so no domain), built beside it.
off=$b/pipeline-off
mkdir -p "$off"
{
	grep -v '^CONFIG_ADEOS' board/qemu-i386-bench/linux.fragment
	echo '# CONFIG_ADEOS is not set'
} >"$off/linux.fragment"
cat >"$off/defconfig" <<EOF2
AD_BOARD_NAME="qemu-i386-bench"
AD_LINUX_CONFIG_FRAGMENT="$(cd "$off" && pwd)/linux.fragment"
AD_LINUX_CMDLINE="quiet panic=-1"
EOF2
msg BOARD "qemu_i386_bench with CONFIG_ADEOS off (for the overhead)"
make --no-print-directory O="$off/o" LINUX_SRC="$src" defconfig \
	DEFCONFIG="$off/defconfig" image >"$off/build.log" 2>&1 || {
	tail -n 20 "$off/build.log" >&2
	echo "bench: the pipeline-off kernel did not build; see $off/build.log" >&2
	exit 1
}

# irq-sink.ko for each kernel, and irq-pulse, in one more archive each
for k in on off; do
	case $k in
	on) kb=$board/build/linux ;;
	off) kb=$off/o/build/linux ;;
	esac
	m=$b/irq-sink-$k
	rm -rf "$m"
	mkdir -p "$m"
	cp tests/bench/irq-sink/Kbuild tests/bench/irq-sink/irq-sink.c "$m/"
	msg CC "irq-sink.ko (CONFIG_ADEOS $k), irq-pulse"
	# Module.symvers and the module linker script first: a kernel
	# without domain modules has not made them
	{ make -s -C "$src" O="$(cd "$kb" && pwd)" ARCH=i386 \
		-j"$(nproc)" modules &&
		make -s -C "$src" O="$(cd "$kb" && pwd)" ARCH=i386 \
			M="$(cd "$m" && pwd)" modules; } >"$m/build.log" 2>&1 || {
		cat "$m/build.log" >&2
		exit 1
	}
	gcc -m32 -static -Os -s -o "$m/irq-pulse" tests/boot/guest/irq-pulse.c
	printf 'file /irq-sink.ko %s 0644 0 0\nfile /usr/bin/irq-pulse %s 0755 0 0\n' \
		"$m/irq-sink.ko" "$m/irq-pulse" >"$m/list"
	"$board/build/tools/gen_init_cpio" "$m/list" >"$m/sink.cpio"
	"$PYTHON" - "$b/initrd" "$m/sink.cpio" "$b/initrd-$k" <<'PY'
import sys
with open(sys.argv[3], "wb") as f:
    for part in sys.argv[1:3]:
        with open(part, "rb") as g:
            f.write(g.read())
        f.write(bytes(-f.tell() % 4))
PY
done
msg BENCH "the pipeline's overhead: hackbench, and Linux's interrupt path"
"$PYTHON" tests/bench/overhead.py "$b" "$board/images/bzImage" \
	"$b/initrd-on" "$off/o/images/bzImage" "$b/initrd-off"
