#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""Idle under the pipeline: Linux's idle threads sleep, a domain's IRQ
ends each sleep, and the counts stay exact. Three boots under -icount,
each with an idle system for SLEEP_S seconds of guest time while the
board's PIT domain (rt-timer) ticks:

- acpi_idle: ACPI's cpuidle driver, with the C-states an SSDT of the
  test's gives QEMU's processor (QEMU has neither _CST nor P_BLK): one
  by halt, one by reading the PIIX4's P_LVL2 port (acpi_idle's
  I/O-port entry, the C2/C3 one; QEMU does not sleep there, the CPU
  goes on at once);
- idle=halt: no cpuidle driver, Linux's default_idle(); on the 8259
  (noapic), the debug board's other boot on it with virq-wake;
- mwait: a CPU with MONITOR/MWAIT and adeos-mwait.ko, a cpuidle driver
  whose one state is Linux's mwait_idle() (sti;mwait). QEMU's TCG
  offers MWAIT without a C1 sub-state, so Linux itself never picks
  mwait there; idle=halt keeps acpi_idle out of the driver's way;
- idle=poll: cpu_idle_poll(), which turns interrupts on with RCU not
  watching;
- poll state: adeos-pollidle.ko, a cpuidle driver whose one state polls
  as cpuidle's own does, after it logged a virtual IRQ for Linux that
  the state's enable plays with RCU not watching: Linux's handler must
  run inside RCU (ct_irq_enter()) every time, and the debug kernel
  reports any play of Linux's log while RCU is not watching.

