#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The boot smoke test that plain `make` ends with: boot the board's
adeos.iso headless (its readme's QEMU line), print the banner the image
shows, power the guest off and see QEMU end.

usage: smoke.py O README     Exit 1, with the console's tail, on trouble.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402


def main():
    out, readme = sys.argv[1], sys.argv[2]
    command = qemu.board_command(readme, out)
    # Under -icount guest time follows the instructions run: a busy host
    # cannot fail Linux's check of the local APIC timer, which would
    # leave it the PIT and the rt-timer domain without one.
    guest = qemu.Guest(command + " " + qemu.ICOUNT,
                       os.path.join(out, "smoke-console.log"),
                       timeout=300)
    print("  %-7s %s" % ("BOOT", command.replace(out.rstrip("/") + "/", "")))
    sys.stdout.flush()
    try:
        guest.boot()
        banner = [l.strip() for l in guest.boot_text.splitlines()
                  if l.startswith("adeos: board ")]
        if not banner:
            raise qemu.Stuck("no banner before the shell prompt")
        print("  %-7s %s" % ("BANNER", banner[-1]))
        status = guest.poweroff("poweroff")
        print("  %-7s shell in %.1f s; poweroff ended QEMU (status %s)" %
              ("BOOT", guest.boot_seconds, status))
        return 0 if status == 0 else 1
    except qemu.Stuck as e:
        print("smoke: %s; console tail:\n%s" % (e, guest.tail()),
              file=sys.stderr)
        return 1
    finally:
        guest.close()


if __name__ == "__main__":
    sys.exit(main())
