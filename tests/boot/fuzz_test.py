#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Bad writes to every file a user can write, then the pipeline must
still deliver.

The files: every writable file under /proc/adeos and every
/dev/adeos-* device of the board's domains. adeos-fuzz (tests/boot/guest)
writes each one a corpus of bad inputs (empty, garbage, negative,
overflowing, "1e3", "10x", NUL bytes, 4 KiB, 1 MiB), reads each file of
/proc/adeos in 1-, 3- and 4096-byte reads at odd offsets, then makes
RANDOM random writes (corpus cases and random bytes) from two processes
at once, with a seed printed so that a failure replays.

What must hold:
- every write is refused with an errno or taken whole, never in part;
- a file that takes a number (priority, stall, hardirqs_off, torture,
  show_pause, an rt-timer domain's status: its rate)
  refuses every case of the corpus: a number with trailing garbage is
  not its leading digits;
- the channel refuses what does not fit a message (4 KiB, 1 MiB) and
  takes the rest; a reset file (latency, status) takes what fits;
- partial writes: a write whose buffer runs into an unmapped page after
  8 digits is refused (EFAULT) by every file, never taken in part; a
  write at an offset (pwrite) is refused or taken whole;
- module parameters (/sys/module/adeos*/parameters) are fuzzed as the
  other files, if a module domain has any;
- every read ends in EOF, not an error;
- afterwards, with the priorities and the rt-timer domains' rates put
  back: a flood on a domain's IRQ is counted exactly, the rt-timer
  domains tick, and the channel echoes every message;
- on a kernel with the pipeline's checks, no report (checked_boot).

usage: fuzz_test.py O README TOOLS_CPIO [SEED]    Prints TAP lines; exit 1
on a failure. SEED: the random phase's (default SEED below).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402
import templates_test  # noqa: E402

RANDOM = 10000
SEED = 2002  # make test's: the same writes every run
PULSES = 2000
NUMERIC = ("priority", "stall", "hardirqs_off", "torture", "show_pause")
RESETS = ("latency", "status")
TOO_BIG = ("4k", "1m")
PARTIAL = ("fault",)


def writable(guest):
    text = guest.run_ok("find /proc/adeos /sys/module/adeos*/parameters "
                        "-type f -perm -200 2>/dev/null; "
                        "ls /dev/adeos-* 2>/dev/null || true")
    return sorted(set(l.strip() for l in text.splitlines()
                      if l.startswith("/")))


def results(text):
    return dict(re.findall(r"^case (\S+): (.+)$", text, re.M))


def bad_cases(path, got, rates):
    """The cases that @path handled in a way it must not; @rates: the
    files that take a rate (rt-timer's status)."""
    base = os.path.basename(path)
    numeric = base in NUMERIC or path in rates
    bad = []
    for name, res in got.items():
        m = re.match(r"(\d+) of (\d+)$", res)
        if m and m.group(1) != m.group(2):
            bad.append("%s taken in part (%s)" % (name, res))
        elif name in PARTIAL and m:
            bad.append("%s taken (%s)" % (name, res))
        elif numeric and m and name not in ("empty",):
            bad.append("%s taken (%s)" % (name, res))
        elif path.startswith("/dev/") and name in TOO_BIG and m:
            bad.append("%s taken (%s)" % (name, res))
        elif path.startswith("/dev/") and not m and name not in \
                TOO_BIG + PARTIAL + ("empty", "offset"):
            bad.append("%s refused (%s)" % (name, res))
        elif base in RESETS and not numeric and not m and name not in \
                TOO_BIG + PARTIAL + ("offset",):
            bad.append("%s refused (%s)" % (name, res))
    return bad


def priorities(guest):
    text = guest.run_ok("for f in /proc/adeos/*/priority; "
                        "do echo \"$f $(cat $f)\"; done")
    return dict(l.split() for l in text.splitlines() if l.startswith("/"))


def put_back(guest, saved):
    """Random writes may have reniced domains: each back to its own,
    through priorities nobody has (a renice to a taken one fails)."""
    for i, path in enumerate(saved):
        guest.run("echo %d >%s" % (900 + i, path))
    for path, value in saved.items():
        guest.run_ok("echo %s >%s" % (value, path))


def rate_files(doms):
    """{status file: rate} of the built-in rt-timer domains."""
    return {"/proc/adeos/%s/status" % d["name"]: d["hz"] for d in doms
            if d["template"] == "rt-timer" and not d["module"]}


def ticks(guest, path):
    return qemu.fields(guest.run_ok("grep '^ticks ' %s" % path))["ticks"]


def check(guest, tap, doms, seed):
    files = writable(guest)
    saved = priorities(guest)
    rates = rate_files(doms)
    for path in files:
        got = results(guest.run_ok("adeos-fuzz corpus %s" % path,
                                   timeout=600))
        bad = bad_cases(path, got, rates)
        tap.check(got and not bad,
                  "%s: %d bad writes, each refused with an errno or taken "
                  "whole as documented: %s" %
                  (path, len(got), "; ".join(bad) if bad else ", ".join(
                      "%s %s" % kv for kv in sorted(got.items()))))
    reads = guest.run_ok("for f in $(find /proc/adeos -type f -perm -400); "
                         "do adeos-fuzz reads $f; done")
    reads = [l for l in reads.splitlines() if l.startswith("reads: ")]
    errors = [l for l in reads if " ok " not in l]
    tap.check(reads and not errors,
              "odd reads of /proc/adeos: %d of %d ended at EOF%s" %
              (len(reads) - len(errors), len(reads),
               ": " + "; ".join(errors[:5]) if errors else ""))
    text = guest.run_ok("adeos-fuzz random %d %d %s" %
                        (seed, RANDOM, " ".join(files)), timeout=1800)
    lines = [l for l in text.splitlines() if l.startswith("random ")]
    n = sum(int(x) for x in re.findall(r": (\d+) writes", "\n".join(lines)))
    tap.check(n == RANDOM,
              "random writes, seed %d (replay: fuzz_test.py O README TOOLS "
              "%d): %s" % (seed, seed, "; ".join(lines)))
    put_back(guest, saved)
    tap.check(priorities(guest) == saved,
              "the priorities are back: %s" %
              ", ".join("%s %s" % (p.split("/")[3], v)
                        for p, v in sorted(saved.items())))
    for path, hz in sorted(rates.items()):
        guest.run_ok("echo %d >%s" % (hz, path))
        t0 = ticks(guest, path)
        guest.run_ok("sleep 1")
        t1 = ticks(guest, path)
        tap.check(t1 > t0,
                  "%s: the rate put back (%d Hz), the domain ticks: %d "
                  "ticks in a 1 s sleep" % (path, hz, t1 - t0))
    irq = next((irq for d in doms if not d["module"]
                for irq, excl, passed, each in d["irqs"]
                if each and 0 < irq < 16), None)
    if irq is not None:
        templates_test.check_flood(guest, tap, doms, irq, PULSES,
                                   "after the writes", ())
    for d in doms:
        if d["template"] == "channel" and not d["module"]:
            text, rc = guest.run("adeos-chan -n 200 /dev/adeos-%s" %
                                 d["name"], timeout=300)
            tap.check(rc == 0 and "0 missing" in text,
                      "after the writes, channel %s: %s" %
                      (d["name"], text.strip()))


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else SEED
    doms = qemu.board_domains(out)
    initrd = qemu.join_initrd(out, "fuzz-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))
    failed = qemu.checked_boot(
        "fuzz", out, readme, "",
        lambda guest, tap: check(guest, tap, doms, seed),
        command + " -device pc-testdev")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
