#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The rt-tasks executive in the board's built-in domain of that
template, counted under -icount (one boot):

- at boot, the configured tasks: ctl, mid and slow periodic at 1 ms,
  2 ms and 10 ms, rx waiting for Linux;
- run-time tasks added through /proc: a blocker (sleeps three times in
  each release and must resume mid-body each time, locals intact), a
  spanner below them all (3 ms of work each release: the 1 kHz task
  must preempt it in the middle), two FPU tasks;
- 10 s of guest time with Linux stalling 1 ms in every 1.5 ms,
  hackbench in a loop and fpcheck (a Linux process checking its own
  floating point results): every release exact (the three rates' counts
  agree at one instant), no overrun, no task error, fpcheck never wrong;
  the board's rt-timer domain, on the same timer service at 1 kHz,
  ticked once for every period of the timestamp counter meanwhile and
  never overran;
- 300 numbered messages from Linux through /dev/adeos-<domain>: the
  consumer task gets each, in order, and answers each;
- a module's own tasks (adeos-modtasks.ko): a queue between two of them in
  order; one that divides by zero is stopped and named, one that never
  blocks is stopped by the budget, and the rest go on; unloaded, the
  module's tasks are gone;
- on the debug kernel, no report from any checker.

usage: tasks_test.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on a
failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

LOAD_S = 10
MESSAGES = 300
MODULE = "/lib/modules/adeos-test/adeos-modtasks.ko"


def tasks_domain(out):
    """The name of the board's built-in rt-tasks domain, or None."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-tasks" and not d["module"]:
            return d["name"]
    return None


def timer_domain(out):
    """The name of the board's built-in rt-timer domain, or None."""
    for d in qemu.board_domains(out):
        if d["template"] == "rt-timer" and not d["module"]:
            return d["name"]
    return None


def timer_status(guest, rt):
    """(ticks, timestamp, period, overruns) of the rt-timer domain."""
    f = qemu.timer_status(guest, rt)
    lat = qemu.fields(guest.run_ok("grep '^overruns ' /proc/adeos/%s/latency"
                                   % rt))
    return f["ticks"], f["now"], f["period"], lat["overruns"]


def table(guest, dom):
    """({task: {column: value}}, the text) of the domain's tasks file,
    numbers as ints."""
    text = guest.run_ok("cat /proc/adeos/%s/tasks" % dom)
    lines = text.splitlines()
    head = lines[0].split()
    rows = {}
    for line in lines[1:]:
        row = dict(zip(head, line.split()))
        for k, v in row.items():
            if v.isdigit():
                row[k] = int(v)
        rows[row["name"]] = row
    return rows, text


def in_body(row):
    """1 when a periodic task's snapshot caught it waiting in a release's
    body (a blocker asleep in it), which its count does not hold yet.
    Linux can take the snapshot only while every task waits."""
    return int(row["state"] in ("sleeping", "blocked"))


def comment(text):
    return "\n# " + text.replace("\n", "\n# ")


def check_boot(guest, tap, dom):
    rows, text = table(guest, dom)
    want = {"ctl": 1000, "mid": 2000, "slow": 10000}
    tap.check(all(rows.get(n, {}).get("period_us") == p and
                  rows[n]["state"] == "delayed" and rows[n]["releases"] > 0
                  for n, p in want.items()) and
              rows.get("rx", {}).get("state") == "blocked",
              "the configured tasks run: ctl, mid, slow released every 1, "
              "2, 10 ms, rx waiting for Linux" + comment(text))
    stat = guest.run_ok("adeos-stat -1")
    tap.check("Tasks of %s (latencies in ns):" % dom in stat and
              any(l.startswith("ctl ") for l in stat.splitlines()),
              "adeos-stat shows the domain's tasks")


def add_tasks(guest, tap, dom):
    # bad writes first: each refused with its errno, the table as it was
    rows, _ = table(guest, dom)
    bad = ("garbage", "add", "add bad", "add bad 0 1000 counter",
           "add bad 100 1000 counter", "add bad 5 1000001 counter",
           "add bad 5 10x counter", "add bad 5 1000 nobody",
           "add bad 5 0 counter", "add bad 5 1000 counter extra",
           "add seventeen-chars-x 5 1000 counter", "add bad 5 0 consumer")
    refused = [refuse(guest, dom, b) for b in bad]
    after, _ = table(guest, dom)
    tap.check(all(rc != 0 for _, rc, _ in refused) and
              sorted(after) == sorted(rows),
              "bad writes to tasks refused, the table unchanged: " +
              "; ".join("%r: %s" % (b, why) for b, _, why in refused))
    adds = ("blk 95 10000 blocker", "span 10 20000 spanner",
            "fpa 50 1000 fpu", "fpb 20 3000 fpu")
    for a in adds:
        guest.run_ok("echo 'add %s' > /proc/adeos/%s/tasks" % (a, dom))
    rows, _ = table(guest, dom)
    _, rc, why = refuse(guest, dom, "add ninth 5 1000 counter")
    tap.check(all(a.split()[0] in rows for a in adds) and rc != 0 and
              "No space left" in why,
              "tasks added at run time: blk, span, fpa, fpb; a ninth "
              "refused: %s" % why)


