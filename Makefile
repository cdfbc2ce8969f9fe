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
	       -Itests/host/include
SAN_CFLAGS := -fsanitize=address,undefined -fno-omit-frame-pointer \
	      -fno-sanitize-recover=all
CMOCKA_LIBS := -lcmocka

CORE_SRCS := core/domain.c core/irq.c core/pipeline.c core/template.c core/ring.c
HOST_SRCS := tests/host/arch.c
UNIT_NAMES := test_domain test_irq test_pipeline test_ring
UNIT_COMMON := tests/unit/fixture.c

.PHONY: all help check test clean distclean bench-core deps lint \
	default-board smoke run run-disk boards
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
	@echo '  run, run-disk       - boot adeos.iso / disk.img in QEMU (serial);'
	@echo '                        QEMU_MEM=, QEMU_ICOUNT=, QEMU_ARGS= change it'
	@echo '  boards              - make image for every board, in $$(O)/boards/'
	@echo '  linux-menuconfig    - change the board'"'"'s kernel configuration'
	@echo '  linux-update-defconfig - write that change back to the board'"'"'s'
	@echo '                        kernel fragment (AD_LINUX_CONFIG_FRAGMENT)'
	@echo
	@echo 'Set-up and tests:'
	@echo '  deps        - install the Debian packages the project needs and'
	@echo '                download the i386 ones into $$(ADEOS_DL_DIR) (dl/)'
	@echo '  check       - host tests: pipeline core, generator, configs'
	@echo '  test        - everything CI runs; ends with "N passed, N failed"'
	@echo '  bench       - latency: the rt-timer domain, Linux on the pipeline,'
	@echo '                Debian 686 and PREEMPT_RT (BENCH_SAMPLES=20000)'
	@echo '  bench-core  - instructions per delivered IRQ (callgrind)'
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

deps:
	$(Q)ADEOS_DL_DIR='$(ADEOS_DL_DIR)' sh scripts/install-deps.sh

include mk/kconfig.mk
include mk/image.mk
include tests/host.mk

# Every suite writes $(O)/results/*.tap; the last line counts them all.
# The boards make test builds and boots (each build costs minutes).
BOOT_BOARDS := qemu_i386 pc_i386 qemu_i386_bench
# The board built a second time, from scratch, to compare bit for bit.
REPRO_BOARD := qemu_i386

test:
	$(Q)rm -rf $(O)/results
	$(Q)$(MAKE) --no-print-directory run-host-tests run-config-tests
	$(Q)PYTHON='$(PYTHON)' tests/boot/run.sh '$(O)' $(BOOT_BOARDS)
	$(Q)tests/boot/linux_config_test.sh '$(O)' >$(O)/results/linux-config.tap
	$(Q)tests/report.sh linux-config $(O)/results/linux-config.tap
	$(msg) REPRO "$(REPRO_BOARD)_defconfig again, from scratch, elsewhere"
	$(Q)tests/image/repro.sh '$(O)/boards/$(REPRO_BOARD)' $(REPRO_BOARD) \
		>$(O)/results/repro.tap
	$(Q)tests/report.sh repro $(O)/results/repro.tap
	$(Q)sed -n 's/^ok - /          /p' $(O)/results/repro.tap
	$(Q)tests/image/unprivileged.sh '$(O)/boards/$(REPRO_BOARD)' \
		'$(abspath $(O))/linux-src' >$(O)/results/unprivileged.tap
	$(Q)tests/report.sh unprivileged $(O)/results/unprivileged.tap
	$(msg) BENCH "smoke: $(BENCH_SMOKE_SAMPLES) samples per row, no pipeline-off build"
	$(Q)PYTHON='$(PYTHON)' tests/bench/run.sh '$(O)' $(BENCH_SMOKE_SAMPLES) smoke \
		>$(O)/results/bench-smoke.log 2>&1; \
		tests/bench/check.sh $(O)/bench/latency.csv $(BENCH_SMOKE_SAMPLES) \
		>$(O)/results/bench.tap
	$(Q)tests/report.sh bench $(O)/results/bench.tap
	$(Q)tests/summary.sh $(O)/results/*.tap

# make bench: the rt-timer domain, Linux alone on the pipeline, Debian's
# 686 and PREEMPT_RT kernels, side by side (tests/bench/run.sh).
BENCH_SAMPLES ?= 20000
BENCH_SMOKE_SAMPLES := 200
.PHONY: bench
bench:
	$(Q)PYTHON='$(PYTHON)' tests/bench/run.sh '$(O)' $(BENCH_SAMPLES)

# The board's readme names the QEMU line that boots it; make run adds
# QEMU_MEM (e.g. 256M), QEMU_ICOUNT (e.g. shift=3,sleep=off) and
# QEMU_ARGS. The QEMU line has -no-reboot: poweroff or reboot ends it.
run_env = O='$(O)' QEMU_MEM='$(QEMU_MEM)' QEMU_ICOUNT='$(QEMU_ICOUNT)' \
	QEMU_ARGS='$(QEMU_ARGS)'

smoke:
	$(Q)$(PYTHON) tests/boot/smoke.py '$(O)' "$$(O='$(O)' sh image-builder/run.sh readme)"

run:
	$(Q)$(run_env) sh image-builder/run.sh iso

run-disk:
	$(Q)$(run_env) sh image-builder/run.sh disk

# Every board of configs/ (and of the external tree), each in
# $(O)/boards/<board>, all from one unpacked Linux source.
boards:
	$(Q)for f in $(foreach d,$(DEFCONFIG_DIRS),$(wildcard $(d)/*_defconfig)); do \
		b=$$(basename $$f _defconfig); \
		printf '  %-7s %s\n' BOARD "$$b"; \
		$(MAKE) --no-print-directory O='$(O)'/boards/$$b \
			LINUX_SRC='$(abspath $(O))'/linux-src $${b}_defconfig image || exit 1; \
	done

# Not in make test: the kernel without the irqflags hook, where the stall
# proof must fail.
.PHONY: test-no-irqflags-hook
test-no-irqflags-hook:
	$(Q)PYTHON='$(PYTHON)' tests/boot/no_hook.sh '$(O)'

LINT_SRCS := $(CORE_SRCS) core/internal.h $(wildcard core/include/adeos/*.h) \
	$(wildcard core/linux/*.c arch/i386/*.c arch/i386/include/adeos/*.h) \
	tools/adeos-config.c tools/adeos-mkdisk.c tools/adeos-stat.c \
	tests/bench/irq-sink/irq-sink.c \
	$(foreach t,$(TEMPLATE_DIRS),$(wildcard $(t)/*.c $(t)/*.h $(t)/tools/*.c))
lint:
	$(Q)O='$(O)' scripts/lint.sh $(LINT_SRCS)

# clean keeps the configuration (and the unpacked Linux source, which
# depends on nothing of ours); distclean removes the output directory.
clean:
	$(msg) CLEAN $(O)
	$(Q)if [ -d $(O) ]; then \
		find $(O) -mindepth 1 -maxdepth 1 ! -name .config \
			! -name .defconfig ! -name build ! -name linux-src \
			-exec rm -rf {} +; \
		find $(O)/build -mindepth 1 -maxdepth 1 ! -name linux-src \
			-exec rm -rf {} + 2>/dev/null; true; \
	fi

distclean:
	$(msg) CLEAN '$(O) (all of it)'
	$(Q)rm -rf $(O)