In each: the driver named is the one cpuidle uses, the CPU was idle for
most of the wait (/proc/stat), the PIT domain got the ticks the guest
time calls for with no overrun, and with a cpuidle driver its state
was entered at least once for each tick that came while the CPU was
idle (each such tick ends a sleep; the ones that come while the shell
runs its commands, at most the busy time's, end none).

usage: idle_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure. Boards without cpuidle, modules or an rt-timer domain are
skipped.
"""
import os
import re
import struct
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

SLEEP_S = 2
MWAIT_CPU = "-cpu qemu32,+monitor,+arat,level=6"
CPUIDLE = "/sys/devices/system/cpu/cpuidle/current_driver"
STATES = "/sys/devices/system/cpu/cpu0/cpuidle/state*/usage"


# QEMU's one processor object (pc machines: Processor (C000) in \_SB.CPUS)
CPU_PATH = (b"_SB_", b"CPUS", b"C000")
P_LVL2 = 0x614  # the PIIX4's P_LVL2: its PM I/O base (0x600) + 0x14


def aml_pkglength(body):
    """AML's PkgLength before @body: it counts its own bytes too."""
    if len(body) + 1 < 0x40:
        return bytes([len(body) + 1]) + body
    n = len(body) + 2
    assert n < 0x1000
    return bytes([0x40 | (n & 0xf), n >> 4]) + body


def aml_int(value):
    if value < 0x100:
        return bytes([0x0a, value])  # BytePrefix
    return b"\x0b" + struct.pack("<H", value)  # WordPrefix


def aml_package(elements):
    return b"\x12" + aml_pkglength(bytes([len(elements)]) + b"".join(elements))


def cst_entry(space, width, address, ctype, latency, power):
    """One _CST entry: Package { ResourceTemplate { Register (...) },
    Type, Latency, Power }."""
    reg = struct.pack("<BHBBBBQ", 0x82, 12, space, width, 0, 1, address)
    reg += b"\x79\x00"  # End Tag
    buf = b"\x11" + aml_pkglength(aml_int(len(reg)) + reg)
    return aml_package([buf, aml_int(ctype), aml_int(latency),
                        aml_int(power)])


def cst_ssdt():
    """An SSDT holding Scope (\\_SB.CPUS.C000) { Name (_CST, ...) }:
    C1 in functional fixed hardware (Linux halts for it when the CPU
    has no MWAIT C1 sub-state), and a state entered by a read of P_LVL2
    in system I/O. Linux enters the latter as it enters C2 and C3, but
    it is declared C1: as C2, Linux would take the PIT back for a
    broadcast tick (the local APIC timer may stop there), so that the
    PIT domain could not have it, and would mark the TSC unstable (it
    may stop too), which QEMU's CPU cannot deny (no invariant TSC
    under TCG)."""
    cst = aml_package([aml_int(2),
                       cst_entry(0x7f, 0, 0, 1, 1, 1000),
                       cst_entry(0x01, 8, P_LVL2, 1, 2, 900)])
    name = b"\\\x2f\x03" + b"".join(CPU_PATH)
    body = b"\x10" + aml_pkglength(name + b"\x08_CST" + cst)
    header = struct.pack("<4sIBB6s8sI4sI", b"SSDT", 36 + len(body), 2, 0,
                         b"ADEOS ", b"IDLETEST", 1, b"ADEO", 1)
    table = bytearray(header + body)
    table[9] = -sum(table) & 0xff
    return bytes(table)


def rt_timer(out):
    """(name, hz) of the board's built-in rt-timer domain, or None."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-timer" and not d["module"]:
            return d["name"], d["hz"]
    return None


def sample(guest, rt):
    """The PIT domain's ticks and overruns, the guest's uptime (cs), its
    idle jiffies and Linux's HZ, and the cpuidle states' entries: one
    command, so that no console traffic passes between them."""
    text = guest.run_ok(
        "grep '^ticks ' /proc/adeos/%s/status; "
        "grep '^overruns ' /proc/adeos/%s/latency; "
        "awk '{printf \"cs %%d\\n\", $1 * 100}' /proc/uptime; "
        "awk '/^cpu / {print \"idle\", $5}' /proc/stat; "
        "echo usage $(cat %s 2>/dev/null | awk '{s += $1} END {print s + 0}')"
        % (rt, rt, STATES))
    return qemu.fields(text)


def cpuidle_states(guest):
    """{desc: (state directory, usage)} of cpu0's cpuidle states."""
    states = {}
    for line in guest.run_ok(
            "for s in %s; do echo \"$s|$(cat $s/desc)|$(cat $s/usage)\"; "
            "done" % STATES.rsplit("/", 1)[0]).splitlines():
        path, desc, usage = (line.split("|") + ["", ""])[:3]
        if usage.isdigit():
            states[desc] = (path, int(usage))
    return states


def check_acpi_states(guest, tap):
    """The halt and the port read of the SSDT's C1 and C2 both ran;
    the port read, which does not sleep under QEMU, is then disabled,
    so that the wait below sleeps in C1's halt."""
    states = cpuidle_states(guest)
    want = ("ACPI HLT", "ACPI IOPORT 0x%x" % P_LVL2)
    tap.check(all(states.get(w, ("", 0))[1] > 0 for w in want),
              "acpi_idle entered %s" % ", ".join(
                  "%s %d times" % (w, states.get(w, ("", 0))[1])
                  for w in want))
    for desc, (path, _) in states.items():
        if desc != "ACPI HLT":
            guest.run_ok("echo 1 > %s/disable" % path)


# What each test driver's module prints once it is loaded.
LOADED = {"adeos_mwait": ("adeos-mwait: ", "sti;mwait"),
          "adeos_pollidle": ("adeos-pollidle: ", "poll")}
POLLIDLE = "/sys/module/adeos_pollidle/parameters/"


def check_pollidle(guest, tap):
    """Each entry of the poll state logged a virtual IRQ for Linux, which
    the state's enable played, RCU not watching: Linux's handler ran
    each time, always inside RCU (ct_irq_enter())."""
    got = qemu.fields(guest.run_ok(
        "for p in entries played unwatched; do echo $p $(cat %s$p); done" %
        POLLIDLE))
    tap.check(got.get("played", 0) >= got.get("entries", 0) > 0 and
              got.get("unwatched") == 0,
              "poll state: %s entries, Linux's handler of the IRQ each "
              "logged played %s times, %s of them with RCU not watching" %
              (got.get("entries"), got.get("played"), got.get("unwatched")))


def check_idle(guest, tap, rt, hz, driver, insmod=None):
    if insmod:
        grep, want = LOADED[driver]
        text, rc = guest.run("insmod %s && dmesg | grep '%s'" %
                             (insmod, grep))
        tap.check(rc == 0 and want in text,
                  "insmod %s: %s" % (os.path.basename(insmod),
                                     text.strip().splitlines()[-1]
                                     if text.strip() else "nothing"))
    used = guest.run_ok("cat %s" % CPUIDLE).strip()
    tap.check(used == driver,
              "cpuidle's driver is '%s' (wanted '%s')" % (used, driver))
    if driver == "acpi_idle":
        check_acpi_states(guest, tap)
    s0 = sample(guest, rt)
    # the shell's read times out in poll(): busybox's sleep needs
    # 32-bit time syscalls the board's kernel does not have
    guest.run_ok("[ -p /tmp/idle ] || mkfifo /tmp/idle; "
                 "read -t %d x <>/tmp/idle; true" % SLEEP_S, timeout=600)
    s1 = sample(guest, rt)
    ticks = s1["ticks"] - s0["ticks"]
    cs = s1["cs"] - s0["cs"]
    want = hz * cs // 100
    # USER_HZ, as /proc/stat counts: 100
    idle = s1["idle"] - s0["idle"]
    tap.check(idle * 10 >= SLEEP_S * 100 * 9,
              "the CPU was idle %d.%02d s of a %d s wait" %
              (idle // 100, idle % 100, SLEEP_S))
    overruns = s1["overruns"] - s0["overruns"]
    tap.check(abs(ticks - want) <= want // 50 + hz // 50 and overruns == 0,
              "%s: %d ticks in %d.%02d s of guest time of an idle system "
              "(%d Hz: %d), %d overruns" %
              (rt, ticks, cs // 100, cs % 100, hz, want, overruns))
    # a polling state is ended by a reschedule, not by an interrupt
    if driver not in ("none", "adeos_pollidle"):
        # a tick that comes while the CPU runs the shell's commands
        # ends no sleep: those are at most the busy time's ticks
        entered = s1["usage"] - s0["usage"]
        busy = max(cs - idle, 0)
        asleep = ticks - hz * busy // 100 - hz // 50
        tap.check(entered >= asleep > ticks // 2,
                  "%s's idle states entered %d times, at least once for "
                  "each tick that came while the CPU was idle (%d of %d: "
                  "%d.%02d s busy): each domain IRQ ended a sleep" %
                  (driver, entered, asleep, ticks, busy // 100,
                   busy % 100))
    if driver == "adeos_pollidle":
        check_pollidle(guest, tap)


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    mwait_ko = os.path.join(os.path.dirname(tools), "modules",
                            "adeos-mwait.ko")
    found = rt_timer(out)
    if not os.path.exists(mwait_ko) or not found or \
            not qemu.kernel_has(out, "CPU_IDLE") or \
            not qemu.kernel_has(out, "ACPI_PROCESSOR"):
        return 0
    rt, hz = found
    initrd = qemu.join_initrd(out, "idle-initrd", tools)
    ssdt = os.path.join(out, "build", "idle-cst.aml")
    with open(ssdt + ".tmp", "wb") as f:
        f.write(cst_ssdt())
    os.rename(ssdt + ".tmp", ssdt)
    failed = 0
    cases = [("", "-acpitable file=" + ssdt, "acpi_idle", None),
             ("idle=halt noapic", "", "none", None),
             ("idle=halt", MWAIT_CPU, "adeos_mwait",
              "/lib/modules/adeos-test/adeos-mwait.ko"),
             ("idle=poll", "", "none", None),
             ("idle=halt", "", "adeos_pollidle",
              "/lib/modules/adeos-test/adeos-pollidle.ko")]
    # a board whose own command line says idle=halt (pc_i386) keeps
    # acpi_idle out for good: no later word undoes it
    if "idle=halt" in qemu.board_config(out).get("LINUX_CMDLINE", "").split():
        cases = cases[1:]
    for args, extra, driver, insmod in cases:
        command = re.sub(r"-initrd \S+", "-initrd " + initrd,
                         qemu.kernel_command(readme, out, args))
        label = driver.replace("adeos_", "") if insmod else \
            args or driver + ", _CST"
        failed += qemu.checked_boot(
            "idle", out, readme, label,
            lambda guest, tap, d=driver, i=insmod:
            check_idle(guest, tap, rt, hz, d, i),
            command + (" " + extra if extra else ""))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
