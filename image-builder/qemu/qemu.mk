# SPDX-License-Identifier: GPL-2.0-only
#
# Booting the images: make run (adeos.iso), make run-disk (disk.img), on
# the serial console, and the headless smoke boot that plain make ends
# with.

.PHONY: run run-disk smoke

# The board's readme names the QEMU line that boots it; make run adds
# QEMU_MEM (e.g. 256M), QEMU_ICOUNT (e.g. shift=3,sleep=off) and
# QEMU_ARGS. The QEMU line has -no-reboot: poweroff or reboot ends it.
run_env = O='$(O)' QEMU_MEM='$(QEMU_MEM)' QEMU_ICOUNT='$(QEMU_ICOUNT)' \
	QEMU_ARGS='$(QEMU_ARGS)'

smoke:
	$(Q)$(PYTHON) tests/boot/smoke.py '$(O)' "$$(O='$(O)' sh image-builder/qemu/run.sh readme)"

run:
	$(Q)$(run_env) sh image-builder/qemu/run.sh iso

run-disk:
	$(Q)$(run_env) sh image-builder/qemu/run.sh disk
