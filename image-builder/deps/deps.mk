# SPDX-License-Identifier: GPL-2.0-only
#
# The install step: the Debian packages the project needs, and the i386
# packages the images are made of, downloaded into $(ADEOS_DL_DIR).

# Where make deps puts what it downloads (i386 .debs), as Buildroot's.
ADEOS_DL_DIR ?= dl
export ADEOS_DL_DIR

.PHONY: deps
deps:
	$(Q)ADEOS_DL_DIR='$(ADEOS_DL_DIR)' sh image-builder/deps/install-deps.sh
