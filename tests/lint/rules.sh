#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# The tree's own rules, which checkpatch cannot know (STYLE.md, issue
# 39), over the hand-written C and assembler files outside tests/ (the
# files git tracks, and new ones it does not ignore):
#
#  names  adeos_ is core's prefix. A function named adeos_* or __adeos_*
#         is defined only in core/ (the pipeline, core/*.c, and its Linux
#         glue, core/linux/*.c), and, unless it is static, is declared in
#         a header of core: the public API, core/include/adeos/*.h (the
#         domains' adeos.h, the templates' template.h, clock.h, ring.h,
#         storm.h and torture.h, the arch contract arch.h and context.h,
#         the OS contract os.h, the fast path direct.h, the hooks of
#         Linux's generic code hooks.h), or core's own private ones,
#         core/*.h and core/linux/*.h. Nor is a variable named so defined
#         outside core/. An arch or a template names its own otherwise
#         (core/include/adeos/arch.h's legend: arch_ for the contract's
#         hooks, adx86_ for what both x86 widths share, i386_ for what
#         only the 32-bit port has).
#  asm    Inline asm only in the arch's one header of instructions,
#         arch/i386/include/adeos/insn.h; core/internal.h keeps its empty
#         compiler barrier (core knows no arch).
#  if     No #if, #ifdef, #ifndef or #elif in a .c file: Kbuild picks the
#         objects a configuration builds, and a header gives the no-op
#         static inline for the rest (or plain C tests IS_ENABLED()).
#
# Each check is first proved on planted lines, each alone in a file of
# its own path: every regression caught, every look-alike let be.
#
# usage: O=DIR rules.sh   (a line per finding; exit 1 if any)
# shellcheck disable=SC2317 # the checks are called as check_$rule
set -u
O=${O:-output}
work=$O/lint-rules

# defined FILE...: FILE:LINE:NAME:static|extern:function|variable for
# every function defined at the start of a line (Linux style: the
# declarator at column 0, its body's brace opening the next line or
# ending this one), every variable defined there (a declaration at
# column 0, not extern, no parenthesis before its initializer), and
# every global symbol of an assembler file.
defined() {
	for f in "$@"; do
		case $f in
		*.S)
			sed -n 's/.*SYM_[A-Z_]*(\([A-Za-z0-9_]*\).*/\1/p;
				s/^[[:space:]]*\.globa\{0,1\}l[[:space:]]*\([A-Za-z0-9_]*\).*/\1/p' "$f" |
				sort -u | sed "s|^|$f:0:|; s|\$|:extern:function|"
			;;
		*.c)
			awk -f - "$f" <<'EOF'
