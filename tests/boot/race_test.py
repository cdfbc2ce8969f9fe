#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Two windows that counting IRQs never finds, forced open on the debug
board (a kernel with CONFIG_ADEOS_DEBUG, cpuidle and the test modules),
in one boot under -icount with idle=halt and a CPU with MWAIT:

- idle wake-up: adeos-idlewake.ko, a cpuidle driver whose state raises
  a virtual IRQ for Linux with Linux's stage stalled (so it is logged)
  just before it sleeps, ROUNDS times in halt and ROUNDS times in
  sti;mwait, with the PIT domain's timer stopped meanwhile, so that no
  domain tick ends a sleep: Linux's handler must run within BOUND_US of
  guest time each time. An idle that sleeps over the logged IRQ waits
  for Linux's next tick (issue 17's fault 7: up to 1/HZ, 4 ms);
- show after unlock: CYCLES insmod/rmmod cycles of the board's module
  domain, each rmmod started while a reader of /proc/adeos/domains
  pauses (/proc/adeos/show_pause) between its walk of the domains and
  their show: the reader must show the domain whole, the rmmod must
  wait for it, and nothing may be reported. A reader that dropped
  adeos_domains_lock before its show (fault 9) shows a domain whose
  module is gone: an Oops.

usage: race_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. Boards without those are skipped.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

ROUNDS = 100
BOUND_US = 500
MWAIT_CPU = "-cpu qemu32,+monitor,+arat,level=6"
IDLEWAKE_KO = "/lib/modules/adeos-test/adeos-idlewake.ko"
CYCLES = 3
PAUSE_MS = 300


def rt_timer_domain(out):
    """The name and rate of the board's built-in rt-timer domain, or
    None."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-timer" and not d["module"]:
            return d["name"], d["hz"]
    return None


def check_idle_wake(guest, tap, rt, mwait):
    """Idle sleeps with a virtual IRQ logged: the rt-timer domain, if
    any, stopped meanwhile (a rate of 0 written to its status), so that
    no domain tick ends a sleep; Linux's own tick still does."""
    sleep = "sti;mwait" if mwait else "halt"
    status = "/proc/adeos/%s/status" % rt[0] if rt else None
    stopped = "0"
    if rt:
        guest.run_ok("echo 0 > %s" % status)
        stopped = str(qemu.fields(guest.run_ok("grep '^hz ' %s" %
                                               status)).get("hz"))
    text, rc = guest.run("insmod %s rounds=%d mwait=%d && "
                         "dmesg | grep 'adeos-idlewake: ' | tail -n 1" %
                         (IDLEWAKE_KO, ROUNDS, mwait), timeout=600)
    guest.run("rmmod adeos_idlewake")
    if rt:
        guest.run_ok("echo %d > %s" % (rt[1], status))
    m = re.search(r"(\d+) virtual IRQs logged before (\S+), (\d+) served; "
                  r"delay min (\d+) ns, avg (\d+) ns, max (\d+) ns", text)
    raised, how, served, low, avg, high = (
        (int(m.group(1)), m.group(2), int(m.group(3)), int(m.group(4)),
         int(m.group(5)), int(m.group(6))) if m else
        (0, "?", 0, 0, 0, 0))
    tap.check(rc == 0 and how == sleep and raised == served == ROUNDS and
              high < BOUND_US * 1000 and stopped == "0",
              "idle wake-up: %d of %d virtual IRQs logged for Linux just "
              "before %s were served, with no domain tick (rt-timer's rate "
              "%s), in %d.%03d us at most (bound %d us; min %d.%03d, "
              "avg %d.%03d)" %
              (served, ROUNDS, sleep, stopped, high // 1000, high % 1000,
               BOUND_US, low // 1000, low % 1000, avg // 1000, avg % 1000))


def show_cycle(guest, name, cycle):
    """One cycle: load the module domain, arm a pause, start a reader,
    and once it paused (the @cycle-th pause of the boot) unload the
    domain. Returns (whether all went right, what went wrong, the
    output)."""
    ko = "/lib/modules/adeos/adeos-%s.ko" % name
    mod = "adeos_%s" % name.replace("-", "_")
    text, rc = guest.run(
        "insmod %s; echo %d >/proc/adeos/show_pause; "
        "{ cat /proc/adeos/domains >/tmp/shown; echo \"cat $?\" "
        ">>/tmp/shown; } & until grep -q '^paused %d$' "
        "/proc/adeos/show_pause; do :; done; rmmod %s; echo \"rmmod $?\"; "
        "wait; cat /tmp/shown; grep -c '^%s priority' /proc/adeos/domains "
        "|| true" % (ko, PAUSE_MS, cycle, mod, name), timeout=600)
    lines = text.splitlines()
    shown = re.search(r"^%s priority \d+ stage \w+\n  longest call "
                      r"\d+ us\n  overruns \d+, most in a row \d+ of \d+\n"
                      r" +IRQ +received" % re.escape(name), text, re.M)
    whole = re.search(r"^Linux priority \d+ stage", text, re.M)
    bad = qemu.kernel_reports(guest)
    why = [w for w, wrong in (
        ("the reader did not show %s whole" % name, not shown),
        ("the reader did not get to Linux's stage", not whole),
        ("cat failed", "cat 0" not in lines),
        ("rmmod failed", "rmmod 0" not in lines),
        ("%s still registered" % name, lines[-1:] != ["0"]),
        ("reported: " + " | ".join(bad[:4]), bad)) if wrong]
    return rc == 0 and not why, "; ".join(why), text


def check_show_pause(guest, tap, name):
    paused = qemu.fields(guest.run_ok("cat /proc/adeos/show_pause"))
    done, why, text = 0, "", ""
    for cycle in range(paused["paused"] + 1, paused["paused"] + CYCLES + 1):
        good, why, text = show_cycle(guest, name, cycle)
        if not good:
            break
        done += 1
    tap.check(done == CYCLES,
              "show after unlock: %d of %d rmmods of %s, each started while "
              "a reader of /proc/adeos/domains paused %d ms between its "
              "walk and its show: the reader showed %s whole, the rmmod "
              "then unloaded it, nothing reported%s" %
              (done, CYCLES, name, PAUSE_MS, name,
               "" if done == CYCLES else "; cycle %d: %s; the reader "
               "saw:\n# %s" % (done + 1, why, text.replace("\n", "\n# "))))


def module_domain(out):
    """The name of the board's first domain built as a module, or None."""
    for d in qemu.board_domains(out):
        if d["module"]:
            return d["name"]
    return None


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    ko = os.path.join(os.path.dirname(tools), "modules", "adeos-idlewake.ko")
    if not os.path.exists(ko) or not qemu.kernel_has(out, "ADEOS_DEBUG") or \
            not qemu.kernel_has(out, "CPU_IDLE"):
        return 0
    name = module_domain(out)
    rt = rt_timer_domain(out)
    initrd = qemu.join_initrd(out, "race-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out, "idle=halt"))

    def check(guest, tap):
        for mwait in (0, 1):
            check_idle_wake(guest, tap, rt, mwait)
        if name:
            check_show_pause(guest, tap, name)
    failed = qemu.checked_boot("race", out, readme, "", check,
                               command + " " + MWAIT_CPU)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
