#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Tests of the configuration side, through make as a user types it:
# every board in configs/ generates code that registers on the host
# build; every case of the reject corpus stops with its message and
# leaves nothing half-written; a domain's fault options reach its
# descriptor; savedefconfig round-trips; no limit of domains is written
# twice.
# TAP lines go to $O/results/config-*.tap.
#
# usage: run.sh O   (CC, HOST_CFLAGS, TEMPLATE_INCS, HOST_LIB, TEMPLATES
#        from make)
set -u
O=$1
results=$O/results
work=$O/config-tests
mkdir -p "$results"
rm -rf "$work"

# make_in DIR ARGS...: make with its own output directory, sharing the
# generated Kconfig and the tool already built in $O.
make_in() {
	dir=$1
	shift
	make -s --no-print-directory O="$dir" KCONFIG_GEN="$O/kconfig" \
		ADEOS_CONFIG="$O/tools/adeos-config" "$@"
}

# tap FILE ok|not MESSAGE...
tap() {
	f=$1
	s=$2
	shift 2
	if [ "$s" = ok ]; then
		echo "ok - $*" >>"$f"
	else
		echo "not ok - $*" >>"$f"
	fi
}

report() {
	tests/report.sh "$1" "$2"
}

# register DIR NAME: compile DIR's generated code against the host
# pipeline and run it; prints what the program printed.
register() {
	bin=$1/register
	# shellcheck disable=SC2086 # flags are word lists
	if ! $CC $HOST_CFLAGS $TEMPLATE_INCS -o "$bin" \
		"$1/domains/adeos_domains.c" tests/config/register_main.c \
		"$HOST_LIB" >"$1/compile.log" 2>&1; then
		echo "the generated code does not compile: $(head -n 3 "$1/compile.log")"
		return 1
	fi
	"$bin"
}

