# SPDX-License-Identifier: GPL-2.0-only
#
# The install step: the Debian packages the project needs, and the i386
# packages the images are made of, downloaded into $(ADEOS_DL_DIR).

# Where make deps puts what it downloads (i386 .debs), as Buildroot's.
ADEOS_DL_DIR ?= dl
export ADEOS_DL_DIR

.PHONY: deps source
deps:
	$(Q)ADEOS_DL_DIR='$(ADEOS_DL_DIR)' sh image-builder/deps/install-deps.sh

# Buildroot's name: everything a build downloads, fetched now, so that
# the build can run offline (the host's packages are make deps').
source:
	$(Q)ADEOS_DL_DIR='$(ADEOS_DL_DIR)' sh image-builder/deps/install-deps.sh --download-only

# Preflight: before a goal that builds, boots or tests, while make reads
# this file, the host's tools for it are checked (image-builder/deps/
# preflight.sh names each missing one with its package), so that make
# stops at once, not in the middle of a stage. make deps and the
# configuration goals go on without.
PREFLIGHT_BUILD := all image images rootfs linux linux-rebuild linux-deb \
	linux-menuconfig linux-module boards smoke run run-disk test bench \
	torture soak
PREFLIGHT_DEB := linux-deb test
PREFLIGHT_BOOT := all smoke run run-disk test bench torture soak
PREFLIGHT_TEST := check test bench torture soak
# (make release builds images unless RELEASE_BOARDS is given empty)
PREFLIGHT_ROOTFS := all image images rootfs boards test bench torture soak \
	$(if $(filter command line,$(origin RELEASE_BOARDS)),$(if \
	$(strip $(RELEASE_BOARDS)),release),release)
PREFLIGHT_BENCH := test bench
preflight_goals := $(or $(MAKECMDGOALS),all)
preflight_parts := $(if $(filter $(PREFLIGHT_BUILD),$(preflight_goals)),build) \
	$(if $(filter $(PREFLIGHT_BOOT),$(preflight_goals)),boot) \
	$(if $(filter $(PREFLIGHT_TEST),$(preflight_goals)),test) \
	$(if $(filter $(PREFLIGHT_DEB),$(preflight_goals)),deb) \
	$(if $(filter $(PREFLIGHT_ROOTFS),$(preflight_goals)),rootfs) \
	$(if $(filter $(PREFLIGHT_BENCH),$(preflight_goals)),bench)
# (make 4.3's $(shell) does not see make's exports: ADEOS_DL_DIR given)
preflight_env = PYTHON='$(or $(PYTHON),/usr/bin/python3)' \
	ADEOS_DL_DIR='$(ADEOS_DL_DIR)'
ifneq ($(strip $(preflight_parts)),)
ifneq ($(shell $(preflight_env) sh image-builder/deps/preflight.sh $(preflight_parts) >&2 || echo lacking),)
$(error the host lacks what make $(preflight_goals) needs (named above))
endif
endif

.PHONY: preflight
preflight:
	$(Q)$(preflight_env) sh image-builder/deps/preflight.sh
	$(msg) PREFLT 'the host has every tool the build, boots and tests use, and every download ($(ADEOS_DL_DIR))'
