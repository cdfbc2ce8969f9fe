# SPDX-License-Identifier: GPL-2.0-only
#
# make release: the source tarball of HEAD and the default boards'
# images, with their checksums, in $(O)/release/adeos-$(VERSION)/
# (image-builder/release/release.sh). RELEASE_BOARDS= (empty) makes the
# source tarball alone.

RELEASE_BOARDS ?= qemu_i386 pc_i386

.PHONY: release
release:
	$(Q)O='$(O)' RELEASE_BOARDS='$(RELEASE_BOARDS)' \
		sh image-builder/release/release.sh
