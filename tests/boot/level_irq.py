#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""A level-triggered IRQ for Linux while Linux's interrupts are off: the
ACPI SCI of QEMU's q35 (IO-APIC, fasteoi), raised by the power button
from QEMU's monitor (system_powerdown) inside a stall window. The SCI
stays asserted until Linux's handler clears the button's status, so the
pipeline must mask the line when it defers it: one arrival in the
window, not a storm; then Linux handles it once and the line opens
again (a second press arrives as one more).

usage: level_irq.py O README    Prints TAP lines; exit 1 on a failure.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

WINDOW_US = 3000000
TRIES = 3


def sci_line(guest):
    """(irq, Linux's count, how /proc/interrupts names it) of the SCI."""
    for line in guest.run_ok("cat /proc/interrupts").splitlines():
        words = line.split()
        if words and words[-1] == "acpi" and words[0].rstrip(":").isdigit():
            return int(words[0].rstrip(":")), int(words[1]), \
                " ".join(words[2:])
    raise qemu.Stuck("/proc/interrupts has no acpi line")


def window_arrivals(record, irq):
    """How often @irq came for Linux inside the last stall window."""
    m = re.search(r"^irq %d (\d+)$" % irq, record, re.M)
    return int(m.group(1)) if m else 0


def press_in_window(guest, irq):
    """Press the power button during a stall window: the window's record,
    or None when the press missed the window."""
    guest.start("echo %d > /proc/adeos/stall" % WINDOW_US)
    time.sleep(0.3)
    guest.monitor("system_powerdown")
    text, rc = guest.finish()
    if rc:
        raise qemu.Stuck("the stall window failed (%d): %s" % (rc, text))
    record = guest.run_ok("cat /proc/adeos/stall")
    return record if window_arrivals(record, irq) else None


def check(guest, tap, kernel_args):
    irq, count, name = sci_line(guest)
    if "noapic" in kernel_args:
        # the 8259's level mode (ELCR) does not show in the name
        tap.check("XT-PIC" in name, "the SCI is IRQ %d: '%s'" % (irq, name))
    else:
        tap.check("fasteoi" in name,
                  "the SCI is IRQ %d, level-triggered: '%s'" % (irq, name))
    before = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                                "Linux").get(str(irq), (0,) * 5)
    for tries in range(1, TRIES + 1):
        record = press_in_window(guest, irq)
        if record:
            break
    else:
        tap.check(False, "no power button press landed in %d stall windows"
                  % TRIES)
        return
    got = window_arrivals(record, irq)
    tap.check(got == 1 and "hw_if_on 1" in record,
              "one SCI came for Linux in its stall window (try %d): "
              "%d arrival%s, %s" %
              (tries, got, "" if got == 1 else "s",
               "the line stayed masked" if got == 1 else "a storm"))
    after = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                               "Linux").get(str(irq), (0,) * 5)
    _, count_after, _ = sci_line(guest)
    # each press, in a window or not, is one SCI that Linux handled
    tap.check(after[0] - before[0] == tries and
              after[1] - before[1] == tries and
              count_after - count == tries,
              "Linux handled %d press%s once each: received %d -> %d, "
              "/proc/interrupts %d -> %d" %
              (tries, "" if tries == 1 else "es", before[0], after[0],
               count, count_after))
    # the line is open again: one more press, one more arrival
    guest.monitor("system_powerdown")
    deadline = time.time() + 30
    while time.time() < deadline:
        _, count_more, _ = sci_line(guest)
        if count_more > count_after:
            break
        time.sleep(0.2)
    tap.check(count_more == count_after + 1,
              "a press outside the window: /proc/interrupts %d -> %d" %
              (count_after, count_more))


def boot_and_check(out, readme, kernel_args):
    def check_and_log(guest, tap):
        check(guest, tap, kernel_args)
        bad, _ = guest.run("dmesg | grep -cE 'WARNING|Oops|BUG|nobody cared'")
        tap.check(bad.strip() == "0",
                  "no warning in Linux's log (%s)" % bad.strip())
    return qemu.checked_boot("level-irq", out, readme, kernel_args,
                             check_and_log)


def main():
    """On the board's IO-APIC, then on the 8259 (qemu.routings())."""
    out, readme = sys.argv[1], sys.argv[2]
    failed = 0
    for args in qemu.routings(out):
        failed += boot_and_check(out, readme, args)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
