#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""A Linux task that a domain wakes runs at the return from the
interrupt, not at Linux's next tick: Linux handles the domain's virtual
IRQ inside its own interrupt entry and exit, which reschedule.

adeos-wake.ko (tests/boot/guest/modules) registers a domain that owns
ISA IRQ 3 and wakes the readers of /proc/adeos-wake through a virtual
IRQ; virq-wake (tests/boot/guest) blocks a SCHED_FIFO reader there and
raises IRQ 3 WAKES times from a SCHED_OTHER loop through QEMU's
pc-testdev: each time, the reader must have run before the loop's next
instruction. On the board's own routing, then on the 8259 (noapic).
On a preemptible kernel, HELD more times the IRQ comes while Linux
holds the domain's stage stalled, and Linux's unstall of that stage
plays it: the reader must have run before the unstall returned. And a
virtual IRQ for Linux raised inside a hard section of Linux's must play
at Linux's next enable, not inside the section.

usage: wake_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. Boards whose domains take IRQ 3, or whose kernel has no
ioperm(), are skipped.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

IRQ = 3
WAKES = 1000
HELD = 200
HARD = 20
PARAMS = "/sys/module/adeos_wake/parameters/"


def check_held(guest, tap):
    text = guest.run_ok("virq-wake %d %d held && echo held_prompt "
                        "$(cat %sheld_prompt) && echo held_late "
                        "$(cat %sheld_late)" % (IRQ, HELD, PARAMS, PARAMS),
                        timeout=1800)
    got = qemu.fields(text)
    tap.check(got.get("held_prompt") == HELD and got.get("held_late") == 0,
              "unstall wake-up: a SCHED_FIFO reader woken by a domain whose "
              "stage Linux held stalled ran inside Linux's unstall %s of %d "
              "times, later %s" % (got.get("held_prompt"), HELD,
                                   got.get("held_late")))


def check_hard(guest, tap):
    text = guest.run_ok("i=0; while [ $i -lt %d ]; do echo hard > "
                        "/proc/adeos-wake; i=$((i + 1)); done; "
                        "echo hard_kept $(cat %shard_kept); "
                        "echo hard_broken $(cat %shard_broken)" %
                        (HARD, PARAMS, PARAMS))
    got = qemu.fields(text)
    tap.check(got.get("hard_kept") == HARD and got.get("hard_broken") == 0,
              "a virtual IRQ for Linux raised inside a hard section of "
              "Linux's played at Linux's next enable %s of %d times, inside "
              "the section %s" % (got.get("hard_kept"), HARD,
                                   got.get("hard_broken")))


def check(guest, tap, preemptible):
    guest.run_ok("insmod /lib/modules/adeos-test/adeos-wake.ko irq=%d" % IRQ)
    text = guest.run_ok("virq-wake %d %d" % (IRQ, WAKES), timeout=1800)
    words = text.split()
    got = {k: int(v) for k, v in zip(words[::2], words[1::2]) if v.isdigit()}
    tap.check(got.get("prompt") == WAKES,
              "virq wake-up: a SCHED_FIFO reader woken by a domain through "
              "a virtual IRQ ran before the interrupted loop went on %s of "
              "%d times (%s)" % (got.get("prompt"), WAKES, text))
    if preemptible:
        check_held(guest, tap)
    check_hard(guest, tap)
    guest.run("rmmod adeos_wake")


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    # the test modules, built when the kernel builds modules
    if not os.path.exists(os.path.join(os.path.dirname(tools), "modules",
                                       "adeos-wake.ko")):
        return 0
    taken = [n for d in qemu.board_domains(out) for n, *_ in d["irqs"]]
    if IRQ in taken or not qemu.kernel_has(out, "X86_IOPL_IOPERM") or \
            not qemu.kernel_has(out, "MODULES"):
        return 0
    initrd = qemu.join_initrd(out, "wake-initrd", tools)
    preemptible = qemu.kernel_has(out, "PREEMPTION")
    failed = 0
    for args in ("", "noapic"):
        command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                         qemu.kernel_command(readme, out, args))
        failed += qemu.checked_boot(
            "virq-wake", out, readme, args,
            lambda guest, tap: check(guest, tap, preemptible),
            command + " -device pc-testdev")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
