# SPDX-License-Identifier: GPL-2.0-only
"""The boot test harness: boots a board's images under qemu-system-i386
(TCG) and drives the serial console as a person would: it waits for the
shell, sends one command at a time, and reads back the command's output
and exit status. On trouble it names the command that stuck and shows
the tail of the console log.
"""
import os
import re
import sys
import time

import pexpect

PROMPT = "adeos# "
# The post-mortem's looks span this many of the scheduler's load folds
# (calc_load_tasks, every 5 s of guest time).
FOLDS = 3
# Guest time follows the instruction count: runs repeat, whatever the load.
ICOUNT = "-icount shift=3,sleep=off"
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]|\r")


class Stuck(Exception):
    """A command, or the boot, did not finish in time."""


class Tap:
    """One TAP line per check, named after what is tested."""

    def __init__(self, name):
        self.name = name
        self.failed = 0

    def check(self, ok, what):
        print("%s - %s: %s" % ("ok" if ok else "not ok", self.name, what))
        sys.stdout.flush()
        self.failed += not ok


def board_config(out):
    """The AD_ symbols of the board's .config, prefix dropped, unquoted."""
    values = {}
    with open(os.path.join(out, ".config")) as f:
        for line in f:
            m = re.match(r"AD_(\w+)=(.*)", line)
            if m:
                values[m.group(1)] = m.group(2).strip('"')
    return values


# A domain slot's own symbols; the rest are its template's options.
SLOT_KEYS = re.compile(r"NAME|PRIORITY|TEMPLATE(_\w+)?|MODULE|IRQ\d+(_\w+)?")


def board_domains(out):
    """Every enabled domain of the board's .config, by slot number: dicts
    of slot, name, priority, template, module (built as one?), irqs
    [(number, exclusive, passed, each)] by IRQ slot, options (the
    template's, such as TIMER_HZ: unquoted strings) and hz (TIMER_HZ as
    a number, 0 without one)."""
    values = board_config(out)
    slots = sorted(int(k[6:]) for k, v in values.items()
                   if re.fullmatch(r"DOMAIN\d+", k) and v == "y")
    return [_domain(values, n) for n in slots]


def _domain(values, n):
    """Domain slot @n of @values (board_config's)."""
    prefix = "DOMAIN%d_" % n
    own = {k[len(prefix):]: v for k, v in values.items()
           if k.startswith(prefix)}
    options = {k: v for k, v in own.items() if not SLOT_KEYS.fullmatch(k)}
    return {"slot": n,
            "name": own["NAME"],
            "priority": int(own["PRIORITY"]),
            "template": own["TEMPLATE"],
            "module": own.get("MODULE") == "y",
            "irqs": _domain_irqs(own),
            "options": options,
            "hz": int(options.get("TIMER_HZ", "0"))}


def _domain_irqs(own):
    """(number, exclusive, passed, each) of a domain's enabled IRQ slots,
    from its own symbols (@own, the DOMAINn_ prefix dropped). The number
    is the legacy IRQ's or the GSI's; -1 for a PCI device's INTx or MSI,
    which has no number until the device's IRQs are enabled."""
    irqs = []
    for k in sorted(int(k[3:]) for k, v in own.items()
                    if re.fullmatch(r"IRQ\d+", k) and v == "y"):
        slot = "IRQ%d_" % k
        excl = own.get(slot + "EXCLUSIVE") == "y"
        pci = "y" in (own.get(slot + "PCI_INTX"), own.get(slot + "PCI_MSI"))
        number = -1 if pci else int(own.get(slot + "NUMBER", "0"))
        irqs.append((number, excl,
                     not excl and own.get(slot + "PASS") == "y",
                     own.get(slot + "EACH") == "y"))
    return irqs


def board_command(readme, out):
    """The QEMU command line of a board's readme, run against @out."""
    with open(readme) as f:
        for line in f:
            line = line.strip()
            if line.startswith("qemu-system-"):
                return line.replace("output/", out.rstrip("/") + "/")
    raise ValueError("%s has no qemu-system- command line" % readme)


