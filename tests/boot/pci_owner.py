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

And an MSI resolved when a Linux driver enables it: for each irq-owner
domain whose entry names a device's MSI and passes it on, the test
module adeos-edudrv.ko drives that device as any Linux driver would
(MSI enabled, request_irq()); the domain takes the MSI as the driver
enables it, sees DRIVER_COUNT interrupts ahead of Linux and passes each
on to the driver, which services it; unloading the driver lets the
domain's hold go.

usage: pci_owner.py O README TOOLS_CPIO    Prints TAP lines; exit 1 on
a failure.
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import qemu  # noqa: E402

COUNT = 10000
DRIVER_COUNT = 1000
MODULES = "/lib/modules/adeos"
EDUDRV_KO = "/lib/modules/adeos-test/adeos-edudrv.ko"


def pci_owners(out, template="pci-owner"):
    """(domain, kind "intx"/"msi", PCI address) of the board's domains
    of @template whose first PCI entry names an address."""
    values = qemu.board_config(out)
    owners = []
    for d in qemu.board_domains(out):
        if d["template"] != template:
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


def check_driver_msi(guest, tap, d, device):
    """A domain that passes on a device's MSI, which a Linux driver
    enables and requests."""
    name, addr = d["name"], full_address(device)
    if d["module"]:
        guest.run_ok("insmod %s/adeos-%s.ko" % (MODULES, name))
    text = guest.run_ok("insmod %s dev=%s && dmesg | grep -E "
                        "'adeos: domain %s takes|adeos-edudrv: MSI'" %
                        (EDUDRV_KO, addr, name))
    took = re.search(r"adeos: domain \S+ takes IRQ (\d+) \(MSI", text)
    drv = re.search(r"adeos-edudrv: MSI as IRQ (\d+)", text)
    tap.check(took is not None and drv is not None and
              took.group(1) == drv.group(1),
              "%s: the domain took the MSI of %s as Linux's driver "
              "enabled it: IRQ %s, the driver's %s" %
              (name, addr, took and took.group(1), drv and drv.group(1)))
    if not took:
        return
    irq = int(took.group(1))
    mine = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                              name).get(str(irq), (0,))[0]
    before = interrupts(guest).get(irq, (0, ""))[0]
    got = qemu.fields(guest.run_ok("edu-pulse %s %d" % (addr, DRIVER_COUNT),
                                   timeout=600))
    after, line = interrupts(guest).get(irq, (0, ""))
    now = qemu.domain_counts(guest.run_ok("cat /proc/adeos/domains"),
                             name).get(str(irq), (0,))[0]
    handled = guest.run_ok("cat /sys/module/adeos_edudrv/parameters/handled")
    tap.check(got.get("acknowledged") == DRIVER_COUNT and
              now - mine == DRIVER_COUNT and
              after - before == DRIVER_COUNT and
              handled.strip() == str(DRIVER_COUNT),
              "%s: %d MSIs raised: the domain received %d and passed them "
              "on, Linux counted %d, its driver serviced %s; "
              "/proc/interrupts: '%d: %s'" %
              (name, DRIVER_COUNT, now - mine, after - before,
               handled.strip(), irq, line))
    text = guest.run_ok("rmmod adeos_edudrv; dmesg | grep "
                        "'adeos: domain %s lets' | tail -1" % name)
    tap.check("lets IRQ %d go" % irq in text,
              "rmmod adeos_edudrv: the driver disabled its MSI, and %s" %
              (text.split("] ", 1)[-1] or "the domain kept it"))
    if d["module"]:
        guest.run_ok("rmmod adeos_%s" % name.replace("-", "_"))


def main():
    out, readme, tools = sys.argv[1], sys.argv[2], sys.argv[3]
    owners = pci_owners(out)
    shared = [o for o in pci_owners(out, "irq-owner") if o[1] == "msi"]
    if not owners and not shared:
        return 0
    initrd = qemu.join_initrd(out, "pci-owner-initrd", tools)
    command = qemu.kernel_command(readme, out)
    command = re.sub(r"-initrd \S+", "-initrd " + initrd, command)
    command = re.sub(r"-M \S+", "-M q35", command)
    for _, _, device in owners + shared:
        slot = re.search(r"(\w+)\.(\d)$", device)
        command += " -device edu,addr=%s.%s" % (slot.group(1),
                                                slot.group(2))

    def check(guest, tap):
        for d, kind, device in owners:
            check_owner(guest, tap, d, kind, device)
        for d, kind, device in shared:
            check_driver_msi(guest, tap, d, device)
    failed = qemu.checked_boot("pci-owner", out, readme, "q35", check,
                               command)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
