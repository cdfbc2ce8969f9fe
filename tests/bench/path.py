#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Where the instructions of a guest path go, function by function:
QEMU (TCG, one instruction per translation block, -d exec) logs every
instruction the guest runs while a command runs twice, with COUNT_A and
then COUNT_B operations; the difference over COUNT_B - COUNT_A is one
operation's path, attributed to the kernel's functions by vmlinux's
symbols (user space is one line). Exact and repeatable: no sampling.

usage: path.py OUT NAME KERNEL INITRD VMLINUX PRE CMD COUNT_A COUNT_B
  PRE     a guest command run once first ("" for none)
  CMD     the measured command; {} is replaced by the count
Writes OUT/path-NAME.txt: the total, then one line per function
(instructions per operation, 0.5 and more), most first. Deletes the
QEMU log (hundreds of MB) when done.
"""
import bisect
import collections
import os
import re
import subprocess
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "boot"))
import qemu  # noqa: E402

# nokaslr: the addresses must be vmlinux's (Debian's configuration
# places the kernel at random)
QEMU = ("qemu-system-i386 -M pc -m 256M -nographic -no-reboot "
        "-kernel %s -initrd %s -append \"console=ttyS0 quiet panic=-1 nokaslr\" "
        "-device pc-testdev -D %s " + qemu.ICOUNT)
TRACE = re.compile(r"Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/")
KERNEL_BASE = 0xc0000000


def symbols(vmlinux):
    syms = []
    out = subprocess.run(["nm", "-n", vmlinux], capture_output=True,
                         text=True, check=True).stdout
    for line in out.splitlines():
        w = line.split()
        if len(w) == 3 and w[1] in "tTwW":
            syms.append((int(w[0], 16), w[2]))
    return syms


def count(f, end, addrs, names):
    c = collections.Counter()
    while f.tell() < end:
        line = f.readline()
        if not line:
            break
        m = TRACE.match(line)
        if not m:
            continue
        pc = int(m.group(1), 16)
        if pc < KERNEL_BASE:
            c["(user space)"] += 1
            continue
        i = bisect.bisect_right(addrs, pc) - 1
        c[names[i] if i >= 0 else "?"] += 1
    return c


def main():
    out, name, kernel, initrd, vmlinux, pre, cmd = sys.argv[1:8]
    na, nb = int(sys.argv[8]), int(sys.argv[9])
    log = os.path.join(out, "path-%s.qemu.log" % name)
    guest = qemu.Guest(QEMU % (kernel, initrd, log),
                       os.path.join(out, "console-path-%s.log" % name),
                       timeout=900)
    ends = []
    try:
        guest.boot()
        if pre:
            guest.run_ok(pre)
        for n in (na, nb):
            c = cmd.replace("{}", str(n))
            guest.run_ok(c)  # warm: page faults, caches of the kernel
            # one instruction per translation block, only around the
            # command: a whole boot that way takes a Debian-sized kernel
            # many minutes (new blocks are made for the mode)
            guest.monitor("singlestep on")
            guest.monitor("log exec,nochain")
            guest.run_ok(c)
            guest.monitor("log none")
            guest.monitor("singlestep off")
            time.sleep(1)
            ends.append(os.path.getsize(log))
        guest.poweroff()
    finally:
        guest.close()
    syms = symbols(vmlinux)
    addrs = [a for a, _ in syms]
    names = [s for _, s in syms]
    with open(log) as f:
        a = count(f, ends[0], addrs, names)
        b = count(f, ends[1], addrs, names)
    os.remove(log)
    per = {k: (b[k] - a[k]) / (nb - na) for k in set(a) | set(b)}
    lines = ["%s: %.0f instructions per operation (%s, %d - %d)" %
             (name, sum(per.values()), cmd, nb, na)]
    for k, v in sorted(per.items(), key=lambda kv: -kv[1]):
        if abs(v) >= 0.5:
            lines.append("%8.1f %s" % (v, k))
    path = os.path.join(out, "path-%s.txt" % name)
    with open(path + ".tmp", "w") as f:
        f.write("\n".join(lines) + "\n")
    os.rename(path + ".tmp", path)
    print("\n".join(lines[:40]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
