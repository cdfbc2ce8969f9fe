# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage: Debian's Linux 6.1, patched, with our sources in,
# configured from the board's fragments, built into $(O)/images/bzImage
# (and the domains built as modules into $(O)/build/modules/).

# Debian's source, unpacked and patched once; boards built from the
# same source may share it (make test does).
LINUX_SRC ?= $(O)/build/linux-src

stage_env = O='$(O)' LINUX_SRC='$(LINUX_SRC)' ADEOS_CONFIG='$(ADEOS_CONFIG)' \
	ADEOS_MKDISK='$(ADEOS_MKDISK)' V='$(V)'

.PHONY: linux linux-menuconfig linux-update-defconfig

linux: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel/kernel.sh

# Change the board's kernel configuration, then write the change back
# to its fragment (AD_LINUX_CONFIG_FRAGMENT) in a form that survives.
linux-menuconfig: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel/kernel.sh menuconfig

linux-update-defconfig: $(ADEOS_CONFIG)
	$(Q)$(stage_env) sh image-builder/kernel/kernel.sh update-defconfig
