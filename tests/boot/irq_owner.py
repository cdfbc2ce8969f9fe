#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""A device IRQ that a domain owns and no Linux driver ever requested:
the pipeline must still route it (on x86 Linux gives an IRQ its vector
and IO-APIC entry only when it is requested). The guest raises the IRQ
through QEMU's pc-testdev with tests/boot/guest/irq-pulse, a given
number of edges, each taken before the next: the owning domain must
receive exactly that many, and Linux none. Meanwhile Linux's own IRQs
(the console's) are acknowledged once each: Linux's ERR count, which
the 8259 raises for an acknowledge that finds nothing in service, does
not move.

And every ISA IRQ the board gives neither a Linux driver nor a built-in
domain (no action on its line): adeos-share.ko loaded on it alone, its
handler quieting pc-testdev, gets every pulse (700 on IRQ 5, a PCI link
line that QEMU's MP table lists for no ISA device, FREE_PULSES on the
others) and Linux none; on the IO-APIC the line is on its pin, set up
as the ELCR says where the pipeline routed it. IRQ 2, the 8259s'
cascade, is refused, naming it.

And a level line of a domain's own: the test module adeos-level.ko
makes ISA IRQ 11 level-high (ACPI's GSI registration: the IO-APIC pin's
trigger, or the 8259's ELCR bit; a kernel without ACPI only on the 8259,
whose ELCR it writes itself), has a domain ahead of Linux terminate it,
raises it through pc-testdev and holds it until the domain's handler
lowers it: LEVEL_ROUNDS times with the domain's stage unstalled, and
LEVEL_STALLED times with it stalled for 1 ms around each raise. Each
raise must be one arrival for the domain, none for Linux, and Linux's
ERR count must stay.

And nothing lost when a domain takes a line from Linux and gives it
back: adeos-takes.ko starts and stops a domain that owns IRQ 3 alone,
TAKE_CYCLES times, with edges waiting for Linux as it takes the line and
for the domain as it lets go: each edge must be handled once, by the
owner at its arrival (the domain's pending ones go down to Linux), none
dropped, and Linux never says "nobody cared".

And a domain on a line a Linux driver uses: the board's own (the QEMU
board's "console" at the lowest priority, on IRQ 4), registered at boot before
the console opened, and adeos-share.ko (at the lowest free domain
priority): passing on IRQ 4, the console's, the console keeps working, the
domain receives what Linux receives, and no "Flags mismatch"; passing on
IRQ 3 (a second UART, -serial null) before its driver opened it, the
driver opens it and the line stays up for the domain after it closed;
asking for IRQ 4 to itself, it is refused, naming the driver; and so it
is on IRQ 3 beside adeos-nothread.ko, a driver with IRQF_NO_THREAD.

Run on the board's own routing, then on the 8259 (noapic; not on the
debug board: qemu.routings()).

usage: irq_owner.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. TOOLS_CPIO holds /bin/irq-pulse and /bin/elcr; it is booted
after the board's own initramfs.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

PULSES = 1000
LEVEL_KO = "/lib/modules/adeos-test/adeos-level.ko"
LEVEL_IRQ = 11
LEVEL_ROUNDS = 1000
LEVEL_STALLED = 200
TAKES_KO = "/lib/modules/adeos-test/adeos-takes.ko"
TAKE_CYCLES = 200
SHARE_KO = "/lib/modules/adeos-test/adeos-share.ko"
NOTHREAD_KO = "/lib/modules/adeos-test/adeos-nothread.ko"
FREE_IRQ5_PULSES = 700
FREE_PULSES = 40


def owned_irqs(out):
    """(domain, irq) of every exclusive ISA IRQ of a built-in irq-owner
    domain."""
    return [(d["name"], number) for d in qemu.board_domains(out)
            if not d["module"] and d["template"] == "irq-owner"
            for number, excl, passed, each in d["irqs"]
            if excl and 0 < number < 16]


def linux_line(interrupts, irq):
    """Linux's count and the rest of /proc/interrupts' line for @irq."""
    for line in interrupts.splitlines():
        words = line.split()
        if words and words[0] == "%d:" % irq:
            return int(words[1]), " ".join(words[2:])
    return None, None


def check_owned(guest, tap, name, irq):
    count, rest = linux_line(guest.run_ok("cat /proc/interrupts"), irq)
    tap.check(count == 0 and rest and rest.endswith("adeos-" + name),
              "IRQ %d set up in Linux for %s: /proc/interrupts says '%s %s'"
              % (irq, name, count, rest))
    before = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"), name)
    guest.run_ok("irq-pulse %d %d" % (irq, PULSES))
    text = guest.run_ok("cat /proc/adeos/domains")
    after = qemu.domain_counts(text, name)
    a = before.get(str(irq), (0, 0, 0, 0, 0))
    b = after.get(str(irq), (0, 0, 0, 0, 0))
    got = (b[0] - a[0], b[1] - a[1])
    tap.check(got == (PULSES, PULSES),
              "%s received %d and handled %d of %d edges on IRQ %d" %
              ((name,) + got + (PULSES, irq)))
    linux = qemu.domain_counts(text, "Linux").get(str(irq))
    count, _ = linux_line(guest.run_ok("cat /proc/interrupts"), irq)
    tap.check(count in (0, None) and linux is None,
              "Linux never got IRQ %d: /proc/interrupts %s, its stage %s" %
              (irq, count, linux or "has no such row"))


def isa_lines(interrupts):
    """ISA IRQ -> (chip, trigger or None, [actions]) for every ISA line
    /proc/interrupts shows (one CPU: one count)."""
    lines = {}
    for line in interrupts.splitlines():
        m = re.match(r"\s*(\d+):\s+\d+\s+(\S+)\s*(\d+-(\w+))?\s*(.*)$",
                     line)
        if m and int(m.group(1)) < 16:
            lines[int(m.group(1))] = (
                m.group(2), m.group(4),
                [a.strip() for a in m.group(5).split(",") if a.strip()])
    return lines


def free_isa_irqs(guest):
    """The ISA IRQs the board gives neither Linux's drivers nor its
    built-in domains: no action on the line. Not 2, the cascade."""
    taken = isa_lines(guest.run_ok("cat /proc/interrupts"))
    return [irq for irq in range(1, 16)
            if irq != 2 and not (taken.get(irq) or (0, 0, []))[2]]


def check_free_isa(guest, tap, out, kernel_args):
    """A domain loaded on each free ISA IRQ, alone, gets every pulse, on
    the line routed as the hardware has it: on the IO-APIC routing, the
    IO-APIC's pin (Linux routes an ISA line the firmware lists only for
    PCI, such as QEMU's 5 without ACPI, to nothing), set up as the
    firmware or, where it says nothing, the ELCR says; on the 8259, its
    line. And IRQ 2, the cascade, is refused, naming why."""
    ko = "%s priority=%d alone=1 quiet=1" % (SHARE_KO, share_priority(out))
    level = [int(n) for n in guest.run_ok("elcr").split()[1:]]
    apic = "noapic" not in kernel_args
    free = free_isa_irqs(guest)
    tap.check(free, "free ISA IRQs (no action on the line): %s" %
              " ".join(map(str, free)))
    for irq in free:
        pulses = FREE_IRQ5_PULSES if irq == 5 else FREE_PULSES
        # one command line per IRQ: the take, the line as Linux shows it,
        # the pulses, the domain's and Linux's arrivals since the take
        text, _ = guest.run(
            "insmod %s irq=%d; echo insmod $?; "
            "dmesg | grep 'adeos: IRQ %d routed' | tail -1; "
            "grep '^ *%d:' /proc/interrupts; irq-pulse %d %d; "
            "cat /proc/adeos/share/status; rmmod adeos_share"
            % (ko, irq, irq, irq, irq, pulses))
        routed = re.search(r"routed to IO-APIC \d+ pin \d+", text)
        chip, trigger, _ = isa_lines(text).get(irq, (None,) * 3)
        got = qemu.fields(text)
        # where the pipeline routed the line itself, the ELCR's word
        want = ("fasteoi" if irq in level else "edge") if routed else trigger
        tap.check(qemu.fields(text).get("insmod") == 0 and
                  chip == ("IO-APIC" if apic else "XT-PIC") and
                  trigger == want and
                  got.get("domain") == pulses and got.get("linux") == 0,
                  "free ISA IRQ %d: a loaded domain owning it received %s of "
                  "%d pulses, Linux %s; the line: %s %s (ELCR: %s)%s" %
                  (irq, got.get("domain"), pulses, got.get("linux"), chip,
                   trigger,
                   "level" if irq in level else "edge",
                   ", routed by the pipeline" if routed else ""))
    text, _ = guest.run("insmod %s irq=2; echo insmod $?; "
                        "dmesg | grep 'adeos: ' | tail -3" % ko)
    refused = re.search(r"cannot take IRQ 2: .*cascade.*", text)
    guest.run("rmmod adeos_share")
    tap.check(qemu.fields(text).get("insmod") not in (None, 0) and
              refused is not None,
              "IRQ 2 refused: %s" %
              (refused.group(0) if refused else text.strip()))


def err_and_console(guest):
    """Linux's ERR count and its count of the console's IRQ 4."""
    text = guest.run_ok("cat /proc/interrupts")
    m = re.search(r"^\s*ERR:\s+(\d+)", text, re.M)
    return (int(m.group(1)) if m else None), linux_line(text, 4)[0]


def check_one_ack(guest, tap, before):
    err, console = err_and_console(guest)
    tap.check(before[0] is not None and err == before[0] and
              None not in (console, before[1]) and console > before[1],
              "Linux's own IRQs acknowledged once: ERR %s -> %s while Linux "
              "handled %d console IRQs" %
              (before[0], err, (console or 0) - (before[1] or 0)))


def check_domain_level(guest, tap, kernel_args):
    """A domain's level line: one arrival per raise, stalled or not."""
    err, _ = err_and_console(guest)
    text, rc = guest.run("insmod %s rounds=%d stalled=%d; "
                         "dmesg | grep 'adeos-level: '" %
                         (LEVEL_KO, LEVEL_ROUNDS, LEVEL_STALLED))
    runs = dict(re.findall(r"adeos-level: (\w+): (.*)$", text, re.M))
    count, name = linux_line(guest.run_ok("cat /proc/interrupts"),
                             LEVEL_IRQ)
    level = "XT-PIC" in (name or "") if "noapic" in kernel_args else \
        "fasteoi" in (name or "")
    tap.check(rc == 0 and level,
              "insmod adeos-level.ko: IRQ %d level-triggered, owned by the "
              "domain 'level': '%s'" % (LEVEL_IRQ, name))
    for what, n in (("unstalled", LEVEL_ROUNDS),
                    ("stalled", LEVEL_STALLED)):
        # raised: the line went high; answered: the domain lowered it
        # in time; received: the domain's arrivals; idle: handler calls
        # that found the line low (an arrival no raise made)
        got = {k: int(v) for k, v in
               re.findall(r"(\w+) (\d+)", runs.get(what, ""))}
        tap.check(all(got.get(k) == n for k in
                      ("raised", "answered", "received", "handled",
                       "lowered")) and got.get("idle") == 0,
                  "level line, domain %s: %s" %
                  (what, runs.get(what, "no record")))
    err_after, _ = err_and_console(guest)
    tap.check(count == 0 and err is not None and err_after == err,
              "Linux got none of IRQ %d (%s) and its ERR stayed: %s -> %s" %
              (LEVEL_IRQ, count, err, err_after))
    _, rc = guest.run("rmmod adeos-level")
    tap.check(rc == 0 and linux_line(guest.run_ok("cat /proc/interrupts"),
                                     LEVEL_IRQ)[0] is None,
              "rmmod adeos-level: IRQ %d given back" % LEVEL_IRQ)


def check_take_release(guest, tap):
    """Take and release under edges: each counted once, by its owner."""
    text, rc = guest.run("insmod %s cycles=%d; dmesg | grep 'adeos-takes: '"
                         % (TAKES_KO, TAKE_CYCLES))
    m = re.search(r"adeos-takes: (.*)$", text, re.M)
    got = {k: int(v) for k, v in
           re.findall(r"(\w+) (-?\d+)", m.group(1) if m else "")}
    # per cycle: 2 edges pending for Linux at the take, 3 for the
    # domain (1 pending at its release, which goes down to Linux), 1
    # for Linux after it
    edges = TAKE_CYCLES * 6
    tap.check(rc == 0 and got.get("cycles") == TAKE_CYCLES and
              got.get("edges") == edges and
              got.get("domain") == TAKE_CYCLES * 2 and
              got.get("linux") == TAKE_CYCLES * 4 and
              got.get("dropped") == 0 and got.get("error") == 0,
              "take/release: %s" % (m.group(1) if m else text.strip()))
    cared, _ = guest.run("dmesg | grep -c 'nobody cared'")
    tap.check(cared.strip() == "0",
              "take/release: no 'nobody cared' (%s)" % cared.strip())


def check_level_refused(guest, tap, out):
    """A passing domain is refused the ACPI SCI, a level line that Linux's
    driver "acpi" uses: the domain would open the line again before
    Linux serviced the event."""
    text, _ = guest.run("insmod %s irq=9; echo insmod $?; "
                        "dmesg | grep 'adeos: ' | tail -3" %
                        ("%s priority=%d" % (SHARE_KO, share_priority(out))))
    rc = qemu.fields(text).get("insmod")
    refused = re.search(r"cannot share level-triggered IRQ 9 with Linux's "
                        r"driver (\S+)", text)
    tap.check(rc not in (None, 0) and refused is not None and
              refused.group(1) == "acpi",
              "sharing: a passing domain is refused the level-triggered "
              "SCI: %s" % (refused.group(0) if refused else text.strip()))


def driver_lines(out):
    """(domain, irq) of the built-in domains' IRQs passed on, shared,
    that a Linux driver of the board uses too: the console's IRQ 4."""
    return [(d["name"], number) for d in qemu.board_domains(out)
            if not d["module"]
            for number, excl, passed, each in d["irqs"]
            if passed and number == 4]


def check_board_sharing(guest, tap, name, irq):
    """A built-in domain that passes on the console's line, registered
    before the console opened: the shell answers, and the domain
    received every arrival Linux received meanwhile (Linux had some
    before the domain came, as its driver probed the UART)."""
    def received():
        text = guest.run_ok("cat /proc/adeos/domains")
        return (qemu.domain_counts(text, name).get(str(irq), (0,))[0],
                qemu.domain_counts(text, "Linux").get(str(irq), (0,))[0])
    before = received()
    echoed = [guest.run_ok("echo typed %d" % i) for i in range(3)]
    after = received()
    mine, root = after[0] - before[0], after[1] - before[1]
    _, actions = linux_line(guest.run_ok("cat /proc/interrupts"), irq)
    tap.check(echoed == ["typed 0", "typed 1", "typed 2"] and mine > 0 and
              mine == root and "ttyS0" in (actions or "") and
              "adeos-%s" % name in (actions or ""),
              "sharing: built-in domain %s passes on IRQ %d, the console "
              "answers (%s); while it did, the domain received %d, Linux "
              "%d; /proc/interrupts: '%s'" %
              (name, irq, ", ".join(echoed), mine, root, actions))


def share_priority(out):
    """The lowest domain priority no built-in domain has."""
    taken = {d["priority"] for d in qemu.board_domains(out)}
    return next(p for p in range(101, 1000) if p not in taken)


def check_sharing(guest, tap, out):
    """A passing domain and Linux's drivers on one line."""
    ko = "%s priority=%d" % (SHARE_KO, share_priority(out))
    for name, irq in driver_lines(out):
        check_board_sharing(guest, tap, name, irq)
    _, rc = guest.run("insmod %s irq=4" % ko)
    for i in range(3):
        guest.run_ok("echo shared line %d" % i)
    got = qemu.fields(guest.run("cat /proc/adeos/share/status")[0])
    _, actions = linux_line(guest.run_ok("cat /proc/interrupts"), 4)
    tap.check(rc == 0 and got.get("domain", 0) > 0 and
              got.get("domain") == got.get("linux") and
              "ttyS0" in (actions or "") and "adeos-" in (actions or ""),
              "sharing: a domain passing on IRQ 4 beside ttyS0, the console "
              "answering: the domain received %s, Linux %s since; "
              "/proc/interrupts: '%s'" %
              (got.get("domain"), got.get("linux"), actions))
    guest.run_ok("rmmod adeos_share")
    # IRQ 3: the domain first, then the second UART's driver
    _, rc = guest.run("insmod %s irq=3" % ko)
    opened, rc2 = guest.run("echo x > /dev/ttyS1")
    _, kept = linux_line(guest.run_ok("cat /proc/interrupts"), 3)
    guest.run("rmmod adeos_share")
    tap.check(rc == 0 and rc2 == 0 and "adeos-share" in (kept or ""),
              "sharing: ttyS1 opens on IRQ 3 after a passing domain took "
              "it (%s), the line stays up after it closed: '%s'" %
              (opened.strip() or "ok", kept))
    text, _ = guest.run("insmod %s irq=4 alone=1; echo insmod $?; "
                        "dmesg | grep 'adeos: ' | tail -3" % ko)
    rc = qemu.fields(text).get("insmod")
    refused = re.search(r"cannot have IRQ 4 to itself: Linux's driver "
                        r"(\S+) uses it", text)
    tap.check(rc not in (None, 0) and refused is not None and
              refused.group(1) == "ttyS0",
              "sharing: a domain asking for IRQ 4 to itself is refused: %s" %
              (refused.group(0) if refused else text.strip()))
    # a driver with IRQF_NO_THREAD (part of IRQF_TIMER) is no PIT tick
    text, _ = guest.run("insmod %s irq=3 && insmod %s irq=3 alone=1; "
                        "echo insmod $?; dmesg | grep 'adeos: ' | tail -3; "
                        "rmmod adeos_share; rmmod adeos_nothread"
                        % (NOTHREAD_KO, ko))
    refused = re.search(r"cannot have IRQ 3 to itself: Linux's driver "
                        r"(\S+) uses it", text)
    tap.check(qemu.fields(text).get("insmod") not in (None, 0) and
              refused is not None and refused.group(1) == "nothread-drv",
              "sharing: a domain asking for IRQ 3 to itself beside a driver "
              "with IRQF_NO_THREAD is refused: %s" %
              (refused.group(0) if refused else text.strip()))
    bad, _ = guest.run("dmesg | grep -c 'Flags mismatch'")
    tap.check(bad.strip() == "0",
              "sharing: no 'Flags mismatch' in Linux's log (%s)" %
              bad.strip())


def boot_and_check(out, readme, initrd, kernel_args, owned):
    command = qemu.kernel_command(readme, out, kernel_args)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd, command)

    def check(guest, tap):
        before = err_and_console(guest)
        for name, irq in owned:
            check_owned(guest, tap, name, irq)
        check_one_ack(guest, tap, before)
        check_free_isa(guest, tap, out, kernel_args)
        if qemu.kernel_has(out, "ACPI") or "noapic" in kernel_args:
            check_domain_level(guest, tap, kernel_args)
        check_take_release(guest, tap)
        check_sharing(guest, tap, out)
        if qemu.kernel_has(out, "ACPI") and "noapic" not in kernel_args:
            check_level_refused(guest, tap, out)
    return qemu.checked_boot("irq-owner", out, readme, kernel_args, check,
                             command + " -device pc-testdev "
                             "-serial mon:stdio -serial null")


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    owned = owned_irqs(out)
    if not owned:
        return 0
    initrd = qemu.join_initrd(out, "irq-owner-initrd", tools)
    failed = 0
    for args in qemu.routings(out):
        failed += boot_and_check(out, readme, initrd, args, owned)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
