#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The proof of the product, from the serial console, under -icount so
that it counts rather than times: the board's rt-timer domain ticks on
the pipeline's timer service; during one unbroken 100 ms
local_irq_disable() in Linux (the CPU's flag stays on), the domain
receives its ticks, each stamped inside the window; Linux's local timer
count (LOC) and jiffies do not move in the window, and afterwards
jiffies catch up by exactly the ticks logged for Linux. Then Linux must
still be well: a busy user loop, more stall windows, the console, and no
warning in its log. On the board's routings (qemu.routings()), and, on
boards that boot the 8259 too, give no domain the PIT's IRQ 0 and tick
from the PIT at boot (no HPET), once more with noapictimer: the service
falls back on the PIT, and the proof holds there.

usage: stall_proof.py O README    Prints TAP lines; exit 1 on a failure.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

WINDOW_US = 100000


def pit_domain(out):
    """(name, hz, module) of the first domain using the rt-timer template;
    module is the module's path in the image if it is built as one."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-timer":
            module = ("/lib/modules/adeos/adeos-%s.ko" % d["name"]
                      if d["module"] else None)
            return d["name"], d["hz"], module
    return None, None, None


def kernel_timer(out):
    """(HZ, one-shot?) of the board's kernel: with high resolution
    timers Linux runs its local timer one-shot."""
    hz, oneshot = 0, False
    with open(os.path.join(out, "build", "linux", ".config")) as f:
        for line in f:
            if line.startswith("CONFIG_HZ="):
                hz = int(line.split("=")[1])
            oneshot |= line.strip() in ("CONFIG_HIGH_RES_TIMERS=y",
                                        "CONFIG_NO_HZ_IDLE=y",
                                        "CONFIG_NO_HZ_FULL=y")
    return hz, oneshot


def prove(guest, tap, name, hz, linux_hz, oneshot):
    guest.run_ok("cat /proc/adeos/domains")
    # the domain's ring holds about a second of ticks: read it at once
    guest.run_ok("echo %d > /proc/adeos/stall; cat /proc/adeos/%s/status >/tmp/t"
           % (WINDOW_US, name))
    rec = qemu.fields(guest.run_ok("cat /proc/adeos/stall"))
    stamps = [int(l.split()[1]) for l in
              guest.run_ok("grep '^stamp ' /tmp/t").splitlines()]
    inside = sum(rec["tsc_start"] <= s <= rec["tsc_end"] for s in stamps)
    want = hz * WINDOW_US // 1000000
    tap.check(rec["hw_if_on"] == 1,
              "the CPU's interrupt flag stays on in Linux's stall window")
    tap.check(inside >= want * 95 // 100,
              "%s got %d of %d ticks stamped inside the %d ms window" %
              (name, inside, want, WINDOW_US // 1000))
    tap.check(rec["loc_end"] == rec["loc_before"] and
              rec["jiffies_end"] == rec["jiffies_before"],
              "LOC %d -> %d and jiffies %d -> %d inside the window" %
              (rec["loc_before"], rec["loc_end"], rec["jiffies_before"],
               rec["jiffies_end"]))
    caught_up = rec["jiffies_after"] - rec["jiffies_before"]
    # Linux's tick through the pipeline's proxy is one-shot too
    if not oneshot and not qemu.tick_proxied(guest):
        # a periodic local timer: one tick logged per jiffy missed
        tap.check(rec["sys_logged"] > 0 and
                  caught_up == rec["sys_logged"] + rec["sys_late"],
                  "jiffies caught up by %d: %d ticks logged for Linux in "
                  "the window, %d more during the replay" %
                  (caught_up, rec["sys_logged"], rec["sys_late"]))
        return
    # one-shot (high resolution timers): the timer fires once in the
    # window; the replayed tick reads the clock and counts every jiffy
    want = linux_hz * WINDOW_US // 1000000
    tap.check(rec["sys_logged"] > 0 and abs(caught_up - want) <= 1,
              "jiffies caught up by %d (%d ms at HZ=%d: %d): %d timer "
              "interrupt logged for Linux in the window (one-shot mode)" %
              (caught_up, WINDOW_US // 1000, linux_hz, want,
               rec["sys_logged"]))


def stays_well(guest, tap):
    guest.run_ok("i=0; while [ $i -lt 5000 ]; do i=$((i+1)); done")
    guest.run_ok("echo '%d 5' > /proc/adeos/stall" % WINDOW_US)
    guest.run_ok("i=0; while [ $i -lt 5000 ]; do i=$((i+1)); done")
    text = guest.run_ok("echo console-alive")
    bad, _ = guest.run("dmesg | grep -cE 'WARNING|Oops|BUG|nobody cared'")
    tap.check(text == "console-alive" and bad.strip() == "0",
              "busy loops, 5 more windows, the console: Linux stays well "
              "(%s warnings in dmesg)" % bad.strip())


def prove_booted(out, readme, kernel_args, name, hz, module):
    want = "PIT" if "noapictimer" in kernel_args else "local APIC timer"

    def check(guest, tap):
        dev = guest.run_ok("sed -n 's/^device: //p' /proc/adeos/timer")
        tap.check(dev.startswith(want),
                  "the pipeline's timer is the %s (wanted the %s)" %
                  (dev.strip(), want))
        if module:
            guest.run_ok("insmod %s" % module)
        prove(guest, tap, name, hz, *kernel_timer(out))
        stays_well(guest, tap)
    return qemu.checked_boot("stall-proof", out, readme, kernel_args, check)


def main():
    """The proof on the board's own interrupt routing, then on the 8259
    (qemu.routings())."""
    out, readme = sys.argv[1], sys.argv[2]
    name, hz, module = pit_domain(out)
    if not name:
        qemu.Tap("stall-proof").check(False, "the board has no rt-timer domain")
        return 1
    failed = 0
    routings = qemu.routings(out)
    # the PIT as the pipeline's timer leaves no domain its IRQ 0
    pit_taken = any(not d["module"] and any(irq[0] == 0 for irq in d["irqs"])
                    for d in qemu.board_domains(out))
    # and the PIT must be Linux's tick at boot, not the HPET
    if len(routings) > 1 and not pit_taken and \
            not qemu.kernel_has(out, "HPET_TIMER"):
        routings += ("noapictimer",)
    for args in routings:
        failed += prove_booted(out, readme, args, name, hz, module)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
