#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The debug board's own checks (boards whose kernel has
CONFIG_ADEOS_DEBUG), in boots of their own under -icount:

- churn: CHURN insmod/rmmod cycles of the board's module domain while
  another shell reads every /proc/adeos file in a loop: each cycle
  registers and unregisters the domain, and no checker reports anything
  (the reader holds a domain's pointers across its show);
- cmos: adeos-cmos.ko, a domain that reads the CMOS RTC under
  rtc_lock, whose IRQ Linux raises CMOS_ROUNDS times inside its own
  rtc_lock sections: the IRQ waits for Linux's unlock every time (the
  domain never finds the lock held), and Linux's reads stay right;
- spurious: adeos-spurious.ko sends interrupts on an unused system
  vector (Linux's spurious_interrupt() gate) inside Linux's stall: the
  CPU takes each there, and Linux's handler runs once each, after the
  unstall, never inside the stall (nothing reaches Linux around its
  stage); /proc/interrupts' SPU row moves by as many;
- planted: adeos-planted.ko, a domain whose handler takes a Linux
  spinlock, makes CONFIG_ADEOS_DEBUG print exactly one "adeos: DEBUG"
  line, naming the domain (with the check compiled out there is none);
  nothing else is reported;
- traps: WARN()s and page faults fixed up by the exception table, in a
  stalled stage, an unstalled one and a hard section, leave the stage,
  the flag and the log as they were (adeos-traps.ko);
- soak: SOAK_S seconds of guest time with everything at once (/proc
  readers, a pulse flood on a domain's IRQ, Linux stalling 1 ms in every
  1.5 ms, the PIT domain ticking): exact counts, no report, and the PIT
  domain overran exactly where QEMU's PIT skipped an edge (QEMU's IO-APIC
  trace shows each);
- nmi: NMIS NMIs from QEMU's monitor while a domain's IRQ is pulsed and
  Linux stalls and unstalls, and NMIS more that adeos-nmi.ko sends to
  itself from a domain's handler, from Linux's replay and from hard
  sections, each taking a page fault the exception table fixes up:
  Linux counts each, the faults leave the stage and the flag alone, the
  domain counts each pulse, and nothing but Linux's unknown-NMI lines is
  reported.

usage: debug_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. TOOLS_CPIO holds /lib/modules/adeos-test/.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

CHURN = 500
PLANTED_TRIGGERS = 10
CMOS_ROUNDS = 1000
CMOS_IRQ = 3
SPURIOUS_ROUNDS = 100
SOAK_S = 20
SOAK_PULSES = 200000
TRAP_WARNS = 1
TRAP_FIXUPS = 100
NMIS = 1000
# The soak's bounds in QEMU's IO-APIC trace: a pulse on a line no driver
# and no domain of the soak's boot takes (COM2's)
SOAK_MARK_IRQ = 3
# The PIT's line, as QEMU's ioapic_set_irq trace names it (ISA IRQ 0)
PIT_LINE = 0
NMI_PULSES = 100000
NMI_STALLS = 20
# What Linux prints for an NMI nobody claims (QEMU's monitor's): expected.
UNKNOWN_NMI = ("NMI received for unknown reason|Dazed and confused|"
               "Do you have a strange power saving mode")


def module_domain(out):
    """The name of the board's first domain built as a module, or None."""
    for d in qemu.board_domains(out):
        if d["module"]:
            return d["name"]
    return None


def check_churn(guest, tap, name):
    ko = "/lib/modules/adeos/adeos-%s.ko" % name
    mod = "adeos_%s" % name.replace("-", "_")
    guest.run_ok("(while :; do for f in /proc/adeos/*; do "
                 "[ -f $f ] && cat $f; done; cat /proc/adeos/*/*; "
                 "done) >/dev/null 2>&1 & echo $! >/tmp/reader")
    text, rc = guest.run(
        "n=0; while [ $n -lt %d ]; do insmod %s && "
        "grep -q '^%s priority' /proc/adeos/domains && rmmod %s || break; "
        "n=$((n + 1)); done; echo cycles $n" % (CHURN, ko, name, mod),
        timeout=1800)
    guest.run_ok("kill $(cat /tmp/reader)")
    cycles = qemu.fields(text).get("cycles", 0)
    left, _ = guest.run("grep -c '^%s priority' /proc/adeos/domains" % name)
    tap.check(rc == 0 and cycles == CHURN and left.strip() == "0",
              "churn: %d of %d insmod/rmmod cycles of %s registered and "
              "unregistered it while /proc/adeos was read" %
              (cycles, CHURN, name))