boards() {
	out=$results/config-boards.tap
	: >"$out"
	for f in configs/*_defconfig; do
		b=$(basename "$f")
		d=$work/$b
		if ! msg=$(make_in "$d" "$b" 2>&1 && make_in "$d" domains 2>&1); then
			tap "$out" not "$b: $(echo "$msg" | grep error | head -n 1)"
		elif msg=$(register "$d"); then
			tap "$out" ok "$b: generated code compiles; $msg"
		else
			tap "$out" not "$b: $msg"
		fi
	done
	report boards "$out"
}

# reject CASE: the case's .expect lines must all be in make's output.
reject() {
	c=$1
	name=$(basename "$c" .defconfig)
	d=$work/reject-$name
	log=$d.log
	mkdir -p "$d"
	if make_in "$d" defconfig DEFCONFIG="$c" >"$log" 2>&1 &&
		make_in "$d" domains >>"$log" 2>&1; then
		tap "$out" not "reject/$name: accepted"
		return
	fi
	missing=$(grep -vxF -f "$log" "${c%.defconfig}.expect")
	if [ -n "$missing" ]; then
		tap "$out" not "reject/$name: no line '$missing' in: $(grep error "$log" | head -n 2)"
	elif [ -e "$d/domains/adeos_domains.c" ] ||
		[ -n "$(find "$d" -name '*.tmp' -o -name '.config.new')" ]; then
		tap "$out" not "reject/$name: rejected, but left files behind"
	else
		tap "$out" ok "reject/$name: $(head -n 1 "${c%.defconfig}.expect" | sed 's/^[^ ]* error: //')"
	fi
}

# reject_config CASE: qemu_i386_defconfig's .config edited by hand with
# the case's sed script; make domains must stop with the .expect lines
# (@CONFIG@ for the .config, the line number left out), write nothing
# and leave the .config as the user wrote it.
reject_config() {
	c=$1
	name=$(basename "$c" .sed)
	d=$work/reject-$name
	log=$d.log
	make_in "$d" qemu_i386_defconfig >"$log" 2>&1
	sed -i -f "$c" "$d/.config"
	cp "$d/.config" "$d/config.written"
	if make_in "$d" domains >>"$log" 2>&1; then
		tap "$out" not "reject/$name: accepted"
		return
	fi
	sed "s|^$d/.config:[0-9]*: |@CONFIG@: |" "$log" >"$log.cut"
	missing=$(grep -vxF -f "$log.cut" "${c%.sed}.expect")
	if [ -n "$missing" ]; then
		tap "$out" not "reject/$name: no line '$missing' in: $(grep error "$log" | head -n 2)"
	elif [ -e "$d/domains/adeos_domains.c" ] || [ -e "$d/.config.new" ] ||
		! cmp -s "$d/.config" "$d/config.written"; then
		tap "$out" not "reject/$name: rejected, but the .config changed or files were left"
	else
		tap "$out" ok "reject/$name: $(head -n 1 "${c%.sed}.expect" | sed 's/^[^ ]* error: //')"
	fi
}

rejects() {
	out=$results/config-reject.tap
	: >"$out"
	for c in tests/config/reject/*.defconfig; do
		reject "$c"
	done
	for c in tests/config/reject/*.sed; do
		reject_config "$c"
	done
	report reject-corpus "$out"
}

# A rejected defconfig keeps the .config that was there; a savedefconfig
# read back gives the same .config.
keeps_and_round_trips() {
	out=$results/config-roundtrip.tap
	: >"$out"
	d=$work/roundtrip
	make_in "$d" qemu_i386_defconfig >/dev/null 2>&1
	cp "$d/.config" "$d/config.before"
	make_in "$d" defconfig \
		DEFCONFIG=tests/config/reject/priority-out-of-range.defconfig \
		>/dev/null 2>&1
	if cmp -s "$d/.config" "$d/config.before"; then
		tap "$out" ok "a rejected defconfig leaves the .config as it was"
	else
		tap "$out" not "a rejected defconfig changed the .config"
	fi
	make_in "$d" savedefconfig DEFCONFIG="$d/saved_defconfig" >/dev/null 2>&1
	make_in "$d" defconfig DEFCONFIG="$d/saved_defconfig" >/dev/null 2>&1
	if grep -q . "$d/saved_defconfig" &&
		cmp -s "$d/.config" "$d/config.before"; then
		tap "$out" ok "qemu_i386_defconfig -> savedefconfig ($(grep -c . "$d/saved_defconfig") lines) -> defconfig gives the same .config"
	else
		tap "$out" not "savedefconfig round trip: $(diff "$d/config.before" "$d/.config" | head -n 4)"
	fi
	report roundtrip "$out"
}

# A kernel builds only the templates its board's domains use (and the
# ones those use): make domains lists them in templates.kbuild, which the
# kernel's Kbuild includes; and the executive only when one of them runs
# tasks (linux.fragment asks for CONFIG_ADEOS_EXECUTIVE, or says it is
# not set). The boards make test builds (BOOT_BOARDS of tests/tests.mk)
# still compile every file of every template between them.
kernel_templates() {
	out=$results/config-kernel-templates.tap
	: >"$out"
	k=$work/qemu_i386_defconfig/domains/templates.kbuild
	l=$work/qemu_i386_defconfig/domains/linux.fragment
	if grep -qx 'obj-y += templates/rt-timer/rt-timer.o' "$k" &&
		grep -qx 'obj-y += templates/channel/channel-linux.o' "$k" &&
		! grep -q 'rt-tasks\|pci-owner\|trap-monitor' "$k" &&
		grep -qx '# CONFIG_ADEOS_EXECUTIVE is not set' "$l"; then
		tap "$out" ok "qemu_i386 (rt-timer, irq-owner, channel) builds those templates alone: no rt-tasks, pci-owner or trap-monitor, and no executive"
	else
		tap "$out" not "qemu_i386's templates.kbuild: $(grep -o 'templates/[^ ]*' "$k" 2>&1 | tr '\n' ' '); linux.fragment: $(grep EXECUTIVE "$l" 2>&1)"
	fi
	k=$work/qemu_i386_tasks_defconfig/domains/templates.kbuild
	l=$work/qemu_i386_tasks_defconfig/domains/linux.fragment
	if grep -qx 'obj-y += templates/rt-tasks/rt-tasks.o' "$k" &&
		grep -qx 'obj-y += templates/channel/channel.o' "$k" &&
		grep -qx 'CONFIG_ADEOS_EXECUTIVE=y' "$l"; then
		tap "$out" ok "qemu_i386_tasks builds rt-tasks, channel and the executive, which rt-tasks uses (domain-templates/rt-tasks/uses)"
	else
		tap "$out" not "qemu_i386_tasks's templates.kbuild: $(grep -o 'templates/[^ ]*' "$k" 2>&1 | tr '\n' ' '); linux.fragment: $(grep EXECUTIVE "$l" 2>&1)"
	fi
	boot=$(sed -n 's/^BOOT_BOARDS := //p' tests/tests.mk)
	missing=
	for f in domain-templates/*/*.c; do
		t=$(basename "$(dirname "$f")")
		o="obj-y += templates/$t/$(basename "$f" .c).o"
		found=
		for b in $boot; do
			grep -qxF "$o" "$work/${b}_defconfig/domains/templates.kbuild" \
				2>/dev/null && found=y
		done
		[ -n "$found" ] || missing="$missing $f"
	done
	if [ -n "$boot" ] && [ -z "$missing" ]; then
		tap "$out" ok "make test's boards ($boot) compile every file of every template into their kernels"
	else
		tap "$out" not "no board of make test ($boot) compiles:$missing"
	fi
	report kernel-templates "$out"
}

# A template's numbered options are a counted array of structs and a
# choice one enum field (adeos-config/state.c): qemu_i386_tasks with its
# second task slot off has three tasks, in slot order, each body an
# RT_TASKS_BODY_ constant, and the generated code compiles and registers.
state_arrays() {
	out=$results/config-state-arrays.tap
	: >"$out"
	d=$work/state-arrays
	make_in "$d" qemu_i386_tasks_defconfig >/dev/null 2>&1
	sed -i 's/^AD_DOMAIN1_TASK2=y$/# AD_DOMAIN1_TASK2 is not set/' "$d/.config"
	make_in "$d" olddefconfig >/dev/null 2>&1
	make_in "$d" domains >/dev/null 2>&1
	c=$d/domains/adeos_domains.c
	names=$(sed -n '/^static struct rt_tasks_state/,/^};/s/^\t\t\t\.name = "\(.*\)",$/\1/p' "$c" | tr '\n' ' ')
	bodies=$(sed -n 's/^\t\t\t\.body = \(.*\),$/\1/p' "$c" | tr '\n' ' ')
	if grep -qx '	.ntasks = 3,' "$c" && [ "$names" = "ctl slow rx " ] &&
		[ "$bodies" = "RT_TASKS_BODY_COUNTER RT_TASKS_BODY_COUNTER RT_TASKS_BODY_CONSUMER " ] &&
		! grep -q 'task[0-9]\|body_' "$c"; then
		tap "$out" ok "qemu_i386_tasks without task slot 2: .ntasks = 3, .tasks[] ctl, slow, rx, bodies as enum constants"
	else
		tap "$out" not "qemu_i386_tasks without slot 2: ntasks $(grep -o 'ntasks = [0-9]*' "$c"), names '$names', bodies '$bodies'"
	fi
	if register "$d" state-arrays >"$d/register.log" 2>&1; then
		tap "$out" ok "its generated code compiles against the template and registers on the host"
	else
		tap "$out" not "its generated code: $(tail -n 2 "$d/register.log")"
	fi
	report state-arrays "$out"
}

