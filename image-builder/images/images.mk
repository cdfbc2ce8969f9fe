# SPDX-License-Identifier: GPL-2.0-only
#
# The image stage: the bootable adeos.iso and disk.img (GRUB) in
# $(O)/images/, around the kernel and the initramfs.

.PHONY: image images

images: rootfs
	$(Q)$(stage_env) sh image-builder/stage.sh images \
		sh image-builder/images/images.sh

# One line per stage, then what was made.
image: images
	@cd $(O)/images && for f in bzImage rootfs.cpio.gz adeos.iso disk.img; do \
		printf '  %-7s %s/images/%s (%s KiB)\n' IMAGE '$(O)' "$$f" \
			"$$(( ($$(stat -c %s $$f) + 1023) / 1024 ))"; \
	done