def kernel_command(readme, out, args=""):
    """The board's QEMU line booting Linux directly (-kernel) instead of
    through GRUB, with the board's command line, the serial console, and
    @args: for tests that need kernel arguments of their own."""
    command = board_command(readme, out)
    images = os.path.join(out.rstrip("/"), "images")
    cmdline = " ".join(w for w in (board_config(out).get("LINUX_CMDLINE", ""),
                                   "console=ttyS0", args) if w)
    direct = '-kernel %s/bzImage -initrd %s/rootfs.cpio.gz -append "%s"' % (
        images, images, cmdline)
    if "-cdrom " not in command:
        raise ValueError("%s boots no -cdrom image" % readme)
    return re.sub(r"-cdrom \S+", lambda m: direct, command)


def routings(out):
    """The interrupt routings a suite boots the board on: its own (the
    IO-APIC on the QEMU boards), then the 8259 (noapic). The debug
    board's slow kernel takes the 8259 only in the suites that name it
    (virq-wake, idle): the other suites' 8259 boots run on every other
    board."""
    return ("",) if kernel_has(out, "ADEOS_DEBUG") else ("", "noapic")


def join_initrd(out, name, extra):
    """The board's initramfs with the cpio archive @extra after it, as
    $O/build/@name. Linux unpacks one archive after the other; a plain
    one must start 4-byte aligned (zeros in between are skipped)."""
    initrd = os.path.join(out, "build", name)
    with open(initrd, "wb") as f:
        for part in (os.path.join(out, "images", "rootfs.cpio.gz"), extra):
            with open(part, "rb") as g:
                f.write(g.read())
            f.write(bytes(-f.tell() % 4))
    return initrd


def disk_command(readme, out):
    """The board's QEMU line with disk.img as its hard disk, for the CD."""
    command = board_command(readme, out)
    disk = os.path.join(out.rstrip("/"), "images", "disk.img")
    return re.sub(r"-cdrom \S+",
                  lambda m: "-drive file=%s,format=raw" % disk, command)


def with_kernel_args(command, args):
    """The command with @args added to its -append "..." string."""
    if not args:
        return command
    return re.sub(r'-append "([^"]*)"', lambda m: '-append "%s %s"' %
                  (m.group(1), args), command)


def fields(text):
    """{key: int} of the "key number" lines of @text."""
    return {w[0]: int(w[1]) for w in (l.split() for l in text.splitlines())
            if len(w) == 2 and w[1].isdigit()}


def domain_counts(text, domain):
    """{irq: (received, handled, merged, passed, pending)} of @domain's
    stage, from /proc/adeos/domains."""
    counts, current = {}, None
    for line in text.splitlines():
        words = line.split()
        if len(words) >= 4 and words[1] == "priority":
            current = words[0]
        elif current == domain and len(words) == 6 and words[1].isdigit():
            counts[words[0]] = tuple(int(w) for w in words[1:])
    return counts


def tick_proxied(guest):
    """Whether Linux's tick comes through the pipeline's timer service
    (its proxy clock event device is the current one)."""
    out, _ = guest.run("cat /sys/devices/system/clockevents/clockevent0/"
                       "current_device")
    return re.search(r"^adeos-proxy\s*$", out, re.M) is not None


def timer_status(guest, name):
    """{key: int} of rt-timer domain @name's status but its stamps: its
    rate, ticks, the timestamp they were read at, and its period."""
    return fields(guest.run_ok("grep -v '^stamp ' /proc/adeos/%s/status" %
                               name))


def linux_ticks(guest):
    """Linux's timer interrupts: the proxied tick's events played, from
    /proc/adeos/timer, or the local APIC timer's (LOC) without it."""
    text, _ = guest.run("cat /proc/adeos/timer 2>/dev/null; "
                        "cat /proc/interrupts")
    m = re.search(r"^linux_ticks: (\d+)$", text, re.M)
    if m and tick_proxied(guest):
        return int(m.group(1))
    m = re.search(r"^\s*LOC:\s+(\d+)", text, re.M)
    if not m:
        raise KeyError("no LOC: line in /proc/interrupts")
    return int(m.group(1))


def stop_jobs(pids):
    """A shell command that kills the background jobs @pids (shell
    words, such as $(cat /tmp/reader)) and waits for them, failing if
    kill does. Every test stops its jobs so: a job that dies while the
    shell writes its next prompt interrupts that write with its SIGCHLD
    (busybox ash's handler has no SA_RESTART, glibc's stdio then drops
    the prompt) and the prompt is lost; a job waited for is gone before
    the prompt (tests/torture/lost_prompt.py shows both)."""
    return "p=%s; kill $p && { wait $p; true; }" % pids


