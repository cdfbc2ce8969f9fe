#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""make torture's planted lost prompt (tests/planted/linux/lost-prompt.patch):
Linux's n_tty_write() holds every write that starts with the shell's
prompt 150 ms before it copies a byte. Issue 38's explanation of the
debug soak's lost prompt, made to happen every time: busybox ash's
SIGCHLD handler has no SA_RESTART, so a background job's SIGCHLD that
comes inside the held write makes write() fail with EINTR, and glibc's
stdio drops the prompt. The kernel is booted under -icount, with the
pipeline or without it (WHICH names the kernel), and:
- held: ROUNDS plain commands, no job: each prompt comes (the hold
  alone loses nothing);
- waited: ROUNDS times 'sleep 0.05 & wait $!': each prompt comes (the
  SIGCHLD comes while the shell waits, before its prompt);
- stopped: ROUNDS times three /proc readers started as the debug soak
  starts them (each ending 50 ms after its kill), then stopped by
  qemu.stop_jobs() (kill, then wait), as every boot test stops its
  jobs: each prompt comes;
- lost, a job: ROUNDS times 'sleep 0.05 &' (then an echo, to see it
  ran): no prompt within LOST_S seconds, every time;
- lost, killed: ROUNDS times the readers stopped by a bare kill, as the
  debug soak and churn stopped them before: no prompt, every time;
- after each lost prompt, the boot harness's post-mortem names the
  case, a prompt never written and no runnable task, and its newline
  brings the shell back (it was waiting for input);
- busy: the post-mortem's control, a shell running yes until a line
  comes: its verdict is the CPU busy, not user space's.

usage: lost_prompt.py OUT README WHICH    Prints TAP lines; exit 1 on a
failure.
"""
import os
import sys
import time

import pexpect

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                "..", "boot"))
import qemu  # noqa: E402

ROUNDS = 5
LOST_S = 5
USER_SPACE_LOST = "verdict: a prompt never written and no runnable task"
BUSY = "verdict: the CPU not idle"


def held(guest, tap):
    shown = sum(guest.run("echo held %d" % n)[1] == 0 for n in range(ROUNDS))
    tap.check(shown == ROUNDS, "held: %d of %d prompts shown after a "
              "command with no job (the 150 ms hold alone loses none)" %
              (shown, ROUNDS))


def waited(guest, tap):
    shown = sum(guest.run("sleep 0.05 & wait $!")[1] == 0
                for _ in range(ROUNDS))
    tap.check(shown == ROUNDS, "waited: %d of %d prompts shown after "
              "'sleep 0.05 & wait $!' (the SIGCHLD before the prompt)" %
              (shown, ROUNDS))


# three /proc readers as the debug soak starts them, each ending 50 ms
# after its kill (so that it dies inside the held prompt's write, not
# before the shell reaches it)
READERS = ("for i in 1 2 3; do (trap 'sleep 0.05; exit' TERM; while :; do "
           "cat /proc/interrupts; done) >/dev/null 2>&1 & done; "
           "echo $(jobs -p) >/tmp/readers")


def stopped(guest, tap):
    shown = 0
    for _ in range(ROUNDS):
        guest.run_ok(READERS)
        shown += guest.run(qemu.stop_jobs("$(cat /tmp/readers)"))[1] == 0
    tap.check(shown == ROUNDS, "stopped: %d of %d prompts shown after three "
              "readers were killed and waited for (qemu.stop_jobs)" %
              (shown, ROUNDS))


def lost(guest, tap, out, what, before, cmd, came):
    """ROUNDS times @before (a command run as the tests run them, or
    None), then @cmd sent, whose output @came (a pattern) must show
    before the prompt that must not."""
    missing, named, back, why = 0, 0, 0, []
    for _ in range(ROUNDS):
        if before:
            guest.run(before)
        guest.child.sendline(cmd)
        guest.prompt_due = False
        try:
            guest.child.expect(came, timeout=60)
        except (pexpect.TIMEOUT, pexpect.EOF):
            why.append("no %r after '%s'" % (came, cmd))
            break
        guest.prompt_due = True
        try:
            guest.child.expect_exact(qemu.PROMPT, timeout=LOST_S)
            continue
        except pexpect.TIMEOUT:
            missing += 1
        seen = guest.post_mortem(out)
        named += USER_SPACE_LOST in seen
        back += "a newline brought the prompt back" in seen
        # the first round the post-mortem did not name, or the first
        if USER_SPACE_LOST not in seen or not why:
            why[:] = [seen]
        if "a newline brought the prompt back" not in seen:
            break
    tap.check(missing == ROUNDS, "lost, %s: %d of %d prompts never shown "
              "after '%s'" % (what, missing, ROUNDS, cmd))
    tap.check(missing and named == missing and back == missing,
              "lost, %s: the post-mortem named %d of %d lost prompts a "
              "prompt never written and no runnable task, and its newline "
              "brought the shell back %d times%s" %
              (what, named, missing, back, (": " + why[0]) if why else ""))


def busy(guest, tap, out):
    """The post-mortem's control: a shell whose command keeps the CPU
    busy (yes, until a line comes) shows no prompt either, and the
    verdict must not be user space's; the post-mortem's newline ends
    it."""
    guest.prompt_due = False
    guest.child.sendline("sh -c 'yes >/dev/null & read x; kill $!; wait'")
    time.sleep(1)
    seen = guest.post_mortem(out)
    # a command, not the prompt: a prompt that comes while the
    # post-mortem is in QEMU's monitor is read there. Its status is not
    # looked at: the first echo after a lost prompt fails (stdout's
    # error flag from the interrupted write is still set)
    try:
        back = "back" in guest.run("echo back", timeout=300)[0].split()
    except qemu.Stuck:
        back = False
    tap.check(BUSY in seen and USER_SPACE_LOST not in seen and back,
              "busy: the post-mortem of a shell running yes says a task "
              "runs instead%s; a command ran after its newline ended yes: "
              "%s" % ("" if BUSY in seen else " (it did not: %s)" % seen,
                      "yes" if back else "no"))


def check(guest, tap, out):
    held(guest, tap)
    waited(guest, tap)
    stopped(guest, tap)
    lost(guest, tap, out, "a job", None, "sleep 0.05 & echo @@rc=$?@@",
         r"@@rc=\d+@@")
    lost(guest, tap, out, "killed", READERS,
         "kill $(cat /tmp/readers); echo @@rc=$?@@", r"@@rc=\d+@@")
    busy(guest, tap, out)


def main():
    out, readme, which = sys.argv[1], sys.argv[2], sys.argv[3]
    failed = qemu.checked_boot(
        "lost-prompt-" + which, out, readme, "",
        lambda guest, tap: check(guest, tap, out))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
