# SPDX-License-Identifier: GPL-2.0-only
#
# The configuration: Kconfig through Debian's kconfig-frontends, the
# checks that make its leniency an error, and the registration code.
#
# Symbols are written with the prefix AD_ (kconfig-frontends takes it from
# the CONFIG_ environment variable). The tools run inside $(O), with
# srctree pointing back here, so that every output stays under $(O).

KCONFIG_PREFIX := AD_
KCONFIG_GEN := $(O)/kconfig
KCONFIG_DOMAINS := $(KCONFIG_GEN)/Kconfig.domains
KNOWN_SYMBOLS := $(KCONFIG_GEN)/known-symbols
# An external tree (ADEOS_EXTERNAL=DIR, as Buildroot's BR2_EXTERNAL) adds
# its configs/ and domain-templates/; O remembers it for later makes.
ADEOS_EXTERNAL_FILE := $(O)/.adeos-external
ifeq ($(strip $(ADEOS_EXTERNAL)),)
override ADEOS_EXTERNAL := $(shell cat $(ADEOS_EXTERNAL_FILE) 2>/dev/null)
else
override ADEOS_EXTERNAL := $(abspath $(ADEOS_EXTERNAL))
$(shell mkdir -p $(O) && echo '$(ADEOS_EXTERNAL)' >$(ADEOS_EXTERNAL_FILE))
endif
ifneq ($(ADEOS_EXTERNAL),)
ifeq ($(wildcard $(ADEOS_EXTERNAL)/.),)
$(error ADEOS_EXTERNAL: $(ADEOS_EXTERNAL) is not a directory)
endif
endif
export ADEOS_EXTERNAL

TEMPLATE_DIRS := $(patsubst %/Kconfig,%,$(sort $(wildcard domain-templates/*/Kconfig)) \
	$(if $(ADEOS_EXTERNAL),$(sort $(wildcard $(ADEOS_EXTERNAL)/domain-templates/*/Kconfig))))
DEFCONFIG_DIRS := $(strip configs $(if $(ADEOS_EXTERNAL),$(ADEOS_EXTERNAL)/configs))
TEMPLATES := $(notdir $(TEMPLATE_DIRS))
ADEOS_CONFIG := $(O)/tools/adeos-config
DOMAINS_C := $(O)/domains/adeos_domains.c
DEFCONFIG_ORIGIN := $(O)/.defconfig

abs_O = $(abspath $(O))
kconfig_env = CONFIG_=$(KCONFIG_PREFIX) srctree=$(CURDIR) \
	ADEOS_KCONFIG_GEN=$(abspath $(KCONFIG_GEN)) KCONFIG_CONFIG=$(1)
# $(1): the .config to write, $(2): kconfig-conf's arguments
kconf = mkdir -p $(O) && cd $(O) && mkdir -p include/config include/generated && \
	env $(call kconfig_env,$(1)) kconfig-conf $(2) Kconfig

.PHONY: list-defconfigs defconfig menuconfig nconfig olddefconfig \
	savedefconfig domains kconfig-prep

# The slots and ranges come from adeos/limits.h, through the built tool.
$(KCONFIG_DOMAINS): image-builder/config/gen-kconfig-domains.sh \
		$(wildcard image-builder/config/Kconfig.*.in) $(ADEOS_CONFIG) \
		$(foreach t,$(TEMPLATE_DIRS),$(t)/Kconfig $(t)/README.md)
	$(msg) GEN $(patsubst $(O)/%,%,$@)
	$(Q)mkdir -p $(@D)
	$(Q)sh image-builder/config/gen-kconfig-domains.sh $(ADEOS_CONFIG) $@ \
		$(TEMPLATE_DIRS)

