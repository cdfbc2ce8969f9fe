#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""What a board's /proc/adeos shows at boot, with its counts masked: the
domains, their priorities, controls, IRQ rows and stage states, for
comparing two builds of one board (a restructuring must not change
them). Every readable file under /proc/adeos is printed under a
'== PATH' heading, read once after the shell came up. Counts (of IRQs,
calls, overruns, times) change from boot to boot, so every number is
masked as '#' but those that are configuration: a domain's priority, an
IRQ's number, a timer's rate (shape_line()). White space is folded,
and a line the same as the one before it is left out.

usage: proc_shape.py O README [KERNEL_ARGS]   Prints the masked text;
diff the outputs of two builds (tests/boot/proc_shape.py output/boards/B
board/.../readme.txt > before.txt, then again after).
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

# Files that act when read, or that only a test reads, are left out.
SKIP = ("/proc/adeos/torture", "/proc/adeos/show_pause")
# A number right after one of these words is configuration, not a count:
# a domain's priority, an IRQ's number, a timer's rate, the overruns in
# a row that stop a domain, a ring's size. (A histogram's rows are
# measurements: how many of them show varies, so repeated lines fold.)
KEEP_AFTER = ("priority", "irq", "hz", "of", "ring_bytes")


def shape_line(path, line):
    """@line with its white space folded and its counts masked as '#'."""
    words = line.split()
    out = []
    for i, w in enumerate(words):
        configured = (i and words[i - 1] in KEEP_AFTER) or \
            (i == 0 and path.endswith("/domains")) or \
            path.endswith("/priority")
        out.append(w if configured or not re.search(r"\d", w) else
                   re.sub(r"\d+", "#", w))
    return " ".join(out)


def main():
    if len(sys.argv) not in (3, 4):
        sys.exit(__doc__.strip().splitlines()[-3])
    out, readme = sys.argv[1], sys.argv[2]
    args = sys.argv[3] if len(sys.argv) == 4 else ""
    command = qemu.kernel_command(readme, out, args) + " " + qemu.ICOUNT
    guest = qemu.Guest(command, os.path.join(out, "proc-shape.log"))
    guest.boot()
    files = guest.run_ok("find /proc/adeos -type f | sort").split()
    for path in files:
        if path in SKIP:
            continue
        print("== " + path)
        text = guest.run_ok("cat %s 2>&1 || true" % path)
        last = None
        for line in text.splitlines():
            shaped = shape_line(path, line)
            if shaped != last:
                print(shaped)
            last = shaped
    guest.child.terminate(force=True)


if __name__ == "__main__":
    main()
