#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Linux's own timer selftests (tools/testing/selftests/timers, built by
tests/selftests/build.sh) on a board whose Linux has high resolution
timers and a tick that stops in idle (NO_HZ_IDLE), counted under
-icount (one boot):

- with the pipeline (CONFIG_ADEOS): Linux's clock event device is the
  pipeline's proxy (adeos-proxy), and its tick stops in idle through it
  (over a second of an idle shell, fewer timer events than HZ);
- each program exits 0 (kselftest's pass; 4 is its skip, anything else
  a failure); its own checks are counted (summary());
- with the pipeline: Linux's timer events went through the proxy while
  they ran, and Linux never wrote the timer's registers itself (the
  service's count of refused writes stays 0).

usage: selftests.py O README SELFTESTS_DIR [RESULTS [serial]]
  SELFTESTS_DIR holds selftests.cpio and selftests.list (build.sh's).
  The programs run together, or one after the other with "serial"
  (make selftests, where each one's figures are compared). RESULTS, if
  given, gets one line per program: "NAME VERDICT EXIT SECONDS SUMMARY".
Prints TAP lines; exit 1 on a failure.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

DIR = "/usr/lib/selftests/timers"
# kselftest's exit statuses (tools/testing/selftests/kselftest.h)
KSFT_PASS, KSFT_SKIP = 0, 4


def verdict(rc):
    return {KSFT_PASS: "pass", KSFT_SKIP: "skip"}.get(rc, "FAIL")


def summary(log):
    """What the program's own lines say, counted: its checks that passed
    ("[OK]", TAP's "ok"), failed ("[FAILED]", "not ok") and were skipped
    ("[UNSUPPORTED]", "[SKIP]", TAP's "# SKIP"), and the largest "max
    latency" it printed (set-timer-lat's), if any."""
    ok = failed = skipped = 0
    worst = None
    for l in log.splitlines():
        if re.search(r"\[(UNSUPPORTED|SKIP)\]|^ok \d+ # SKIP", l):
            skipped += 1
        elif re.search(r"\[OK\]\s*$|^ok \d+ ", l):
            ok += 1
        elif re.search(r"\[FAIL(ED)?\]|^not ok ", l):
            failed += 1
        m = re.search(r"max latency:\s+(\d+) ns", l)
        if m:
            worst = max(worst or 0, int(m.group(1)))
    text = "%d ok, %d failed, %d skipped" % (ok, failed, skipped)
    if worst is not None:
        text += ", max latency %d ns" % worst
    return text


def proxy_counts(guest):
    """{linux_ticks, linux_refused} of /proc/adeos/timer."""
    return qemu.fields(guest.run_ok(
        "grep -E '^(linux_ticks|linux_refused):' /proc/adeos/timer"
        " | tr -d :"))


def check_idle_tick(guest, tap, hz):
    """NO_HZ_IDLE through the proxy: an idle second has far fewer of
    Linux's timer events than HZ (a periodic tick would have HZ)."""
    t0 = proxy_counts(guest)["linux_ticks"]
    guest.run_ok("sleep 1")
    n = proxy_counts(guest)["linux_ticks"] - t0
    tap.check(0 < n < hz // 2,
              "Linux's tick stops in idle through the proxy: %d timer "
              "events over an idle second (HZ=%d)" % (n, hz))


def run_all(guest, progs, serial):
    """Run @progs: {name: (exit status, seconds, log)}."""
    if serial:
        results = {}
        for p in progs:
            start = time.time()
            log, rc = guest.run("cd /tmp && %s/%s 2>&1" % (DIR, p),
                                timeout=600)
            results[p] = (rc, time.time() - start, log)
        return results
    # together: each in the background, its status in a file; the
    # shell waits for them all before the next prompt
    jobs = " ".join("(%s/%s >/tmp/st-%s.log 2>&1; echo $? >/tmp/st-%s.rc) &"
                    % (DIR, p, p, p) for p in progs)
    start = time.time()
    guest.run_ok("cd /tmp && %s wait" % jobs, timeout=900)
    seconds = time.time() - start
    results = {}
    for p in progs:
        rc = int(guest.run_ok("cat /tmp/st-%s.rc" % p))
        log = guest.run_ok("cat /tmp/st-%s.log" % p)
        results[p] = (rc, seconds, log)
    return results


def check(guest, tap, out, progs, serial, results_path):
    adeos = qemu.kernel_has(out, "ADEOS")
    hz = qemu.linux_hz(out)
    before = None
    if adeos:
        tap.check(qemu.tick_proxied(guest),
                  "Linux's clock event device is the pipeline's proxy")
        check_idle_tick(guest, tap, hz)
        before = proxy_counts(guest)
    results = run_all(guest, progs, serial)
    for p in progs:
        rc, seconds, log = results[p]
        tap.check(rc == KSFT_PASS, "%s: %s, exit %d: %s" %
                  (p, verdict(rc), rc, summary(log)))
    if adeos:
        after = proxy_counts(guest)
        tap.check(after["linux_ticks"] > before["linux_ticks"] and
                  after["linux_refused"] == 0,
                  "through the proxy: %d of Linux's timer events while they "
                  "ran, %d of Linux's own writes to the timer refused" %
                  (after["linux_ticks"] - before["linux_ticks"],
                   after["linux_refused"]))
    if results_path:
        with open(results_path + ".tmp", "w") as f:
            for p in progs:
                rc, seconds, log = results[p]
                f.write("%s %s %d %.0f %s\n" % (p, verdict(rc), rc, seconds,
                                                summary(log)))
        os.rename(results_path + ".tmp", results_path)


def main():
    out, readme, sdir = sys.argv[1], sys.argv[2], sys.argv[3]
    results_path = sys.argv[4] if len(sys.argv) > 4 else ""
    serial = len(sys.argv) > 5 and sys.argv[5] == "serial"
    with open(os.path.join(sdir, "selftests.list")) as f:
        progs = f.read().split()
    initrd = qemu.join_initrd(out, "selftests-initrd",
                              os.path.join(sdir, "selftests.cpio"))
    command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                     qemu.kernel_command(readme, out))
    failed = qemu.checked_boot(
        "selftests", out, readme, "",
        lambda guest, tap: check(guest, tap, out, progs, serial,
                                 results_path),
        command)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
