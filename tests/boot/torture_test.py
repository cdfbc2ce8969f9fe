#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The pipeline's torture in the kernel (CONFIG_ADEOS_TORTURE): the host
torture's reference model, run by Linux on the real CPU with the board's
domains in the pipeline.

What must hold:
- the boot's run printed "adeos: torture PASS";
- a run of EVENTS events from /proc/adeos/torture, while a domain's ISA
  line is flooded with pc-testdev pulses and the board's domains ahead
  of Linux take their own IRQs (the rt domain's timer), passes, with the
  flood counted exactly by every domain that takes the line;
- a bad request is refused and runs nothing;
- on a kernel with the pipeline's checks, no report (checked_boot).

usage: torture_test.py O README TOOLS_CPIO [EVENTS [SEED]]   Prints TAP
lines; exit 1 on a failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402
import templates_test  # noqa: E402

EVENTS = 100000
SEED = 2002  # make test's: the same run every time
PULSES = 20000


def torture_line(text):
    m = re.search(r"(PASS|FAIL) seed=\d+: [^\n]*", text)
    return m.group(0) if m else "no line in: %r" % text[-300:]


def ahead_received(guest, doms):
    """What the board's domains ahead of Linux received, all IRQs."""
    snap = templates_test.counts(guest)
    return {d["name"]: sum(c[0] for c in snap.get(d["name"], {}).values())
            for d in doms if not d["module"]}


def check(guest, tap, doms, events, seed):
    boot = guest.run_ok("dmesg | grep 'adeos: torture' || true")
    tap.check("adeos: torture PASS" in boot,
              "the boot's run: %s" % torture_line(boot))
    irq = next((irq for d in doms if not d["module"]
                for irq, excl, passed, each in d["irqs"]
                if each and 0 < irq < 16), None)
    before = ahead_received(guest, doms)
    run = "echo '%d %d' >/proc/adeos/torture" % (events, seed)
    if irq is None:
        guest.run_ok(run, timeout=1800)
    else:
        templates_test.check_flood(
            guest, tap, doms, irq, PULSES, "during the torture", (),
            "[ -e /tmp/tt ] || { %s; : >/tmp/tt; }" % run)
    after = ahead_received(guest, doms)
    text = guest.run_ok("cat /proc/adeos/torture")
    line = torture_line(text)
    m = re.search(r"PASS seed=(\d+): (\d+) events", line)
    tap.check(m and int(m.group(1)) == seed and int(m.group(2)) >= events,
              "/proc/adeos/torture, %d events, seed %d: %s" %
              (events, seed, line))
    moved = {n: after[n] - before.get(n, 0) for n in after}
    tap.check(any(moved.values()),
              "the domains ahead of Linux received meanwhile: %s" %
              ", ".join("%s %d" % kv for kv in sorted(moved.items())))
    out, rc = guest.run("echo '5x' >/proc/adeos/torture; echo rc=$?; "
                        "cat /proc/adeos/torture")
    rc = re.search(r"rc=(\d+)", out)
    tap.check(rc and rc.group(1) == "1" and torture_line(out) == line,
              "a bad request ('5x') is refused (echo's status %s) and runs "
              "nothing" % (rc.group(1) if rc else "?"))


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    events = int(sys.argv[4]) if len(sys.argv) > 4 else EVENTS
    seed = int(sys.argv[5]) if len(sys.argv) > 5 else SEED
    if not qemu.kernel_has(out, "ADEOS_TORTURE"):
        return 0
    doms = qemu.board_domains(out)
    initrd = qemu.join_initrd(out, "torture-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))
    failed = qemu.checked_boot(
        "torture", out, readme, "",
        lambda guest, tap: check(guest, tap, doms, events, seed),
        command + " -device pc-testdev")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
