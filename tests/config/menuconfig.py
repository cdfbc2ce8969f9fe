#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Smoke test of make menuconfig, driven in a pseudo-terminal as a person
would: open Domains, then Domain 1, change its priority, save and leave;
the .config must then hold the new priority and nothing else changed.

usage: menuconfig.py O    (O: an output directory of its own)
Prints two TAP lines: the edit, and the slots the Domains menu showed.
"""
import difflib
import os
import re
import sys
import time

import pexpect

DOWN, ESC, ENTER, BACKSPACE = "\x1b[B", "\x1b", "\r", "\x7f"


def make(out, *args):
    return pexpect.run("make -s --no-print-directory O=%s %s" % (out, " ".join(args)),
                       withexitstatus=True, timeout=120, encoding="utf-8")


def key(child, keys, settle=0.4):
    """Type keys one at a time, waiting for the screen to settle."""
    for k in keys:
        child.send(k)
        time.sleep(0.05)
    time.sleep(settle)
    try:
        child.read_nonblocking(100000, timeout=0.2)
    except (pexpect.TIMEOUT, pexpect.EOF):
        pass


def main():
    out = sys.argv[1]
    _, status = make(out, "qemu_i386_defconfig")
    if status:
        print("not ok - menuconfig: make qemu_i386_defconfig failed")
        return 1
    with open(os.path.join(out, ".config")) as f:
        before = f.read().splitlines()
    env = dict(os.environ, TERM="vt100")
    child = pexpect.spawn("make", ["-s", "--no-print-directory", "O=" + out,
                                   "menuconfig"],
                          env=env, dimensions=(30, 100), encoding="utf-8",
                          timeout=30)
    log = open(os.path.join(out, "menuconfig.log"), "w")
    child.logfile_read = log
    step = "start"
    try:
        child.expect("Adeos configuration")
        time.sleep(0.5)
        step = "open Domains"
        key(child, ["D", ENTER])
        step = "open Domain 1"
        key(child, ["D", ENTER])
        step = "edit Priority"
        key(child, ["P", ENTER])
        key(child, [BACKSPACE] * 4 + list("350") + [ENTER])
        step = "leave"
        for _ in range(5):
            child.send(ESC)
            time.sleep(0.05)
            child.send(ESC)
            try:
                child.expect("save your new configuration", timeout=1.5)
                break
            except pexpect.TIMEOUT:
                pass
        else:
            raise pexpect.TIMEOUT("no save question")
        step = "save"
        time.sleep(0.3)
        child.send(ENTER)
        child.expect(pexpect.EOF)
    except (pexpect.TIMEOUT, pexpect.EOF):
        print("not ok - menuconfig: stuck at step '%s'; see %s" %
              (step, log.name))
        return 1
    with open(os.path.join(out, ".config")) as f:
        after = f.read().splitlines()
    changed = [l for l in difflib.unified_diff(before, after, lineterm="", n=0)
               if l[:1] in "+-" and l[:3] not in ("+++", "---")
               and not l[1:].startswith("#")]
    want = ["-AD_DOMAIN1_PRIORITY=200", "+AD_DOMAIN1_PRIORITY=350"]
    if changed != want:
        print("not ok - menuconfig: .config changes %s, wanted %s" %
              (changed, want))
        return 1
    print("ok - menuconfig: Domains > Domain 1 > Priority 200 -> 350, saved "
          "to .config, nothing else changed")
    log.flush()
    return slots_shown(log.name)


def slots_shown(logname):
    """The Domains menu showed qemu_i386's slots by their domains' names,
    and only the slots up to its AD_PIPELINE_MAX_DOMAINS (5)."""
    with open(logname, errors="replace") as f:
        # the text without its colours and charset shifts (the hotkey
        # letter is drawn apart)
        screen = re.sub(r"\x1b\[[0-9;]*[A-Za-z]|[\x0e\x0f]", "", f.read())
    want = ["Domain 1: rt", "Domain 2: counter", "Domain 3: tap",
            "Domain 4: chan", "Domain 5: console"]
    missing = [w for w in want if w not in screen]
    extra = [s for s in ("Domain 6", "Domain 7", "Domain 8") if s in screen]
    if missing or extra:
        print("not ok - menuconfig: the Domains menu lacks %s, shows %s "
              "(AD_PIPELINE_MAX_DOMAINS=5); see %s" % (missing, extra, logname))
        return 1
    print("ok - menuconfig: the Domains menu names each slot's domain "
          "(Domain 1: rt ... Domain 5: console) and shows no slot above "
          "AD_PIPELINE_MAX_DOMAINS=5")
    return 0


if __name__ == "__main__":
    sys.exit(main())
