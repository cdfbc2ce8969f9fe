# SPDX-License-Identifier: GPL-2.0-only
#
# make test (everything CI runs), make bench, make lint: the suites
# beyond the host tests of tests/host.mk.

.PHONY: test lint

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

# Not in make test: the kernel without the irqflags hook, where the stall
# proof must fail.
.PHONY: test-no-irqflags-hook
test-no-irqflags-hook:
	$(Q)PYTHON='$(PYTHON)' tests/boot/no_hook.sh '$(O)'

LINT_SRCS := $(CORE_SRCS) core/internal.h $(wildcard core/include/adeos/*.h) \
	$(wildcard core/linux/*.c arch/i386/*.c arch/i386/include/adeos/*.h) \
	$(wildcard image-builder/*/*.c image-builder/*/*/*.[ch]) \
	tests/bench/irq-sink/irq-sink.c \
	$(foreach t,$(TEMPLATE_DIRS),$(wildcard $(t)/*.c $(t)/*.h $(t)/tools/*.c))
lint:
	$(Q)O='$(O)' tests/lint/lint.sh $(LINT_SRCS)
