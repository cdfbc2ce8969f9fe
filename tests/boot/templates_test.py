#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The domain templates at work, in one boot under -icount, with the
interrupts counted coming from inside the guest (QEMU's pc-testdev,
driven by tests/boot/guest/irq-pulse: each edge is taken before the
next, so N pulses are N arrivals):

- irq-owner, shared: an IRQ the domain passes on reaches it and Linux,
  every edge (the exclusive case is irq_owner.py's);
- renice while IRQs flow: the domain's received count is the number of
  edges raised;
- loadable domains: insmod registers the domain at its priority, renice
  under a flood loses nothing, load/unload cycles under a flood lose
  nothing for the domains that stay and for Linux, rmmod takes it away;
- channel: every message comes back once, in order, under an IRQ flood;
  writers that never read leave nothing that makes a later writer wait;
- rt-timer: keeps its rate and a generous latency bound while Linux's
  stall facility runs; its figures reset;
- the timer service under load: a test module's two domains arm,
  re-arm and cancel timers at random while a domain's IRQ is flooded
  (loaded again and again for the flood's length): no timer fires
  early, twice, or in another stage, every arming fired, was cancelled
  or was moved, every IRQ edge is counted; a timer armed at a time of
  Linux's monotonic clock fires no sooner than that time;
- adeos-stat -1 prints what /proc/adeos holds.

Every IRQ test uses domains whose IRQ entries replay each arrival
(EACH): then what a handler saw equals what the domain received, and
the test checks both.

usage: templates_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1
on a failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

PULSES = 20000
MESSAGES = 20000
# A latency no timer domain ahead of Linux comes near under -icount
# (a few us measured here): a bound that catches a domain held back
# by Linux, whose stall windows last 100 ms.
LATENCY_BOUND_NS = 200000
STALL_WINDOWS = 8
MODULES = "/lib/modules/adeos"




def counts(guest):
    """{domain: {irq: (received, handled, merged, passed, pending)}}."""
    text = guest.run_ok("cat /proc/adeos/domains")
    names = [l.split()[0] for l in text.splitlines()
             if len(l.split()) >= 4 and l.split()[1] == "priority"]
    return {n: qemu.domain_counts(text, n) for n in names}


def received(snapshot, domain, irq):
    return snapshot.get(domain, {}).get(str(irq), (0, 0))[:2]


def linux_interrupts(guest, irq):
    for line in guest.run_ok("cat /proc/interrupts").splitlines():
        words = line.split()
        if words and words[0] == "%d:" % irq:
            return int(words[1])
    return 0


def takers(doms, irq, loaded):
    """The built-in (or @loaded) domains that take @irq, and whether it
    goes on past each of them to Linux."""
    names, reaches_linux = [], True
    for d in sorted(doms, key=lambda d: -d["priority"]):
        if d["module"] and d["name"] not in loaded:
            continue
        for number, excl, passed, each in d["irqs"]:
            if number == irq:
                names.append(d["name"])
                reaches_linux = reaches_linux and passed
    return names, reaches_linux


def deltas(before, after, names, irq):
    """{name: (received, handled) grown from @before to @after}."""
    return {n: tuple(a - b for a, b in zip(received(after, n, irq),
                                           received(before, n, irq)))
            for n in names}


def check_flood(guest, tap, doms, irq, edges, what, loaded, during=None):
    """Raise @edges on @irq, running @during (a shell loop) meanwhile;
    every domain that takes the IRQ, and Linux if it goes that far,
    must have received, and handled, exactly @edges."""
    names, to_linux = takers(doms, irq, loaded)
    before, lin0 = counts(guest), linux_interrupts(guest, irq)
    if during:
        text = guest.run_ok("rm -f /tmp/f; (irq-pulse %d %d; : >/tmp/f) "
                            "& n=0; until [ -e /tmp/f ]; do %s; "
                            "n=$((n+1)); done; wait; echo n=$n" %
                            (irq, edges, during))
        rounds = re.findall(r"n=(\d+)", text)[-1]
    else:
        guest.run_ok("irq-pulse %d %d" % (irq, edges))
        rounds = None
    after, lin1 = counts(guest), linux_interrupts(guest, irq)
    got = deltas(before, after, names + ["Linux"], irq)
    want = {n: (edges, edges) for n in names}
    want["Linux"] = (edges, edges) if to_linux else (0, 0)
    tap.check(got == want and lin1 - lin0 == want["Linux"][0],
              "%s: %d edges on IRQ %d%s: %s; /proc/interrupts +%d" %
              (what, edges, irq,
               " during %s rounds of '%s'" % (rounds, during) if during else "",
               ", ".join("%s received %d handled %d" % ((n,) + got[n])
                         for n in names + ["Linux"]), lin1 - lin0))


def first_isa_irq(dom):
    for number, excl, passed, each in dom["irqs"]:
        if 0 < number < 16 and each:
            return number, excl, passed
    return None, None, None


def check_shared(guest, tap, doms):
    """Built-in irq-owner domains' shared IRQs: passed on, every edge
    reaches Linux too; terminated, none does."""
    for d in doms:
        if d["template"] != "irq-owner" or d["module"]:
            continue
        for number, excl, passed, each in d["irqs"]:
            if not excl and each and 0 < number < 16:
                check_flood(guest, tap, doms, number, PULSES,
                            "irq-owner %s, shared and %s" %
                            (d["name"], "passed on" if passed else
                             "terminated"), ())


def check_renice_builtin(guest, tap, doms):
    """Renice a built-in domain back and forth while its IRQ floods."""
    for d in doms:
        irq, excl, passed = first_isa_irq(d)
        if d["module"] or irq is None:
            continue
        p = "/proc/adeos/%s/priority" % d["name"]
        up, back = d["priority"] + 1, d["priority"]
        check_flood(guest, tap, doms, irq, PULSES, "renice %s" % d["name"],
                    (), "echo %d >%s; echo %d >%s" % (up, p, back, p))
        return


def free_priority(doms, start):
    taken = {d["priority"] for d in doms}
    while start in taken:
        start += 1
    return start


def check_taken_priority(guest, tap, doms):
    """A module domain whose priority a built-in one took by renice is
    refused with the holder named (before: "not registered: error -17")."""
    mod = next((d for d in doms if d["module"]), None)
    other = next((d for d in doms if not d["module"]), None)
    if not mod or not other:
        return
    p = "/proc/adeos/%s/priority" % other["name"]
    guest.run_ok("echo %d >%s" % (mod["priority"], p))
    out, rc = guest.run("insmod %s/adeos-%s.ko" % (MODULES, mod["name"]))
    guest.run_ok("echo %d >%s" % (other["priority"], p))
    want = "adeos: domain %s not registered: priority %d is taken by " \
        "domain %s" % (mod["name"], mod["priority"], other["name"])
    log = guest.run_ok("dmesg | grep 'domain %s not registered' || true"
                       % mod["name"])
    lines = [l.split("] ", 1)[-1] for l in log.splitlines() if l.strip()]
    tap.check(rc != 0 and lines and all(l == want for l in lines),
              "insmod adeos-%s.ko at a priority %s took: refused (%s), "
              "'%s' (%d line%s: one per attempt of busybox's insmod)"
              % (mod["name"], other["name"], out.strip().splitlines()[-1],
                 lines[-1] if lines else "no log line", len(lines),
                 "" if len(lines) == 1 else "s"))


def check_loadable(guest, tap, doms):
    for d in doms:
        if not d["module"]:
            continue
        name, ko = d["name"], "%s/adeos-%s.ko" % (MODULES, d["name"])
        guest.run_ok("insmod %s" % ko)
        text = guest.run_ok("cat /proc/adeos/domains")
        listed = re.search(r"^%s priority (\d+) " % re.escape(name), text,
                           re.M)
        pri, rc = guest.run("cat /proc/adeos/%s/priority" % name)
        tap.check(listed and int(listed.group(1)) == d["priority"] and
                  rc == 0 and pri.strip() == str(d["priority"]),
                  "insmod adeos-%s.ko: %s registered at priority %s "
                  "(configured %d)" % (name, name,
                                       listed and listed.group(1),
                                       d["priority"]))
        irq, excl, passed = first_isa_irq(d)
        if irq is not None:
            p = "/proc/adeos/%s/priority" % name
            a = free_priority(doms, d["priority"] + 50)
            b = free_priority(doms, 101)
            check_flood(guest, tap, doms, irq, PULSES,
                        "loaded %s, reniced" % name, (name,),
                        "echo %d >%s; echo %d >%s; echo %d >%s" %
                        (a, p, b, p, d["priority"], p))
            check_flood(guest, tap, doms, irq, PULSES,
                        "load and unload %s" % name, (),
                        "rmmod adeos_%s; insmod %s" %
                        (name.replace("-", "_"), ko))
        guest.run_ok("rmmod adeos_%s" % name.replace("-", "_"))
        text = guest.run_ok("cat /proc/adeos/domains")
        _, rc = guest.run("ls /proc/adeos/%s" % name)
        tap.check(not re.search(r"^%s priority" % re.escape(name), text,
                                re.M) and rc != 0,
                  "rmmod adeos_%s: %s left the pipeline and /proc/adeos"
                  % (name, name))
        if irq is not None:
            check_flood(guest, tap, doms, irq, PULSES,
                        "after rmmod adeos_%s" % name, ())


def check_channel(guest, tap, doms):
    flood = next((irq for d in doms if not d["module"]
                  for irq, excl, passed, each in d["irqs"]
                  if excl and each and 0 < irq < 16), None)
    for d in doms:
        if d["template"] != "channel" or d["module"]:
            continue
        dev, st = "/dev/adeos-%s" % d["name"], "/proc/adeos/%s/status" % d["name"]
        before = qemu.fields(guest.run_ok("cat %s" % st))
        bg = "irq-pulse %d %d & " % (flood, 4 * MESSAGES) if flood else ""
        text, rc = guest.run("%sadeos-chan -n %d %s; echo rc=$?; wait" %
                             (bg, MESSAGES, dev), timeout=600)
        after = qemu.fields(guest.run_ok("cat %s" % st))
        want = "%d sent, %d received in order, 0 missing" % (MESSAGES,
                                                             MESSAGES)
        tap.check(want in text and "rc=0" in text and
                  after["served"] - before["served"] == MESSAGES and
                  after["dropped"] == 0,
                  "channel %s: %s%s; the domain served %d, dropped %d" %
                  (d["name"], want if want in text else text.strip()[-200:],
                   " under %d edges on IRQ %d" % (4 * MESSAGES, flood)
                   if flood else "", after["served"] - before["served"],
                   after["dropped"]))
        check_abandoned(guest, tap, d["name"])


def check_abandoned(guest, tap, name):
    """Writers that never read: each `head -c 256 > dev` leaves its
    answer in the ring. Before the last close threw such answers away,
    they filled the 16 KiB ring after 63 writes, and the next 256-byte
    write waited for ever for room for its own answer (tried as a new
    user would: a `cat` of a file into the device hung)."""
    dev, st = "/dev/adeos-%s" % name, "/proc/adeos/%s/status" % name
    before = qemu.fields(guest.run_ok("cat %s" % st))
    # more than the ring can hold: a 256-byte message takes 260 bytes
    writes = before["ring_bytes"] // 260 + 16
    text = guest.run_ok("i=0; while [ $i -lt %d ] && head -c 256 /dev/zero "
                        "> %s; do i=$((i+1)); done; echo wrote $i"
                        % (writes, dev), timeout=120)
    after = qemu.fields(guest.run_ok("cat %s" % st))
    served = after["served"] - before["served"]
    discarded = after["discarded"] - before["discarded"]
    tap.check(text.endswith("wrote %d" % writes) and served == writes and
              discarded == writes and after["dropped"] == 0,
              "channel %s: %d writers that never read: %s, the domain served "
              "%d, %d unread answers discarded at their close, dropped %d"
              % (name, writes, text.split("\n")[-1], served, discarded,
                 after["dropped"]))


TIMERS_KO = "/lib/modules/adeos-test/adeos-timers.ko"
TIMERS_ROUNDS = 5000
TIMERS_PULSES = 5000


def check_timer_module(guest, tap, doms):
    irq = next((irq for d in doms if not d["module"]
                for irq, excl, passed, each in d["irqs"]
                if excl and each and 0 < irq < 16), None)
    _, rc = guest.run("[ -f %s ]" % TIMERS_KO)
    if irq is None or rc:
        return
    guest.run_ok("dmesg -c >/dev/null")
    check_flood(guest, tap, doms, irq, TIMERS_PULSES,
                "timers armed and cancelled meanwhile", (),
                during="insmod %s rounds=%d && rmmod adeos_timers" %
                (TIMERS_KO, TIMERS_ROUNDS))
    log = guest.run_ok("dmesg | grep 'adeos-timers: '")
    runs = re.findall(r"(\d+) arms \((\d+) moved\), (\d+) cancelled, "
                      r"(\d+) fired, (\d+) early, (\d+) twice, (\d+) in "
                      r"another stage, (all idle|some still armed); latest "
                      r"(\d+) ns", log)
    bad = [r for r in runs if r[7] != "all idle" or
           int(r[0]) != int(r[1]) + int(r[2]) + int(r[3]) or
           r[4:7] != ("0", "0", "0")]
    total = [sum(int(r[i]) for r in runs) for i in range(4)]
    tap.check(runs and not bad,
              "%d loads of the timers module: %d arms, %d moved, %d "
              "cancelled, %d fired, none early, twice or in another stage, "
              "every arming accounted for; latest %s ns after a deadline%s" %
              ((len(runs),) + tuple(total) +
               (max((int(r[8]) for r in runs), default=0),
                "; wrong: %s" % bad[:3] if bad else "")))
    mono = re.findall(r"adeos-timers: (\S+): armed for Linux's clock at "
                      r"(\d+) ns, fired at (\d+) ns \((.+)\)", log)
    tap.check(mono and all(m[3] == "not before" for m in mono),
              "timers armed at a time of Linux's monotonic clock: %d of %d "
              "fired no sooner (the last: %s)" %
              (sum(m[3] == "not before" for m in mono), len(mono),
               "armed at %s ns, fired at %s ns" % mono[-1][1:3]
               if mono else "none"))


def check_rt_timer(guest, tap, doms):
    for d in doms:
        if d["template"] != "rt-timer":
            continue
        if d["module"]:
            guest.run_ok("insmod %s/adeos-%s.ko" % (MODULES, d["name"]))
        lat, st = ("/proc/adeos/%s/latency" % d["name"],
                   "/proc/adeos/%s/status" % d["name"])
        guest.run_ok("echo reset > %s" % lat)
        # the tick count, then the uptime right after it: only one line
        # of the status (its stamps are 30 KB) goes to the console, as
        # a guest waiting for the host to drain its serial port lets
        # guest time pass in between
        now = ("grep '^ticks ' %s; awk '{printf \"cs %%d\\n\", $1 * 100}' "
               "/proc/uptime" % st)
        t0 = qemu.fields(guest.run_ok(now))
        guest.run_ok("echo '100000 %d' > /proc/adeos/stall" % STALL_WINDOWS)
        t1 = qemu.fields(guest.run_ok(now))
        fig = qemu.fields(guest.run_ok("cat %s" % lat))
        rec = qemu.fields(guest.run_ok("cat /proc/adeos/stall"))
        ticks = t1["ticks"] - t0["ticks"]
        want = d["hz"] * (t1["cs"] - t0["cs"]) // 100
        tap.check(abs(ticks - want) <= want // 50 + d["hz"] // 50 and
                  rec["hw_if_on"] == 1,
                  "rt-timer %s: %d ticks in %d.%02d s of guest time, "
                  "%d stall windows of 100 ms among them (%d Hz: %d)" %
                  (d["name"], ticks, (t1["cs"] - t0["cs"]) // 100,
                   (t1["cs"] - t0["cs"]) % 100, STALL_WINDOWS, d["hz"], want))
        # overruns (ticks more than 1.5 periods apart) are reported,
        # not asserted: the rate above is the check on missed ticks
        tap.check(fig["samples"] >= ticks and
                  0 < fig["max_ns"] < LATENCY_BOUND_NS and
                  fig["min_ns"] <= fig["avg_ns"] <= fig["max_ns"],
                  "rt-timer %s latency over %d samples: min %d, avg %d, "
                  "max %d ns (bound %d); %d overruns, longest gap %d us" %
                  (d["name"], fig["samples"], fig["min_ns"], fig["avg_ns"],
                   fig["max_ns"], LATENCY_BOUND_NS, fig["overruns"],
                   fig["max_gap_us"]))
        # the reset and the read that follows it in shell builtins: no
        # fork between them, however slow the kernel (the debug board's)
        text = guest.run_ok("cat %s; echo 0 > %s; { read h; read s; } < %s; "
                            "echo $s" % (lat, lat, lat))
        both = [int(l.split()[1]) for l in text.splitlines()
                if l.startswith("samples ")]
        hist = sum(int(l.split()[-1]) for l in text.splitlines()
                   if l.startswith("hist"))
        tap.check(len(both) == 2 and
                  both[0] <= hist <= both[0] + d["hz"] // 100 and
                  both[1] <= d["hz"] // 100,
                  "rt-timer %s: the histogram holds the %s samples (%d); "
                  "a write resets them (%s after)" %
                  (d["name"], both[0] if both else "?", hist,
                   both[1] if len(both) == 2 else "?"))
        if d["module"]:
            check_timer_stopped(guest, tap, d)


def check_timer_stopped(guest, tap, d):
    """Once the rt-timer domain is gone, its timer fires no more: the
    timers the pipeline's timer service fired, but Linux's tick, stay
    where they were for a second of guest time. The rmmod and the first
    reading are one command: between two commands the idle guest's time
    leaps ahead."""
    show = "grep -E '^(fired|linux_ticks):' /proc/adeos/timer | tr -d :"
    before = qemu.fields(guest.run_ok("rmmod adeos_%s && { %s; }" % (
        d["name"].replace("-", "_"), show)))
    guest.run_ok("[ -p /tmp/pitwait ] || mkfifo /tmp/pitwait; "
                 "read -t 1 x <>/tmp/pitwait; true")
    after = qemu.fields(guest.run_ok(show))
    domains = [f.get("fired", 0) - f.get("linux_ticks", 0)
               for f in (before, after)]
    tap.check(domains[0] == domains[1] and "fired" in before and
              after.get("linux_ticks", 0) > before.get("linux_ticks", 0),
              "rt-timer %s: after rmmod no domain timer fired in 1 s (the "
              "service fired %d of them before, %d after; Linux's tick "
              "%s -> %s)" % (d["name"], domains[0], domains[1],
                             before.get("linux_ticks"),
                             after.get("linux_ticks")))


def linux_driver_irqs(out):
    """The IRQs the board says Linux's drivers use (the console's)."""
    pairs = qemu.board_config(out).get("BOARD_LINUX_IRQS", "").split()
    return {int(p.split(":")[0]) for p in pairs}


def check_stat(guest, tap, doms, busy):
    """adeos-stat -1 against /proc/adeos, read right before: nothing
    that it prints for a device IRQ can have moved in between, but on
    the lines of Linux's drivers (@busy: the console's, which the
    command's own output moves)."""
    proc = counts(guest)
    text = guest.run_ok("adeos-stat -1")
    bad = []
    for d in doms:
        if d["module"]:
            continue
        row = re.search(r"^%s +%d " % (re.escape(d["name"]), d["priority"]),
                        text, re.M)
        if not row:
            bad.append("no row for %s" % d["name"])
        for number, excl, passed, each in d["irqs"]:
            if number <= 0 or number in busy:
                continue
            rec = received(proc, d["name"], number)[0]
            if not re.search(r"\b%d +%d\b" % (number, rec), text):
                bad.append("%s IRQ %d not shown as %d" % (d["name"], number,
                                                         rec))
    timers = [d["name"] for d in doms
              if d["template"] == "rt-timer" and not d["module"]]
    for name in timers:
        if not re.search(r"^%s +\d+ +[1-9]\d* " % re.escape(name), text.split(
                "SAMPLES")[-1], re.M):
            bad.append("no latency row for %s" % name)
    tap.check(not bad, "adeos-stat -1 shows the domains, their counts%s"
              % (" and the latency of " + ", ".join(timers) if timers else "")
              if not bad else "adeos-stat -1: %s:\n# %s" %
              ("; ".join(bad), text.replace("\n", "\n# ")))


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    doms = qemu.board_domains(out)
    initrd = qemu.join_initrd(out, "templates-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))

    def check(guest, tap):
        check_shared(guest, tap, doms)
        check_renice_builtin(guest, tap, doms)
        check_taken_priority(guest, tap, doms)
        check_loadable(guest, tap, doms)
        check_channel(guest, tap, doms)
        check_rt_timer(guest, tap, doms)
        check_timer_module(guest, tap, doms)
        check_stat(guest, tap, doms, linux_driver_irqs(out))
    failed = qemu.checked_boot("templates", out, readme, "", check,
                               command + " -device pc-testdev")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
