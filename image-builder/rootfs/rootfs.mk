# SPDX-License-Identifier: GPL-2.0-only
#
# The rootfs stage: $(O)/images/rootfs.cpio.gz, a busybox initramfs with
# the skeleton, the guest-side tools and the domains' modules.

.PHONY: rootfs
rootfs: linux
	$(Q)$(stage_env) sh image-builder/stage.sh rootfs \
		sh image-builder/rootfs/rootfs.sh
