#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# A batch of random configurations: each must end in generated code that
# compiles and registers on the host build, or in a named rejection:
# never a crash, a bad message or a file left half-written.
#
# kconfig-conf --randconfig (4.11) varies only bool, tristate and choice
# symbols, so every seed first writes a KCONFIG_ALLCONFIG fragment of
# random int and string values, inside and outside their ranges, with
# repeats, so that names, priorities and IRQs collide, and the kinds of
# the IRQ entries and what becomes of a faulted domain's IRQs (it
# leaves choices at their defaults).
#
# usage: randconfig.sh O [SEEDS [NAME]]   (CC, HOST_CFLAGS, TEMPLATE_INCS,
#        HOST_LIB, TEMPLATES from make)
#   seeds 1 to SEEDS; the TAP lines go to $O/results/NAME.tap (make
#   test's config-randconfig, make torture-configs' torture-configs),
#   each seed's files to $O/config-tests/NAME/SEED (NAME less config-)
set -u
O=$1
SEEDS=${2:-40}
NAME=${3:-config-randconfig}
out=$O/results/$NAME.tap
work=$O/config-tests/${NAME#config-}
tool=$O/tools/adeos-config
rm -rf "$work"
mkdir -p "$work" "$O/results"

# The limits of domains (core/include/adeos/limits.h): the slots, and
# the edges of the priorities and of the domain count.
eval "$("$tool" limits)"

# fragment SEED: random values for every int and string of the domains
fragment() {
	awk -v seed="$1" -v root="$ADEOS_ROOT_PRI" -v maxp="$ADEOS_MAX_PRI" \
		-v slots="$ADEOS_MAX_DOMAINS" -v nirqs="$ADEOS_CONFIG_IRQS" 'BEGIN {
		srand(seed)
		nn = split("rt logger timer-0 x_1 io net can0 gpio " \
			"adc dac pwm rt Linux bad;name", names, " ")
		names[++nn] = ""
		overp = maxp + 1
		np = split("150 200 250 300 350 400 450 500 600 700 800 " \
			maxp " 150 " root " " overp " abc", prios, " ")
		ni = split("0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22 23 " \
			"24 31 -1", irqs, " ")
		# --randconfig leaves choices at their defaults: pick the kinds
		# here, legacy most often; PCI devices by IDs and by address,
		# one device spelt three ways, and malformed ones
		nk = split("LEGACY LEGACY LEGACY GSI GSI PCI_INTX PCI_MSI", kinds, " ")
		nd = split("1234:11e8 1234:11E8 8086:100e 8086:100e 00:05.0 " \
			"0000:00:05.0 00:03.1 00:03.1 1234:11e 00:20.0", devs, " ")
		devs[++nd] = ""
		overs = slots + 1
		nm = split("4 " slots " " slots " " slots " 2 0 " overs, maxes, " ")
		nh = split("1000 100 250 20 10000 5 20000", hzs, " ")
		nb = split("0 1 250 10000 1000000 1000001 -1 10ms", budgets, " ")
		printf "AD_PIPELINE_MAX_DOMAINS=%s\n", maxes[int(rand() * nm) + 1]
		for (n = 1; n <= slots; n++) {
			if (rand() < 0.8)
				printf "AD_DOMAIN%d_NAME=\"%s\"\n", n,
					names[int(rand() * nn) + 1]
			if (rand() < 0.8)
				printf "AD_DOMAIN%d_PRIORITY=%s\n", n,
					prios[int(rand() * np) + 1]
			if (rand() < 0.5)
				printf "AD_DOMAIN%d_TIMER_HZ=%s\n", n,
					hzs[int(rand() * nh) + 1]
			if (rand() < 0.5)
				printf "AD_DOMAIN%d_FAULT_PASS_IRQS=y\n", n
			if (rand() < 0.5)
				printf "AD_DOMAIN%d_BUDGET_US=%s\n", n,
					budgets[int(rand() * nb) + 1]
			for (k = 1; k <= nirqs; k++) {
				kind = kinds[int(rand() * nk) + 1]
				if (kind != "LEGACY")
					printf "AD_DOMAIN%d_IRQ%d_%s=y\n", n, k, kind
				if (rand() < 0.95)
					printf "AD_DOMAIN%d_IRQ%d_NUMBER=%s\n",
						n, k, irqs[int(rand() * ni) + 1]
				if (rand() < 0.95)
					printf "AD_DOMAIN%d_IRQ%d_DEVICE=\"%s\"\n",
						n, k, devs[int(rand() * nd) + 1]
			}
		}
	}'
}

