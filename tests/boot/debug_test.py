#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The debug board's own checks (boards whose kernel has
CONFIG_ADEOS_DEBUG), in boots of their own under -icount:

- churn: CHURN insmod/rmmod cycles of the board's module domain while
  another shell reads every /proc/adeos file in a loop and a third
  floods the domain's pc-testdev line with pulses: each cycle registers
  and unregisters the domain, every pulse is delivered once (by the
  module domain, counted as departed when it goes, or by the domain
  below it or Linux) or counted as dropped; afterwards kmemleak finds
  no leak and the slab caches hold at most SLAB_BOUND_KB more; no
  checker reports anything (the reader holds a domain's pointers across
  its show);
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
- faults: adeos-faults.ko, a domain whose handler of a pc-testdev IRQ
  goes wrong on its FAULT_ON-th call (divide error, NULL pointer,
  invalid opcode, general protection, int3, BUG(), a call past its
  10 ms budget): /proc/adeos
  shows it faulted with the right exception and symbol, one log line
  names it, the later pulses reach nobody or Linux as the module says
  and are counted, Linux's tick goes on, no process dies, no Oops; the
  module unloads and a fresh load counts again. A WARN() leaves it
  running; get_kernel_nofault() of an unmapped address in every call,
  and a static branch in it toggled TOGGLES times from Linux, never
  stop it;
- double: a double fault in a domain's handler (its stack pointer in the
  unmapped first page) has nothing to resume: Linux panics, and the
  panic names the domain and where it was;
- events: the board's trap-monitor domain loaded, a user program runs
  INT3S breakpoints it claims, and another one FPES divisions by zero it
  does not: the domain reports exactly INT3S claimed breakpoints with
  the program's own breakpoint address and registers, the program ends
  normally, the other gets its FPES SIGFPEs from Linux, and the domain
  counted every one of both by vector;
