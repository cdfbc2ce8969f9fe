# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel and image stages: make image builds, in $(O)/images/, the
# board's bzImage and rootfs.cpio.gz, and the bootable adeos.iso and
# disk.img.

# Debian's source, unpacked and patched once; boards built from the
# same source may share it (make test does).
LINUX_SRC ?= $(O)/build/linux-src
# Where make deps puts what it downloads (i386 .debs), as Buildroot's.
ADEOS_DL_DIR ?= dl
export ADEOS_DL_DIR

# Builds repeat bit for bit: every date is the last commit's, unless
# the caller says otherwise (outside git: the Makefile's date).
SOURCE_DATE_EPOCH ?= $(or $(shell git log -1 --format=%ct 2>/dev/null),\
	$(shell date -r Makefile +%s))
export SOURCE_DATE_EPOCH

ADEOS_MKDISK := $(O)/tools/adeos-mkdisk

.PHONY: source-date-epoch
source-date-epoch:
	@echo $(SOURCE_DATE_EPOCH)

stage_env = O='$(O)' LINUX_SRC='$(LINUX_SRC)' ADEOS_CONFIG='$(ADEOS_CONFIG)' \
	ADEOS_MKDISK='$(ADEOS_MKDISK)' V='$(V)'

.PHONY: image linux rootfs images

$(ADEOS_MKDISK): tools/adeos-mkdisk.c
	$(msg) HOSTCC $(patsubst $(O)/%,%,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=gnu11 -O2 -g $(WARNINGS) -o $@ $<

linux: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel.sh

rootfs: linux
	$(Q)$(stage_env) sh image-builder/rootfs.sh

images: rootfs $(ADEOS_MKDISK)
	$(Q)$(stage_env) sh image-builder/images.sh

# One line per stage, then what was made.
image: images
	@cd $(O)/images && for f in bzImage rootfs.cpio.gz adeos.iso disk.img; do \
		printf '  %-7s %s/images/%s (%s KiB)\n' IMAGE '$(O)' "$$f" \
			"$$(( ($$(stat -c %s $$f) + 1023) / 1024 ))"; \
	done

.PHONY: linux-menuconfig linux-update-defconfig

# Change the board's kernel configuration, then write the change back
# to its fragment (AD_LINUX_CONFIG_FRAGMENT) in a form that survives.
linux-menuconfig: $(DOMAINS_C)
	$(Q)$(stage_env) sh image-builder/kernel.sh menuconfig

linux-update-defconfig: $(ADEOS_CONFIG)
	$(Q)$(stage_env) sh image-builder/kernel.sh update-defconfig