srctree=$(pwd)
kgen=$(cd "$O/kconfig" && pwd)
start=$(date +%s)
accepted=0
rejected=0
domains=0
failed=
: >"$out.tmp"
for seed in $(seq 1 "$SEEDS"); do
	d=$work/$seed
	rm -rf "$d"
	mkdir -p "$d/include/config" "$d/include/generated"
	fragment "$seed" >"$d/fragment"
	(cd "$d" && env CONFIG_=AD_ srctree="$srctree" ADEOS_KCONFIG_GEN="$kgen" \
		KCONFIG_CONFIG=.config KCONFIG_ALLCONFIG=fragment \
		KCONFIG_SEED="$seed" kconfig-conf -s --randconfig Kconfig) \
		>"$d/conf.log" 2>&1
	"$tool" domains --templates "$TEMPLATES" "$d/.config" \
		"$d/adeos_domains.c" >"$d/log" 2>&1
	rc=$?
	case $rc in
	0)
		# shellcheck disable=SC2086 # flags are word lists
		if $CC $HOST_CFLAGS $TEMPLATE_INCS -o "$d/register" \
			"$d/adeos_domains.c" tests/config/register_main.c \
			"$HOST_LIB" >"$d/compile.log" 2>&1 &&
			"$d/register" >"$d/log" 2>&1; then
			accepted=$((accepted + 1))
			domains=$((domains + $(sed -n 's/^\([0-9]*\) domain.*/\1/p' "$d/log")))
		else
			failed="$failed seed $seed: generated code failed ($(head -n 1 "$d/compile.log" "$d/log" | tr '\n' ' '));"
		fi
		;;
	1)
		if [ -e "$d/adeos_domains.c" ] || [ -e "$d/adeos_domains.c.tmp" ]; then
			failed="$failed seed $seed: rejected but wrote a file;"
		elif grep -v '^[^ ]*: [0-9]* errors\{0,1\}: ' "$d/log" |
			grep -qv '^[^ :]*:[0-9]*: error: AD_[A-Z0-9_]*: .'; then
			failed="$failed seed $seed: unnamed finding: $(head -n 1 "$d/log");"
		else
			rejected=$((rejected + 1))
			sed -n 's/^[^ ]* error: AD_[A-Z0-9_]*: //p' "$d/log" |
				sed -E 's/ \(.*//; s/"[^"]*"/"x"/g; s/-?[0-9]+/N/g' \
				>>"$work/reasons"
		fi
		;;
	*)
		failed="$failed seed $seed: adeos-config exited $rc: $(tail -n 1 "$d/log");"
		;;
	esac
done
reasons=$(sort "$work/reasons" 2>/dev/null | uniq -c | sort -rn |
	awk '{ n = $1; $1 = ""; printf "%s%s: %d", sep, substr($0, 2), n; sep = "; " }')
if [ -z "$failed" ] && [ "$accepted" -gt 0 ] && [ "$rejected" -gt 0 ]; then
	echo "ok - randconfig batch: $SEEDS seeds, $accepted registered ($domains domains), $rejected rejected by name, in $(($(date +%s) - start))s" >>"$out.tmp"
else
	echo "not ok - randconfig batch: $accepted registered, $rejected rejected;$(echo "$failed" | cut -d';' -f1-3)" >>"$out.tmp"
fi
echo "# rejections: $reasons" >>"$out.tmp"
mv "$out.tmp" "$out"
