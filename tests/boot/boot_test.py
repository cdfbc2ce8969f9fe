#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Boot a board built in O through GRUB, from adeos.iso as the board's
readme says, and check it from its serial console: the shell comes up
after the banner, the kernel is the one the build made, and the pipeline
registered the domains the board's .config describes. Then boot disk.img
as a hard disk, through its own GRUB, to the shell.

usage: boot_test.py O README     Prints TAP lines.
"""
import os
import re
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402


def configured_domains(out):
    """(name, priority) of every domain the .config builds into the
    kernel (the ones built as modules register when loaded)."""
    return [(d["name"], d["priority"]) for d in qemu.board_domains(out)
            if not d["module"]]


def check_pipeline_feeds_linux(guest, tap):
    """Typing on the console raises the serial port's IRQ 4: its count in
    Linux's stage must grow, every arrival accounted for."""
    first, rc1 = guest.run("cat /proc/adeos/domains")
    second, rc2 = guest.run("cat /proc/adeos/domains")
    a, b = qemu.domain_counts(first, "Linux").get("4"), qemu.domain_counts(second, "Linux").get("4")
    ok = (rc1 == 0 and rc2 == 0 and a and b and b[0] > a[0] and
          b[0] == b[1] + b[2] + b[4])
    tap.check(ok, "IRQ 4 reaches Linux through the pipeline: received %s -> %s"
              % (a and a[0], b and b[0]) if ok else
              "no IRQ 4 growth in Linux's stage: %r then %r" % (a, b))


def check_local_timer_is_sys0(guest, tap):
    """System vectors have fixed pipeline IRQs, so that a board can name
    them: sys0 is the local APIC timer. Linux's stage handles sys0 as
    often as Linux counts local timer interrupts (LOC), read between two
    reads of LOC; on a kernel that never ran its local APIC timer there
    is nothing to compare."""
    text = guest.run_ok("cat /proc/interrupts; echo -----; "
                        "cat /proc/adeos/domains; echo -----; "
                        "cat /proc/interrupts")
    first, domains, second = (text.split("-----") + ["", ""])[:3]
    loc = [re.search(r"^\s*LOC:\s+(\d+)", t, re.M) for t in (first, second)]
    if not all(loc) or int(loc[0].group(1)) == 0:
        return
    low, high = (int(m.group(1)) for m in loc)
    sys0 = qemu.domain_counts(domains, "Linux").get("sys0")
    handled = sys0[1] if sys0 else None
    tap.check(handled is not None and low <= handled <= high,
              "sys0 is the local APIC timer: Linux's stage handled it %s "
              "times, between Linux's LOC counts %d and %d" %
              (handled, low, high))


def check_proxy_rate(guest, tap):
    """Linux refines its measure of the TSC a second after boot (tsc.c,
    where it calibrated against another clock, as under QEMU): Linux's
    proxy device then counts at the refined rate, as the service's
    device does (/proc/adeos/timer: linux_rate is rate)."""
    if not qemu.tick_proxied(guest):
        return
    # the refinement runs about 2 s into the boot
    text = guest.run_ok("while [ $(cut -d. -f1 /proc/uptime) -lt 3 ]; do "
                        "sleep 0.5; done; cat /proc/adeos/timer; "
                        "dmesg | grep -E 'tsc: (Detected|Refined)'")
    rate = re.search(r"^rate: (\d+) kHz$", text, re.M)
    linux = re.search(r"^linux_rate: (\d+) kHz$", text, re.M)
    cal = "; ".join(m.group(0) for m in
                    re.finditer(r"tsc: (Detected|Refined) [^\n]*", text)
                    if "grep" not in m.group(0))
    tap.check(rate and linux and rate.group(1) == linux.group(1),
              "Linux's proxy counts at the TSC's rate: %s kHz, the "
              "service's %s kHz (%s)" % (linux and linux.group(1),
                                        rate and rate.group(1), cal))


def check_banner(guest, tap, out, domains):
    """The banner names the board, the pipeline and every domain."""
    board = qemu.board_config(out)["BOARD_NAME"]
    want = "adeos: board %s, pipeline " % board
    line = next((l for l in guest.boot_text.splitlines() if want in l), "")
    named = "domains: " + ", ".join(
        "%s %d" % d for d in sorted(domains + [("Linux", 100)],
                                    key=lambda d: -d[1]))
    tap.check(line.strip().endswith(named),
              "banner: %s" % (line.strip() or "none before the prompt"))


