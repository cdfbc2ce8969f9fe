#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""adeos-check finds the problems it is for, created on a built board with
kernel or QEMU arguments (boot_test.py checks that it passes on the
board as built, its module domains loaded):

- nolapic (a board with a domain on the PIT's IRQ 0, or on the
  pipeline's timer service): Linux ticks from the PIT, so a domain
  cannot take IRQ 0, and the pipeline has no local APIC timer, so its
  timer service has no device and rt-timer and rt-tasks domains cannot
  start: the timer, the pipeline's timer, the domains (the boot log's
  "error -16", or -19 for a domain of the timer service) and the
  self-test fail, and adeos-check exits 1; a module domain not loaded is
  a warning naming its insmod line;
- -smp 2 (a board with ACPI, whose MADT lists both CPUs): the machine
  has 2 CPUs and Linux uses 1.

usage: check_test.py O README    Prints TAP lines; exit 1 on a failure.
Debug kernels are skipped (boot_test.py runs adeos-check on them).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402


def lines_of(text):
    """adeos-check's report: {item: [(status, text)]}, and its summary."""
    items, summary = {}, ""
    for line in text.splitlines():
        words = line.split(None, 2)
        if len(words) == 3 and words[0] in ("ok", "WARN", "FAIL"):
            items.setdefault(words[1], []).append((words[0], words[2]))
        elif line.startswith("adeos-check: ") and " failed" in line:
            summary = line
    return items, summary


def has(items, item, status, *words):
    return any(s == status and all(w in t for w in words)
               for s, t in items.get(item, []))


TIMER_TEMPLATES = ("rt-timer", "rt-tasks")


def check_nolapic(out, readme):
    doms = [d for d in qemu.board_domains(out) if not d["module"]]
    pit = [d for d in doms if any(irq[0] == 0 for irq in d["irqs"])]
    timed = [d for d in doms if d["template"] in TIMER_TEMPLATES]
    modules = [d["name"] for d in qemu.board_domains(out) if d["module"]]
    # the first domain to fail stops the others (all or none at boot)
    first = next((d for d in doms if d in pit or d in timed), None)

    def check(guest, tap):
        text, rc = guest.run("adeos-check")
        items, summary = lines_of(text)
        tap.check(rc == 1 and "0 failed" not in summary,
                  "adeos-check exits %d: %s" % (rc, summary or text))
        if pit:
            tap.check(has(items, "timer", "FAIL", "clock event device pit",
                          "fix: ", "nolapic"),
                      "timer: %s" % items.get("timer"))
        tap.check(has(items, "ptimer", "FAIL", "the pipeline has no timer",
                      "fix: ", "nolapic"),
                  "the pipeline's timer: %s" % items.get("ptimer"))
        names = [d["name"] for d in pit + timed]
        error = "error -19" if first in timed else "error -16"
        tap.check(has(items, "domains", "FAIL", error, *names),
                  "domains: %s" % items.get("domains"))
        tap.check(has(items, "self-test", "FAIL", "self-test FAIL"),
                  "self-test: %s" % items.get("self-test"))
        if modules:
            tap.check(has(items, "domains", "WARN", "fix: insmod",
                          *["adeos-%s.ko" % m for m in modules]),
                      "module domains not loaded: %s" %
                      [t for s, t in items.get("domains", []) if s == "WARN"])
    if not pit and not timed:
        return 0
    return qemu.checked_boot("adeos-check", out, readme, "nolapic", check)


def check_two_cpus(out, readme):
    def check(guest, tap):
        text, rc = guest.run("adeos-check")
        items, summary = lines_of(text)
        tap.check(has(items, "cpus", "WARN", "the machine has 2 CPUs",
                      "Linux uses 1", "fix: "),
                  "cpus: %s (%s)" % (items.get("cpus"), summary))
    if not qemu.kernel_has(out, "ACPI"):
        return 0
    command = qemu.kernel_command(readme, out) + " -smp 2"
    return qemu.checked_boot("adeos-check (-smp 2)", out, readme, "", check,
                             command=command)


def main():
    out, readme = sys.argv[1], sys.argv[2]
    if qemu.kernel_has(out, "ADEOS_DEBUG"):
        return 0
    failed = check_nolapic(out, readme)
    failed += check_two_cpus(out, readme)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