# Every board says what it is: each defconfig of configs/ names a board
# of its own, whose readme's first line make list-defconfigs prints; and
# savedefconfig keeps the name, even when it is Kconfig's default (a
# saved defconfig without it lists with no description).
board_names() {
	out=$results/config-board-names.tap
	: >"$out"
	dups=$(sed -n 's/^AD_BOARD_NAME="\(.*\)"$/\1/p' configs/*_defconfig |
		sort | uniq -d | tr '\n' ' ')
	if [ -z "$dups" ]; then
		tap "$out" ok "each defconfig of configs/ names a board of its own"
	else
		tap "$out" not "boards named by more than one defconfig: $dups($(grep -l "AD_BOARD_NAME=\"${dups%% *}\"" configs/*_defconfig | tr '\n' ' '))"
	fi
	bare=$(make -s --no-print-directory O="$work/list" list-defconfigs |
		sed -n 's/^  \([^ ]*_defconfig\) *- *$/\1/p' | tr '\n' ' ')
	if [ -z "$bare" ]; then
		tap "$out" ok "make list-defconfigs describes every board"
	else
		tap "$out" not "make list-defconfigs: no description for $bare"
	fi
	lost=
	for f in configs/*_defconfig; do
		b=$(basename "$f")
		d=$work/$b
		name=$(sed -n 's/^AD_BOARD_NAME=//p' "$d/.config")
		make_in "$d" savedefconfig DEFCONFIG="$d/saved_defconfig" \
			>/dev/null 2>&1
		grep -qx "AD_BOARD_NAME=$name" "$d/saved_defconfig" ||
			lost="$lost $b ($name)"
	done
	if [ -z "$lost" ]; then
		tap "$out" ok "savedefconfig keeps every board's AD_BOARD_NAME, the default one too"
	else
		tap "$out" not "savedefconfig drops AD_BOARD_NAME of:$lost"
	fi
	report board-names "$out"
}

# A domain built as a module: make domains writes its module's sources
# and Kbuild lines, and the built-in table leaves it out; made built-in
# again, its module files go.
modules() {
	out=$results/config-modules.tap
	: >"$out"
	d=$work/modules
	m=$d/domains/modules
	make_in "$d" qemu_i386_defconfig >/dev/null 2>&1
	make_in "$d" domains >/dev/null 2>&1
	if grep -qx 'obj-m += adeos-tap.o' "$m/modules.kbuild" &&
		grep -qx 'adeos-tap-y := adeos-tap-domain.o adeos-tap-irq-owner.o' \
			"$m/modules.kbuild" &&
		grep -q '^module_init(domain3_load);' "$m/adeos-tap-domain.c" &&
		grep -q '^#include "irq-owner.c"' "$m/adeos-tap-irq-owner.c" &&
		! grep -q '"tap"' "$d/domains/adeos_domains.c"; then
		tap "$out" ok "tap (AD_DOMAIN3_MODULE=y): adeos-tap.ko from adeos-tap-domain.c and the template's irq-owner.c; not in the built-in table"
	else
		tap "$out" not "tap as a module: $(ls "$m" 2>&1 | tr '\n' ' ')"
	fi
	# a *-builtin.c file: the kernel's copy only
	sed -i 's/^# AD_DOMAIN4_MODULE is not set$/AD_DOMAIN4_MODULE=y/' "$d/.config"
	make_in "$d" domains >/dev/null 2>&1
	if grep -qx 'adeos-chan-y := adeos-chan-domain.o adeos-chan-channel-linux.o adeos-chan-channel.o' \
		"$m/modules.kbuild" && [ ! -e "$m/adeos-chan-channel-builtin.c" ] &&
		grep -qx 'obj-y += templates/channel/channel-builtin.o' \
			"$d/domains/templates.kbuild"; then
		tap "$out" ok "chan (channel) as a module: its module leaves channel-builtin.c out, the kernel builds it"
	else
		tap "$out" not "chan as a module: $(grep adeos-chan-y "$m/modules.kbuild"); $(grep channel "$d/domains/templates.kbuild" | tr '\n' ' ')"
	fi
	sed -i 's/^AD_DOMAIN4_MODULE=y$/# AD_DOMAIN4_MODULE is not set/' "$d/.config"
	# an rt-tasks domain as a module links to the executive built into
	# the kernel, and takes rt-tasks-builtin.c's calls from it
	b=$work/modules-bench
	make_in "$b" qemu_i386_bench_tiny_defconfig >/dev/null 2>&1
	make_in "$b" domains >/dev/null 2>&1
	k=$b/domains/modules/modules.kbuild
	if grep -q '^adeos-tasks-y := .* adeos-tasks-rt-tasks\.o' "$k" &&
		! grep -q 'builtin\|sched\.o' "$k" &&
		grep -qx 'CONFIG_ADEOS_EXECUTIVE=y' "$b/domains/linux.fragment"; then
		tap "$out" ok "qemu_i386_bench_tiny's rt-tasks module (tasks): the template without rt-tasks-builtin.c, and the executive built into the kernel"
	else
		tap "$out" not "qemu_i386_bench_tiny's tasks module: $(grep '^adeos-tasks-y' "$k" 2>&1); $(grep EXECUTIVE "$b/domains/linux.fragment" 2>&1)"
	fi
	sed -i 's/^AD_DOMAIN3_MODULE=y$/# AD_DOMAIN3_MODULE is not set/' "$d/.config"
	make_in "$d" domains >/dev/null 2>&1
	if [ "$(ls "$m")" = modules.kbuild ] &&
		! grep -q '^obj-m' "$m/modules.kbuild" &&
		grep -q '"tap"' "$d/domains/adeos_domains.c"; then
		tap "$out" ok "tap made built-in: in the table, its module files gone"
	else
		tap "$out" not "tap made built-in: modules/ holds $(ls "$m" | tr '\n' ' ')"
	fi
	# two modules may both own an IRQ: they cannot be loaded together
	{
		grep -v '^AD_DOMAIN' configs/qemu_i386_bench_tiny_defconfig
		for n in 1 2; do
			cat <<-EOF
			AD_DOMAIN$n=y
			AD_DOMAIN${n}_NAME="pit$n"
			AD_DOMAIN${n}_PRIORITY=$((200 + n))
			AD_DOMAIN${n}_MODULE=y
			AD_DOMAIN${n}_IRQ1=y
			AD_DOMAIN${n}_IRQ1_EXCLUSIVE=y
			EOF
		done
	} >"$d/two_modules_defconfig"
	if make_in "$d" defconfig DEFCONFIG="$d/two_modules_defconfig" \
		>"$d/two.log" 2>&1 && make_in "$d" domains >>"$d/two.log" 2>&1 &&
		grep -qx 'obj-m += adeos-pit2.o' "$m/modules.kbuild"; then
		tap "$out" ok "two domains built as modules both own IRQ 0 alone (one loads at a time)"
	else
		tap "$out" not "two modules owning IRQ 0: $(tail -n 3 "$d/two.log")"
	fi
	sed 's/^AD_DOMAIN2_MODULE=y$//' "$d/two_modules_defconfig" \
		>"$d/one_module_defconfig"
	if ! { make_in "$d" defconfig DEFCONFIG="$d/one_module_defconfig" &&
		make_in "$d" domains; } >"$d/one.log" 2>&1 &&
		grep -q 'IRQ 0 is owned exclusively by domain 1 "pit1"' "$d/one.log"; then
		tap "$out" ok "a built-in domain and a module both owning IRQ 0: refused"
	else
		tap "$out" not "a built-in domain and a module both owning IRQ 0: $(tail -n 3 "$d/one.log")"
	fi
	report modules "$out"
}

# standin_busybox DIR: DIR holds a busybox-static_*_i386.deb whose
# bin/busybox is a shell script: the rootfs stage packs it as it would
# Debian's (never run here).
standin_busybox() {
	p=$1/pkg
	mkdir -p "$p/DEBIAN" "$p/bin"
	printf '#!/bin/sh\necho stand-in busybox\n' >"$p/bin/busybox"
	chmod 0755 "$p/bin/busybox"
	printf '%s\n' 'Package: busybox-static' 'Version: 0-standin' \
		'Architecture: i386' 'Maintainer: make check <nobody@localhost>' \
		'Description: stand-in for the rootfs stage in make check' \
		>"$p/DEBIAN/control"
	dpkg-deb --root-owner-group -Zgzip -b "$p" \
		"$1/busybox-static_0-standin_i386.deb" >/dev/null
}

# An external tree (ADEOS_EXTERNAL): its board shows in list-defconfigs,
# its template in every domain slot's choice (menuconfig), and the code
# generated for its board registers, built with its template, on the
# host pipeline. O remembers the tree after the first make.
external() {
	out=$results/config-external.tap
	: >"$out"
	ext=$work/external
	d=$work/external-out
	t=$ext/domain-templates/ext-counter
	mkdir -p "$ext/configs" "$ext/board/ext-demo" "$t"
	sed 's/irq_owner/ext_counter/g; s/irq-owner/ext-counter/g' \
		domain-templates/irq-owner/irq-owner.c >"$t/ext-counter.c"
	sed 's/irq_owner/ext_counter/g; s/IRQ_OWNER/EXT_COUNTER/g' \
		domain-templates/irq-owner/irq-owner.h >"$t/ext-counter.h"
	sed 's/irq-owner/ext-counter/g' domain-templates/irq-owner/Kconfig \
		>"$t/Kconfig"
	echo "# ext-counter: irq-owner, from an external tree" >"$t/README.md"
	echo "External demo board, i386" >"$ext/board/ext-demo/readme.txt"
	cat >"$ext/configs/ext_demo_defconfig" <<EOF2
AD_BOARD_NAME="ext-demo"
AD_DOMAIN1=y
AD_DOMAIN1_NAME="ext"
AD_DOMAIN1_PRIORITY=300
AD_DOMAIN1_TEMPLATE_EXT_COUNTER=y
AD_DOMAIN1_IRQ1=y
AD_DOMAIN1_IRQ1_NUMBER=7
AD_IMAGE_ROOTFS_OVERLAY="board/ext-demo/overlay"
EOF2
	mkdir -p "$t/tools" "$ext/board/ext-demo/overlay/etc"
	printf '#include <stdio.h>\nint main(void)\n{\n\tputs("ext");\n\treturn 0;\n}\n' \
		>"$t/tools/ext-hello.c"
	echo "from the external tree's overlay" >"$ext/board/ext-demo/overlay/etc/motd"
	list=$(make -s --no-print-directory O="$d" ADEOS_EXTERNAL="$ext" \
		list-defconfigs 2>&1)
	if echo "$list" | grep -q 'ext_demo_defconfig *- External demo board'; then
		tap "$out" ok "make ADEOS_EXTERNAL=DIR list-defconfigs lists ext_demo_defconfig"
	else
		tap "$out" not "list-defconfigs with ADEOS_EXTERNAL: $list"
	fi
	if ! msg=$(make -s --no-print-directory O="$d" ext_demo_defconfig 2>&1 &&
		make -s --no-print-directory O="$d" domains 2>&1); then
		tap "$out" not "ext_demo_defconfig: $msg"
	elif ! grep -q 'config DOMAIN8_TEMPLATE_EXT_COUNTER' "$d/kconfig/Kconfig.domains"; then
		tap "$out" not "the domain slots do not offer ext-counter"
	elif ! grep -q '&adeos_template_ext_counter' "$d/domains/adeos_domains.c"; then
		tap "$out" not "the generated code does not use ext-counter"
	else
		tap "$out" ok "ext_demo_defconfig from the remembered tree: every domain slot offers ext-counter, the generated code uses it"
		# shellcheck disable=SC2086 # flags are word lists
		if $CC $HOST_CFLAGS $TEMPLATE_INCS -I"$t" -o "$d/register" \
			"$d/domains/adeos_domains.c" "$t/ext-counter.c" \
			tests/config/register_main.c "$HOST_LIB" >"$d/compile.log" 2>&1 &&
			msg=$("$d/register"); then
			tap "$out" ok "ext_demo: generated code and external template compile; $msg"
		else
			tap "$out" not "ext_demo: $(head -n 3 "$d/compile.log")"
		fi
		# the rootfs stage alone: the template's tool, the overlay
		# (gen_init_cpio.c is all it needs of Linux's source), with
		# a stand-in for Debian's i386 busybox, so that make check
		# needs no download (make deps): only where our files land
		# is checked here
		standin_busybox "$work/standin-dl"
		mkdir -p "$d/linux-src"
		tar -xJf "$(sed -n 's/^AD_LINUX_TARBALL="\(.*\)"$/\1/p' "$d/.config")" \
			-C "$d/linux-src" --strip-components=1 --wildcards \
			'*/usr/gen_init_cpio.c' 2>"$d/rootfs.log"
		if O="$d" LINUX_SRC="$d/linux-src" ADEOS_EXTERNAL="$ext" \
			ADEOS_DL_DIR="$work/standin-dl" \
			sh image-builder/rootfs/rootfs.sh \
			>>"$d/rootfs.log" 2>&1 &&
			files=$(gzip -dc "$d/images/rootfs.cpio.gz" | cpio -it 2>/dev/null) &&
			echo "$files" | grep -qx usr/bin/ext-hello &&
			echo "$files" | grep -qx etc/motd; then
			tap "$out" ok "ext_demo's initramfs holds its template's tool (usr/bin/ext-hello) and its overlay (etc/motd)"
		else
			tap "$out" not "ext_demo's initramfs: $(tail -n 3 "$d/rootfs.log")"
		fi
	fi
	report external "$out"
}

# A template's rule of what its domains may take (its folder's file
# "takes") goes with a copy of it: trap-monitor copied by its README's
# recipe into an external tree as my-monitor, a domain of the copy
# given an IRQ is refused, naming the copy's rule.
copied_rule() {
	out=$results/config-copied-rule.tap
	: >"$out"
	ext=$work/copied
	d=$work/copied-out
	mkdir -p "$ext/domain-templates" "$ext/configs"
	cp -R domain-templates/trap-monitor "$ext/domain-templates/"
	recipe=$(sed -n '/^## Make it your own/,$p' \
		domain-templates/trap-monitor/README.md |
		awk '/^    / { print substr($0, 5); seen = 1; next }
			seen && /^[^ ]/ { exit }')
	(cd "$ext" && sh -e -c "$recipe") >"$d.log" 2>&1
	rm -rf "$ext/domain-templates/trap-monitor"
	cat >"$ext/configs/copied_defconfig" <<EOF2
AD_DOMAIN1=y
AD_DOMAIN1_NAME="mine"
AD_DOMAIN1_TEMPLATE_MY_MONITOR=y
AD_DOMAIN1_IRQ1=y
AD_DOMAIN1_IRQ1_NUMBER=5
EOF2
	rule=$(cd "$ext" && pwd)/domain-templates/my-monitor/takes
	if make -s --no-print-directory O="$d" ADEOS_EXTERNAL="$ext" \
		copied_defconfig domains >>"$d.log" 2>&1; then
		tap "$out" not "a domain of my-monitor, trap-monitor's copy, given an IRQ: accepted"
	elif grep -q "error: AD_DOMAIN1_IRQ1_NUMBER: domain 1 \"mine\" of template my-monitor takes 1 IRQ, and the template takes none ($rule:[0-9]*)" "$d.log"; then
		tap "$out" ok "trap-monitor copied as my-monitor keeps its rule: a domain of the copy given an IRQ is refused, naming my-monitor/takes"
	else
		tap "$out" not "a domain of my-monitor given an IRQ: $(grep error "$d.log" | head -n 2)"
	fi
	report copied-rule "$out"
}

# A takes rule with kinds and numbers (no shipped template has one since
# rt-timer and rt-tasks take their timer from the service): irq-owner
# copied into an external tree as my-owner, whose rule allows one legacy
# entry, IRQ 3 or 4. A GSI, an IRQ 5 and two entries are each refused,
# naming the rule's line; IRQ 3 is generated.
takes_kinds_numbers() {
	out=$results/config-takes-rule.tap
	: >"$out"
	ext=$work/takes-rule
	mkdir -p "$ext/domain-templates" "$ext/configs"
	cp -R domain-templates/irq-owner "$ext/domain-templates/"
	(cd "$ext/domain-templates" && mv irq-owner my-owner && cd my-owner &&
		mv irq-owner.c my-owner.c && mv irq-owner.h my-owner.h &&
		sed -i 's/irq-owner/my-owner/g; s/irq_owner/my_owner/g; s/IRQ_OWNER/MY_OWNER/g' ./*)
	printf 'irqs 1\nkinds legacy\nnumbers 3 4\n' \
		>"$ext/domain-templates/my-owner/takes"
	rule=$(cd "$ext" && pwd)/domain-templates/my-owner/takes
	for c in 'gsi:AD_DOMAIN1_IRQ1_GSI=y
AD_DOMAIN1_IRQ1_NUMBER=3:GSI 3: domain 1 "own" of template my-owner may not take an IRQ of this kind ('"$rule"':2)' \
		'five:AD_DOMAIN1_IRQ1_NUMBER=5:IRQ 5: domain 1 "own" of template my-owner may not take it ('"$rule"':3)' \
		'two:AD_DOMAIN1_IRQ1_NUMBER=3
AD_DOMAIN1_IRQ2=y
AD_DOMAIN1_IRQ2_NUMBER=4:domain 1 "own" of template my-owner takes 2 IRQs, and the template takes 1 ('"$rule"':1)' \
		'three:AD_DOMAIN1_IRQ1_NUMBER=3:'; do
		name=${c%%:*}
		rest=${c#*:}
		want=${rest#*:}
		d=$work/takes-rule-$name
		printf 'AD_DOMAIN1=y\nAD_DOMAIN1_NAME="own"\nAD_DOMAIN1_TEMPLATE_MY_OWNER=y\nAD_DOMAIN1_IRQ1=y\n%s\n' \
			"${rest%%:*}" >"$ext/configs/${name}_defconfig"
		if make -s --no-print-directory O="$d" ADEOS_EXTERNAL="$ext" \
			"${name}_defconfig" domains >"$d.log" 2>&1; then
			if [ -z "$want" ] && grep -q '\.irq = 3,' \
				"$d/domains/adeos_domains.c"; then
				tap "$out" ok "my-owner's rule (one legacy entry, IRQ 3 or 4): IRQ 3 accepted"
			else
				tap "$out" not "my-owner, case $name: accepted"
			fi
		elif [ -n "$want" ] && grep -qF "$want" "$d.log"; then
			tap "$out" ok "my-owner's rule (one legacy entry, IRQ 3 or 4), case $name: $want"
		else
			tap "$out" not "my-owner, case $name: $(grep error "$d.log" | head -n 2)"
		fi
	done
	report takes-rule "$out"
}

# accept DIR DEFCONFIG-TEXT: make domains takes the defconfig, in DIR;
# its generated code registers on the host.
accept() {
	d=$1
	mkdir -p "$d"
	printf '%s\n' "$2" >"$d/defconfig"
	if ! msg=$(make_in "$d" defconfig DEFCONFIG="$d/defconfig" 2>&1 &&
		make_in "$d" domains 2>&1); then
		echo "rejected: $(echo "$msg" | grep error | head -n 2)"
		return 1
	fi
	register "$d"
}

# has_lines FILE LINE...: every LINE is a line of FILE (spaces trimmed);
# prints the first one missing.
has_lines() {
	f=$1
	shift
	for l in "$@"; do
		if ! sed 's/^[[:space:]]*//' "$f" | grep -qxF -e "$l"; then
			echo "no line '$l' in $f"
			return 1
		fi
	done
}

# The kinds of IRQ entries: a GSI above the ISA IRQs on the IO-APIC
# board, PCI devices by IDs and by address, and a legacy entry beside
# them; the generated entries say their kind (reject/ holds the
# refusals: a GSI the 8259 has not, a malformed device, ...).
kinds() {
	out=$results/config-kinds.tap
	: >"$out"
	d=$work/accept-gsi
	if msg=$(accept "$d" 'AD_IRQ_IOAPIC=y
AD_DOMAIN1=y
AD_DOMAIN1_NAME="rt"
AD_DOMAIN1_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN1_IRQ1=y
AD_DOMAIN1_IRQ1_GSI=y
AD_DOMAIN1_IRQ1_NUMBER=20
AD_DOMAIN1_IRQ1_EXCLUSIVE=y') &&
		miss=$(has_lines "$d/domains/adeos_domains.c" \
			'/* GSI 20: exclusive, terminated here, replay merged */' \
			'.irq = 20,' '.kind = ADEOS_IRQ_GSI,'); then
		tap "$out" ok "GSI 20 on the IO-APIC board (24 inputs): .kind = ADEOS_IRQ_GSI; $msg"
	else
		tap "$out" not "GSI 20 on the IO-APIC board: $msg$miss"
	fi
	d=$work/accept-pci
	if msg=$(accept "$d" 'AD_DOMAIN1=y
AD_DOMAIN1_NAME="edu"
AD_DOMAIN1_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN1_IRQ1=y
AD_DOMAIN1_IRQ1_PCI_MSI=y
AD_DOMAIN1_IRQ1_DEVICE="1234:11e8"
AD_DOMAIN1_IRQ1_EXCLUSIVE=y
AD_DOMAIN1_IRQ2=y
AD_DOMAIN1_IRQ2_PCI_INTX=y
AD_DOMAIN1_IRQ2_DEVICE="0000:00:05.0"
AD_DOMAIN1_IRQ3=y
AD_DOMAIN1_IRQ3_NUMBER=6
AD_DOMAIN2=y
AD_DOMAIN2_NAME="spy"
AD_DOMAIN2_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN2_IRQ1=y
AD_DOMAIN2_IRQ1_PCI_INTX=y
AD_DOMAIN2_IRQ1_DEVICE="00:05.0"') &&
		miss=$(has_lines "$d/domains/adeos_domains.c" \
			'/* PCI 1234:11e8 MSI: exclusive, terminated here, replay merged */' \
			'.kind = ADEOS_IRQ_PCI_MSI,' '.device = "1234:11e8",' \
			'/* PCI 0000:00:05.0 INTx: shared, passed on, replay merged */' \
			'.kind = ADEOS_IRQ_PCI_INTX,' '.device = "0000:00:05.0",' \
			'/* IRQ 6: shared, passed on, replay merged */' '.irq = 6,'); then
		tap "$out" ok "an MSI by vendor:device, an INTx by address (shared by two domains), a legacy IRQ: .kind and .device as asked; $msg"
	else
		tap "$out" not "PCI entries: $msg$miss"
	fi
	# a legacy entry says no kind, and a PCI one no number: one .irq,
	# IRQ 6's, of the four entries
	c=$d/domains/adeos_domains.c
	if [ -f "$c" ] && [ "$(grep -c '\.irq = ' "$c")" = 1 ] &&
		! grep -q ADEOS_IRQ_LEGACY "$c"; then
		tap "$out" ok "no .kind for a legacy entry, no .irq for a PCI one"
	else
		tap "$out" not "a legacy entry with a .kind, or a PCI one with an .irq, in $c"
	fi
	report kinds "$out"
}

# desc_of FILE NAME: the lines of the struct adeos_domain_desc of
# domain NAME in FILE (the table, or a module's source), spaces trimmed.
desc_of() {
	awk -v name="$2" '
		/\{$/ { buf = ""; next }
		/^[[:space:]]*}/ {
			if (index(buf, ".name = \"" name "\","))
				printf "%s", buf
			buf = ""
			next
		}
		{ buf = buf $0 "\n" }' "$1" | sed 's/^[[:space:]]*//'
}

# desc_has FILE NAME LINE...: domain NAME's descriptor in FILE has every
# LINE; prints the first one missing.
desc_has() {
	f=$1
	name=$2
	shift 2
	desc_of "$f" "$name" >"$f.$name"
	if ! grep -q . "$f.$name"; then
		echo "no domain \"$name\" in $f"
		return 1
	fi
	has_lines "$f.$name" "$@"
}

# What becomes of a domain's IRQs once it faulted, and the time budget
# of one handler call: in the generated descriptor of each domain, built
# in or a module. A .config older than the options gets their defaults;
# a budget written by hand that is no number of microseconds in the
# range stops adeos-config, naming the symbol (make domains would have
# reset it: the tool is run alone here; reject/ holds the defconfigs).
faults() {
	out=$results/config-faults.tap
	: >"$out"
	d=$work/accept-faults
	c=$d/domains/adeos_domains.c
	if msg=$(accept "$d" 'AD_DOMAIN1=y
AD_DOMAIN1_NAME="dflt"
AD_DOMAIN1_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN1_IRQ1=y
AD_DOMAIN1_IRQ1_NUMBER=6
AD_DOMAIN2=y
AD_DOMAIN2_NAME="pass"
AD_DOMAIN2_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN2_FAULT_PASS_IRQS=y
AD_DOMAIN2_BUDGET_US=250
AD_DOMAIN2_IRQ1=y
AD_DOMAIN2_IRQ1_NUMBER=7
AD_DOMAIN3=y
AD_DOMAIN3_NAME="nolimit"
AD_DOMAIN3_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN3_BUDGET_US=0
AD_DOMAIN4=y
AD_DOMAIN4_NAME="mod"
AD_DOMAIN4_TEMPLATE_IRQ_OWNER=y
AD_DOMAIN4_MODULE=y
AD_DOMAIN4_FAULT_PASS_IRQS=y
AD_DOMAIN4_BUDGET_US=1000000') &&
		miss=$(desc_has "$c" dflt '.on_fault = ADEOS_FAULT_DROP_IRQS,' \
			'.budget_us = 10000,' &&
			desc_has "$c" pass '.on_fault = ADEOS_FAULT_PASS_IRQS,' \
				'.budget_us = 250,' &&
			desc_has "$c" nolimit '.on_fault = ADEOS_FAULT_DROP_IRQS,' \
				'.budget_us = 0,'); then
		tap "$out" ok "built in: by default .on_fault = ADEOS_FAULT_DROP_IRQS, .budget_us = 10000; FAULT_PASS_IRQS and BUDGET_US=250, BUDGET_US=0 as asked; $msg"
	else
		tap "$out" not "fault options, built in: $msg$miss"
	fi
	if miss=$(desc_has "$d/domains/modules/adeos-mod-domain.c" mod \
		'.on_fault = ADEOS_FAULT_PASS_IRQS,' '.budget_us = 1000000,'); then
		tap "$out" ok "a module (adeos-mod.ko): .on_fault = ADEOS_FAULT_PASS_IRQS, .budget_us = 1000000 as asked"
	else
		tap "$out" not "fault options, module: $miss"
	fi
	# an old .config: none of the options
	old=$work/faults-old
	mkdir -p "$old/domains"
	grep -v '_FAULT_\|_BUDGET_US' "$d/.config" >"$old/.config" 2>/dev/null
	if "$O/tools/adeos-config" domains --templates "$TEMPLATES" \
		"$old/.config" "$old/domains/adeos_domains.c" >"$old.log" 2>&1 &&
		miss=$(desc_has "$old/domains/adeos_domains.c" pass \
			'.on_fault = ADEOS_FAULT_DROP_IRQS,' '.budget_us = 10000,' &&
			desc_has "$old/domains/modules/adeos-mod-domain.c" mod \
				'.on_fault = ADEOS_FAULT_DROP_IRQS,' \
				'.budget_us = 10000,') &&
		msg=$(register "$old"); then
		tap "$out" ok "a .config without the options: ADEOS_FAULT_DROP_IRQS and 10000 us, built in and module; $msg"
	else
		tap "$out" not "a .config without the options: $(head -n 2 "$old.log")$miss"
	fi
	# budgets written by hand: each refused, naming the symbol
	for v in -1 10ms 1000001 ""; do
		bad=$work/faults-bad$v
		mkdir -p "$bad"
		sed "s/^AD_DOMAIN2_BUDGET_US=.*/AD_DOMAIN2_BUDGET_US=$v/" \
			"$d/.config" >"$bad/.config"
		"$O/tools/adeos-config" domains --templates "$TEMPLATES" \
			"$bad/.config" "$bad/adeos_domains.c" >"$bad.log" 2>&1
		rc=$?
		if [ "$rc" = 1 ] && [ ! -e "$bad/adeos_domains.c" ] &&
			grep -q "^$bad/.config:[0-9]*: error: AD_DOMAIN2_BUDGET_US: ." "$bad.log"; then
			tap "$out" ok "AD_DOMAIN2_BUDGET_US=$v in a .config: refused ($(sed -n 's/^[^ ]* error: AD_DOMAIN2_BUDGET_US: //p' "$bad.log")), nothing written"
		else
			tap "$out" not "AD_DOMAIN2_BUDGET_US=$v: exit $rc: $(head -n 2 "$bad.log")"
		fi
	done
	report faults "$out"
}

# Each limit of domains written once (tests/config/limits.sh).
limits() {
	sh tests/config/limits.sh "$O"
	report limits "$results/config-limits.tap"
}

# What the documents say, held against the tree (tests/config/docs.sh).
docs() {
	sh tests/config/docs.sh "$O"
	report docs "$results/config-docs.tap"
}

# make help names every target users have, and make knows each one.
help_targets() {
	out=$results/config-help.tap
	: >"$out"
	text=$(make -s --no-print-directory help)
	# make's rules, read without running any (-p: its database; the
	# goal, source-date-epoch, only echoes, and -q keeps it from that)
	rules=$(make -pq --no-print-directory O="$work/help" source-date-epoch 2>/dev/null |
		sed -n 's/^\([a-z][a-z_-]*\):.*/\1/p')
	lacking=
	for t in deps source preflight menuconfig savedefconfig image linux \
		linux-rebuild linux-deb linux-menuconfig linux-update-defconfig \
		linux-module rootfs images run run-disk boards graph-build \
		legal-info release check test bench torture soak lint clean \
		distclean; do
		echo "$text" | grep -qE "^  ([a-z, -]*[ ,])?$t( |,)" || {
			lacking="$lacking $t (not in help)"
			continue
		}
		echo "$rules" | grep -qx "$t" || lacking="$lacking $t (no rule)"
	done
	if [ -z "$lacking" ]; then
		tap "$out" ok "make help names every target users have (linux, linux-rebuild, linux-deb, rootfs, images, legal-info, source, graph-build, release and the rest), and make has a rule for each"
	else
		tap "$out" not "make help:$lacking"
	fi
	report help "$out"
}

boards
kernel_templates
board_names
rejects
kinds
faults
limits
keeps_and_round_trips
modules
state_arrays
external
copied_rule
takes_kinds_numbers
help_targets
docs
exit 0