- soak: SOAK_S seconds of guest time with everything at once (/proc
  readers, a pulse flood on a domain's IRQ, Linux stalling 1 ms in every
  1.5 ms, the rt-timer domain ticking on the pipeline's timer service):
  exact counts, no report, the timer domain ticked once per period of
  the timestamp counter over the soak and never overran;
- nmi: NMIS NMIs from QEMU's monitor while a domain's IRQ is pulsed and
  Linux stalls and unstalls, and NMIS more that adeos-nmi.ko sends to
  itself from a domain's handler, from Linux's replay and from hard
  sections, each taking a page fault the exception table fixes up:
  Linux counts each, the faults leave the stage and the flag alone, the
  domain counts each pulse, and nothing but Linux's unknown-NMI lines is
  reported.

usage: debug_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. TOOLS_CPIO holds /lib/modules/adeos-test/. DEBUG_CHECKS
(environment), some of CHECKS' names, runs those only (default all):
"churn soak" is the pair tests/boot/debug_repeat.sh repeats. The boot
of churn, cmos, spurious, hardirqs-off and planted checks the kernel
log whichever of them run.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402
import templates_test  # noqa: E402

CHECKS = ("churn", "cmos", "spurious", "user-share", "hardirqs-off",
          "planted", "traps", "faults", "events", "double", "soak", "nmi")
CHURN = 1000
CHURN_PULSES = 1000  # one irq-pulse run of the flood
SLAB_BOUND_KB = 512
KMEMLEAK = "/sys/kernel/debug/kmemleak"
PLANTED_TRIGGERS = 10
CMOS_ROUNDS = 1000
CMOS_IRQ = 3
SPURIOUS_ROUNDS = 100
SOAK_S = 20
SOAK_PULSES = 200000
TRAP_WARNS = 1
TRAP_FIXUPS = 100
NMIS = 1000
FAULTS_KO = "/lib/modules/adeos-test/adeos-faults.ko"
FAULT_IRQ = 3
FAULT_ON = 5
# past the calls in a row that stop a busy handler in a virtual machine
# (ADEOS_BUDGET_OVERRUNS_GUEST), with some left after the stop
FAULT_PULSES = 30
# kind, what /proc/adeos names, where (the symbol), Linux gets the IRQ
FAULT_KINDS = (("divide", "divide error", "go_wrong", False),
               ("null", "page fault", "go_wrong", True),
               ("ud", "invalid opcode", "go_wrong", False),
               ("gp", "general protection", "go_wrong", True),
               ("int3", "int3", "go_wrong", False),
               ("bug", "BUG()", "go_wrong", True),
               ("busy", "time budget", "faults_irq", False))
TOGGLES = 1000
# Between the parts of one command's output: the shell prints "@0@",
# which the echo of the command itself does not hold.
SPLIT, SPLIT_SEEN = "@$((0))@", "@0@"
INT3S = 1000
FPES = 100
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


def module_irq(out, name):
    """(first device IRQ, whether it passes it on) of the module domain
    @name, or (None, None)."""
    for d in qemu.board_domains(out):
        if d["name"] == name and d["irqs"] and 0 < d["irqs"][0][0] < 16:
            return d["irqs"][0][0], d["irqs"][0][2]
    return None, None


def pipeline_counts(guest):
    return {k: int(v) for k, v in re.findall(
        r"^(\w+) (\d+)$", guest.run_ok("cat /proc/adeos/counts"), re.M)}


def slab_kb(guest):
    m = re.search(r"^Slab:\s+(\d+) kB", guest.run_ok("cat /proc/meminfo"),
                  re.M)
    return int(m.group(1))


def kmemleak(guest, cmd):
    guest.run_ok("[ -e %s ] || mount -t debugfs none /sys/kernel/debug; "
                 "echo %s >%s" % (KMEMLEAK, cmd, KMEMLEAK), timeout=600)


def delivered(snap, irq, names=None):
    """Arrivals of @irq the handlers of the domains @names (all, Linux
    too, if None) got, as /proc/adeos/domains counts them."""
    return sum(c[1] + c[2] for n, d in snap.items()
               if names is None or n in names
               for i, c in d.items() if i == str(irq))


def churn_accounts(pulses, departed, dropped, below, passes):
    """Whether @pulses on the module domain's line add up: @below, what
    each domain under it (Linux last) delivered, in order. A module that
    terminates the line: every pulse delivered once, by it (@departed,
    as it went) or by the first below, or dropped. One that passes it
    on: every pulse reaches each domain below once, and it had some."""
    if not below:
        return departed + dropped == pulses
    if passes:
        return dropped == 0 and 0 < departed <= pulses and \
            all(n == pulses for n in below)
    return departed + below[0] + dropped == pulses and \
        all(n == below[0] for n in below[1:])


def check_churn(guest, tap, doms, name, irq, passes):
    ko = "/lib/modules/adeos/adeos-%s.ko" % name
    mod = "adeos_%s" % name.replace("-", "_")
    leaks = guest.run("[ -e %s ] || mount -t debugfs none /sys/kernel/debug; "
                      "[ -e %s ]" % (KMEMLEAK, KMEMLEAK))[1] == 0
    if leaks:
        kmemleak(guest, "scan")
        kmemleak(guest, "clear")
    slab0, counts0 = slab_kb(guest), pipeline_counts(guest)
    snap0 = templates_test.counts(guest)
    guest.run_ok("(while :; do for f in /proc/adeos/*; do "
                 "[ -f $f ] && cat $f; done; cat /proc/adeos/*/*; "
                 "done) >/dev/null 2>&1 & echo $! >/tmp/reader")
    if irq is not None:
        guest.run_ok("rm -f /tmp/churned /tmp/pulsed; (while [ ! -e "
                     "/tmp/churned ]; do irq-pulse %d %d && echo >>/tmp/pulsed;"
                     " done) & echo $! >/tmp/flood" % (irq, CHURN_PULSES))
    text, rc = guest.run(
        "n=0; while [ $n -lt %d ]; do insmod %s && "
        "grep -q '^%s priority' /proc/adeos/domains && rmmod %s || break; "
        "n=$((n + 1)); done; echo cycles $n; : >/tmp/churned%s" %
        (CHURN, ko, name, mod,
         # the flood ends at its next round: waited for here, not
         # under a later prompt (qemu.stop_jobs)
         "; wait $(cat /tmp/flood); true" if irq is not None else ""),
        timeout=1800)
    guest.run_ok(qemu.stop_jobs("$(cat /tmp/reader)"))
    cycles = qemu.fields(text).get("cycles", 0)
    left, _ = guest.run("grep -c '^%s priority' /proc/adeos/domains" % name)
    tap.check(rc == 0 and cycles == CHURN and left.strip() == "0",
              "churn: %d of %d insmod/rmmod cycles of %s registered and "
              "unregistered it while /proc/adeos was read%s" %
              (cycles, CHURN, name, " and IRQ %d flooded" % irq
               if irq is not None else ""))
    if irq is not None:
        pulses = CHURN_PULSES * int(guest.run_ok(
            "wc -l </tmp/pulsed").split()[-1])
        counts1 = pipeline_counts(guest)
        d = {k: counts1[k] - counts0.get(k, 0) for k in counts1}
        snap1 = templates_test.counts(guest)
        names, to_linux = templates_test.takers(doms, irq, ())
        names += ["Linux"] if to_linux else []
        below = [delivered(snap1, irq, (n,)) - delivered(snap0, irq, (n,))
                 for n in names]
        tap.check(pulses and churn_accounts(pulses, d["departed"],
                                            d["dropped"] + d["unhandled"],
                                            below, passes),
                  "churn: %d pulses on IRQ %d over %d cycles: %s %s it on; "
                  "it delivered %d as it came and went (departed), %s, %d "
                  "dropped, %d unhandled" %
                  (pulses, irq, cycles, name,
                   "passes" if passes else "does not pass", d["departed"],
                   ", ".join("%s %d" % nb for nb in zip(names, below)),
                   d["dropped"], d["unhandled"]))
    slab1 = slab_kb(guest)
    tap.check(slab1 - slab0 <= SLAB_BOUND_KB,
              "churn: slab caches %d kB before, %d kB after (%+d kB, bound "
              "+%d kB)" % (slab0, slab1, slab1 - slab0, SLAB_BOUND_KB))
    if leaks:
        kmemleak(guest, "scan")
        kmemleak(guest, "scan")
        found = guest.run_ok("grep -c 'unreferenced object' %s || true" %
                             KMEMLEAK).split()[-1]
        tap.check(found == "0",
                  "churn: kmemleak's scans after it find %s unreferenced "
                  "objects%s" % (found, "" if found == "0" else ":\n# " +
                                 guest.run_ok("head -n 20 %s" % KMEMLEAK)
                                 .replace("\n", "\n# ")))


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


HARD_US = 2000


def irqsoff_record(guest):
    """/proc/adeos/hardirqs_off as {key: value}."""
    return dict(l.split(None, 1) for l in guest.run_ok(
        "cat /proc/adeos/hardirqs_off").splitlines() if " " in l)


def check_hardirqs_off(guest, tap):
    """The tracer finds a known hard section, names where it began and
    ended, and takes only 0 and 1."""
    _, bad = guest.run("echo x >/proc/adeos/hardirqs_off")
    guest.run_ok("echo 1 >/proc/adeos/hardirqs_off")
    fresh = irqsoff_record(guest)
    guest.run_ok("echo 'hard %d' >/proc/adeos/stall; sleep 1" % HARD_US)
    rec = irqsoff_record(guest)
    guest.run_ok("echo 0 >/proc/adeos/hardirqs_off")
    off = irqsoff_record(guest)
    longest = int(rec.get("longest_ns", 0))
    # udelay() may come short by a little (its loops per tick are
    # calibrated at boot)
    tap.check(bad != 0 and fresh.get("tracing") == "on" and
              rec.get("tracing") == "on" and
              int(rec.get("sections", 0)) > 1 and
              HARD_US * 900 <= longest < 2 * HARD_US * 1000 and
              "hard_section" in rec.get("from", "") and
              "hard_section" in rec.get("to", "") and
              off.get("tracing") == "off" and "longest_ns" not in off,
              "hardirqs_off: a %d us hard section was the longest of %s "
              "(%s ns, from %s to %s); 'x' refused, 0 stops and resets" %
              (HARD_US, rec.get("sections", "?"), rec.get("longest_ns", "?"),
               rec.get("from", "?"), rec.get("to", "?")))


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


def timer_status(guest, rt):
    """(ticks, timestamp, period) of the rt-timer domain, read together."""
    f = qemu.timer_status(guest, rt)
    return f["ticks"], f["now"], f["period"]


def check_soak(guest, tap, owner, irq, rt):
    """SOAK_S seconds of guest time of everything at once on a
    preemptible kernel: three shells reading /proc, SOAK_PULSES pulses
    on the domain's IRQ, Linux stalling 1 ms in every 1.5 ms, the
    rt-timer domain ticking. Exact counts and no report; the timer
    domain ticked once for every period the timestamp counter moved
    (one tick apart at most: a deadline may be due as it is read), and
    never more than half a period late."""
    lat = "/proc/adeos/%s/latency" % rt
    got0 = pulses_received(guest, owner, irq)
    over0 = qemu.fields(guest.run_ok("cat %s" % lat))["overruns"]
    ticks0, now0, period = timer_status(guest, rt)
    guest.run_ok("for i in 1 2 3; do (while :; do cat /proc/adeos/domains "
                 "/proc/interrupts %s /proc/adeos/stall; done) >/dev/null "
                 "2>&1 & done; echo $(jobs -p) >/tmp/readers" % lat)
    guest.run_ok("irq-pulse %d %d >/dev/null & echo $! >/tmp/pulses; "
                 "echo '1000 %d 500' >/proc/adeos/stall & "
                 "echo $! >/tmp/stalls" %
                 (irq, SOAK_PULSES, SOAK_S * 1000 * 2 // 3))
    guest.run_ok("wait $(cat /tmp/pulses) $(cat /tmp/stalls)", timeout=3600)
    guest.run_ok(qemu.stop_jobs("$(cat /tmp/readers)"))
    got1 = pulses_received(guest, owner, irq)
    ticks1, now1, _ = timer_status(guest, rt)
    fig = qemu.fields(guest.run_ok("cat %s" % lat))
    depth = [int(m) for m in re.findall(
        r"greatest stack depth: (\d+) bytes left",
        guest.run_ok("dmesg"))]
    tap.check(got1 - got0 == SOAK_PULSES,
              "%d pulses on IRQ %d, %d stall windows of 1 ms 0.5 ms apart, "
              "three /proc readers: %s received %d; least stack left %s "
              "bytes" %
              (SOAK_PULSES, irq, SOAK_S * 1000 * 2 // 3, owner, got1 - got0,
               min(depth) if depth else "?"))
    want = (now1 - now0) // period
    ticks = ticks1 - ticks0
    tap.check(abs(ticks - want) <= 1 and fig["overruns"] == over0,
              "%s ticked %d times in the soak, %d periods of the timestamp "
              "counter: one per deadline; %d overruns (longest gap %s us, "
              "latency max %s ns)" %
              (rt, ticks, want, fig["overruns"] - over0,
               fig.get("max_gap_us"), fig.get("max_ns")))


USER_SHARE_S = 60
USER_SHARE_WORK = 600
USER_SHARE_PM = 20


def check_user_share(guest, tap):
    """A loop of getppid() calls (int $0x80) with user work of random
    length between them: the tick splits its CPU time into user and
    system as the guest clock (under -icount, the instruction count) says
    the parts cost, within USER_SHARE_PM per mille (15000 ticks sample
    the loop: 4 per mille off by chance on average). Whatever comes for
    Linux before the return to user mode turns hard IRQs off is Linux's
    time: logged, and played there with a kernel-mode frame. Only what
    comes in the last instructions before the iret (Linux's exit code,
    about 60 of them) is taken in user mode: 10 and 11 per mille more
    user time than the clock says. When hard IRQs went off before the
    exit's hooks for lockdep and the tracer (c6be78c), 44."""
    got = qemu.fields(guest.run_ok("user-share %d %d" %
                                   (USER_SHARE_S, USER_SHARE_WORK),
                                   timeout=600))
    off = abs(got.get("measured_pm", -1000) - got.get("expected_pm", 0))
    tap.check(got.get("utime", 0) + got.get("stime", 0) > 0 and
              off <= USER_SHARE_PM,
              "user share of a getppid() loop: %s per mille by the tick "
              "(%s user, %s system ticks), %s by the guest clock (%s ns of "
              "user work, %s ns a call): %d apart, at most %d" %
              (got.get("measured_pm"), got.get("utime"), got.get("stime"),
               got.get("expected_pm"), got.get("user_ns"),
               got.get("sys_ns"), off, USER_SHARE_PM))


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


def pids(guest):
    """The processes alive now (a shell builtin lists them: no child)."""
    return set(guest.run_ok("echo /proc/[0-9]*").split())


def linux_ticks(guest):
    """Linux's timer interrupts (qemu.linux_ticks())."""
    return qemu.linux_ticks(guest)


def faults_state(guest, load, pulses):
    """Load adeos-faults.ko with @load, pulse its IRQ @pulses times and
    read the pipeline's state, in one command (guest time runs ahead
    between commands): (rc, domains text, counts text, calls)."""
    text, rc = guest.run(
        "insmod %s irq=%d %s && irq-pulse %d %d && echo %s && "
        "cat /proc/adeos/domains && echo %s && cat /proc/adeos/counts && "
        "echo %s && cat /proc/adeos/faults/calls" %
        (FAULTS_KO, FAULT_IRQ, load, FAULT_IRQ, pulses, *[SPLIT] * 3),
        timeout=600)
    parts = text.split(SPLIT_SEEN)
    if rc or len(parts) != 4:
        return rc or 1, "", "", [0, 0, 0]
    return 0, parts[1], parts[2], [int(x) for x in parts[3].split()]


def faulted_line(domains):
    m = re.search(r"^faults priority.*?\n  longest call \d+ us\n"
                  r"  overruns .*\n(  faulted: .*)$", domains, re.M)
    return m.group(1).strip() if m else ""


def budget_overruns(domains):
    """The calls in a row past the budget that stop the faults domain,
    as /proc/adeos/domains shows them (arch_budget_overruns(): the guest
    number under QEMU)."""
    m = re.search(r"^faults priority.*?\n  longest call \d+ us\n"
                  r"  overruns \d+, most in a row \d+ of (\d+)$", domains,
                  re.M)
    return int(m.group(1)) if m else 0


def check_fault(guest, tap, kind, what, where, passes):
    before, ticks0 = pids(guest), linux_ticks(guest)
    root0 = pulses_received(guest, "Linux", FAULT_IRQ)
    dmesg0 = guest.run_ok("dmesg | grep -c 'adeos: domain faults stopped' "
                          "|| true").split()[-1]
    rc, domains, counts, calls = faults_state(
        guest, "kind=%s fault_on=%d pass=%d" % (kind, FAULT_ON, passes),
        FAULT_PULSES)
    line = faulted_line(domains)
    got = qemu.domain_counts(domains, "faults").get(str(FAULT_IRQ), (0,))[0]
    root = qemu.domain_counts(domains, "Linux").get(str(FAULT_IRQ),
                                                    (0,))[0] - root0
    # a busy handler is stopped at its last overrun in a row
    stop = FAULT_ON + (budget_overruns(domains) - 1 if kind == "busy"
                       else 0)
    after = FAULT_PULSES - stop
    want_root = after if passes else 0
    tap.check(rc == 0 and calls[0] == stop and got == stop and
              root == want_root and
              re.search(r"faulted: %s.* %s\+0x" % (re.escape(what), where),
                        line) is not None,
              "%s on call %d of %d: the domain is stopped (%s), it had %d "
              "calls and %d arrivals; %d of the %d after went to Linux "
              "(want %d)" % (kind, stop, FAULT_PULSES,
                             line or "no 'faulted' line", calls[0], got, root,
                             after, want_root))
    dmesg1 = guest.run_ok("dmesg | grep -c 'adeos: domain faults stopped' "
                          "|| true").split()[-1]
    ticks1, alive = linux_ticks(guest), pids(guest)
    lost = sorted(before - alive)
    tap.check(int(dmesg1) - int(dmesg0) == 1 and ticks1 > ticks0 and
              not lost,
              "%s: one log line names the domain (%s new), Linux's tick went "
              "on (%d -> %d), no process died%s" %
              (kind, int(dmesg1) - int(dmesg0), ticks0, ticks1,
               " (lost %s)" % " ".join(lost) if lost else ""))
    guest.run_ok("rmmod adeos_faults")
    rc, domains, _, calls = faults_state(guest, "kind=%s fault_on=1000000" %
                                         kind, FAULT_PULSES)
    got = qemu.domain_counts(domains, "faults").get(str(FAULT_IRQ), (0,))[0]
    tap.check(rc == 0 and calls[0] == FAULT_PULSES and
              got == FAULT_PULSES and not faulted_line(domains),
              "%s: unloaded, loaded again, the domain counts %d of %d "
              "pulses" % (kind, got, FAULT_PULSES))
    guest.run("rmmod adeos_faults")


def linux_reports(guest):
    """How many lines of Linux's own crash reports the log holds."""
    return int(guest.run_ok("dmesg | grep -cE 'Call Trace|Oops|BUG:|"
                            "kernel BUG|Kernel panic' || true").split()[-1])


def check_faults(guest, tap):
    reports0 = linux_reports(guest)
    for kind, what, where, passes in FAULT_KINDS:
        check_fault(guest, tap, kind, what, where, passes)
    reports = linux_reports(guest) - reports0
    tap.check(reports == 0, "the %d faults made no Oops, BUG or Call Trace "
              "of Linux's (%d lines)" % (len(FAULT_KINDS), reports))
    rc, domains, _, calls = faults_state(guest, "kind=warn fault_on=%d" %
                                         FAULT_ON, FAULT_PULSES)
    warned = guest.run_ok("dmesg | grep -c 'adeos-faults: a planted "
                          "warning' || true").split()[-1]
    tap.check(rc == 0 and calls[0] == FAULT_PULSES and
              not faulted_line(domains) and int(warned) == 1,
              "a WARN() in the domain's handler is reported (%s line) and "
              "the domain goes on: %d of %d calls" %
              (warned, calls[0], FAULT_PULSES))
    guest.run("rmmod adeos_faults")
    rc, domains, _, calls = faults_state(guest, "kind=nofault toggles=%d" %
                                         TOGGLES, FAULT_PULSES)
    tap.check(rc == 0 and not faulted_line(domains) and
              calls[0] == TOGGLES + FAULT_PULSES and
              calls[1] == calls[0],
              "get_kernel_nofault() of an unmapped address in each of %d "
              "calls, %d of them while Linux toggled a static branch in "
              "the handler %d times: never stopped (%d faults fixed up, "
              "branch taken %d times)" %
              (calls[0], TOGGLES, TOGGLES, calls[1], calls[2]))
    guest.run("rmmod adeos_faults")
    bad = qemu.kernel_reports(guest, allowed="adeos.traps|adeos.faults")
    tap.check(not bad, "no report but the planted warnings%s" %
              (" (%s)" % " | ".join(bad[:4]) if bad else ""))


def double_fault_boot(out, readme, command):
    """Boot, load adeos-faults.ko kind=double and pulse its IRQ: QEMU must
    end (panic=-1 with -no-reboot) with the panic naming the domain, and
    nothing else reported before it."""
    tap = qemu.Tap("double")
    log = os.path.join(out, "double-console.log")
    guest = qemu.Guest(command + " -device pc-testdev " + qemu.ICOUNT, log,
                       timeout=300)
    ended = False
    try:
        guest.boot()
        guest.start("insmod %s irq=%d kind=double fault_on=2 && "
                    "irq-pulse %d 3" % (FAULTS_KO, FAULT_IRQ, FAULT_IRQ))
        guest.child.expect(qemu.pexpect.EOF, timeout=300)
        ended = True
    except (qemu.Stuck, qemu.pexpect.TIMEOUT) as e:
        tap.check(False, "the guest did not end (%s); console tail:\n# %s"
                  % (e, guest.tail().replace("\n", "\n# ")))
    finally:
        guest.close()
    if not ended:
        return tap.failed
    with open(log, errors="replace") as f:
        text = f.read()
    panic = re.search(r"Kernel panic - not syncing: (adeos: double fault "
                      r"in domain faults at go_wrong\+\S+ \[adeos_faults\])",
                      text)
    before = text[:panic.start()] if panic else text
    bad = [l.split("] ", 1)[-1] for l in before.splitlines()
           if re.search(qemu.REPORT, l)]
    tap.check(panic is not None and not bad,
              "a double fault in a domain's handler: Linux panicked, "
              "naming it (%s)%s" %
              (panic.group(1) if panic else "no such panic line",
               "; reported before: %s" % " | ".join(bad[:3]) if bad else ""))
    return tap.failed


def trap_monitor(out):
    """The name of the board's trap-monitor domain (a module), or None."""
    for d in qemu.board_domains(out):
        if d["template"] == "trap-monitor" and d["module"]:
            return d["name"]
    return None


def vector_counts(text):
    return {int(m.group(1)): int(m.group(2)) for m in
            re.finditer(r"^vector (\d+) count (\d+)$", text, re.M)}


def check_events(guest, tap, mon):
    """trap-monitor claims one program's int3s; another program's divide
    errors go on to Linux, which signals them."""
    d = "/proc/adeos/%s" % mon
    text, rc = guest.run(
        "insmod /lib/modules/adeos/adeos-%s.ko && echo int3-loop >%s/claim "
        "&& fpe-loop %d && int3-loop %d && echo %s && cat %s/breakpoints "
        "&& echo %s && cat %s/counts" % (mon, d, FPES, INT3S, SPLIT, d,
                                          SPLIT, d), timeout=600)
    parts = text.split(SPLIT_SEEN)
    run, bps, counts = (parts + ["", "", ""])[:3]
    site = re.search(r"int3_site (0x[0-9a-f]+)", run)
    done = re.search(r"done (\d+)", run)
    fpes = re.search(r"sigfpe (\d+)", run)
    claimed = re.search(r"claimed (\d+)", bps)
    eip = re.search(r"eip (0x[0-9a-f]+)", bps)
    eax = re.search(r"eax (0x[0-9a-f]+|0)\b", bps)
    vectors = vector_counts(counts)
    ok = (rc == 0 and site and done and fpes and claimed and eip and eax)
    tap.check(bool(ok) and int(done.group(1)) == INT3S and
              int(claimed.group(1)) == INT3S and
              int(eip.group(1), 16) == int(site.group(1), 16) and
              int(eax.group(1), 0) == INT3S - 1,
              "trap-monitor claimed %s of int3-loop's %d breakpoints at "
              "eip %s (its int3 at %s), last eax %s (want %#x); the program "
              "ran to its end (%s)" %
              (claimed.group(1) if claimed else "none", INT3S,
               eip.group(1) if eip else "?", site.group(1) if site else "?",
               eax.group(1) if eax else "?", INT3S - 1,
               done.group(0) if done else "no 'done' line"))
    tap.check(bool(fpes) and int(fpes.group(1)) == FPES and
              vectors.get(0) == FPES and vectors.get(3) == INT3S and
              vectors.get(14, 0) > 0,
              "fpe-loop got %s of %d SIGFPEs from Linux; the domain saw "
              "vector 0 %s times, 3 %s times, 14 (page faults) %s times" %
              (fpes.group(1) if fpes else "none", FPES, vectors.get(0),
               vectors.get(3), vectors.get(14)))
    text, rc = guest.run("rmmod adeos_%s && insmod /lib/modules/adeos/"
                         "adeos-%s.ko && cat %s/breakpoints && rmmod "
                         "adeos_%s" % (mon.replace("-", "_"), mon, d,
                                       mon.replace("-", "_")))
    tap.check(rc == 0 and "claimed 0" in text,
              "trap-monitor unloads and loads again, claiming nothing")


def owned_irq(out):
    """(domain, irq) of the board's first exclusive ISA IRQ of a built-in
    domain, or (None, None)."""
    for d in qemu.board_domains(out):
        for number, excl, passed, each in d["irqs"]:
            if not d["module"] and excl and 0 < number < 16:
                return d["name"], number
    return None, None


def picked():
    """The checks DEBUG_CHECKS names (default all of CHECKS)."""
    names = os.environ.get("DEBUG_CHECKS", "").split() or CHECKS
    bad = [n for n in names if n not in CHECKS]
    if bad:
        sys.exit("DEBUG_CHECKS: no check named %s (the checks: %s)" %
                 (", ".join(bad), " ".join(CHECKS)))
    return set(names)


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    run = picked()
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
        if name and "churn" in run:
            check_churn(guest, tap, qemu.board_domains(out), name,
                        *module_irq(out, name))
        if "cmos" in run:
            check_cmos(guest, tap)
        if "spurious" in run:
            check_spurious(guest, tap)
        if "user-share" in run:
            check_user_share(guest, tap)
        if qemu.kernel_has(out, "ADEOS_TRACE_IRQSOFF") and \
                "hardirqs-off" in run:
            check_hardirqs_off(guest, tap)
        qemu.check_no_reports(guest, tap)
        if "planted" in run:
            check_planted(guest, tap)
    failed = 0
    if run & {"churn", "cmos", "spurious", "hardirqs-off", "planted"}:
        failed += qemu.checked_boot("debug", out, readme, "", check,
                                    command + " -device pc-testdev",
                                    reports=False)
    mon = trap_monitor(out)

    def traps(guest, tap):
        if "traps" in run:
            check_traps(guest, tap)
        if "faults" in run:
            check_faults(guest, tap)
        if mon and "events" in run:
            check_events(guest, tap, mon)
    if run & {"traps", "faults", "events"}:
        failed += qemu.checked_boot("traps", out, readme, "", traps,
                                    command + " -device pc-testdev",
                                    reports=False)
    if "double" in run:
        failed += double_fault_boot(out, readme, command)
    owner, irq = owned_irq(out)
    rt = rt_timer(out)
    if owner and rt and "soak" in run:
        failed += qemu.checked_boot(
            "soak", out, readme, "",
            lambda guest, tap: check_soak(guest, tap, owner, irq, rt),
            command + " -device pc-testdev")
    if owner and "nmi" in run:
        failed += qemu.checked_boot(
            "nmi", out, readme, "",
            lambda guest, tap: check_nmis(guest, tap, owner, irq),
            command + " -device pc-testdev", reports=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
