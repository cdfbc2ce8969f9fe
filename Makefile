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

CORE_SRCS := core/domain.c core/irq.c core/pipeline.c core/template.c
HOST_SRCS := tests/host/arch.c
UNIT_NAMES := test_domain test_irq test_pipeline
UNIT_COMMON := tests/unit/fixture.c

.PHONY: all help check test clean bench-core deps lint
.DEFAULT_GOAL := all

all: host-tests

help:
	@echo 'Adeos: an interrupt pipeline beneath Linux, and its builder.'
	@echo
	@echo 'Configuration (written to $$(O)/.config, symbols prefixed AD_):'
	@echo '  list-defconfigs     - the boards in configs/'
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
	@echo '  image               - bzImage and rootfs.cpio.gz for the board'
	@echo '  linux-menuconfig    - change the board'"'"'s kernel configuration'
	@echo '  linux-update-defconfig - write that change back to the board'"'"'s'
	@echo '                        kernel fragment (AD_LINUX_CONFIG_FRAGMENT)'
	@echo
	@echo 'Set-up and tests:'
	@echo '  deps        - install the Debian packages the project needs and'
	@echo '                download the i386 ones into $$(ADEOS_DL_DIR) (dl/)'
	@echo '  check       - host tests: pipeline core, generator, configs'
	@echo '  test        - everything CI runs; ends with "N passed, N failed"'
	@echo '  bench-core  - instructions per delivered IRQ (callgrind)'
	@echo '  test-no-irqflags-hook - the stall proof on a kernel without the'
	@echo '                irqflags hook: shows it failing, as it must'
	@echo
	@echo 'Housekeeping:'
	@echo '  all         - build the host test programs (default)'
	@echo '  lint        - checkpatch (from linux-source-6.1), clang-format'
	@echo '                and cppcheck on our C files'
	@echo '  clean       - remove $$(O) (now: $(O))'
	@echo
	@echo 'Variables: O=DIR (output, default output/), V=1 (full commands),'
	@echo '  SEED=N and EVENTS=N (torture run), RANDCONFIG_SEEDS=N, CC=compiler.'

deps:
	$(Q)ADEOS_DL_DIR='$(ADEOS_DL_DIR)' sh scripts/install-deps.sh

include mk/kconfig.mk
include mk/image.mk
include tests/host.mk

# Every suite writes $(O)/results/*.tap; the last line counts them all.
# The boards make test builds and boots (each build costs minutes).
BOOT_BOARDS := qemu_i386 pc_i386

test:
	$(Q)rm -rf $(O)/results
	$(Q)$(MAKE) --no-print-directory run-host-tests run-config-tests
	$(Q)PYTHON='$(PYTHON)' tests/boot/run.sh '$(O)' $(BOOT_BOARDS)
	$(Q)tests/boot/linux_config_test.sh '$(O)' >$(O)/results/linux-config.tap
	$(Q)tests/report.sh linux-config $(O)/results/linux-config.tap
	$(Q)tests/summary.sh $(O)/results/*.tap

# Not in make test: the kernel without the irqflags hook, where the stall
# proof must fail.
.PHONY: test-no-irqflags-hook
test-no-irqflags-hook:
	$(Q)PYTHON='$(PYTHON)' tests/boot/no_hook.sh '$(O)'

LINT_SRCS := $(CORE_SRCS) core/internal.h $(wildcard core/include/adeos/*.h) \
	$(wildcard core/linux/*.c arch/i386/*.c arch/i386/include/adeos/*.h) \
	tools/adeos-config.c $(TEMPLATE_SRCS) $(wildcard $(addsuffix /*.h,$(TEMPLATE_DIRS)))
lint:
	$(Q)O='$(O)' scripts/lint.sh $(LINT_SRCS)

clean:
	$(msg) CLEAN $(O)
	$(Q)rm -rf $(O)
