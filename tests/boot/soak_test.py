#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""make soak: everything of the reliability tests at once, for SECONDS
of guest time, on one boot of the debug board (IO-APIC, under -icount
as every boot test). Guest time is the guest's TSC, the instructions it
ran (8 ns each): TCG runs them at about a quarter of the host's clock
here with QEMU held on one CPU (taskset: perf shows its threads
spending most of the host's time waking each other; left on two CPUs,
about 1/5),
so an hour of guest time takes about four of the host's. Without
-icount the guest's clock is the host's, but a handler call the host
preempts runs past its 10 ms budget and the pipeline stops its domain
(seen: "domain rt stopped ... ran past its time budget" 33 s in), and
pc-testdev's pulses are no longer counted exactly.

- torture rounds of ROUND_EVENTS from /proc/adeos/torture, a new seed
  each, all PASS;
- a pulse flood on a built-in domain's own line, counted exactly;
- insmod/rmmod of the board's module domain while its line is flooded:
  every pulse reaches each domain below it (it passes the line on) once
  (the torture's own domains move the pipeline's departed and dropped
  counts: debug_test.py's churn, alone, checks those);
- seeded random bad writes to every writable file (adeos-fuzz);
- stall windows of Linux (/proc/adeos/stall);
- an edge storm after each 60 s sleep (which under -icount ends sooner
  than 60 s of the TSC's time): the PIT, on the board whose domain owns
  its IRQ 0, at QEMU's fastest rate, caught by the storm guard, put back
  and opened;
then: no checker's report in the console's whole log (the kernel's own
buffer wraps in an hour), lockdep still on, kmemleak finds nothing.

usage: soak_test.py O README TOOLS_CPIO [SECONDS]   Prints TAP lines and
a progress line per 30 s of guest time on stderr; exit 1 on a failure.
"""
import os
import re
import shutil
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import debug_test  # noqa: E402
import qemu  # noqa: E402
import templates_test  # noqa: E402

SECONDS = 3600
ROUND_EVENTS = 100000
PULSES = 1000  # per irq-pulse run
FUZZ_WRITES = 1000  # per adeos-fuzz run
SEED = 2002
STORM_EVERY_S = 60
STALL = "2000 10"  # 10 windows of 2 ms, once a second


def loops(flood, churn_irq, ko, mod, files, rt):
    """The background loops, one command each (busybox's line editor
    takes 1024 characters); each counts its rounds in /tmp/soak.NAME."""
    stop = "[ -e /tmp/soak.stop ]"
    parts = [
        "(r=0; f=0; until %s; do echo \"%d $((%d + r + f))\" "
        ">/proc/adeos/torture; if grep -q '^PASS' /proc/adeos/torture; "
        "then r=$((r + 1)); else f=$((f + 1)); cat /proc/adeos/torture "
        ">>/tmp/soak.failed; fi; echo $r $f >/tmp/soak.torture; done) >/dev/null 2>&1 & true"
        % (stop, ROUND_EVENTS, SEED),
        "(i=0; until %s; do adeos-fuzz random $((%d + i)) %d %s "
        ">/dev/null 2>&1; i=$((i + 1)); echo $i >/tmp/soak.fuzz; done) >/dev/null 2>&1 & true"
        % (stop, SEED, FUZZ_WRITES, " ".join(files)),
        "(w=0; until %s; do echo %s >/proc/adeos/stall; w=$((w + 1)); "
        "echo $w >/tmp/soak.stall; sleep 1; done) >/dev/null 2>&1 & true" % (stop, STALL),
    ]
    if flood is not None:
        parts.append("(n=0; until %s; do irq-pulse %d %d && n=$((n + 1)); "
                     "echo $n >/tmp/soak.flood; done) >/dev/null 2>&1 & true" %
                     (stop, flood, PULSES))
    if ko:
        parts.append("(n=0; until %s; do irq-pulse %d %d && n=$((n + 1)); "
                     "echo $n >/tmp/soak.churnflood; done) >/dev/null 2>&1 & true" %
                     (stop, churn_irq, PULSES))
        parts.append("(c=0; until %s; do insmod %s && rmmod %s && "
                     "c=$((c + 1)); echo $c >/tmp/soak.churn; done) >/dev/null 2>&1 & true" %
                     (stop, ko, mod))
    if rt:
        parts.append("(s=0; until %s; do sleep %d; irq-storm pit 2; "
                     "sleep 1; irq-storm pit 1193; echo 0 >/proc/adeos/storms"
                     " && s=$((s + 1)); echo $s >/tmp/soak.storm; done) >/dev/null 2>&1 & true" %
                     (stop, STORM_EVERY_S))
    return parts


def counters(guest):
    text = guest.run_ok("for f in /tmp/soak.*; do [ -f $f ] && "
                        "echo \"$f $(tail -n 1 $f)\"; done; true")
    return {m[0]: m[1].split() for m in
            re.findall(r"^/tmp/soak\.(\w+) (.*)$", text, re.M)}


def number(c, name, i=0):
    return int(c[name][i]) if name in c and len(c[name]) > i else 0


def uptime(guest):
    text = guest.run_ok("echo up $(cut -d' ' -f1 /proc/uptime)")
    return float(re.search(r"^up (\d+\.\d+)", text, re.M).group(1))


def check(guest, tap, out, seconds):
    doms = qemu.board_domains(out)
    flood = next((irq for d in doms if not d["module"]
                  for irq, excl, passed, each in d["irqs"]
                  if excl and each and 3 <= irq < 16), None)
    name = debug_test.module_domain(out)
    churn_irq, passes = debug_test.module_irq(out, name) if name else \
        (None, None)
    ko = mod = None
    if name and churn_irq is not None:
        ko = "/lib/modules/adeos/adeos-%s.ko" % name
        mod = "adeos_%s" % name.replace("-", "_")
    # a domain that owns the PIT's IRQ 0, for the edge storms
    rt = any(not d["module"] and any(irq == 0 and excl for irq, excl, _, _
                                     in d["irqs"]) for d in doms)
    files = [f for f in guest.run_ok(
        "find /proc/adeos -type f -perm -200").split() if f.startswith("/")]
    leaks = guest.run("mount -t debugfs none /sys/kernel/debug 2>/dev/null;"
                      " [ -e %s ]" % debug_test.KMEMLEAK)[1] == 0
    if leaks:
        debug_test.kmemleak(guest, "scan")
        debug_test.kmemleak(guest, "clear")
    snap0 = templates_test.counts(guest)
    counts0 = debug_test.pipeline_counts(guest)
    start = uptime(guest)
    guest.run_ok("rm -f /tmp/soak.*")
    for loop in loops(flood, churn_irq, ko, mod, files, rt):
        guest.run_ok(loop)
    # Guest time is the TSC's (/proc/uptime): the instructions the guest
    # ran. Its timers (sleep) race ahead of it whenever it halts.
    elapsed = 0
    wall = time.time()
    while elapsed < seconds:
        guest.run_ok("sleep 30", timeout=3600)
        elapsed = uptime(guest) - start
        c = counters(guest)
        sys.stderr.write("  SOAK    %5.0f s of %d (host: %.0f s): torture "
                         "%d, fuzz %d, churn %d, storms %d\n" %
                         (elapsed, seconds, time.time() - wall,
                          number(c, "torture"),
                          number(c, "fuzz"), number(c, "churn"),
                          number(c, "storm")))
    guest.run_ok(": >/tmp/soak.stop; wait", timeout=1800)
    c = counters(guest)
    rounds, failed = number(c, "torture"), number(c, "torture", 1)
    fails = guest.run_ok("cat /tmp/soak.failed 2>/dev/null || true")
    tap.check(rounds and not failed,
              "soak, %.0f s of guest time: %d torture rounds of %d events "
              "(%d in all) passed, %d failed%s" %
              (elapsed, rounds, ROUND_EVENTS, rounds * ROUND_EVENTS, failed,
               (": " + fails.strip().splitlines()[0]) if failed else ""))
    snap1 = templates_test.counts(guest)
    counts1 = debug_test.pipeline_counts(guest)
    if flood is not None:
        pulses = PULSES * number(c, "flood")
        got = debug_test.delivered(snap1, flood) - \
            debug_test.delivered(snap0, flood)
        tap.check(pulses and got == pulses,
                  "soak: %d pulses on IRQ %d, %d delivered" %
                  (pulses, flood, got))
    if ko:
        pulses = PULSES * number(c, "churnflood")
        d = {k: counts1[k] - counts0.get(k, 0) for k in counts1}
        names, to_linux = templates_test.takers(doms, churn_irq, ())
        names += ["Linux"] if to_linux else []
        below = [debug_test.delivered(snap1, churn_irq, (n,)) -
                 debug_test.delivered(snap0, churn_irq, (n,))
                 for n in names]
        # The torture's domains and IRQs move the pipeline's departed,
        # dropped and unhandled counts too: only what the domains below
        # got is the churned line's alone.
        tap.check(number(c, "churn") and below and
                  (all(n == pulses for n in below) if passes else
                   all(n <= pulses for n in below)),
                  "soak: %d insmod/rmmod cycles of %s, which %s IRQ %d on, "
                  "during %d pulses on it: %s" %
                  (number(c, "churn"), name,
                   "passes" if passes else "does not pass", churn_irq,
                   pulses, ", ".join("%s got %d" % nb
                                     for nb in zip(names, below))))
    storms = guest.run_ok("cat /proc/adeos/storms")
    caught = int(re.search(r"^caught (\d+)", storms, re.M).group(1))
    tap.check((not rt or caught >= number(c, "storm") > 0) and
              " masked:" not in storms,
              "soak: %d random writes, %d stall windows, %d edge storms "
              "caught of %d raised, every line open again at the end" %
              (FUZZ_WRITES * number(c, "fuzz"), 10 * number(c, "stall"),
               caught, number(c, "storm")))
    if leaks:
        debug_test.kmemleak(guest, "scan")
        debug_test.kmemleak(guest, "scan")
        found = guest.run_ok("grep -c 'unreferenced object' %s || true" %
                             debug_test.KMEMLEAK).split()[-1]
        tap.check(found == "0",
                  "soak: kmemleak finds %s unreferenced objects" % found)
    guest.log.flush()
    with open(guest.log_path, errors="replace") as f:
        bad = [l.strip() for l in f if re.search(qemu.REPORT, l)]
    tap.check(not bad, "soak: no checker's report in the console's log "
              "(%d lines%s)" % (len(bad), ": " + " | ".join(bad[:4])
                                if bad else ""))


def one_cpu():
    """taskset's prefix holding QEMU on the last CPU this process may
    use, or nothing (no taskset, or one CPU only)."""
    cpus = sorted(os.sched_getaffinity(0))
    if len(cpus) < 2 or not shutil.which("taskset"):
        return ""
    return "taskset -c %d " % cpus[-1]


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    seconds = int(sys.argv[4]) if len(sys.argv) > 4 else SECONDS
    initrd = qemu.join_initrd(out, "soak-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))
    failed = qemu.checked_boot(
        "make-soak", out, readme, "",
        lambda guest, tap: check(guest, tap, out, seconds),
        one_cpu() + command + " -device pc-testdev")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
