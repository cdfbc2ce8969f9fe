#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The path of a timer interrupt to a domain's handler, instruction by
instruction: QEMU (TCG, one instruction per translation block, -d exec)
logs every instruction the guest runs while a user program spins with
the rt-timer domain's module loaded; each time the domain's handler
(rt_timer_tick) starts, the instructions since the last one of user
space are the path: from the first instruction of the IDT stub the
interrupt entered by (named) to the handler's first, everything
between counted (the pipeline's entry, the timer service, any other
work the pipeline did first). Exact and repeatable: no sampling.

usage: timer_path.py OUT KERNEL INITRD VMLINUX MODULE SPIN_THOUSANDS
  MODULE   the rt-timer domain's module in the guest (insmod's path; its
           symbols are read from /proc/kallsyms), or - for a domain
           built into the kernel
Writes OUT/path-timer.txt: the shortest, median and longest path and
the stub, then the median path function by function; prints it.
TIMER_PATH_STUB and TIMER_PATH_HANDLER (environment) name another entry
and handler, to count an older kernel's path (the PIT's IRQ 0 through
the IO-APIC enters at irq_entries_start).
Deletes the QEMU log when done.
"""
import bisect
import collections
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import path  # noqa: E402
import qemu  # noqa: E402

HANDLER = os.environ.get("TIMER_PATH_HANDLER", "rt_timer_tick")
# Linux's IDT stub of the local APIC timer's vector (idtentry.h); for a
# kernel whose timer is the PIT's IRQ 0, TIMER_PATH_STUB=irq_entries_start
STUB = os.environ.get("TIMER_PATH_STUB", "asm_sysvec_apic_timer_interrupt")


def module_symbols(guest, module):
    """[(address, name)] of the module's text symbols, from kallsyms."""
    name = re.sub(r"\.ko$", "", os.path.basename(module)).replace("-", "_")
    text = guest.run_ok("grep -E ' [tT] .*\\[%s\\]' /proc/kallsyms" % name)
    syms = []
    for line in text.splitlines():
        w = line.split()
        if len(w) >= 3 and re.match(r"^[0-9a-f]+$", w[0]):
            syms.append((int(w[0], 16), w[2]))
    return syms


def paths(log, handler, addrs, names):
    """Each path: the list of function names of its instructions, from
    the first kernel instruction after user space to the handler's
    first (not counted)."""
    found, current = [], None
    with open(log) as f:
        for line in f:
            m = path.TRACE.match(line)
            if not m:
                continue
            pc = int(m.group(1), 16)
            if pc < path.KERNEL_BASE:
                current = []
                continue
            if current is None:
                continue
            if pc == handler:
                found.append(current)
                current = None
                continue
            i = bisect.bisect_right(addrs, pc) - 1
            current.append(names[i] if i >= 0 else "?")
    return found


def main():
    out, kernel, initrd, vmlinux, module = sys.argv[1:6]
    spin = int(sys.argv[6])
    log = os.path.join(out, "path-timer.qemu.log")
    guest = qemu.Guest(path.QEMU % (kernel, initrd, log),
                       os.path.join(out, "console-path-timer.log"),
                       timeout=900)
    try:
        guest.boot()
        mod = []
        if module != "-":
            guest.run_ok("insmod %s" % module)
            mod = module_symbols(guest, module)
        guest.run_ok("spin %d" % spin)  # warm
        guest.monitor("singlestep on")
        guest.monitor("log exec,nochain")
        guest.run_ok("spin %d" % spin)
        guest.monitor("log none")
        guest.monitor("singlestep off")
        time.sleep(1)
        guest.poweroff()
    finally:
        guest.close()
    syms = sorted(path.symbols(vmlinux) + mod)
    addrs = [a for a, _ in syms]
    names = [s for _, s in syms]
    handler = [a for a, n in (mod or syms) if n == HANDLER]
    if not handler:
        print("timer_path: no %s in %s's symbols" %
              (HANDLER, module if mod else vmlinux))
        return 1
    every = paths(log, handler[0], addrs, names)
    os.remove(log)
    # the handler's runs the timer's own interrupt brought, not those of
    # a system call or a fault that a tick interrupted in the kernel
    found = sorted((p for p in every if p and p[0] == STUB), key=len)
    if not found:
        print("timer_path: %s never ran from user space through %s" %
              (HANDLER, STUB))
        return 1
    median = found[len(found) // 2]
    lines = ["timer path: %d instructions (median of %d; shortest %d, "
             "longest %d) from the first of %s to %s's first; %d more "
             "runs of it came through another entry" % (
                 len(median), len(found), len(found[0]), len(found[-1]),
                 STUB, HANDLER, len(every) - len(found))]
    per = collections.Counter(median)
    for k, v in sorted(per.items(), key=lambda kv: -kv[1]):
        lines.append("%8d %s" % (v, k))
    dest = os.path.join(out, "path-timer.txt")
    with open(dest + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.rename(dest + ".tmp", dest)
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