# The symbols, one a line, an int's range after it ("SYM MIN MAX": the
# range without a condition, else its first), for the messages that say
# what a value was reset for.
$(KNOWN_SYMBOLS): Kconfig $(KCONFIG_DOMAINS)
	$(Q)awk '$$1 ~ /^(menu)?config$$/ { s = $$2; if (!(s in r)) o[n++] = s; \
			if (!(s in r)) r[s] = ""; next } \
		/^[a-z]/ { s = "" } \
		s != "" && $$1 == "range" { \
			if ($$4 != "if") { r[s] = " " $$2 " " $$3 } \
			else if (r[s] == "") r[s] = " " $$2 " " $$3 } \
		END { for (i = 0; i < n; i++) print o[i] r[o[i]] }' $^ >$@.tmp
	$(Q)mv $@.tmp $@

ADEOS_CONFIG_DIR := image-builder/config/adeos-config
ADEOS_CONFIG_SRCS := $(addprefix $(ADEOS_CONFIG_DIR)/,main.c util.c config.c \
	requested.c read.c domains.c irqs.c takes.c generate.c kbuild.c state.c)
ADEOS_CONFIG_HDRS := $(addprefix $(ADEOS_CONFIG_DIR)/,adeos-config.h config.h \
	domains.h generate.h state.h) core/include/adeos/limits.h
$(ADEOS_CONFIG): $(ADEOS_CONFIG_SRCS) $(ADEOS_CONFIG_HDRS)
	$(msg) HOSTCC $(patsubst $(O)/%,%,$@)
	$(Q)mkdir -p $(@D)
	$(Q)$(CC) -std=gnu11 -O2 -g $(WARNINGS) -Icore/include -o $@.tmp \
		$(ADEOS_CONFIG_SRCS) && mv $@.tmp $@

kconfig-prep: $(KCONFIG_DOMAINS) $(KNOWN_SYMBOLS) $(ADEOS_CONFIG)

