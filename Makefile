# SPDX-License-Identifier: GPL-2.0-only
#
# Adeos: the interrupt pipeline and its builder. `make help` lists the
# targets. O=DIR keeps every output under DIR; V=1 shows full commands.

O ?= output
V ?= 0

ifeq ($(V),1)
Q :=
msg := @:
else
Q := @
msg := @printf '  %-7s %s\n'
endif

SHELL := /bin/sh
# Nothing but O= is written to: no __pycache__ in the source tree.
export PYTHONDONTWRITEBYTECODE := 1
CC ?= cc
ifeq ($(origin CC),default)
CC := gcc
endif

# Warnings are errors, with the extra ones Jailhouse uses.
WARNINGS := -Wall -Wextra -Werror -Wstrict-prototypes -Wmissing-prototypes \
	    -Wshadow -Wundef
HOST_CFLAGS := -std=gnu11 -O2 -g $(WARNINGS) -Icore/include \
	       -Iexecutive/include -Itests/host/include
SAN_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=all
CMOCKA_LIBS := -lcmocka

CORE_SRCS := core/domain.c core/event.c core/irq.c core/line.c core/pipeline.c core/fault.c core/sched.c core/storm.c core/template.c core/ring.c core/timer.c
# The torture: its driver, its reference model, its events.
TORTURE_SRCS := core/torture.c core/torture-model.c core/torture-events.c
# The executive (executive/): linked by what runs tasks, test_rtx and
# the templates.
EXECUTIVE_SRCS := executive/sched.c executive/synch.c executive/task.c executive/timer.c
HOST_SRCS := tests/host/arch.c tests/host/context.c
UNIT_NAMES := test_domain test_fault test_irq test_line test_os test_pipeline test_resched test_ring test_rtx test_timer test_x86timer
UNIT_COMMON := tests/unit/fixture.c

.PHONY: all help check clean distclean bench-core \
	default-board boards
.DEFAULT_GOAL := all

# Plain make: the configured board, or the default one, built and
# booted once headless (the banner shows it came up).
DEFAULT_BOARD := qemu_i386

all: $(if $(wildcard $(O)/.config),,default-board)
	$(Q)$(MAKE) --no-print-directory image
	$(Q)$(MAKE) --no-print-directory smoke

default-board:
	$(Q)$(MAKE) --no-print-directory $(DEFAULT_BOARD)_defconfig

