# SPDX-License-Identifier: GPL-2.0-only
#
# Host builds of core/ against the simulated arch in tests/host/, with
# the unit tests, the torture test and its planted bugs. Each program is
# built twice: plain, and under AddressSanitizer and UBSan.

HOST_FLAVOURS := plain san
flavour_cflags_plain :=
flavour_cflags_san := $(SAN_CFLAGS)
PLANTED_BUGS := $(basename $(notdir $(wildcard tests/planted/*.patch)))

host_objs = $(patsubst %.c,$(O)/host/$(1)/%.o,$(2))

# $(1): flavour
define host_flavour
$(O)/host/$(1)/%.o: %.c
	$$(msg) CC $$(patsubst $(O)/%,%,$$@)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(CC) $$(HOST_CFLAGS) $$(flavour_cflags_$(1)) -MMD -MP -c -o $$@ $$<

$(O)/host/$(1)/bin/test_%: $(call host_objs,$(1),tests/unit/test_%.c $(UNIT_COMMON) $(CORE_SRCS) $(HOST_SRCS))
	$$(msg) LD $$(patsubst $(O)/%,%,$$@)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(CC) $$(flavour_cflags_$(1)) -o $$@ $$^ $$(CMOCKA_LIBS)

$(O)/host/$(1)/bin/torture: $(call host_objs,$(1),tests/torture/torture.c $(TORTURE_SRCS) $(CORE_SRCS) $(HOST_SRCS))
	$$(msg) LD $$(patsubst $(O)/%,%,$$@)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(CC) $$(flavour_cflags_$(1)) -o $$@ $$^

$(O)/host/$(1)/bin/bench_core: $(call host_objs,$(1),tests/bench/bench_core.c $(CORE_SRCS) $(HOST_SRCS))
	$$(msg) LD $$(patsubst $(O)/%,%,$$@)
	$$(Q)mkdir -p $$(@D)
	$$(Q)$$(CC) $$(flavour_cflags_$(1)) -o $$@ $$^

HOST_PROGS += $(UNIT_NAMES:%=$(O)/host/$(1)/bin/%) $(O)/host/$(1)/bin/torture
endef

$(foreach f,$(HOST_FLAVOURS),$(eval $(call host_flavour,$(f))))

# A planted bug: a copy of core/ (and of its inline fast path,
# core/include/adeos/direct.h, found first) with one patch applied,
# under the torture.
# $(1): bug name
PLANTED_HDRS := core/include/adeos/direct.h
define planted_bug
$(O)/planted/$(1)/core/.patched: tests/planted/$(1).patch $(CORE_SRCS) core/internal.h $(PLANTED_HDRS)
	$$(msg) PATCH planted/$(1)
	$$(Q)rm -rf $$(@D) && mkdir -p $$(@D)/include/adeos
	$$(Q)cp $(CORE_SRCS) core/internal.h $$(@D)/
	$$(Q)cp $(PLANTED_HDRS) $$(@D)/include/adeos/
	$$(Q)patch -s -p1 -d $(O)/planted/$(1) < $$< || \
		{ echo "planted bug $(1) no longer applies to core/" >&2; exit 1; }
	$$(Q)touch $$@

$(O)/planted/$(1)/torture: $(O)/planted/$(1)/core/.patched tests/torture/torture.c $(TORTURE_SRCS) core/torture-model.h $(HOST_SRCS)
	$$(msg) CC $$(patsubst $(O)/%,%,$$@)
	$$(Q)$$(CC) -I$(O)/planted/$(1)/core/include $$(HOST_CFLAGS) -o $$@ \
		tests/torture/torture.c $(TORTURE_SRCS) $(HOST_SRCS) \
		$$(addprefix $(O)/planted/$(1)/core/,$$(notdir $(CORE_SRCS)))

HOST_PROGS += $(O)/planted/$(1)/torture
endef

$(foreach b,$(PLANTED_BUGS),$(eval $(call planted_bug,$(b))))

# The host pipeline with every template, for generated registration code.
# A template's *-linux.c and *-builtin.c files talk to Linux: built
# only into the kernel.
TEMPLATE_SRCS = $(filter-out %-linux.c %-builtin.c,$(foreach t,$(TEMPLATE_DIRS),$(wildcard $(t)/*.c)))
TEMPLATE_INCS = $(addprefix -I,$(TEMPLATE_DIRS))
HOST_LIB := $(O)/host/plain/libadeos-host.a
$(O)/host/plain/domain-templates/%.o: HOST_CFLAGS += $(TEMPLATE_INCS)
$(HOST_LIB): $(call host_objs,plain,$(CORE_SRCS) $(HOST_SRCS) $(EXECUTIVE_SRCS) $(TEMPLATE_SRCS))
	$(msg) AR $(patsubst $(O)/%,%,$@)
	$(Q)rm -f $@ && ar rcs $@ $^

# Keep the objects between runs: they are intermediate files to make.
.PRECIOUS: $(O)/host/%.o

.PHONY: host-tests
host-tests: $(HOST_PROGS)

# Everything the host tests report goes to $(O)/results/*.tap.
CONFIG_TEST_ENV = CC='$(CC)' HOST_CFLAGS='$(HOST_CFLAGS)' \
	TEMPLATE_INCS='$(TEMPLATE_INCS)' HOST_LIB='$(HOST_LIB)' \
	TEMPLATES='$(TEMPLATE_DIRS)'
RANDCONFIG_SEEDS ?= 100
# Debian's python3, which python3-pexpect goes with.
PYTHON ?= /usr/bin/python3
.PHONY: run-host-tests run-config-tests
run-host-tests: host-tests
	$(Q)tests/run-host.sh '$(O)' '$(UNIT_NAMES)' '$(PLANTED_BUGS)'
	$(Q)CC='$(CC)' sh tests/stat/run.sh '$(O)' >$(O)/results/adeos-stat.tap.tmp 2>&1 || true
	$(Q)mv $(O)/results/adeos-stat.tap.tmp $(O)/results/adeos-stat.tap
	$(Q)tests/report.sh adeos-stat $(O)/results/adeos-stat.tap
run-config-tests: kconfig-prep $(HOST_LIB)
	$(Q)$(CONFIG_TEST_ENV) tests/config/run.sh '$(O)'
	$(Q)$(CONFIG_TEST_ENV) tests/config/randconfig.sh '$(O)' $(RANDCONFIG_SEEDS)
	$(Q)tests/report.sh randconfig $(O)/results/config-randconfig.tap
	$(Q)sed -n 's/^ok - /          /p' $(O)/results/config-randconfig.tap
	$(Q)rm -rf $(O)/config-tests/menuconfig
	$(Q)$(PYTHON) tests/config/menuconfig.py $(O)/config-tests/menuconfig \
		>$(O)/results/config-menuconfig.tap.tmp 2>&1 || true
	$(Q)mv $(O)/results/config-menuconfig.tap.tmp $(O)/results/config-menuconfig.tap
	$(Q)tests/report.sh menuconfig $(O)/results/config-menuconfig.tap

# make torture's configurations (make torture depends on this): a
# thousand random ones, as make test's randconfig batch scrambles them
# (seeds 1 to TORTURE_CONFIG_SEEDS), each of which must end in generated
# code that registers on the host or in a rejection that names the
# symbol; $(O)/results/torture-configs.tap.
TORTURE_CONFIG_SEEDS ?= 1000
.PHONY: torture-configs
torture-configs: kconfig-prep $(HOST_LIB)
	$(msg) CONFIGS '$(TORTURE_CONFIG_SEEDS) random configurations'
	$(Q)$(CONFIG_TEST_ENV) tests/config/randconfig.sh '$(O)' \
		$(TORTURE_CONFIG_SEEDS) torture-configs
	$(Q)tests/report.sh configs $(O)/results/torture-configs.tap
	$(Q)sed -n 's/^ok - /          /p' $(O)/results/torture-configs.tap

check:
	$(Q)rm -rf $(O)/results
	$(Q)MAKE='$(MAKE)' tests/test.sh '$(O)' check
	$(Q)tests/summary.sh $(O)/results/*.tap

# Instructions per IRQ: callgrind on the plain (-O2) build.
bench-core: $(O)/host/plain/bin/bench_core
	$(msg) BENCH core
	$(Q)tests/bench/bench-core.sh $< $(O)/bench-core

-include $(shell find $(O)/host -name '*.d' 2>/dev/null)

# Keep the objects of the host programs: no "rm ..." after a clean build.
.SECONDARY:

# The executive's test links the executive.
$(foreach f,$(HOST_FLAVOURS),$(eval $(O)/host/$(f)/bin/test_rtx: $(call host_objs,$(f),$(EXECUTIVE_SRCS))))
# The x86 timer devices' test links the TSC-deadline device, both built
# against the fake x86 of tests/host/x86/ (QEMU's TCG has no such mode).
X86_TIMER_SRCS := arch/i386/tsc_deadline_timer.c
$(foreach f,$(HOST_FLAVOURS),$(eval $(O)/host/$(f)/bin/test_x86timer: $(call host_objs,$(f),$(X86_TIMER_SRCS))))
$(O)/host/%/arch/i386/tsc_deadline_timer.o $(O)/host/%/tests/unit/test_x86timer.o: \
	HOST_CFLAGS += -Itests/host/x86/include