def check_cmos(guest, tap):
    text, rc = guest.run("insmod /lib/modules/adeos-test/adeos-cmos.ko "
                         "irq=%d rounds=%d && dmesg | grep 'adeos-cmos: '" %
                         (CMOS_IRQ, CMOS_ROUNDS))
    m = re.search(r"(\d+) rounds: register D read right (\d+) times "
                  r"\((0x[0-9a-f]+)\); the domain read register C (\d+) "
                  r"times, found rtc_lock held (\d+) times", text)
    rounds, right, value, handled, held = (
        (int(m.group(1)), int(m.group(2)), m.group(3), int(m.group(4)),
         int(m.group(5))) if m else (0, 0, "?", 0, 0))
    tap.check(rc == 0 and rounds == right == handled == CMOS_ROUNDS and
              held == 0 and value == "0x80",
              "cmos: a domain's IRQ raised inside %d of Linux's rtc_lock "
              "sections waited for the unlock: the domain read the RTC %d "
              "times and found rtc_lock held %d times; Linux read register "
              "D right %d times (%s)" %
              (CMOS_ROUNDS, handled, held, right, value))
    if rc == 0:
        guest.run("rmmod adeos_cmos")


def spurious_row(guest):
    """Linux's count of spurious interrupts (/proc/interrupts' SPU)."""
    m = re.search(r"^\s*SPU:\s+(\d+)", guest.run_ok("cat /proc/interrupts"),
                  re.M)
    return int(m.group(1)) if m else -1


def no_irq_slot(guest):
    """What Linux's stage received on sys20, the pipeline IRQ of every
    vector with no IRQ behind it."""
    row = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                             "Linux").get("sys20")
    return row[0] if row else 0


def check_spurious(guest, tap):
    before = spurious_row(guest)
    slot = no_irq_slot(guest)
    text, rc = guest.run("insmod /lib/modules/adeos-test/adeos-spurious.ko "
                         "rounds=%d && dmesg | grep 'adeos-spurious: '" %
                         SPURIOUS_ROUNDS)
    after = spurious_row(guest)
    slot = no_irq_slot(guest) - slot
    m = re.search(r"(\d+) interrupts on vector (0x[0-9a-f]+) inside Linux's "
                  r"stall: the CPU took (\d+) there; Linux's handler ran "
                  r"inside the stall (\d+) times, once after it (\d+) times",
                  text)
    sent, vector, taken, early, once = (
        (int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4)),
         int(m.group(5))) if m else (0, "?", 0, 0, 0))
    tap.check(rc == 0 and sent == taken == once == SPURIOUS_ROUNDS and
              early == 0 and after - before == SPURIOUS_ROUNDS and
              slot == SPURIOUS_ROUNDS,
              "spurious: %d interrupts on vector %s with no handler, each "
              "taken inside Linux's stall (%d): Linux's handler ran inside "
              "the stall %d times, once after the unstall %d times; SPU "
              "%d -> %d; Linux's stage received %d on sys20" %
              (SPURIOUS_ROUNDS, vector, taken, early, once, before, after,
               slot))
    if rc == 0:
        guest.run("rmmod adeos_spurious")