def check_disk_listing(out, tap):
    """mtools reads the FAT partition at 1 MiB: the boot menu is there."""
    disk = os.path.join(out, "images", "disk.img")
    run = subprocess.run(["mdir", "-i", disk + "@@1M", "::/boot/grub"],
                         capture_output=True, text=True,
                         env=dict(os.environ, MTOOLS_SKIP_CHECK="1"))
    listed = [l.split()[0:2] for l in run.stdout.splitlines() if l.strip()]
    tap.check(run.returncode == 0 and ["grub", "cfg"] in listed,
              "mdir -i disk.img@@1M ::/boot/grub lists grub.cfg" +
              ("" if run.returncode == 0 else ": " + run.stderr.strip()))


def boot_disk(out, readme, release, tap):
    """disk.img as the only disk: its MBR, its GRUB, its FAT partition."""
    guest = qemu.Guest(qemu.disk_command(readme, out) + " " + qemu.ICOUNT,
                       os.path.join(out, "disk-console.log"), timeout=300)
    try:
        guest.boot()
        text, rc = guest.run("uname -r")
        tap.check(rc == 0 and text == release and
                  "Booting `Adeos on" in guest.boot_text,
                  "disk.img boots through GRUB to the shell in %.1f s, "
                  "Linux %s" % (guest.boot_seconds, text))
        status = guest.poweroff()
        tap.check(status == 0, "disk.img: reboot -f ends QEMU (exit status %s)"
                  % status)
    except qemu.Stuck as e:
        tap.check(False, "disk.img: %s; console tail:\n# %s" %
                  (e, guest.tail().replace("\n", "\n# ")))
    finally:
        guest.close()


def check_urandom(guest, tap, out):
    """The QEMU boards seed Linux's random numbers from RDRAND (their QEMU
    line's CPU has it, their command line trusts it): under -icount the
    timer jitter Linux would wait for otherwise never comes, and a read of
    /dev/urandom would block for ever (20 s of guest time here)."""
    if not qemu.board_config(out)["BOARD_NAME"].startswith("qemu-"):
        return
    text, rc = guest.run("timeout 20 head -c 256 /dev/urandom | wc -c")
    init, _ = guest.run("dmesg | grep 'random: crng init done'")
    tap.check(rc == 0 and text.strip() == "256",
              "/dev/urandom answers: %s of 256 bytes read (%s)" %
              (text.strip(), init.split("] ", 1)[-1].strip() or
               "no 'crng init done' in dmesg"))


def check_version(guest, tap):
    """The release in VERSION is what /proc/adeos/version and adeos-stat
    show."""
    with open("VERSION") as f:
        want = f.read().strip()
    proc = guest.run_ok("cat /proc/adeos/version").strip()
    stat = guest.run_ok("adeos-stat -1 | head -n 1").strip()
    tap.check(proc == want and stat.startswith("Adeos %s:" % want),
              "VERSION %s: /proc/adeos/version says %r, adeos-stat %r" %
              (want, proc, stat))


def check_adeos_check(guest, tap):
    """adeos-check passes on the board as built, once its module domains
    are loaded: every item ok, exit status 0."""
    guest.run("for m in /lib/modules/adeos/*.ko; do "
              "[ -f $m ] && insmod $m; done")
    text, rc = guest.run("adeos-check")
    problems = [l for l in text.splitlines() if l.startswith(("WARN", "FAIL"))]
    summary = text.splitlines()[-1] if text else ""
    tap.check(rc == 0 and not problems and " 0 warnings, 0 failed" in summary,
              "adeos-check passes: %s" % summary if rc == 0 and not problems
              else "adeos-check: exit %d, %s" % (rc, problems or text))


def check_rt_tests(guest, tap, out):
    """An image with rt-tests (AD_IMAGE_RT_TESTS) runs cyclictest on its
    kernel, whose options it needs (board/common/rt-tests.fragment):
    200 loops at 1 kHz, the count it reports."""
    if qemu.board_config(out).get("IMAGE_RT_TESTS") != "y":
        return
    text, rc = guest.run("cyclictest -m -p 95 -i 1000 -l 200 -q", timeout=300)
    m = re.search(r"T: 0 .*C:\s*(\d+).*Max:\s*(\d+)", text)
    tap.check(rc == 0 and m is not None and m.group(1) == "200",
              "cyclictest runs: %s" % (" ".join(m.group(0).split()) if m
                                       else "exit %d: %r" % (rc, text)))


