# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel and image stages: make image builds $(O)/images/bzImage and
# $(O)/images/rootfs.cpio.gz for the configured board.

# Debian's source, unpacked and patched once; boards built from the
# same source may share it (make test does).
LINUX_SRC ?= $(O)/build/linux-src
# Where make deps puts what it downloads (i386 .debs), as Buildroot's.
ADEOS_DL_DIR ?= dl
export ADEOS_DL_DIR

stage_env = O='$(O)' LINUX_SRC='$(LINUX_SRC)' ADEOS_CONFIG='$(ADEOS_CONFIG)' \
	V='$(V)'

.PHONY: image linux rootfs

linux: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel.sh

rootfs: linux
	$(Q)$(stage_env) sh image-builder/rootfs.sh

image: linux rootfs

.PHONY: linux-menuconfig linux-update-defconfig

# Change the board's kernel configuration, then write the change back
# to its fragment (AD_LINUX_CONFIG_FRAGMENT) in a form that survives.
linux-menuconfig: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel.sh menuconfig

linux-update-defconfig: $(ADEOS_CONFIG)
	$(Q)$(stage_env) sh image-builder/kernel.sh update-defconfig