def check_planted(guest, tap):
    text, rc = guest.run("insmod /lib/modules/adeos-test/adeos-planted.ko "
                         "triggers=%d" % PLANTED_TRIGGERS)
    loaded = rc == 0
    lines, _ = guest.run("dmesg | grep 'adeos: DEBUG'")
    lines = [l.split("] ", 1)[-1] for l in lines.splitlines() if l.strip()]
    named = [l for l in lines if "in domain planted" in l]
    tap.check(loaded and len(lines) == 1 and len(named) == 1,
              "planted: a domain that takes a Linux lock in its handler, "
              "%d times: %d adeos DEBUG line%s, %d naming it (%s)" %
              (PLANTED_TRIGGERS, len(lines), "" if len(lines) == 1 else "s",
               len(named), lines[0] if lines else "none"))
    if loaded:
        guest.run("rmmod adeos_planted")
    # everything else stays clean: the planted line is the one report
    bad = qemu.kernel_reports(guest, allowed="adeos: DEBUG: .* in domain planted")
    tap.check(not bad, "planted: no other report%s" %
              (" (%s)" % " | ".join(bad[:4]) if bad else ""))


def nmi_count(guest):
    """Linux's count of NMIs, from /proc/interrupts."""
    for line in guest.run_ok("cat /proc/interrupts").splitlines():
        words = line.split()
        if words and words[0] == "NMI:":
            return int(words[1])
    raise KeyError("no NMI: line in /proc/interrupts")


def pulses_received(guest, domain, irq):
    return qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                              domain).get(str(irq), (0,))[0]


def check_nmis(guest, tap, owner, irq):
    """NMIS NMIs from QEMU's monitor while pulses flow and Linux stalls
    and unstalls, then NMIS more from adeos-nmi.ko: Linux counts every
    one, the domain every pulse, and nothing else is reported."""
    nmi0 = nmi_count(guest)
    got0 = pulses_received(guest, owner, irq)
    guest.run_ok("irq-pulse %d %d >/dev/null & echo $! >/tmp/pulses; "
                 "(n=0; while [ $n -lt %d ]; do echo '1000 10' "
                 ">/proc/adeos/stall; n=$((n + 1)); done) & "
                 "echo $! >/tmp/stalls" % (irq, NMI_PULSES, NMI_STALLS))
    guest.monitor_repeat("nmi", NMIS)
    guest.run_ok("wait $(cat /tmp/pulses) $(cat /tmp/stalls)", timeout=1800)
    nmi1 = nmi_count(guest)
    got1 = pulses_received(guest, owner, irq)
    tap.check(nmi1 - nmi0 == NMIS and got1 - got0 == NMI_PULSES,
              "%d NMIs from QEMU's monitor during %d pulses on IRQ %d "
              "and %d stall windows: Linux counted %d NMIs, %s %d pulses" %
              (NMIS, NMI_PULSES, irq, NMI_STALLS * 10, nmi1 - nmi0, owner,
               got1 - got0))
    text, rc = guest.run("insmod /lib/modules/adeos-test/adeos-nmi.ko "
                         "nmis=%d && dmesg | grep 'adeos-nmi: sent'" % NMIS)
    nmi2 = nmi_count(guest)
    m = re.search(r"sent (\d+) (\d+) (\d+), taken there (\d+) (\d+) "
                  r"(\d+) .*; (\d+) faults", text)
    sent = [int(x) for x in m.groups()[:3]] if m else []
    seen = [int(x) for x in m.groups()[3:6]] if m else []
    faults = int(m.group(7)) if m else 0
    tap.check(rc == 0 and sum(sent) == NMIS and seen == sent and
              nmi2 - nmi1 == NMIS and faults == NMIS,
              "%d self-NMIs through the local APIC, sent/taken in a "
              "domain handler %s, in Linux's replay %s, in hard sections "
              "%s; Linux counted %d; %d fixed-up page faults inside them "
              "left the stage and the flag as they were" %
              (NMIS, *("%d/%d" % (a, b) for a, b in
                       zip(sent or [0] * 3, seen or [0] * 3)),
               nmi2 - nmi1, faults))
    guest.run("rmmod adeos_nmi")
    bad = qemu.kernel_reports(guest, allowed=UNKNOWN_NMI)
    tap.check(not bad, "no report but Linux's unknown-NMI lines%s" %
              (" (%s)" % " | ".join(bad[:4]) if bad else ""))


