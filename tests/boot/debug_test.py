#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The debug board's own checks (boards whose kernel has
CONFIG_ADEOS_DEBUG), in one boot under -icount:

- churn: CHURN insmod/rmmod cycles of the board's module domain while
  another shell reads every /proc/adeos file in a loop: each cycle
  registers and unregisters the domain, and no checker reports anything
  (the reader holds a domain's pointers across its show);
- planted: adeos-planted.ko, a domain whose handler takes a Linux
  spinlock, makes CONFIG_ADEOS_DEBUG print exactly one "adeos: DEBUG"
  line, naming the domain (with the check compiled out there is none);
  nothing else is reported.

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


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    if not qemu.kernel_has(out, "ADEOS_DEBUG"):
        return 0
    name = module_domain(out)
    initrd = qemu.join_initrd(out, "debug-initrd", tools)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))

    def check(guest, tap):
        if name:
            check_churn(guest, tap, name)
        qemu.check_no_reports(guest, tap)
        check_planted(guest, tap)
    failed = qemu.checked_boot("debug", out, readme, "", check, command,
                               reports=False)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
