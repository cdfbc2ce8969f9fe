# SPDX-License-Identifier: GPL-2.0-only
#
# The image stage: the bootable adeos.iso and disk.img (GRUB) in
# $(O)/images/, around the kernel and the initramfs.

ADEOS_MKDISK := $(O)/tools/adeos-mkdisk

.PHONY: image images

$(ADEOS_MKDISK): image-builder/images/adeos-mkdisk.c
	$(msg) HOSTCC $(patsubst $(O)/%,%,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=gnu11 -O2 -g $(WARNINGS) -o $@.tmp $< && mv $@.tmp $@

images: rootfs $(ADEOS_MKDISK)
	$(Q)$(stage_env) sh image-builder/stage.sh images \
		sh image-builder/images/images.sh

# One line per stage, then what was made.
image: images
	@cd $(O)/images && for f in bzImage rootfs.cpio.gz adeos.iso disk.img; do \
		printf '  %-7s %s/images/%s (%s KiB)\n' IMAGE '$(O)' "$$f" \
			"$$(( ($$(stat -c %s $$f) + 1023) / 1024 ))"; \
	done