def refuse(guest, dom, line):
    """(line, exit status, the error) of writing @line to the tasks file."""
    text, rc = guest.run("echo -n '%s' > /proc/adeos/%s/tasks" % (line, dom))
    why = re.search(r"write error: (.*)", text)
    return line, rc, why.group(1).strip() if why else text


def uptime_cs(guest):
    return int(float(guest.run_ok("cut -d' ' -f1 /proc/uptime")) * 100)


def under_load(guest, tap, dom, rt):
    """LOAD_S seconds of guest time of stalls (1 ms in every 1.5 ms),
    hackbench and fpcheck at once; then one snapshot of every task, and
    of the rt-timer domain @rt's ticks if the board has one."""
    before, _ = table(guest, dom)
    if rt:
        ticks0, now0, period, over0 = timer_status(guest, rt)
    t0 = uptime_cs(guest)
    guest.run_ok("(n=0; while :; do hackbench -p -g 1 -l 10 >/dev/null "
                 "2>&1 && n=$((n+1)); echo $n >/tmp/hb; done) & "
                 "echo $! >/tmp/hbpid; "
                 "(w=0; end=$(($(date +%%s) + %d)); "
                 "while [ $(date +%%s) -lt $end ]; do "
                 "echo '1000 600 500' > /proc/adeos/stall; w=$((w+600)); "
                 "echo $w >/tmp/st; done) & echo $! >/tmp/stpid" % LOAD_S)
    fp, fprc = guest.run("fpcheck %d" % LOAD_S, timeout=900)
    guest.run_ok("wait $(cat /tmp/stpid); " +
                 qemu.stop_jobs("$(cat /tmp/hbpid)"), timeout=600)
    secs = (uptime_cs(guest) - t0) / 100
    hb = guest.run_ok("cat /tmp/hb 2>/dev/null || echo 0").strip()
    windows = guest.run_ok("cat /tmp/st 2>/dev/null || echo 0").strip()
    rows, text = table(guest, dom)
    if rt:
        ticks1, now1, _, over1 = timer_status(guest, rt)
        want = (now1 - now0) // period
        tap.check(abs(ticks1 - ticks0 - want) <= 1 and want >= LOAD_S * 1000
                  and over1 == over0,
                  "%s (rt-timer, 1 kHz) beside the tasks: %d ticks over %d "
                  "periods of the timestamp counter, %d overruns" %
                  (rt, ticks1 - ticks0, want, over1 - over0))
    ctl, mid, slow = rows["ctl"], rows["mid"], rows["slow"]
    ran = ctl["releases"] - before["ctl"]["releases"]
    tap.check(ran >= LOAD_S * 1000 and
              mid["releases"] == (ctl["releases"] - 1) // 2 + 1 and
              slow["releases"] == (ctl["releases"] - 1) // 10 + 1,
              "releases exact over %.1f s of guest time of stalls and "
              "hackbench: ctl %d (%d in the load), mid %d, slow %d at one "
              "instant (%s hackbench runs, %s stall windows of 1 ms)" %
              (secs, ctl["releases"], ran, mid["releases"],
               slow["releases"], hb, windows))
    periodic = [r for r in rows.values() if r["period_us"]]
    tap.check(all(r["overruns"] == 0 and r["errors"] == 0 and
                  r["count"] == r["releases"] - in_body(r) for r in periodic),
              "no overrun, no error, every release run (the one in its "
              "body at the snapshot not yet counted): " +
              ", ".join("%s %d/%d/%d%s" % (r["name"], r["releases"],
                                           r["overruns"], r["errors"],
                                           " " + r["state"] if in_body(r)
                                           else "")
                        for r in periodic) + " (releases/overruns/errors)")
    blk = rows["blk"]
    done = blk["releases"] - in_body(blk)
    # a body in progress has switched in once, plus once per sleep over
    tap.check((blk["switches"] - 4 * done in (1, 2, 3) if in_body(blk)
               else blk["switches"] == 4 * done) and done > 0 and
              blk["errors"] == 0,
              "blk blocked three times in each of %d releases and resumed "
              "mid-body each time: %d switches in%s" %
              (done, blk["switches"],
               " (one more release %s in its body)" % blk["state"]
               if in_body(blk) else ""))
    span = rows["span"]
    tap.check(span["most"] >= 2 and span["releases"] > 0,
              "span's 3 ms body is preempted by the 1 kHz task: %d times at "
              "most in one body, over %d releases" %
              (span["most"], span["releases"]))
    tap.check(fprc == 0 and " 0 wrong" in fp and
              rows["fpa"]["errors"] == 0 and rows["fpb"]["errors"] == 0 and
              rows["fpb"]["releases"] > 0,
              "FPU tasks beside a Linux process that checks its floating "
              "point: %s; fpa %d and fpb %d releases, 0 wrong" %
              (fp.strip(), rows["fpa"]["releases"],
               rows["fpb"]["releases"]))
    tap.check(True, "the task table after the load:" + comment(text))