def rt_timer(out):
    """The name of the board's built-in rt-timer domain, or None."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-timer" and not d["module"]:
            return d["name"]
    return None


def check_soak(guest, tap, owner, irq, rt, seen):
    """SOAK_S seconds of guest time of everything at once on a
    preemptible kernel: three shells reading /proc, SOAK_PULSES pulses
    on the domain's IRQ, Linux stalling 1 ms in every 1.5 ms, the PIT
    domain ticking. Exact counts and no report; the PIT domain's
    overruns go to @seen, for soak_edges() once QEMU has exited."""
    lat = "/proc/adeos/%s/latency" % rt
    got0 = pulses_received(guest, owner, irq)
    over0 = qemu.fields(guest.run_ok("cat %s" % lat))["overruns"]
    guest.run_ok("for i in 1 2 3; do (while :; do cat /proc/adeos/domains "
                 "/proc/interrupts %s /proc/adeos/stall; done) >/dev/null "
                 "2>&1 & done; echo $(jobs -p) >/tmp/readers" % lat)
    guest.run_ok("irq-pulse %d 1; irq-pulse %d %d >/dev/null & "
                 "echo $! >/tmp/pulses; "
                 "echo '1000 %d 500' >/proc/adeos/stall & "
                 "echo $! >/tmp/stalls" %
                 (SOAK_MARK_IRQ, irq, SOAK_PULSES, SOAK_S * 1000 * 2 // 3))
    guest.run_ok("wait $(cat /tmp/pulses) $(cat /tmp/stalls); "
                 "irq-pulse %d 1" % SOAK_MARK_IRQ, timeout=3600)
    guest.run_ok("kill $(cat /tmp/readers)")
    got1 = pulses_received(guest, owner, irq)
    over1 = qemu.fields(guest.run_ok("cat %s" % lat))["overruns"]
    depth = [int(m) for m in re.findall(
        r"greatest stack depth: (\d+) bytes left",
        guest.run_ok("dmesg"))]
    fig = qemu.fields(guest.run_ok("cat %s" % lat))
    seen["overruns"] = over1 - over0
    seen["max_gap_us"] = fig.get("max_gap_us")
    tap.check(got1 - got0 == SOAK_PULSES,
              "%d pulses on IRQ %d, %d stall windows of 1 ms 0.5 ms apart, "
              "three /proc readers: %s received %d; least stack left %s "
              "bytes" %
              (SOAK_PULSES, irq, SOAK_S * 1000 * 2 // 3, owner, got1 - got0,
               min(depth) if depth else "?"))


def soak_edges(trace, rt, seen):
    """The PIT domain missed no tick QEMU raised: its overruns in the
    soak are the PIT edges QEMU's i8254 itself skipped there. QEMU's
    mode-2 rounding drops a rising edge now and then (its line goes low
    twice with no rise between), deterministically under -icount; the
    trace of its IO-APIC's inputs, between the two marker pulses, shows
    each. Returns the failures."""
    tap = qemu.Tap("soak")
    events = []
    try:
        with open(trace) as f:
            for line in f:
                m = re.search(r"ioapic_set_irq vector: (\d+) level: (\d+)",
                              line)
                if m:
                    events.append((int(m.group(1)), int(m.group(2))))
    except OSError as e:
        tap.check(False, "QEMU's IO-APIC trace: %s" % e)
        return tap.failed
    # the marker's rises (QEMU's reset lowers every line at boot)
    marks = [i for i, event in enumerate(events)
             if event == (SOAK_MARK_IRQ, 1)]
    if len(marks) != 2 or "overruns" not in seen:
        tap.check(False, "QEMU's IO-APIC trace: %d rises of the marker "
                  "line %d (wanted 2), overruns %s" %
                  (len(marks), SOAK_MARK_IRQ, seen.get("overruns")))
        return tap.failed
    levels = [level for line, level in events[marks[0]:marks[1]]
              if line == PIT_LINE]
    rises = sum(1 for a, b in zip(levels, levels[1:]) if (a, b) == (0, 1))
    skipped = sum(1 for a, b in zip(levels, levels[1:]) if a == b)
    tap.check(seen["overruns"] == skipped and rises > 0,
              "%s overran %d times (longest gap %s us) over %d PIT edges "
              "QEMU raised in the soak, and QEMU's PIT skipped %d edges "
              "there: the pipeline missed none" %
              (rt, seen["overruns"], seen.get("max_gap_us"), rises, skipped))
    return tap.failed


def check_traps(guest, tap):
    """WARN()s and fixed-up page faults in a stalled stage (a virtual IRQ
    pending), an unstalled one and a hard section leave the stage, the
    flag and the log as they were (adeos-traps.ko)."""
    text, rc = guest.run("insmod /lib/modules/adeos-test/adeos-traps.ko "
                         "warns=%d fixups=%d && dmesg | grep 'adeos-traps: "
                         "[0-9]'" % (TRAP_WARNS, TRAP_FIXUPS), timeout=600)
    m = re.search(r"(\d+) of (\d+) traps .*; (\d+) virtual IRQs", text)
    kept, taken, played = (int(x) for x in m.groups()) if m else (0, 0, 0)
    want = 3 * (TRAP_WARNS + TRAP_FIXUPS)
    tap.check(rc == 0 and kept == taken == want and
              played == TRAP_WARNS + TRAP_FIXUPS,
              "%d WARN()s and %d fixed-up page faults in each of a stalled "
              "stage, an unstalled one and a hard section: %d of %d left "
              "the stage, the flag and the log as they were; the %d "
              "virtual IRQs logged in the stalled stage played after it" %
              (TRAP_WARNS, TRAP_FIXUPS, kept, taken, played))
    guest.run("rmmod adeos_traps")
    bad = qemu.kernel_reports(guest, allowed="adeos.traps")
    tap.check(not bad, "no report but the planted warnings%s" %
              (" (%s)" % " | ".join(bad[:4]) if bad else ""))


def owned_irq(out):
    """(domain, irq) of the board's first exclusive ISA IRQ of a built-in
    domain, or (None, None)."""
    for d in qemu.board_domains(out):
        for number, excl, passed, each in d["irqs"]:
            if not d["module"] and excl and 0 < number < 16:
                return d["name"], number
    return None, None


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    # the test modules, built when the kernel builds modules
    if not os.path.exists(os.path.join(os.path.dirname(tools), "modules",
                                       "adeos-planted.ko")):
        return 0
    if not qemu.kernel_has(out, "ADEOS_DEBUG"):
        return 0
    name = module_domain(out)
    initrd = qemu.join_initrd(out, "debug-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))

    def check(guest, tap):
        if name:
            check_churn(guest, tap, name)
        check_cmos(guest, tap)
        check_spurious(guest, tap)
        qemu.check_no_reports(guest, tap)
        check_planted(guest, tap)
    failed = qemu.checked_boot("debug", out, readme, "", check,
                               command + " -device pc-testdev",
                               reports=False)
    failed += qemu.checked_boot("traps", out, readme, "", check_traps,
                                command, reports=False)
    owner, irq = owned_irq(out)
    rt = rt_timer(out)
    if owner and rt:
        seen = {}
        trace = os.path.join(out, "soak-ioapic.trace")
        if os.path.exists(trace):
            os.remove(trace)
        failed += qemu.checked_boot(
            "soak", out, readme, "",
            lambda guest, tap: check_soak(guest, tap, owner, irq, rt, seen),
            command + " -device pc-testdev "
            "-trace enable=ioapic_set_irq,file=" + trace)
        failed += soak_edges(trace, rt, seen)
    if owner:
        failed += qemu.checked_boot(
            "nmi", out, readme, "",
            lambda guest, tap: check_nmis(guest, tap, owner, irq),
            command + " -device pc-testdev", reports=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