help:
	@echo 'Adeos: an interrupt pipeline beneath Linux, and its builder.'
	@echo
	@echo 'Configuration (written to $$(O)/.config, symbols prefixed AD_):'
	@echo '  list-defconfigs     - the boards in configs/ (and ADEOS_EXTERNAL)'
	@echo '  <board>_defconfig   - start from configs/<board>_defconfig'
	@echo '  defconfig DEFCONFIG=FILE - start from any defconfig file'
	@echo '  menuconfig, nconfig - change it: domains, priorities, IRQs'
	@echo '  olddefconfig        - bring it up to date with the Kconfig'
	@echo '  savedefconfig       - write it back, minimal, to the defconfig'
	@echo '                        it came from (or DEFCONFIG=FILE)'
	@echo '  domains             - validate it and generate the registration'
	@echo '                        code, $$(O)/domains/adeos_domains.c'
	@echo '  A defconfig value the final .config does not hold (out of range,'
	@echo '  unknown symbol, dependencies off) stops make, naming file:line.'
	@echo
	@echo 'Kernel and images (in $$(O)/images/):'
	@echo '  image               - bzImage, rootfs.cpio.gz, adeos.iso, disk.img'
	@echo '  linux, rootfs, images - the stages up to one of them: the kernel'
	@echo '                        (bzImage), then the initramfs, then the ISO'
	@echo '                        and the disk'
	@echo '  run, run-disk       - boot adeos.iso / disk.img in QEMU (serial);'
	@echo '                        QEMU_MEM=, QEMU_ICOUNT=, QEMU_ARGS= change it'
	@echo '  boards              - make image for every board, in $$(O)/boards/'
	@echo '  graph-build         - how long each stage of the last build took:'
	@echo '                        a table and $$(O)/graphs/build-time.png'
	@echo '  legal-info          - what goes into the images: version, licence'
	@echo '                        and source of each part, in $$(O)/legal-info/'
	@echo '  linux-rebuild       - the kernel again after a change to its sources'
	@echo '                        ($$(O)/linux-src, or core/ and arch/, which'
	@echo '                        it copies there); make image then packs it'
	@echo '  linux-deb           - the kernel as Debian packages (bindeb-pkg),'
	@echo '                        in $$(O)/images/debs/; for a Debian PC:'
	@echo '                        pc_i386_debian_defconfig'
	@echo '  release             - the source tarball of HEAD and the images of'
	@echo '                        RELEASE_BOARDS (qemu_i386 pc_i386) with their'
	@echo '                        checksums, in $$(O)/release/adeos-VERSION/'
	@echo '  linux-menuconfig    - change the board'"'"'s kernel configuration'
	@echo '  linux-update-defconfig - write that change back to the board'"'"'s'
	@echo '                        own kernel fragment (the last of'
	@echo '                        AD_LINUX_CONFIG_FRAGMENTS)'
	@echo '  linux-module MODULE_DIR=DIR - an out-of-tree module (its Kbuild'
	@echo '                        file in DIR) against the built kernel'
	@echo
	@echo 'Set-up and tests:'
	@echo '  deps        - install the Debian packages the project needs and'
	@echo '                download the i386 ones into $$(ADEOS_DL_DIR) (dl/)'
	@echo '  source      - only the downloads of deps (the i386 packages), so'
	@echo '                that later builds can run offline'
	@echo '  preflight   - check the host for every tool the build, the boots'
	@echo '                and the tests use, and $$(ADEOS_DL_DIR) for every'
	@echo '                download (goals that build check theirs first,'
	@echo '                naming what is missing and its package)'
	@echo '  check       - host tests: pipeline core, generator, configs;'
	@echo '                no kernel and no download (about a minute)'
	@echo '  test        - everything CI runs; ends with "N passed, N failed"'
	@echo '  bench       - latency: the rt-timer domain, Linux on the pipeline,'
	@echo '                Debian 686 and PREEMPT_RT (BENCH_SAMPLES=20000)'
	@echo '  bench-core  - instructions per delivered IRQ (callgrind)'
	@echo '  torture     - the torture at length: 10^7 events on the host'
	@echo '                (ASan, UBSan), 10^6 in the debug kernel, kernels'
	@echo '                with planted bugs; a new seed each run (SEED=N)'
	@echo '  torture-planted - only the kernels with planted bugs'
	@echo '                (TORTURE_PLANTED=NAME... picks some)'
	@echo '  soak        - 20 minutes of guest time (SOAK_S=1200) of all the'
	@echo '                reliability tests at once on the debug board;'
	@echo '                SOAK_S=3600 for an hour on a faster host'
	@echo '  debug-repeat - the debug board'"'"'s churn and soak checks'
	@echo '                DEBUG_RUNS times beside DEBUG_HOGS host CPU hogs'
	@echo '  selftests   - Linux'"'"'s timer selftests on pc_i386 with the'
	@echo '                pipeline and with CONFIG_ADEOS off, side by side'
	@echo '                (SELFTESTS_BOARD=NAME for another board)'
	@echo '  test-no-irqflags-hook - the stall proof on a kernel without the'
	@echo '                irqflags hook: shows it failing, as it must'
	@echo
	@echo 'Housekeeping:'
	@echo '  all         - (default) make image for the configured board, or'
	@echo '                qemu_i386_defconfig, and boot it once (smoke test)'
	@echo '  smoke       - boot the images once, headless, print the banner'
	@echo '  lint        - checkpatch (from linux-source-6.1), clang-format'
	@echo '                and cppcheck on our C files'
	@echo '  clean       - remove the build products, keep the configuration'
	@echo '  distclean   - remove $$(O) (now: $(O))'
	@echo
	@echo 'Variables: O=DIR (output, default output/), V=1 (full commands),'
	@echo '  ADEOS_EXTERNAL=DIR (a tree of configs/, board/, domain-templates/),'
	@echo '  SEED=N and EVENTS=N (torture run), RANDCONFIG_SEEDS=N, CC=compiler.'

# Builds repeat bit for bit: every date is the last commit's, unless
# the caller says otherwise (outside git: the Makefile's date).
SOURCE_DATE_EPOCH ?= $(or $(shell git log -1 --format=%ct 2>/dev/null),\
	$(shell date -r Makefile +%s))
export SOURCE_DATE_EPOCH

.PHONY: source-date-epoch
source-date-epoch:
	@echo $(SOURCE_DATE_EPOCH)

# The builder, stage by stage (image-builder/README.md), then the tests.
include image-builder/deps/deps.mk
include image-builder/config/config.mk
include image-builder/kernel/kernel.mk
include image-builder/rootfs/rootfs.mk
include image-builder/images/images.mk
include image-builder/qemu/qemu.mk
include image-builder/legal/legal.mk
include image-builder/release/release.mk
include tests/host.mk
include tests/tests.mk

# Every board of configs/ (and of the external tree), each in
# $(O)/boards/<board>, all from one unpacked Linux source.
boards:
	$(Q)for f in $(foreach d,$(DEFCONFIG_DIRS),$(wildcard $(d)/*_defconfig)); do \
		b=$$(basename $$f _defconfig); \
		printf '  %-7s %s\n' BOARD "$$b"; \
		$(MAKE) --no-print-directory O='$(O)'/boards/$$b \
			LINUX_SRC='$(abspath $(O))'/linux-src $${b}_defconfig image || exit 1; \
	done

# make graph-build: how long each stage of the last build took, a table
# and $(O)/graphs/build-time.png (Buildroot's name).
.PHONY: graph-build
graph-build:
	$(Q)O='$(O)' sh image-builder/graph-build.sh

# clean keeps the configuration (and the unpacked Linux source, which
# depends on nothing of ours); distclean removes the output directory.
clean:
	$(msg) CLEAN $(O)
	$(Q)if [ -d $(O) ]; then \
		find $(O) -mindepth 1 -maxdepth 1 ! -name .config \
			! -name .defconfig ! -name linux-src \
			-exec rm -rf {} +; \
	fi

distclean:
	$(msg) CLEAN '$(O) (all of it)'
	$(Q)rm -rf $(O)