def channel(guest, tap, dom):
    rx0 = table(guest, dom)[0]["rx"]
    # the reader holds the device open first: answers left at the last
    # close are thrown away
    guest.run_ok(("cat /dev/adeos-%s > /tmp/answers & echo $! >/tmp/catpid; "
                  "sleep 1; i=0; while [ $i -lt %d ]; do "
                  "echo $i > /dev/adeos-%s; i=$((i+1)); done; sleep 1; " %
                  (dom, MESSAGES, dom)) +
                 qemu.stop_jobs("$(cat /tmp/catpid)"), timeout=600)
    answers = guest.run_ok("cat /tmp/answers").split()
    rx = table(guest, dom)[0]["rx"]
    tap.check(rx["count"] - rx0["count"] == MESSAGES and rx["errors"] == 0
              and answers == [str(i) for i in range(MESSAGES)],
              "rx got %d messages from Linux, in order (%d errors), and "
              "answered each: %d answers, in order" %
              (rx["count"] - rx0["count"], rx["errors"], len(answers)))


def module_tasks(guest, tap, dom):
    guest.run_ok("insmod %s fault=1 spin=1 && sleep 1" % MODULE)
    rows, text = table(guest, dom)
    log = guest.run_ok("dmesg | grep 'adeos: task mod-'")
    tap.check(rows.get("mod-div", {}).get("state") == "stopped" and
              "task mod-div of domain %s stopped: divide error" % dom in log,
              "a module's task that divides by zero is stopped and named: "
              + log.split("\n")[0].split("] ", 1)[-1])
    tap.check(rows.get("mod-spin", {}).get("state") == "stopped" and
              "task mod-spin of domain %s stopped: it ran" % dom in log,
              "a module's task that never blocks is stopped by the budget")
    after, _ = table(guest, dom)
    guest.run_ok("sleep 1")
    later, _ = table(guest, dom)
    tap.check(later["ctl"]["releases"] >= after["ctl"]["releases"] + 1000
              and later["mod-tx"]["releases"] >
              after["mod-tx"]["releases"] and
              guest.run_ok("echo alive") == "alive",
              "the other tasks and Linux go on after both stops")
    guest.run_ok("rmmod adeos_modtasks")
    log = guest.run_ok("dmesg | grep 'adeos-modtasks: '")
    rows, _ = table(guest, dom)
    counts = log.split("adeos-modtasks: ")[-1].split()
    tap.check(not any(n.startswith("mod-") for n in rows) and
              counts[0] == counts[2] and int(counts[0]) > 0 and
              counts[4] == "0",
              "a queue between the module's tasks kept order (%s); "
              "unloaded, its tasks are gone" % log.split("] ")[-1])


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    dom = tasks_domain(out)
    rt = timer_domain(out)
    if not dom:
        qemu.Tap("tasks").check(False, "the board has no rt-tasks domain")
        return 1
    initrd = qemu.join_initrd(out, "tasks-initrd", tools)
    command = qemu.kernel_command(readme, out).replace(
        os.path.join(out.rstrip("/"), "images", "rootfs.cpio.gz"), initrd)

    def check(guest, tap):
        check_boot(guest, tap, dom)
        add_tasks(guest, tap, dom)
        under_load(guest, tap, dom, rt)
        channel(guest, tap, dom)
        module_tasks(guest, tap, dom)

    return 1 if qemu.checked_boot("tasks", out, readme, "", check,
                                  command=command) else 0


if __name__ == "__main__":
    sys.exit(main())