def kernel_has(out, symbol):
    """Whether the board's kernel .config sets CONFIG_@symbol=y."""
    with open(os.path.join(out, "build", "linux", ".config")) as f:
        return "CONFIG_%s=y\n" % symbol in f.read()


def linux_hz(out):
    """The board's kernel's CONFIG_HZ (100 if it says none)."""
    with open(os.path.join(out, "build", "linux", ".config")) as f:
        m = re.search(r"^CONFIG_HZ=(\d+)$", f.read(), re.M)
    return int(m.group(1)) if m else 100


# What Linux's checkers and the pipeline's own print when they find
# something (the debug board): lockdep's reports, BUG, WARN, the
# sleep-in-atomic checks, RCU's, KFENCE's and SLUB's, ADEOS_DEBUG's.
REPORT = ("WARNING:|BUG:|kernel BUG|Oops|inconsistent lock state|"
          "possible recursive locking|possible circular locking|"
          "scheduling while atomic|sleeping function called|"
          "suspicious RCU usage|INFO: |Kernel panic|KFENCE:|"
          "Poison overwritten|Redzone|adeos: DEBUG")
# Command-line words that would turn one of those checkers off.
CHECKERS_OFF = re.compile(r"\b(debug_locks=0|nolockdep|lockdep=0|"
                          r"slub_debug=-|kfence\.sample_interval=0|"
                          r"debug_objects=0|no_debug_objects|"
                          r"panic_on_warn=0)\b")


def kernel_reports(guest, allowed=None):
    """The lines of the kernel log that report something (REPORT), less
    those @allowed matches; filtered here, not in the guest, so that the
    pattern is not in the echo of the command."""
    text = guest.run_ok("dmesg", timeout=300)
    return [l.split("] ", 1)[-1] for l in text.splitlines()
            if re.search(REPORT, l) and not
            (allowed and re.search(allowed, l))]


def check_no_reports(guest, tap):
    """On a kernel with the pipeline's checks (the debug board): nothing
    in the kernel log from any checker, lockdep still on, and no checker
    turned off on the command line."""
    bad = kernel_reports(guest)
    tap.check(not bad, "no lockdep, BUG, WARN, sleep-in-atomic or adeos "
              "DEBUG report in the kernel log" +
              (" (%d lines: %s)" % (len(bad), " | ".join(bad[:4]))
               if bad else ""))
    stats = fields(guest.run_ok("cat /proc/lockdep_stats"))
    cmdline = guest.run_ok("cat /proc/cmdline")
    off = CHECKERS_OFF.findall(cmdline)
    tap.check(stats.get("debug_locks:") == 1 and not off,
              "debug_locks is %s at the end, no checker off on the command "
              "line%s" % (stats.get("debug_locks:"),
                          " (%s)" % ", ".join(off) if off else ""))


def system_map(out):
    """The board kernel's System.map: its text symbols, sorted
    [(address, name)], and every symbol's address {name: address}."""
    text, where = [], {}
    try:
        with open(os.path.join(out, "build", "linux", "System.map")) as f:
            for line in f:
                addr, kind, name = line.split()[:3]
                where[name] = int(addr, 16)
                if kind in "tTwW":
                    text.append((int(addr, 16), name))
    except (OSError, ValueError):
        pass
    text.sort()
    return text, where


def symbolize(symbols, addr):
    """@addr as symbol+offset, 'user space' below the kernel (i386's
    3G/1G split), or '?' outside the kernel's text."""
    if addr < 0xc0000000:
        return "user space"
    best = None
    for start, name in symbols:
        if start > addr:
            break
        best = (start, name)
    if best is None or addr - best[0] > 0x10000:
        return "?"
    return "%s+%#x" % (best[1], addr - best[0])


def is_idle(facts):
    """Whether Guest.facts() found the CPU in an idle routine."""
    return facts["halted"] or \
        bool(re.search(r"halt|idle|mwait", facts["symbol"]))


