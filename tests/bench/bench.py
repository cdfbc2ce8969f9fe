#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""make bench: the real-time domain against Linux alone on the pipeline,
Debian's stock 686 kernel and its PREEMPT_RT kernel, one after the
other under the same QEMU settings (TCG, -icount shift=3,sleep=off: guest
time follows the instruction count, so the figures repeat), with the same
user space and the same load (hackbench looping; on our kernels also
with Linux's stall facility).

Each row is one level: "irq" (the time from the timer's deadline to the
first instruction that handles it: the rt-timer domain's, from the
deadline the pipeline's timer service programmed, in TSC counts; the
timerlat tracer's irq context) or "thread" (the time until a thread
runs: cyclictest's SCHED_FIFO thread, or the rt-tasks domain's 1 kHz
probe task, from its timer's deadline to the task's first instruction
after its release). The rt-timer and rt-tasks domains are loaded
together, both on the one timer service. Compare like with like.

usage: bench.py OUT SAMPLES KERNELS_FILE
  OUT           where latency.csv, the table, the histograms and
                latency.png go
  SAMPLES       samples per row
  KERNELS_FILE  lines "system kernel initrd [rt-module tasks-module]"
                (our kernels carry the rt-timer domain's module and the
                rt-tasks domain's, which has a probe task)
BENCH_JOBS (environment): how many systems boot at once (default 2, or
1 on a single CPU).
Prints the table; exit 0 unless a kernel cannot be booted at all (the
benchmark reports what it measures, never a target).
"""
import concurrent.futures
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "boot"))
import qemu  # noqa: E402

QEMU = ("qemu-system-i386 -M pc -m 256M -nographic -no-reboot "
        "-kernel %s -initrd %s -append \"console=ttyS0 quiet panic=-1\" " +
        qemu.ICOUNT)
TRACE_S = 10
HEADER = "system,level,load,samples,min_us,avg_us,p99_us,p999_us,max_us"


def parse_summary(text):
    """The guest's summary: figures and {bucket_us: count}."""
    fig, hist = {}, {}
    for line in text.splitlines():
        w = line.split()
        if len(w) == 3 and w[0] == "hist" and w[1].isdigit():
            hist[int(w[1])] = hist.get(int(w[1]), 0) + int(w[2])
        elif len(w) == 3 and w[0] == "hist_over":
            fig["over_limit"], fig["over"] = int(w[1]), int(w[2])
        elif len(w) == 2 and re.fullmatch(r"-?\d+", w[1]):
            fig[w[0]] = int(w[1])
    return fig, hist


def percentile(hist, fig, q):
    """The upper bound of the 1 us bucket holding the q-quantile, or the
    largest sample if that is lower (a P99 of 6.0 beside a MAX of 5.9
    would read as a mistake)."""
    total = sum(hist.values()) + fig.get("over", 0)
    if not total:
        return None
    bound = float(fig.get("over_limit", 0))
    need, seen = q * total, 0
    for b in sorted(hist):
        seen += hist[b]
        if seen >= need:
            bound = float(b + 1)
            break
    if "max_ns" in fig:
        return min(bound, fig["max_ns"] / 1000.0)
    return bound


def row(system, level, load, text):
    fig, hist = parse_summary(text)
    n = fig.get("samples", 0)
    r = {"system": system, "level": level, "load": load, "samples": n,
         "hist": hist}
    if n:
        r.update(min_us=fig["min_ns"] / 1000.0, avg_us=fig["avg_ns"] / 1000.0,
                 max_us=fig["max_ns"] / 1000.0,
                 p99_us=percentile(hist, fig, 0.99),
                 p999_us=percentile(hist, fig, 0.999))
    return r


class Bench:
    """The systems' measurements, each booted on its own, and run JOBS at
    a time: guest time follows the instruction count, so QEMUs side by
    side (one host thread each) do not change each other's figures."""

    def __init__(self, out, samples):
        self.out = out
        self.samples = samples
        self.start = time.time()
        self.irqsoff = []

    def progress(self, what, text):
        """One line per step as it ends, flushed: the run takes minutes."""
        # one write per line: the systems' threads print side by side
        sys.stdout.write("  %-7s %s (%.0f s)\n" %
                         (what, text, time.time() - self.start))
        sys.stdout.flush()

    def row(self, system, level, load, text):
        r = row(system, level, load, text)
        self.progress("ROW", "%s %s %s: %d samples, max %s us" % (
            system, level, load, r["samples"], fmt(r.get("max_us"))))
        return r

    def boot(self, system, kernel, initrd):
        self.progress("BOOT", "%s (%s)" % (system, os.path.basename(kernel)))
        log = os.path.join(self.out, "console-%s.log" % system)
        guest = qemu.Guest(QEMU % (kernel, initrd), log, timeout=600)
        try:
            guest.boot()
        except qemu.Stuck:
            guest.close()
            raise
        return guest

    def measure(self, guest, cmd):
        # a row's samples at 1 kHz: guest seconds; allow for slow hosts
        return guest.run_ok(cmd, 120 + self.samples // 20)

    def ours(self, kernel, initrd, module, tasks):
        """adeos-rt-domain (irq) and adeos-rt-task (thread: the probe task
        of the rt-tasks module), both modules loaded together, their
        timers on the pipeline's one timer service; then adeos-linux
        (thread) with neither; each load."""
        rows = []
        guest = self.boot("adeos-linux", kernel, initrd)
        name = re.sub(r"^adeos-|\.ko$", "", os.path.basename(module))
        tname = re.sub(r"^adeos-|\.ko$", "", os.path.basename(tasks))
        try:
            for load in ("hackbench", "hackbench+stall"):
                guest.run_ok("adeos-bench load %s" % load)
                guest.run_ok("insmod %s && insmod %s" % (module, tasks))
                text = self.measure(guest, "adeos-bench domain %s %d" %
                                    (name, self.samples))
                rows.append(self.row("adeos-rt-domain", "irq", load, text))
                text = self.measure(guest, "adeos-bench task %s probe %d" %
                                    (tname, self.samples))
                rows.append(self.row("adeos-rt-task", "thread", load, text))
                guest.run_ok("rmmod adeos_%s adeos_%s" %
                             (tname.replace("-", "_"),
                              name.replace("-", "_")))
                text = self.measure(guest, "adeos-bench cyclictest %d" %
                                    self.samples)
                rows.append(self.row("adeos-linux", "thread", load, text))
                guest.run_ok("adeos-bench unload")
            self.hardirqs_off(guest, module, name)
            guest.poweroff()
        finally:
            guest.close()
        return rows

    def hardirqs_off(self, guest, module, name):
        """The longest hard-IRQs-off section over TRACE_S guest seconds
        of each load: hackbench alone (Linux and the pipeline), then
        the heaviest, hackbench and the stall facility with the rt
        domain in. Traced apart from the rows, whose figures the
        tracer's own cost would change."""
        if "hardirqs_off" not in guest.run_ok("ls /proc/adeos"):
            return
        for load, domain in (("hackbench", False), ("hackbench+stall", True)):
            guest.run_ok("adeos-bench load %s" % load)
            if domain:
                guest.run_ok("insmod %s" % module)
            guest.run_ok("echo 1 >/proc/adeos/hardirqs_off")
            guest.run_ok("sleep %d" % TRACE_S, 120 + TRACE_S * 10)
            text = guest.run_ok("cat /proc/adeos/hardirqs_off")
            guest.run_ok("echo 0 >/proc/adeos/hardirqs_off")
            if domain:
                guest.run_ok("rmmod adeos_%s" % name.replace("-", "_"))
            guest.run_ok("adeos-bench unload")
            fig = dict(ln.split(None, 1) for ln in text.splitlines()
                       if " " in ln)
            line = ("longest hard-IRQs-off section, %d s of %s%s "
                    "(%s sections): %.1f us, from %s to %s" % (
                        TRACE_S, load,
                        " with the rt domain" if domain else "",
                        fig.get("sections", "?"),
                        int(fig.get("longest_ns", 0)) / 1000.0,
                        fig.get("from", "?"), fig.get("to", "?")))
            self.irqsoff.append(line)
            self.progress("TRACE", line)

    def debian(self, system, kernel, initrd):
        """cyclictest (thread); on the RT kernel also timerlat (irq)."""
        rows = []
        guest = self.boot(system, kernel, initrd)
        try:
            guest.run_ok("adeos-bench load hackbench")
            text = self.measure(guest, "adeos-bench cyclictest %d" %
                                self.samples)
            rows.append(self.row(system, "thread", "hackbench", text))
            if system == "debian-rt-686-pae":
                guest.run_ok("adeos-bench load hackbench")
                text = self.measure(guest, "adeos-bench timerlat %d" %
                                    self.samples)
                rows.append(self.row(system, "irq", "hackbench", text))
            guest.run_ok("adeos-bench unload")
            guest.poweroff()
        finally:
            guest.close()
        return rows

    def system(self, entry):
        """The rows of one line of the kernels file; none if it fails."""
        system, kernel, initrd = entry[:3]
        try:
            if system == "adeos":
                return self.ours(kernel, initrd, entry[3], entry[4])
            return self.debian(system, kernel, initrd)
        except qemu.Stuck as err:
            print("bench: %s: %s" % (system, err), file=sys.stderr,
                  flush=True)
            return None


def fmt(v):
    return "" if v is None else "%.1f" % v


def write_csv(path, rows):
    with open(path + ".tmp", "w") as f:
        f.write(HEADER + "\n")
        for r in rows:
            f.write(",".join([r["system"], r["level"], r["load"],
                              str(r["samples"])] +
                             [fmt(r.get(k)) for k in
                              ("min_us", "avg_us", "p99_us", "p999_us",
                               "max_us")]) + "\n")
    os.rename(path + ".tmp", path)


def table(rows):
    lines = ["%-18s %-6s %-16s %8s %8s %8s %8s %8s %8s" %
             ("SYSTEM", "LEVEL", "LOAD", "SAMPLES", "MIN us", "AVG us",
              "P99 us", "P99.9 us", "MAX us")]
    for r in rows:
        lines.append("%-18s %-6s %-16s %8d %8s %8s %8s %8s %8s" %
                     (r["system"], r["level"], r["load"], r["samples"],
                      fmt(r.get("min_us")), fmt(r.get("avg_us")),
                      fmt(r.get("p99_us")), fmt(r.get("p999_us")),
                      fmt(r.get("max_us"))))
    return "\n".join(lines)


def histogram_points(hist):
    """Each non-empty bucket at its middle; a blank line (a break in
    the curve) where empty buckets lie between two, as log scale has no
    place for a count of 0."""
    text, last = "", None
    for b in sorted(hist):
        if last is not None and b != last + 1:
            text += "\n"
        text += "%.1f %d\n" % (b + 0.5, hist[b])
        last = b
    return text


def plot(out, rows):
    """One curve per row: samples per 1 us bucket, log scale."""
    curves = []
    for i, r in enumerate(rows):
        if not r["hist"]:
            continue
        data = os.path.join(out, "hist-%d.dat" % i)
        with open(data, "w") as f:
            f.write(histogram_points(r["hist"]))
        curves.append("'%s' using 1:2 with linespoints pointtype 7 "
                      "pointsize 0.4 title '%s (%s, %s)'" %
                      (data, r["system"], r["level"], r["load"]))
    if not curves:
        return None
    png = os.path.join(out, "latency.png")
    script = "\n".join([
        "set terminal pngcairo size 1200,700",
        "set output '%s.tmp'" % png,
        "set logscale y", "set logscale x",
        "set xlabel 'latency (us, 1 us buckets)'",
        "set ylabel 'samples'",
        "set title 'Latency under hackbench, QEMU TCG -icount shift=3 "
        "(guest time)'",
        # a bucket of one sample shows above the axis
        "set yrange [0.5:*]",
        "set key below",
        "plot " + ", ".join(curves)])
    subprocess.run(["gnuplot"], input=script, text=True, check=True)
    os.rename(png + ".tmp", png)
    return png


def main():
    out, samples, kernels = sys.argv[1], int(sys.argv[2]), sys.argv[3]
    jobs = int(os.environ.get("BENCH_JOBS", "0")) or min(2, os.cpu_count())
    os.makedirs(out, exist_ok=True)
    start = time.time()
    bench = Bench(out, samples)
    with open(kernels) as f:
        entries = [l.split() for l in f if l.strip()]
    with concurrent.futures.ThreadPoolExecutor(max_workers=jobs) as pool:
        results = list(pool.map(bench.system, entries))
    failed = results.count(None)
    bench.rows = [r for rows in results if rows for r in rows]
    write_csv(os.path.join(out, "latency.csv"), bench.rows)
    text = table(bench.rows)
    if bench.irqsoff:
        text += "\n" + "\n".join(bench.irqsoff)
    txt = os.path.join(out, "latency.txt")
    with open(txt + ".tmp", "w") as f:
        f.write(text + "\n")
    os.rename(txt + ".tmp", txt)
    print(text)
    png = plot(out, bench.rows)
    print("\n%s\n%s\n%s, in %.0f s" % (
        os.path.join(out, "latency.csv"), png or "(no picture)",
        "%d rows, %d samples each asked" % (len(bench.rows), samples),
        time.time() - start))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
