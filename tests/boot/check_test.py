#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""adeos-check finds the problems it is for, created on a built board with
kernel or QEMU arguments (boot_test.py checks that it passes on the
board as built, its module domains loaded):

- nolapic (a board with a domain on the PIT's IRQ 0): the pipeline's
  timer service has no local APIC timer and runs on the PIT, so the
  domain cannot take IRQ 0: the timer and the domains (the boot log's
  "error -16") fail, and adeos-check exits 1; the pipeline's timer is
  the PIT, Linux ticks through it and the self-test passes; a module
  domain not loaded is a warning naming its insmod line;
- -smp 2 (a board with ACPI, whose MADT lists both CPUs): the machine
  has 2 CPUs and Linux uses 1;
- -M q35,pit=off (a q35 board with the HPET, which Linux then calibrates
  and ticks from at boot): a PC whose PIT is gated off boots, the
  pipeline's timer is the local APIC timer, Linux ticks through it, and
  the built-in rt-timer domains tick once per period of the TSC.

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


def check_nolapic(out, readme):
    pit = [d for d in qemu.board_domains(out)
           if not d["module"] and any(irq[0] == 0 for irq in d["irqs"])]
    modules = [d["name"] for d in qemu.board_domains(out) if d["module"]]

    def check(guest, tap):
        text, rc = guest.run("adeos-check")
        items, summary = lines_of(text)
        tap.check(rc == 1 and "0 failed" not in summary,
                  "adeos-check exits %d: %s" % (rc, summary or text))
        tap.check(has(items, "timer", "FAIL", "the pipeline's timer is the "
                      "PIT", "fix: ", "nolapic"),
                  "timer: %s" % items.get("timer"))
        tap.check(has(items, "ptimer", "ok", "the pipeline's timer is the "
                      "PIT", "Linux ticks through it"),
                  "the pipeline's timer: %s" % items.get("ptimer"))
        names = [d["name"] for d in pit]
        tap.check(has(items, "domains", "FAIL", "error -16", *names),
                  "domains: %s" % items.get("domains"))
        tap.check(has(items, "self-test", "ok", "self-test PASS"),
                  "self-test: %s" % items.get("self-test"))
        if modules:
            tap.check(has(items, "domains", "WARN", "fix: insmod",
                          *["adeos-%s.ko" % m for m in modules]),
                      "module domains not loaded: %s" %
                      [t for s, t in items.get("domains", []) if s == "WARN"])
    if not pit:
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


def check_no_pit(out, readme):
    timers = [d["name"] for d in qemu.board_domains(out)
              if d["template"] == "rt-timer" and not d["module"]]

    def check(guest, tap):
        text, rc = guest.run("adeos-check")
        items, summary = lines_of(text)
        tap.check(rc == 0 and has(items, "ptimer", "ok", "local APIC timer",
                                  "Linux ticks through it"),
                  "no PIT: adeos-check exits %d (%s); the pipeline's timer: %s"
                  % (rc, summary, items.get("ptimer")))
        for name in timers:
            f0 = qemu.timer_status(guest, name)
            guest.run_ok("sleep 1")
            f1 = qemu.timer_status(guest, name)
            want = (f1["now"] - f0["now"]) // f0["period"]
            tap.check(want > 0 and abs(f1["ticks"] - f0["ticks"] - want) <= 1,
                      "no PIT: %s ticked %d times over %d periods of the TSC"
                      % (name, f1["ticks"] - f0["ticks"], want))
    command = qemu.kernel_command(readme, out)
    if " -M q35 " not in command or not qemu.kernel_has(out, "HPET_TIMER"):
        return 0
    command = command.replace(" -M q35 ", " -M q35,pit=off ")
    return qemu.checked_boot("adeos-check (pit=off)", out, readme, "", check,
                             command=command)


def main():
    out, readme = sys.argv[1], sys.argv[2]
    if qemu.kernel_has(out, "ADEOS_DEBUG"):
        return 0
    failed = check_nolapic(out, readme)
    failed += check_two_cpus(out, readme)
    failed += check_no_pit(out, readme)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