class Guest:
    def __init__(self, command, log_path, timeout=120):
        self.command = command
        self.log_path = log_path
        self.timeout = timeout
        self.log = open(log_path, "w")
        self.child = None
        self.boot_seconds = None
        self.boot_text = ""
        self.pending = None
        # the last command's exit status came: its prompt is due
        self.prompt_due = False

    def tail(self, lines=25):
        self.log.flush()
        with open(self.log_path, errors="replace") as f:
            text = ANSI.sub("", f.read())
        return "\n".join(text.splitlines()[-lines:])

    def boot(self):
        start = time.time()
        self.child = pexpect.spawn("/bin/sh", ["-c", "exec " + self.command],
                                   encoding="utf-8", codec_errors="replace",
                                   timeout=self.timeout,
                                   dimensions=(50, 200))
        self.child.logfile_read = self.log
        try:
            self.child.expect_exact(PROMPT)
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            raise Stuck("boot: no shell prompt within %ds (%s)" %
                        (self.timeout, type(e).__name__))
        self.boot_seconds = time.time() - start
        self.boot_text = ANSI.sub("", self.child.before)
        # Let the shell settle: it asks the terminal where the cursor is.
        time.sleep(0.3)

    def start(self, cmd):
        """Send @cmd to the guest shell; finish() waits for it."""
        self.pending = cmd
        self.prompt_due = False
        self.child.sendline("%s; echo @@rc=$?@@" % cmd)

    def finish(self, timeout=None):
        """Wait for the command start() sent: (output, exit status)."""
        cmd, self.pending = self.pending, None
        try:
            self.child.expect(r"@@rc=(\d+)@@", timeout=timeout or self.timeout)
            out, rc = self.child.before, int(self.child.match.group(1))
            self.prompt_due = True
            self.child.expect_exact(PROMPT, timeout=30)
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            raise Stuck("command '%s' did not finish (%s)" %
                        (cmd, type(e).__name__))
        lines = ANSI.sub("", out).split("\n")
        # the first line is the command as the terminal echoed it
        return "\n".join(l for l in lines[1:]).strip(), rc

    def run(self, cmd, timeout=None):
        """Run @cmd in the guest shell: returns (output, exit status)."""
        self.start(cmd)
        return self.finish(timeout)

    def run_ok(self, cmd, timeout=None):
        """run(), for commands that must succeed: their output."""
        text, rc = self.run(cmd, timeout)
        if rc:
            raise Stuck("command '%s' failed (%d): %s" % (cmd, rc, text))
        return text

    def monitor(self, cmd):
        """Run @cmd in QEMU's monitor, which -nographic multiplexes with
        the serial console (Ctrl-A c switches), and switch back."""
        self.monitor_repeat(cmd, 1)

    def monitor_repeat(self, cmd, count):
        """Run @cmd @count times in QEMU's monitor, in one visit: the
        console is switched once each way, not once per command."""
        self.child.send("\x01c")
        try:
            self.child.expect_exact("(qemu) ", timeout=30)
            for _ in range(count):
                self.child.sendline(cmd)
                self.child.expect_exact("(qemu) ", timeout=30)
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            raise Stuck("monitor command '%s' did not finish (%s)" %
                        (cmd, type(e).__name__))
        self.child.send("\x01c")

    def monitor_text(self, cmd):
        """Run @cmd in QEMU's monitor and return what it printed."""
        self.child.send("\x01c")
        try:
            self.child.expect_exact("(qemu) ", timeout=30)
            self.child.sendline(cmd)
            self.child.expect_exact("(qemu) ", timeout=30)
            text = self.child.before
        except (pexpect.TIMEOUT, pexpect.EOF) as e:
            raise Stuck("monitor command '%s' did not finish (%s)" %
                        (cmd, type(e).__name__))
        self.child.send("\x01c")
        return ANSI.sub("", text)

    def peek(self, addr):
        """The 32-bit word at the guest's kernel address @addr (the
        monitor reads through the CPU's page tables: the kernel's half
        is mapped in every process)."""
        m = re.search(r"0x([0-9a-f]+)\s*$",
                      self.monitor_text("x/1wx %#x" % addr).strip())
        return int(m.group(1), 16) if m else None

    def facts(self, text, where):
        """What the guest's CPU and Linux look like now, read through
        the monitor: eip (as a symbol too), IF, jiffies, the softirqs
        pending (a one-CPU kernel's irq_stat), Linux's stage and the
        current domain (adeos_root's status word, after its name and
        priority, and adeos_current), and load, the scheduler's count
        of runnable and uninterruptible tasks (calc_load_tasks, a
        global, as the tick last folded it in). None where unknown."""
        regs = self.monitor_text("info registers")
        eip = re.search(r"EIP=([0-9a-f]+)", regs)
        efl = re.search(r"EFL=([0-9a-f]+)", regs)
        hlt = re.search(r"HLT=(\d)", regs)
        f = {"halted": bool(hlt and hlt.group(1) == "1"), "eip": None,
             "symbol": "?", "if": None, "jiffies": None, "softirqs": None,
             "stage": None, "current": None, "load": None}
        if eip and efl:
            f["eip"] = int(eip.group(1), 16)
            f["symbol"] = symbolize(text, f["eip"])
            f["if"] = int(efl.group(1), 16) >> 9 & 1
        if "jiffies" in where:
            f["jiffies"] = self.peek(where["jiffies"])
        if "irq_stat" in where:
            # a one-CPU kernel's irq_cpustat_t: __softirq_pending first
            word = self.peek(where["irq_stat"])
            f["softirqs"] = None if word is None else word & 0xffff
        if "adeos_root" in where and "adeos_current" in where:
            status = self.peek(where["adeos_root"] + 8)
            current = self.peek(where["adeos_current"])
            f["stage"] = None if status is None else \
                "stalled" if status & 1 else "unstalled"
            f["current"] = "Linux" if current == where["adeos_root"] else \
                "another domain (%#x)" % (current or 0)
        if "calc_load_tasks" in where:
            word = self.peek(where["calc_load_tasks"])
            # an atomic_long_t: a count the fold may have left negative
            f["load"] = None if word is None else \
                word - (1 << 32) if word >> 31 else word
        return f

    @staticmethod
    def describe(f):
        """facts() as one line."""
        if f["eip"] is None:
            return "no registers from the monitor"
        seen = ["EIP %x (%s), IF %d" % (f["eip"], f["symbol"], f["if"])]
        if f["jiffies"] is not None:
            seen.append("jiffies %d" % f["jiffies"])
        if f["softirqs"] is not None:
            seen.append("softirqs pending %#x" % f["softirqs"])
        if f["stage"] is not None:
            seen.append("Linux's stage %s, current %s" % (f["stage"],
                                                         f["current"]))
        if f["load"] is not None:
            seen.append("tasks runnable or uninterruptible %d" % f["load"])
        return ", ".join(seen)

    def snapshot(self, text, where):
        """facts() as one line."""
        return self.describe(self.facts(text, where))

    @staticmethod
    def verdict(before, after, hz, prompt_due, load, idle):
        """Which case a guest that never showed its prompt is, from two
        facts() taken FOLDS load folds (5 s of guest time each) apart,
        before anything is sent to it, and @load, the least count of
        runnable and uninterruptible tasks the folds between them left
        (one fold samples one instant: a task a timer woke just then
        counts; a task that never runs counts at every fold), and @idle,
        whether most looks found the CPU halted or in an idle routine
        (looks are taken in host time: under -icount with sleep=off an
        idle guest's halts take none of it, its interrupts all). The
        cases: its tick stopped; no task runnable (nor in an
        uninterruptible sleep), so the CPU has nothing to run, after the
        command's exit status came (@prompt_due): nobody is left to
        write the prompt, user space lost it (the shell waits for input
        with its prompt never written), or before it came (the command
        sleeps, or its output was lost); a task runnable at every fold
        and the CPU idle: a runnable task that does not run (a lost
        wakeup); or a task runnable and the CPU busy."""
        if before["jiffies"] is None or after["jiffies"] is None:
            return "no verdict: jiffies unknown"
        ticks = (after["jiffies"] - before["jiffies"]) & 0xffffffff
        if ticks == 0:
            return "verdict: Linux's tick stopped (jiffies still %d)" % \
                after["jiffies"]
        if load is None:
            return "no verdict: no calc_load_tasks in System.map, or " \
                "only %d ticks between the looks, not one load fold " \
                "(5 s)" % ticks
        if load == 0 and not prompt_due:
            return "verdict: no runnable task and no exit status: the " \
                "command sleeps, or its output was lost (no task to run " \
                "or in an uninterruptible sleep over %d ticks)" % ticks
        if load == 0:
            return "verdict: a prompt never written and no runnable " \
                "task: user space lost it (no task to run or in an " \
                "uninterruptible sleep over %d ticks)" % ticks
        if idle:
            return "verdict: a runnable task that does not run: a lost " \
                "wakeup (at least %d tasks runnable or uninterruptible " \
                "at every fold, the CPU idle over %d ticks)" % (load, ticks)
        return "verdict: the CPU not idle (%s, then %s, and most looks "\
            "between), at least %d tasks runnable or uninterruptible: a " \
            "task runs instead of the shell" % (before["symbol"],
                                                 after["symbol"], load)

    def post_mortem(self, out):
        """What a stuck guest was doing, for the failure's message (it
        has already failed: nothing here makes a test pass). Two looks
        FOLDS load folds (5 s of guest time each) apart, before
        anything is sent to it, and which case they show (verdict());
        then whether a newline brings back the prompt (the shell was
        waiting for input), then a look again. A flake that shows once
        in nine runs leaves this much behind in CI's log."""
        if self.child is None or not self.child.isalive():
            return "QEMU has exited"
        text, where = system_map(out)
        hz = 100
        try:
            if kernel_has(out, "SMP"):
                where.pop("irq_stat", None)  # a per-CPU offset there
            hz = linux_hz(out)
        except OSError:
            pass
        seen = []
        try:
            before = self.facts(text, where)
            seen.append(self.describe(before))
            deadline, loads, idle = time.time() + 60, [], [is_idle(before)]
            while True:
                time.sleep(0.5)
                after = self.facts(text, where)
                idle.append(is_idle(after))
                if before["jiffies"] is None or after["jiffies"] is None:
                    break
                ticks = (after["jiffies"] - before["jiffies"]) & 0xffffffff
                # a fold since the first look: the load is the hang's
                if ticks > 5 * hz + 1 and after["load"] is not None:
                    loads.append(after["load"])
                if time.time() > deadline or ticks > FOLDS * (5 * hz + 1):
                    break
            seen.append(self.describe(after))
            seen.append(self.verdict(before, after, hz, self.prompt_due,
                                     min(loads) if loads else None,
                                     2 * sum(idle) > len(idle)))
            self.child.send("\r")
            try:
                self.child.expect_exact(PROMPT, timeout=5)
                seen.append("a newline brought the prompt back")
            except (pexpect.TIMEOUT, pexpect.EOF):
                seen.append("no prompt 5 s after a newline")
            seen.append(self.snapshot(text, where))
        except (Stuck, OSError) as e:
            seen.append(str(e))
        return "; ".join(seen)

    def poweroff(self, how="reboot -f"):
        """reboot -f: with -no-reboot, QEMU exits (poweroff too, through
        ACPI). Returns QEMU's exit status."""
        self.child.sendline(how)
        try:
            self.child.expect(pexpect.EOF, timeout=60)
        except pexpect.TIMEOUT:
            raise Stuck("command '%s' did not end QEMU" % how)
        self.child.close()
        return self.child.exitstatus

    def close(self):
        if self.child is not None and self.child.isalive():
            self.child.terminate(force=True)
        self.log.close()