def check_sleep(guest, tap):
    """busybox's sleep sleeps: a second of the guest's uptime passes.
    (Debian's i386 glibc makes the 32-bit nanosleep call first: a kernel
    without CONFIG_COMPAT_32BIT_TIME fails it with ENOSYS, and sleep
    returns at once.)"""
    text = guest.run_ok("cat /proc/uptime; sleep 1; echo $?; cat /proc/uptime")
    lines = text.split()
    try:
        before, status, after = float(lines[0]), lines[2], float(lines[3])
    except (IndexError, ValueError):
        tap.check(False, "sleep 1: unexpected output %r" % text)
        return
    slept = after - before
    tap.check(status == "0" and 1.0 <= slept < 1.5,
              "sleep 1 sleeps: %.2f s of uptime pass, exit status %s" %
              (slept, status))


def check_stall_facility(guest, tap, out):
    """The stall facility is a test tool: /proc/adeos/stall exists
    exactly when the kernel was built with CONFIG_ADEOS_STALL."""
    built = qemu.kernel_has(out, "ADEOS_STALL")
    _, rc = guest.run("test -e /proc/adeos/stall")
    tap.check((rc == 0) == built,
              "/proc/adeos/stall %s, as CONFIG_ADEOS_STALL is %s" %
              ("exists" if rc == 0 else "is absent", "y" if built else "off"))


def main():
    out, readme = sys.argv[1], sys.argv[2]
    tap = qemu.Tap(os.path.basename(os.path.dirname(os.path.abspath(readme))))
    with open(os.path.join(out, "images", "kernel.release")) as f:
        release = f.read().strip()
    # under -icount guest time follows the instructions run: a loaded
    # host cannot make the kernel's timer calibration fail
    guest = qemu.Guest(qemu.board_command(readme, out) + " " + qemu.ICOUNT,
                       os.path.join(out, "console.log"), timeout=300)
    try:
        guest.boot()
        tap.check("Booting `Adeos on" in guest.boot_text,
                  "adeos.iso boots through GRUB to the shell in %.1f s" %
                  guest.boot_seconds)
        text, rc = guest.run("uname -r")
        tap.check(rc == 0 and text == release,
                  "uname -r says %r, the build made %r" % (text, release))
        domains = configured_domains(out)
        check_banner(guest, tap, out, domains)
        text, rc = guest.run("dmesg | grep 'adeos: '")
        want = ["adeos: pipeline", "%d domain%s ahead of Linux" %
                (len(domains), "" if len(domains) == 1 else "s")]
        want += ["adeos: domain %s at priority %d," % d for d in domains]
        missing = [w for w in want if w not in text]
        tap.check(rc == 0 and not missing,
                  "boot messages register %s" %
                  (", ".join("%s at %d" % d for d in domains) or "no domain")
                  if not missing else "boot messages lack %s" % missing)
        check_pipeline_feeds_linux(guest, tap)
        check_local_timer_is_sys0(guest, tap)
        check_proxy_rate(guest, tap)
        check_stall_facility(guest, tap, out)
        check_urandom(guest, tap, out)
        check_sleep(guest, tap)
        check_rt_tests(guest, tap, out)
        check_version(guest, tap)
        if qemu.kernel_has(out, "ADEOS_SELFTEST"):
            text, rc = guest.run("dmesg | grep 'adeos: self-test'")
            tap.check(rc == 0 and "self-test PASS" in text,
                      text.split("] ", 1)[-1] or "no self-test line")
        check_adeos_check(guest, tap)
        if qemu.kernel_has(out, "ADEOS_DEBUG"):
            qemu.check_no_reports(guest, tap)
        status = guest.poweroff()
        tap.check(status == 0, "reboot -f ends QEMU (exit status %s)" % status)
    except qemu.Stuck as e:
        tap.check(False, "%s; console tail:\n# %s" %
                  (e, guest.tail().replace("\n", "\n# ")))
    finally:
        guest.close()
    check_disk_listing(out, tap)
    # the debug board's disk.img is the QEMU board's GRUB path again,
    # on a kernel that boots slowly: its CD boot above is enough
    if not qemu.kernel_has(out, "ADEOS_DEBUG"):
        boot_disk(out, readme, release, tap)
    return 1 if tap.failed else 0


if __name__ == "__main__":
    sys.exit(main())