list-defconfigs:
	@for d in $(DEFCONFIG_DIRS); do \
		if [ $$d = configs ]; then echo 'Boards (make <name>, then make image):'; \
		else echo "Boards of the external tree $$(dirname $$d):"; fi; \
		for f in $$(ls $$d/*_defconfig 2>/dev/null | LC_ALL=C sort); do \
			b=$$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$$/\1/p' $$f); \
			r=$$(dirname $$d)/board/$$b/readme.txt; \
			printf '  %-36s - %s\n' "$$(basename $$f)" \
				"$$(head -n 1 $$r 2>/dev/null)"; \
		done; \
	done

# The external tree's board wins over ours of the same name.
%_defconfig:
	$(Q)f=; for d in $(DEFCONFIG_DIRS); do \
		[ -f $$d/$@ ] && f=$$d/$@; done; \
	[ -n "$$f" ] || { echo '$@: no such board in $(DEFCONFIG_DIRS)' \
		'(make list-defconfigs)' >&2; exit 2; }; \
	$(MAKE) --no-print-directory defconfig DEFCONFIG=$$f

# A defconfig gives the .config; every value it asks for must hold there.
# The new .config replaces the old one only when it passes.
defconfig: kconfig-prep
	@test -n '$(DEFCONFIG)' || \
		{ echo 'defconfig: name the file: make defconfig DEFCONFIG=FILE' >&2; exit 2; }
	@test -f '$(DEFCONFIG)' || \
		{ echo 'defconfig: $(DEFCONFIG): no such file' >&2; exit 2; }
	$(msg) CONF $(DEFCONFIG)
	$(Q)$(call kconf,.config.new,-s --defconfig=$(abspath $(DEFCONFIG)))
	$(Q)$(ADEOS_CONFIG) requested --known $(KNOWN_SYMBOLS) \
		$(O)/.config.new $(DEFCONFIG) || \
		{ rm -f $(O)/.config.new; \
		  echo '$(DEFCONFIG): rejected, $(O)/.config left as it was' >&2; \
		  exit 1; }
	$(Q)mv $(O)/.config.new $(O)/.config
	$(Q)echo '$(DEFCONFIG)' >$(DEFCONFIG_ORIGIN)

# The slots' prompts name the domains of the .config (Domain 1: rt).
slot_names = [ ! -f $(O)/.config ] || ADEOS_SLOT_NAMES=$(O)/.config \
	sh image-builder/config/gen-kconfig-domains.sh $(ADEOS_CONFIG) \
	$(KCONFIG_DOMAINS) $(TEMPLATE_DIRS)

menuconfig: kconfig-prep
	$(Q)$(slot_names)
	$(Q)mkdir -p $(O) && cd $(O) && env $(call kconfig_env,.config) kconfig-mconf Kconfig

nconfig: kconfig-prep
	$(Q)$(slot_names)
	$(Q)mkdir -p $(O) && cd $(O) && env $(call kconfig_env,.config) kconfig-nconf Kconfig

olddefconfig: kconfig-prep
	$(msg) CONF .config
	$(Q)$(call kconf,.config,-s --olddefconfig)

# Minimal, like Buildroot's: written back to the defconfig the .config
# came from, or to DEFCONFIG=FILE, or to $(O)/defconfig. The board's
# name stays in it even when it is Kconfig's default: list-defconfigs
# and a reader of the file find the board by it.
BOARD_NAME_LINE := ^$(KCONFIG_PREFIX)BOARD_NAME=
savedefconfig: kconfig-prep
	$(Q)test -f $(O)/.config || { echo 'savedefconfig: no $(O)/.config' >&2; exit 2; }
	$(Q)to='$(DEFCONFIG)'; \
	[ -n "$$to" ] || to=$$(cat $(DEFCONFIG_ORIGIN) 2>/dev/null); \
	[ -n "$$to" ] || to=$(O)/defconfig; \
	printf '  %-7s %s\n' SAVE "$$to"; \
	$(call kconf,.config,-s --savedefconfig=$(abs_O)/defconfig.tmp) && \
	cd $(CURDIR) && \
	if ! grep -q '$(BOARD_NAME_LINE)' $(O)/defconfig.tmp; then \
		{ grep '$(BOARD_NAME_LINE)' $(O)/.config; \
		  cat $(O)/defconfig.tmp; } >$(O)/defconfig.tmp.named && \
		mv $(O)/defconfig.tmp.named $(O)/defconfig.tmp; \
	fi && mv $(O)/defconfig.tmp "$$to"

$(O)/.config:
	@echo 'No configuration in $(O): make <board>_defconfig first' \
		'(make list-defconfigs lists them), or make menuconfig.' >&2
	@exit 2

# Sync the .config with the Kconfig (autoconf.h, auto.conf for the
# kernel stage), then validate the domains and write their code. A
# .config edited by hand is held to a defconfig's rule: bringing it up
# to date (olddefconfig, into .config.new) must keep every line of it,
# or make stops naming each line reset or dropped, and the .config
# stays as it was written.
$(DOMAINS_C): $(O)/.config $(ADEOS_CONFIG) $(KCONFIG_DOMAINS) $(KNOWN_SYMBOLS) \
		$(wildcard $(addsuffix /takes,$(TEMPLATE_DIRS)) \
			$(addsuffix /uses,$(TEMPLATE_DIRS)))
	$(Q)cp $(O)/.config $(O)/.config.new
	$(Q)$(call kconf,.config.new,-s --olddefconfig)
	$(Q)$(ADEOS_CONFIG) requested --known $(KNOWN_SYMBOLS) --in-config \
		$(O)/.config.new $(O)/.config || \
		{ rm -f $(O)/.config.new $@; \
		  echo '$(O)/.config: rejected, left as it was' >&2; exit 1; }
	$(Q)if cmp -s $(O)/.config.new $(O)/.config; then \
		rm -f $(O)/.config.new; else mv $(O)/.config.new $(O)/.config; fi
	$(Q)$(call kconf,.config,-s --silentoldconfig)
	$(msg) GEN $(patsubst $(O)/%,%,$@)
	$(Q)mkdir -p $(@D)
	$(Q)origin=$$(cat $(DEFCONFIG_ORIGIN) 2>/dev/null); \
	$(ADEOS_CONFIG) domains $${origin:+--origin "$$origin"} \
		--templates '$(TEMPLATE_DIRS)' $(O)/.config $@ || \
		{ rm -f $@; exit 1; }

domains: $(DOMAINS_C)
