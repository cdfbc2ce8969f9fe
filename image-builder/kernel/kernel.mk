# SPDX-License-Identifier: GPL-2.0-only
#
# The kernel stage: Debian's Linux 6.1, patched, with our sources in,
# configured from the board's fragments, built into $(O)/images/bzImage
# (and the domains built as modules into $(O)/build/modules/). One
# script per step, in image-builder/kernel/ (README.md there).

# Debian's source, unpacked and patched once, in $(O)/linux-src: the
# one make test's boards (in $(O)/boards/*) build from too.
LINUX_SRC ?= $(O)/linux-src

stage_env = O='$(O)' LINUX_SRC='$(LINUX_SRC)' ADEOS_CONFIG='$(ADEOS_CONFIG)' \
	V='$(V)'

# $(call kernel_step,STEP[,ARGS]): image-builder/kernel/STEP.sh
kernel_step = $(Q)$(stage_env) sh image-builder/kernel/$(1).sh $(2)
# the same, named by image-builder/stage.sh if it fails on a full disk
# (not for the interactive steps)
kernel_stage = $(Q)$(stage_env) sh image-builder/stage.sh 'kernel ($(1))' \
	sh image-builder/kernel/$(1).sh

.PHONY: linux linux-rebuild linux-deb linux-menuconfig linux-update-defconfig \
	linux-module

linux: $(DOMAINS_C)
	$(call kernel_stage,source)
	$(call kernel_stage,sync)
	$(call kernel_stage,configure)
	$(call kernel_stage,build)

# Build the kernel again from the changed sources of the tree it was
# built from (Buildroot's name): after editing a file in $(LINUX_SRC),
# or in core/ or arch/, whose copies sync puts there.
linux-rebuild: linux

# The kernel as Debian packages, in $(O)/images/debs/ (bindeb-pkg; a
# Debian system's kernel: pc_i386_debian_defconfig).
linux-deb: linux
	$(call kernel_stage,deb)

# Change the board's kernel configuration, then write the change back
# to its own fragment (the last of AD_LINUX_CONFIG_FRAGMENTS) in a form
# that survives.
linux-menuconfig: $(DOMAINS_C)
	$(call kernel_step,source)
	$(call kernel_step,sync)
	$(call kernel_step,configure,menuconfig)

linux-update-defconfig: $(ADEOS_CONFIG)
	$(call kernel_step,update-defconfig)

# An out-of-tree module built against the board's kernel, with the make
# variables the kernel was built with (make bench's irq-sink.ko).
# MODULE_DIR, not M: a variable of this make's command line reaches
# every make under it, Kbuild's too.
linux-module:
	$(if $(MODULE_DIR),,$(error linux-module: name the module's directory, MODULE_DIR=DIR))
	$(call kernel_step,module,'$(MODULE_DIR)')