function report(  s, n) {
	s = buf
	n = index(s, "(")
	s = substr(s, 1, n - 1)
	sub(/.*[^A-Za-z0-9_]/, "", s)
	print FILENAME ":" start ":" s ":" (buf ~ /^static[ \t]/ ? "static" : "extern") ":function"
}
function parens(s,  o, c) {
	o = gsub(/\(/, "(", s)
	c = gsub(/\)/, ")", s)
	return o - c
}
want_brace {
	want_brace = 0
	if ($0 ~ /^\{/) {
		report()
		next
	}
}
open > 0 {
	buf = buf " " $0
	open += parens($0)
	if (open > 0)
		next
	if ($0 ~ /\{[ \t]*$/)
		report()
	else if ($0 !~ /;[ \t]*$/)
		want_brace = 1
	next
}
/^[A-Za-z_]/ && /\(/ && !/^(typedef|extern)[ \t]/ {
	buf = $0
	start = FNR
	open = parens($0)
	if (open > 0)
		next
	open = 0
	if ($0 ~ /;[ \t]*$/)
		next
	if ($0 ~ /\)[^;]*\{[ \t]*$/)
		report()
	else
		want_brace = 1
	next
}
/^[A-Za-z_]/ && /;[ \t]*$/ && !/^(typedef|extern|return)[ \t]/ {
	s = $0
	sub(/=.*/, "", s)
	if (s ~ /\(/)
		next
	sub(/\[.*/, "", s)
	sub(/[ \t;]*$/, "", s)
	if (s !~ /[ \t*]/)
		next
	n = s
	sub(/.*[^A-Za-z0-9_]/, "", n)
	print FILENAME ":" FNR ":" n ":" (s ~ /^static[ \t]/ ? "static" : "extern") ":variable"
}
EOF
			;;
		esac
	done
}

# core_declared: the adeos_ functions core's headers declare (a
# declarator at column 0), one a line.
core_declared() {
	# shellcheck disable=SC2046 # one file name a word
	sed -n 's/^[A-Za-z_][^(;]*[^A-Za-z0-9_]\(\(__\)\{0,1\}adeos_[A-Za-z0-9_]*\)(.*/\1/p' \
		$(ls core/include/adeos/*.h core/*.h core/linux/*.h 2>/dev/null) |
		sort -u
}

# check_names FILE...: a line per adeos_ function or variable defined
# where it may not be.
check_names() {
	defined "$@" | while IFS=: read -r file line name linkage kind; do
		case $name in adeos_* | __adeos_*) ;; *) continue ;; esac
		case $file in
		core/*)
			[ "$kind" = variable ] && continue
			[ "$linkage" = static ] && continue
			echo "$declared" | grep -qxF "$name" && continue
			echo "$file:$line: $name: an adeos_ function that no header of core declares (core/include/adeos/*.h, the public API; core/*.h, core/linux/*.h)"
			;;
		*)
			echo "$file:$line: $name: adeos_ names are core's (the public API): name it for where it lives (arch_ for the arch contract's hooks, adx86_ for x86 glue, i386_ for 32-bit only: core/include/adeos/arch.h)"
			;;
		esac
	done
}

# check_asm FILE...: a line per inline asm outside the one header.
check_asm() {
	for f in "$@"; do
		case $f in
		*.c | *.h) ;;
		*) continue ;;
		esac
		case $f in arch/i386/include/adeos/insn.h) continue ;; esac
		grep -nE '(^|[^A-Za-z0-9_])(__)?asm(__)?([[:space:]]+(volatile|__volatile__|goto|inline))*[[:space:]]*\(' "$f" |
			while IFS=: read -r line text; do
				# core/internal.h's empty compiler barrier
				if [ "$f" = core/internal.h ] &&
					echo "$text" | grep -qE '^[[:space:]]*__asm__ __volatile__\(""[[:space:]:]*"memory"\);$'; then
					continue
				fi
				echo "$f:$line: inline asm outside arch/i386/include/adeos/insn.h (add a static inline there and call it)"
			done
	done
}

# check_if FILE...: a line per #if in a .c file.
check_if() {
	for f in "$@"; do
		case $f in *.c) ;; *) continue ;; esac
		grep -nE '^[[:space:]]*#[[:space:]]*(if|ifdef|ifndef|elif)([^A-Za-z0-9_]|$)' "$f" |
			while IFS=: read -r line text; do
				echo "$f:$line: $(echo "$text" | sed 's/[[:space:]]*$//'): no #if in a .c file (Kbuild picks the object, a header gives the no-op; or IS_ENABLED() in C)"
			done
	done
}

# Every regression must be caught, every look-alike let be: each case
# below (CHECK|want|path|text, \n for a new line) is planted alone in a
# file of that path, and checked.
self_test() {
	n=0
	failed=0
	while IFS='|' read -r rule want path text; do
		n=$((n + 1))
		mkdir -p "$work/$n/$(dirname "$path")"
		printf '%b\n' "$text" >"$work/$n/$path"
		got=passed
		[ -n "$(cd "$work/$n" && "check_$rule" "$path")" ] && got=caught
		if [ "$got" != "$want" ]; then
			echo "lint rules: the $rule check $got, should have $want: $path: $text"
			failed=1
		fi
	done <<EOF
names|caught|arch/i386/glue.c|void adeos_new_glue(void)\n{\n}
names|caught|arch/i386/glue.c|static unsigned int\n__adeos_helper(unsigned int irq,\n\t       void *cookie)\n{\n\treturn irq;\n}
names|caught|domain-templates/t/t.c|int adeos_t_start(struct adeos_domain_desc *desc) {\n\treturn 0;\n}
names|caught|arch/i386/entry.S|SYM_FUNC_START(adeos_new_entry)
names|caught|core/pipeline.c|int adeos_undeclared(int x)\n{\n\treturn x;\n}
names|passed|core/pipeline.c|static int adeos_local(void)\n{\n\treturn 0;\n}
names|passed|core/domain.c|int adeos_register_domain(adomain_t *adp, adattr_t *attr)\n{\n\treturn 0;\n}
names|passed|arch/i386/arch.c|void i386_thing(void)\n{\n\tadeos_stall_ipipe();\n}
names|passed|arch/i386/arch.c|void adeos_not_defined(void);\nEXPORT_SYMBOL(adeos_x);
names|caught|arch/i386/entry.c|unsigned int adeos_new_kernel_entry(struct pt_regs *regs)\n{\n\treturn 0;\n}
names|passed|arch/i386/entry.c|unsigned int adx86_kernel_entry(struct pt_regs *regs)\n{\n\treturn 0;\n}
names|passed|arch/i386/landing.S|SYM_INNER_LABEL(i386_handler_landing, SYM_L_GLOBAL)
names|caught|arch/i386/root.c|bool adeos_new_flag;
names|caught|arch/i386/root.c|unsigned int adeos_new_playing = NO_IRQ;
names|caught|arch/i386/fault.c|static unsigned long adeos_new_map[4];
names|passed|arch/i386/root.c|unsigned int adx86_root_irq_playing = NO_IRQ;
names|passed|arch/i386/root.c|static struct root_entry root_entries[ADEOS_VIRQ_BASE];
names|passed|arch/i386/root.c|extern bool adeos_new_flag;
names|passed|core/domain.c|adomain_t adeos_root;
asm|caught|arch/i386/root.c|\t\tasm volatile("sti; hlt" : : : "memory");
asm|caught|arch/i386/include/adeos/irqflags.h|\tasm volatile("cli" ::: "memory");
asm|caught|core/pipeline.c|\t__asm__ __volatile__("" : : : "memory");
asm|caught|core/internal.h|\t__asm__ __volatile__("cli" : : : "memory");
asm|caught|domain-templates/t/t.c|\tasm("nop");
asm|passed|arch/i386/include/adeos/insn.h|\tasm volatile("cli" : : : "memory");
asm|passed|core/internal.h|\t__asm__ __volatile__("" : : : "memory");
asm|passed|arch/i386/root.c|#include <asm/apic.h>
asm|passed|arch/i386/root.c| * real interrupt flag, as inline asm of our own (asm/irqflags.h)
if|caught|core/linux/domains.c|#ifdef CONFIG_PCI
if|caught|arch/i386/root.c|#if IS_ENABLED(CONFIG_TRACE_IRQFLAGS)
if|caught|domain-templates/channel/channel-linux.c|#  ifndef MODULE
if|caught|arch/i386/fault.c|#elif defined(CONFIG_X)
if|passed|arch/i386/include/adeos/bug.h|#ifdef CONFIG_GENERIC_BUG
if|passed|core/linux/pci.c|#include <linux/if.h>
if|passed|domain-templates/pci-owner/pci-owner-linux.c|\tif (!IS_ENABLED(CONFIG_PCI))
if|caught|domain-templates/rt-tasks/rt-tasks-builtin.c|#ifndef MODULE
EOF
	echo "$n"
	return $failed
}

rm -rf "$work"
mkdir -p "$work"
declared=$(core_declared)
status=0
planted=$(self_test) || status=1
echo "$planted" | sed '$d'
printf '  %-7s %s\n' RULES "names, asm, if: each proved on its planted lines ($(echo "$planted" | tail -n 1) cases)"
files=$(git ls-files --cached --others --exclude-standard -- '*.c' '*.h' '*.S' 2>/dev/null |
	grep -v -e '^tests/')
if [ -z "$files" ]; then
	echo "lint rules: not a git checkout: no list of hand-written files" >&2
	exit 1
fi
for rule in names asm if; do
	printf '  %-7s %s\n' RULES "$rule: $(echo "$files" | wc -l) files"
	# shellcheck disable=SC2086 # one file name a word
	hits=$("check_$rule" $files)
	[ -z "$hits" ] && continue
	echo "$hits"
	status=1
done
exit $status
