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
- Linux's interrupt flag: irq-sink.ko's flags=1 rows (the save/restore
  pair, and with the pipeline its stage primitives and the hardware
  pair), beside the host's bench-core figures for the core's calls;
- ubench (tests/bench/guest/ubench.c): getppid, a pipe ping-pong,
  fork+exit+wait, a page fault, in instructions per operation, min and
  median of UBENCH_RUNS runs;
- cyclictest under hackbench, LAT_RUNS times, on both kernels and on
  Debian's 686 kernel: p99.9 and the maximum over the runs.

usage: overhead.py OUT SAMPLES KERNEL_ON INITRD_ON KERNEL_OFF INITRD_OFF
                   KERNEL_686 INITRD_686 [PRIMITIVES]
  SAMPLES     cyclictest's samples per run
  PRIMITIVES  bench-core's primitives.txt ("NAME INSTRUCTIONS" lines)
Prints the table with the ratios on/off, and writes OUT/overhead.txt.
"""
import concurrent.futures
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "boot"))
import qemu  # noqa: E402
import bench  # noqa: E402

QEMU = ("qemu-system-i386 -M pc -m 256M -nographic -no-reboot "
        "-kernel %s -initrd %s -append \"console=ttyS0 quiet panic=-1\" "
        "-device pc-testdev " + qemu.ICOUNT)
RUNS = 3
PULSES = 200000
NS_PER_INSN = 8  # -icount shift=3
UBENCH_RUNS = 5
LAT_RUNS = 3


def say(text):
    # one write per line: the kernels' threads print side by side
    sys.stdout.write("  %-7s %s\n" % ("BOOT", text))
    sys.stdout.flush()


def rows_of(text):
    """ "row NAME A [B ...]" lines: {NAME: [A, B, ...]} as numbers."""
    rows = {}
    for line in text.splitlines():
        w = line.split()
        if len(w) >= 3 and w[0] == "row":
            rows[w[1]] = [float(v) for v in w[2:] if
                          re.fullmatch(r"[0-9.]+", v)]
    return rows


def cyclictest(guest, samples):
    """LAT_RUNS runs under hackbench: [p99.9 us], [max us]."""
    p999, mx = [], []
    for _ in range(LAT_RUNS):
        guest.run_ok("adeos-bench load hackbench")
        fig, hist = bench.parse_summary(guest.run_ok(
            "adeos-bench cyclictest %d" % samples, 120 + samples // 20))
        p999.append(bench.percentile(hist, fig, 0.999))
        mx.append(fig["max_ns"] / 1000.0)
    return p999, mx


def measure(out, samples, name, kernel, initrd):
    if name == "686":
        say("Debian 686: cyclictest x%d" % LAT_RUNS)
    else:
        say("CONFIG_ADEOS %s: hackbench x%d, %d pulses, flags, ubench, "
            "cyclictest x%d" % (name, RUNS, PULSES, LAT_RUNS))
    guest = qemu.Guest(QEMU % (kernel, initrd),
                       os.path.join(out, "console-overhead-%s.log" % name),
                       timeout=600)
    r = {}
    try:
        guest.boot()
        if name != "686":
            guest.run_ok("insmod /irq-sink.ko irq=7 flags=1")
            r["flags"] = rows_of(guest.run_ok(
                "cat /sys/module/irq_sink/parameters/flags"))
            times = []
            for _ in range(RUNS):
                text = guest.run_ok("hackbench -g 2 -l 200", 600)
                times.append(float(re.search(r"Time: ([0-9.]+)",
                                             text).group(1)))
            r["hackbench_s"] = sum(times) / len(times)
            base = float(guest.run_ok("irq-pulse -t 3 %d" %
                                      PULSES).split()[-1])
            path = float(guest.run_ok("irq-pulse -t 7 %d" %
                                      PULSES).split()[-1])
            r["irq_insns"] = (path - base) / NS_PER_INSN
            r["hits"] = int(guest.run_ok(
                "cat /sys/module/irq_sink/parameters/hits"))
            r["ubench"] = rows_of(guest.run_ok("ubench %d" % UBENCH_RUNS,
                                               600))
        r["p999"], r["max"] = cyclictest(guest, samples)
        guest.poweroff()
    finally:
        guest.close()
    return r


def ratio(a, b):
    return "%.3f" % (a / b) if a is not None and b else "-"


def num(v, fmt="%.0f"):
    return fmt % v if v is not None else "-"


def table(on, off, d686, prim, samples):
    w = "%-44s %10s %10s %7s  %s"
    lines = [
        "CONFIG_ADEOS on vs off, the same kernel configuration "
        "(QEMU TCG -icount shift=3: 8 ns per instruction)",
        w % ("figure", "on", "off", "ratio", "goal"),
        w % ("hackbench -g 2 -l 200, mean of %d (guest s)" % RUNS,
             num(on["hackbench_s"], "%.3f"), num(off["hackbench_s"], "%.3f"),
             ratio(on["hackbench_s"], off["hackbench_s"]), "<= 1.03"),
        w % ("Linux's interrupt path (instructions/IRQ)",
             num(on["irq_insns"]), num(off["irq_insns"]),
             ratio(on["irq_insns"], off["irq_insns"]), "<= 1.25"),
    ]
    fon, foff = on["flags"], off["flags"]
    pair_on = fon.get("save-restore", [None])[0]
    pair_off = foff.get("save-restore", [None])[0]
    pair_on = pair_on / 1000 if pair_on is not None else None
    pair_off = pair_off / 1000 if pair_off is not None else None
    lines.append(w % ("local_irq_save/restore pair (instructions)",
                      num(pair_on, "%.1f"), num(pair_off, "%.1f"),
                      ratio(pair_on, pair_off), "<= 2 (off: the hardware's)"))
    names = {"getppid": "syscall (getppid)",
             "pipe-pingpong": "pipe ping-pong (round trip)",
             "fork-exit-wait": "fork+exit+wait",
             "page-fault": "page fault"}
    for k, label in names.items():
        a = on["ubench"].get(k, [None, None])
        b = off["ubench"].get(k, [None, None])
        lines.append(w % ("%s, median of %d (instructions)" %
                          (label, UBENCH_RUNS), num(a[1]), num(b[1]),
                          ratio(a[1], b[1]), "<= 1.03"))
    lines.append(w % ("cyclictest under hackbench, p99.9 (us)",
                      num(max(on["p999"])), num(max(off["p999"])),
                      ratio(max(on["p999"]), max(off["p999"])),
                      "<= Debian 686's: %s" % num(max(d686["p999"]))))
    lines.append(w % ("cyclictest under hackbench, max of %d (us)" %
                      LAT_RUNS, num(max(on["max"]), "%.1f"),
                      num(max(off["max"]), "%.1f"),
                      ratio(max(on["max"]), max(off["max"])),
                      "<= Debian 686's: %s" % num(max(d686["max"]), "%.1f")))
    lines.append("(cyclictest: %d samples per run, %d runs; p99.9 the "
                 "highest of the runs' p99.9; interrupt path: %d pulses, "
                 "%d and %d handled)" % (samples, LAT_RUNS, PULSES,
                                         on["hits"], off["hits"]))
    lines.append("")
    lines.append("The stage's primitives, in instructions: the guest's "
                 "Linux (inline) and the host's core (bench-core)")
    w2 = "%-44s %10s %10s"
    lines.append(w2 % ("primitive", "guest", "host"))
    for k, label in (("stall", "stall (local_irq_disable)"),
                     ("unstall-empty", "unstall, nothing pending"),
                     ("unstall-one", "unstall, one IRQ pending (played)"),
                     ("test", "test (irqs_disabled)"),
                     ("hard-save-restore", "hardware pair (hard_*)")):
        g = fon.get(k, [None])[0]
        lines.append(w2 % (label, num(g / 1000 if g is not None else None,
                                      "%.1f"),
                           prim.get(k, "-")))
    return lines


def main():
    out, samples = sys.argv[1], int(sys.argv[2])
    prim = {}
    if len(sys.argv) > 9 and os.path.exists(sys.argv[9]):
        with open(sys.argv[9]) as f:
            prim = dict(l.split() for l in f if l.strip())
    # side by side: guest time follows the instruction count
    jobs = int(os.environ.get("BENCH_JOBS", "0")) or min(2, os.cpu_count())
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        on, off, d686 = pool.map(lambda a: measure(out, samples, *a),
                                 [("on",) + tuple(sys.argv[3:5]),
                                  ("off",) + tuple(sys.argv[5:7]),
                                  ("686",) + tuple(sys.argv[7:9])])
    lines = table(on, off, d686, prim, samples)
    with open(os.path.join(out, "overhead.txt.tmp"), "w") as f:
        f.write("\n".join(lines) + "\n")
    os.rename(os.path.join(out, "overhead.txt.tmp"),
              os.path.join(out, "overhead.txt"))
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
