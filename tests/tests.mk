# SPDX-License-Identifier: GPL-2.0-only
#
# make test (everything CI runs), make bench, make lint: the suites
# beyond the host tests of tests/host.mk.

.PHONY: test lint

# Every suite writes $(O)/results/*.tap; the last line counts them all,
# after a table of the parts' wall times (tests/test.sh runs them, the
# builds beside the boots).
# The boards make test builds and boots (each build costs minutes; the
# first is plain make's board, whose kernel ccache then has).
BOOT_BOARDS := qemu_i386 qemu_i386_debug qemu_i386_tasks pc_i386 qemu_i386_bench_tiny
# make test's bench smoke test: the bench board on tinyconfig (the one on
# Debian's configuration, which make bench builds, takes half an hour).
BENCH_SMOKE_BOARD := qemu_i386_bench_tiny
# The board built a second time, from scratch, to compare bit for bit.
REPRO_BOARD := qemu_i386
TEST_ENV = MAKE='$(MAKE)' PYTHON='$(PYTHON)' BOOT_BOARDS='$(BOOT_BOARDS)' \
	REPRO_BOARD='$(REPRO_BOARD)' BENCH_SMOKE_SAMPLES='$(BENCH_SMOKE_SAMPLES)' \
	BENCH_SMOKE_BOARD='$(BENCH_SMOKE_BOARD)'

test:
	$(Q)rm -rf $(O)/results
	$(Q)$(TEST_ENV) tests/test.sh '$(O)'
	$(Q)tests/summary.sh $(O)/results/*.tap

# make bench: the rt-timer domain, Linux alone on the pipeline, Debian's
# 686 and PREEMPT_RT kernels, side by side (tests/bench/run.sh).
BENCH_SAMPLES ?= 20000
BENCH_SMOKE_SAMPLES := 200
.PHONY: bench
bench:
	$(Q)PYTHON='$(PYTHON)' tests/bench/run.sh '$(O)' $(BENCH_SAMPLES)

# make torture: the long runs, not in make test. 1,000 random
# configurations (torture-configs), the pipeline's torture at length on
# the host (sanitized) and in the debug board's kernel, and the kernels
# with tests/planted's bugs, with a new seed each run unless SEED=N is
# given (tests/torture/run.sh).
TORTURE_HOST_EVENTS ?= 10000000
TORTURE_GUEST_EVENTS ?= 1000000
.PHONY: torture
torture: host-tests torture-configs
	$(Q)rm -f $(O)/results/torture-host.tap $(O)/results/torture-rtx.tap $(O)/results/torture-guest.tap \
		$(O)/results/torture-planted-*.tap
	$(Q)MAKE='$(MAKE)' PYTHON='$(PYTHON)' tests/torture/run.sh '$(O)' \
		$(TORTURE_HOST_EVENTS) $(TORTURE_GUEST_EVENTS)
	$(Q)tests/summary.sh $(O)/results/torture-*.tap

# make torture-planted: only torture's planted kernels (no host run, no
# guest run); TORTURE_PLANTED=NAME... builds those only, for example
# TORTURE_PLANTED=lost-prompt (tests/planted/linux/lost-prompt.patch).
.PHONY: torture-planted
planted_taps = $(if $(TORTURE_PLANTED),\
	$(TORTURE_PLANTED:%=$(O)/results/torture-planted-%.tap),\
	$(O)/results/torture-planted-*.tap)
torture-planted:
	$(Q)rm -f $(planted_taps)
	$(Q)MAKE='$(MAKE)' PYTHON='$(PYTHON)' TORTURE_PARTS=planted \
		TORTURE_PLANTED='$(TORTURE_PLANTED)' tests/torture/run.sh '$(O)' 0 0
	$(Q)tests/summary.sh $(planted_taps)

# make soak: all the reliability tests at once on the debug board
# (tests/boot/soak.sh), for SOAK_S seconds of guest time. 20 minutes by
# default: one run's length here (an hour of guest time took about 4.5
# hours on these 2 cores, issue 21); SOAK_S=3600 on a faster host.
SOAK_S ?= 1200
.PHONY: soak
soak:
	$(Q)PYTHON='$(PYTHON)' tests/boot/soak.sh '$(O)' $(SOAK_S)

# make debug-repeat: the debug board's churn and soak checks (or the
# DEBUG_CHECKS of tests/boot/debug_test.py named) DEBUG_RUNS times
# beside DEBUG_HOGS host CPU hogs (tests/boot/debug_repeat.sh), for a
# rare failure such as issue 38's lost prompt:
# make debug-repeat DEBUG_RUNS=30 DEBUG_HOGS=2
DEBUG_RUNS ?= 1
DEBUG_HOGS ?= 0
.PHONY: debug-repeat
debug-repeat:
	$(Q)PYTHON='$(PYTHON)' DEBUG_CHECKS='$(DEBUG_CHECKS)' \
		tests/boot/debug_repeat.sh '$(O)' '$(DEBUG_RUNS)' '$(DEBUG_HOGS)'

# make selftests: Linux's own timer selftests on a board's kernel with
# the pipeline and without it (CONFIG_ADEOS off), side by side
# (tests/selftests/run.sh). SELFTESTS_BOARD=NAME for another board
# (one with high resolution timers and NO_HZ_IDLE says the most).
SELFTESTS_BOARD ?= pc_i386
.PHONY: selftests
selftests:
	$(Q)MAKE='$(MAKE)' PYTHON='$(PYTHON)' tests/selftests/run.sh '$(O)' \
		'$(SELFTESTS_BOARD)'
	$(Q)tests/summary.sh $(O)/results/selftests.tap

# Not in make test: the kernel without the irqflags hook, where the stall
# proof must fail.
.PHONY: test-no-irqflags-hook
test-no-irqflags-hook:
	$(Q)PYTHON='$(PYTHON)' tests/boot/no_hook.sh '$(O)'

LINT_SRCS := $(CORE_SRCS) $(TORTURE_SRCS) core/torture-model.h tests/torture/torture.c core/internal.h $(wildcard core/include/adeos/*.h) \
	$(wildcard core/linux/*.c arch/i386/*.c arch/i386/include/adeos/*.h) \
	$(wildcard executive/*.[ch] executive/include/adeos/*.h executive/linux/*.c) \
	$(wildcard image-builder/*/*.c image-builder/*/*/*.[ch]) \
	tests/bench/irq-sink/irq-sink.c \
	$(foreach t,$(TEMPLATE_DIRS),$(wildcard $(t)/*.c $(t)/*.h $(t)/tools/*.c))
# Then the tree's own rules: adeos_ names, inline asm, #if in .c files
# (tests/lint/rules.sh).
lint:
	$(Q)s=0; O='$(O)' tests/lint/lint.sh $(LINT_SRCS) || s=1; \
		O='$(O)' tests/lint/rules.sh || s=1; exit $$s
