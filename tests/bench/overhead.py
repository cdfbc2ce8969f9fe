#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""What the pipeline costs Linux: the same kernel configuration with
CONFIG_ADEOS on and off, booted the same way (QEMU TCG, -icount
shift=3,sleep=off: 8 ns of guest time per instruction), measured by

- hackbench -g 2 -l 200, run RUNS times: its own "Time:" (guest s);
- Linux's own interrupt path: irq-sink.ko claims IRQ 7 with a handler
  that does nothing; the guest raises it PULSES times through QEMU's
  pc-testdev (irq-pulse -t) and again on IRQ 3, which nobody claims (so
  the line stays masked): the difference per pulse is the interrupt's
  path, entry to exit, in guest ns; divided by 8, in instructions;
- cyclictest under hackbench, as make bench's thread rows: whether the
  pipeline lengthens Linux's own latency.

usage: overhead.py OUT SAMPLES KERNEL_ON INITRD_ON KERNEL_OFF INITRD_OFF
  SAMPLES  cyclictest's samples
Prints the figures and the ratios on/off, and writes OUT/overhead.txt.
"""
import concurrent.futures
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "boot"))
import qemu  # noqa: E402

QEMU = ("qemu-system-i386 -M pc -m 256M -nographic -no-reboot "
        "-kernel %s -initrd %s -append \"console=ttyS0 quiet panic=-1\" "
        "-device pc-testdev " + qemu.ICOUNT)
RUNS = 3
PULSES = 200000
NS_PER_INSN = 8  # -icount shift=3


def measure(out, samples, name, kernel, initrd):
    # one write per line: the two kernels' threads print side by side
    sys.stdout.write("  %-7s CONFIG_ADEOS %s: hackbench x%d, %d pulses, "
                     "cyclictest\n" % ("BOOT", name, RUNS, PULSES))
    sys.stdout.flush()
    guest = qemu.Guest(QEMU % (kernel, initrd),
                       os.path.join(out, "console-overhead-%s.log" % name),
                       timeout=600)
    try:
        guest.boot()
        guest.run_ok("insmod /irq-sink.ko irq=7")
        times = []
        for _ in range(RUNS):
            text = guest.run_ok("hackbench -g 2 -l 200", 600)
            times.append(float(re.search(r"Time: ([0-9.]+)", text).group(1)))
        base = float(guest.run_ok("irq-pulse -t 3 %d" % PULSES).split()[-1])
        path = float(guest.run_ok("irq-pulse -t 7 %d" % PULSES).split()[-1])
        hits = int(guest.run_ok("cat /sys/module/irq_sink/parameters/hits"))
        guest.run_ok("adeos-bench load hackbench")
        lat = dict(l.split() for l in guest.run_ok(
            "adeos-bench cyclictest %d | grep _ns" % samples,
            120 + samples // 20).splitlines())
        guest.poweroff()
    finally:
        guest.close()
    return {"hackbench_s": sum(times) / len(times), "runs": times,
            "irq_ns": path - base, "hits": hits,
            "lat": {k: int(v) / 1000.0 for k, v in lat.items()}}


def main():
    out, samples = sys.argv[1], int(sys.argv[2])
    # side by side: guest time follows the instruction count
    jobs = int(os.environ.get("BENCH_JOBS", "0")) or min(2, os.cpu_count())
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        on, off = pool.map(lambda a: measure(out, samples, *a),
                           [("on",) + tuple(sys.argv[3:5]),
                            ("off",) + tuple(sys.argv[5:7])])
    lines = [
        "CONFIG_ADEOS on vs off, the same kernel configuration "
        "(QEMU TCG -icount shift=3: 8 ns per instruction)",
        "hackbench -g 2 -l 200, mean of %d (guest s): on %.3f, off %.3f, "
        "ratio %.3f" % (RUNS, on["hackbench_s"], off["hackbench_s"],
                        on["hackbench_s"] / off["hackbench_s"]),
        "Linux's interrupt path (IRQ 7 to a do-nothing handler, %d pulses; "
        "%d and %d handled): on %.0f instructions, off %.0f, ratio %.3f" %
        (PULSES, on["hits"], off["hits"], on["irq_ns"] / NS_PER_INSN,
         off["irq_ns"] / NS_PER_INSN, on["irq_ns"] / off["irq_ns"]),
        "Linux's thread latency (cyclictest -p 95 -i 1000 under hackbench, "
        "%d samples, us): on avg %.1f max %.1f, off avg %.1f max %.1f, "
        "ratio of the maxima %.3f" %
        (samples, on["lat"]["avg_ns"], on["lat"]["max_ns"],
         off["lat"]["avg_ns"], off["lat"]["max_ns"],
         on["lat"]["max_ns"] / off["lat"]["max_ns"]),
    ]
    with open(os.path.join(out, "overhead.txt.tmp"), "w") as f:
        f.write("\n".join(lines) + "\n")
    os.rename(os.path.join(out, "overhead.txt.tmp"),
              os.path.join(out, "overhead.txt"))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
