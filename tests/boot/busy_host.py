#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The board as `make run` boots it (TCG without -icount, so that guest
time is the host's) while two host CPU hogs keep the host busy. There
Linux's calibration of the TSC and of the local APIC timer against the
PIT failed without the ACPI PM timer as a reference: the domains' budgets
then counted TSC cycles as microseconds, which stopped the rt domain
within a second of boot and, with it, the console domain's IRQ 4 and
Linux's serial console; or Linux kept the PIT and rt did not register.
Under a hypervisor a handler call's measured time also holds the host's
preemption of the virtual CPU. Each of BOOTS boots must calibrate,
register every domain, reach the shell, answer on the console for a
while of guest work, and stop no domain.

usage: busy_host.py O README BOOTS    Prints TAP lines; exit 1 on a
failure. Not in make test (it loads the host): make torture runs it.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

HOGS = 2
# guest work between the console's answers: a few seconds of ticks
WORK = "i=0; while [ $i -lt 3 ]; do sleep 1; i=$((i + 1)); done"


def check(guest, tap, boot):
    calibrated(guest, tap, boot)
    answers = 0
    for _ in range(3):
        guest.run_ok(WORK, timeout=120)
        answers += guest.run_ok("echo answer").strip() == "answer"
    lines = guest.run_ok("dmesg | grep 'adeos: domain .* stopped' "
                         "|| true").strip()
    stopped = str(len(lines.splitlines()) if lines else 0)
    domains = guest.run_ok("cat /proc/adeos/domains")
    faulted = str(domains.count("faulted:"))
    tap.check(answers == 3 and stopped == "0" and faulted == "0",
              "boot %d beside %d host CPU hogs, no -icount: the console "
              "answered %d of 3 times over 9 s of guest work; domains "
              "stopped %s, faulted %s%s; %s" %
              (boot, HOGS, answers, stopped, faulted,
               " (%s)" % lines.replace("\n", " | ") if lines else "",
               overruns(domains)))


def calibrated(guest, tap, boot):
    """Linux knows the TSC's rate (the domains' microseconds) and ticks
    from the local APIC timer (so that the PIT is spare), and so every
    domain the board configures registered."""
    log = [line for line in guest.run_ok(
        "dmesg | grep -E 'tsc:|APIC timer|adeos: the TSC|"
        "adeos: domain' || true").splitlines() if line.startswith("[")]
    mhz = [line.split("tsc: ")[1] for line in log
           if re.search(r"tsc: (Detected|Refined)", line)]
    # "Unable to calibrate against PIT" alone is no failure: the PM
    # timer's reference then gives the rate ("reference calibration")
    bad = [line for line in log
           if re.search(r"could not calculate|APIC timer disabled|"
                        r"TSC's rate is unknown|not registered", line)]
    domains = [re.search(r"adeos: domain (\S+) at", line).group(1)
               for line in log if "at priority" in line]
    tap.check(not bad and mhz and domains,
              "boot %d: Linux calibrated the TSC (%s) and the APIC timer, "
              "and the domains registered (%s)%s" %
              (boot, "; ".join(mhz) or "no rate", " ".join(domains),
               ": " + " | ".join(bad) if bad else ""))


def overruns(domains):
    """Each domain ahead of Linux: its overruns of its budget and the most
    in a row, against the number in a row that stops it."""
    rows = re.findall(r"^(\S+) priority.*\n  longest call (\d+) us\n"
                      r"  overruns (\d+), most in a row (\d+) of (\d+)$",
                      domains, re.M)
    return ", ".join("%s: longest call %s us, %s overruns, %s in a row "
                     "at most (%s stop it)" % r for r in rows)


def main():
    out, readme, boots = sys.argv[1], sys.argv[2], int(sys.argv[3])
    hogs = [subprocess.Popen(["yes"], stdout=subprocess.DEVNULL)
            for _ in range(HOGS)]
    failed = 0
    try:
        for boot in range(1, boots + 1):
            failed += qemu.checked_boot(
                "busy-host", out, readme, "",
                lambda guest, tap, n=boot: check(guest, tap, n),
                icount="")
    finally:
        for hog in hogs:
            hog.kill()
        for hog in hogs:
            hog.wait()
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