def checked_boot(name, out, readme, kernel_args, check, command=None,
                 reports=True, icount=ICOUNT):
    """Boot the board's kernel directly, with @kernel_args, under
    @icount (QEMU's -icount option); run check(guest, tap), then, on a kernel with the pipeline's checks
    (unless @reports is false), check_no_reports(), then power off. A
    guest that sticks, or a check that raises Stuck or KeyError, fails
    the Tap named @name
    ("name (args)"), with the console's tail. Returns the failures."""
    tap = Tap(name + (" (%s)" % kernel_args if kernel_args else ""))
    log = "%s-console%s.log" % (name, "-" + kernel_args if kernel_args
                                else "")
    command = command or kernel_command(readme, out, kernel_args)
    guest = Guest(command + " " + icount,
                  os.path.join(out, log),
                  timeout=300)
    try:
        guest.boot()
        check(guest, tap)
        if reports and kernel_has(out, "ADEOS_DEBUG"):
            check_no_reports(guest, tap)
        guest.poweroff()
    except (Stuck, KeyError) as e:
        tail = guest.tail()
        why = guest.post_mortem(out) if "TIMEOUT" in str(e) else ""
        tap.check(False, "%s; %sconsole tail:\n# %s" %
                  (e, why + "; " if why else "", tail.replace("\n", "\n# ")))
    finally:
        guest.close()
    return tap.failed
