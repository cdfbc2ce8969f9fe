#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0-only
"""The pci-owner domains at work: QEMU's edu device, one per domain, at
the PCI address the domain's entry names, on QEMU's q35 machine (its
PCI lines reach the IO-APIC's inputs 16-23), under -icount.

For each pci-owner domain (loaded first if it is a module): edu-pulse
raises COUNT interrupts through the device's registers, each after the
previous one was acknowledged; the domain must have serviced exactly
COUNT, found none empty, and Linux counted none on the IRQ; the IRQ is
the device's MSI (/proc/interrupts: PCI-MSI) or its INTx line (an
IO-APIC input of 16-23, level: fasteoi), as the entry's kind says; in
MSI mode no IO-APIC line moved. Unloading the module lets the IRQ go.

usage: pci_owner.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

COUNT = 10000
MODULES = "/lib/modules/adeos"


def pci_owners(out):
    """(domain, kind "intx"/"msi", PCI address) of the board's
    pci-owner domains, whose first PCI entry names an address."""
    values = qemu.board_config(out)
    owners = []
    for d in qemu.board_domains(out):
        if d["template"] != "pci-owner":
            continue
        for k in range(1, 9):
            p = "DOMAIN%d_IRQ%d_" % (d["slot"], k)
            kind = ("msi" if values.get(p + "PCI_MSI") == "y" else
                    "intx" if values.get(p + "PCI_INTX") == "y" else None)
            if kind and values.get("DOMAIN%d_IRQ%d" % (d["slot"], k)) == "y":
                owners.append((d, kind, values.get(p + "DEVICE", "")))
                break
    return owners


def full_address(device):
    """0000:00:05.0 for 00:05.0."""
    return device if device.count(":") == 2 else "0000:" + device


def interrupts(guest):
    """{irq: (count, rest of the line)} of /proc/interrupts."""
    lines = {}
    for line in guest.run_ok("cat /proc/interrupts").splitlines():
        w = line.split()
        if w and re.fullmatch(r"\d+:", w[0]) and len(w) > 1:
            lines[int(w[0][:-1])] = (int(w[1]), " ".join(w[2:]))
    return lines


def ioapic_pci_total(lines):
    return sum(c for irq, (c, rest) in lines.items()
               if 16 <= irq <= 23 and "IO-APIC" in rest)


def check_owner(guest, tap, d, kind, device):
    name, addr = d["name"], full_address(device)
    if d["module"]:
        guest.run_ok("insmod %s/adeos-%s.ko" % (MODULES, name))
    status = "/proc/adeos/%s/status" % name
    st = guest.run_ok("cat %s" % status)
    irq = re.search(r"^irq (\d+)$", st, re.M)
    tap.check(irq is not None and "kind %s" % kind in st and
              "device %s" % addr in st,
              "%s: the domain drives %s and took its %s as IRQ %s" %
              (name, addr, kind.upper(), irq and irq.group(1)))
    if irq is None:
        return
    irq = int(irq.group(1))
    guest.run_ok("echo 0 > %s" % status)
    before = interrupts(guest)
    got = qemu.fields(guest.run_ok("edu-pulse %s %d" % (addr, COUNT),
                                   timeout=600))
    after = interrupts(guest)
    st = qemu.fields(guest.run_ok("cat %s" % status))
    linux_before, line = before.get(irq, (0, ""))
    linux_after, _ = after.get(irq, (0, ""))
    tap.check(got.get("acknowledged") == COUNT and
              got.get("unanswered") == 0 and
              st.get("serviced") == COUNT and st.get("empty") == 0 and
              linux_after == linux_before,
              "%s: %d interrupts raised through %s's registers: "
              "acknowledged %s, unanswered %s; the domain serviced %s, "
              "empty %s; Linux counted %d on IRQ %d" %
              (name, COUNT, kind.upper(), got.get("acknowledged"),
               got.get("unanswered"), st.get("serviced"), st.get("empty"),
               linux_after - linux_before, irq))
    if kind == "msi":
        moved = ioapic_pci_total(after) - ioapic_pci_total(before)
        tap.check("PCI-MSI" in line and moved == 0,
                  "%s: /proc/interrupts: '%d: %s'; the IO-APIC's PCI "
                  "lines moved by %d" % (name, irq, line, moved))
    else:
        tap.check(16 <= irq <= 23 and "IO-APIC" in line and
                  "fasteoi" in line,
                  "%s: /proc/interrupts: '%d: %s' (a PCI line of the "
                  "IO-APIC, level)" % (name, irq, line))
    domains = guest.run_ok("cat /proc/adeos/domains")
    print("# %s: /proc/adeos/%s/status: %s" %
          (name, name, " ".join(guest.run_ok("cat %s" % status).split())))
    print("# /proc/adeos/domains: " + " | ".join(
        l.strip() for l in domains.splitlines() if l.strip()))
    if d["module"]:
        guest.run_ok("rmmod adeos_%s" % name.replace("-", "_"))
        text = guest.run_ok("dmesg | grep 'adeos: domain %s' | tail -2"
                            % name)
        tap.check("lets IRQ %d go" % irq in text,
                  "rmmod adeos_%s: %s" % (name.replace("-", "_"),
                                          text.splitlines()[0] if text
                                          else "nothing in the log"))


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    owners = pci_owners(out)
    if not owners:
        return 0
    initrd = qemu.join_initrd(out, "pci-owner-initrd", tools)
    command = qemu.kernel_command(readme, out)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd, command)
    command = re.sub(r"-M \S+", "-M q35", command)
    for _, _, device in owners:
        slot = re.search(r"(\w+)\.(\d)$", device)
        command += " -device edu,addr=%s.%s" % (slot.group(1),
                                                slot.group(2))

    def check(guest, tap):
        for d, kind, device in owners:
            check_owner(guest, tap, d, kind, device)
    failed = qemu.checked_boot("pci-owner", out, readme, "q35", check,
                               command)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
