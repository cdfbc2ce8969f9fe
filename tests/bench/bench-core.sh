#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-only
#
# Count the instructions the pipeline spends per delivered IRQ, with
# callgrind: the same binary and inputs give the same count every run.
# Costs are inclusive: the pipeline, the host arch's hard_* calls and an
# empty handler per delivery.
#
# usage: bench-core.sh BENCH_BINARY OUTDIR
set -eu
bin=$1
out=$2
mkdir -p "$out"

# count SCENARIO FUNCTION N: instructions spent inside FUNCTION, in all
count() {
	f=$out/callgrind.$1
	valgrind --tool=callgrind --callgrind-out-file="$f" \
		--collect-atstart=no --toggle-collect="$2" \
		"$bin" "$1" "$3" >/dev/null 2>"$f.log" || {
		echo "bench-core: valgrind failed on $1, see $f.log" >&2
		exit 1
	}
	sed -n 's/^summary: *//p' "$f"
}

# row SCENARIO FUNCTION N LABEL
row() {
	total=$(count "$1" "$2" "$3")
	per=$(awk -v t="$total" -v n="$3" 'BEGIN { printf "%.1f", t / n }')
	printf '%-52s %8s %10s\n' "$4" "$3" "$per"
	eval "ipi_$(echo "$1" | tr - _)=\${per%.*}"
}

printf '%-52s %8s %10s\n' 'instructions per IRQ (callgrind)' IRQs instr/IRQ
row root adeos_handle_irq 10000 'one domain (root only)'
row head adeos_handle_irq 10000 'highest of two domains, terminating there'
row two adeos_handle_irq 10000 'root plus one domain ahead, both handle'
row four adeos_handle_irq 10000 'four domains, all handle'
row replay adeos_unstall_ipipe 1000 'replay of 1,000 IRQs logged during a stall'

# The primitives of a stage, for make bench's table beside the guest's
# figures (guest: Linux's inline versions; here: the core's calls).
prim=$out/primitives.txt
: >"$prim.tmp"
for p in stall:adeos_stall_ipipe unstall-empty:adeos_unstall_ipipe \
	unstall-one:adeos_unstall_ipipe test:adeos_test_ipipe; do
	row "${p%%:*}" "${p#*:}" 10000 "primitive: ${p%%:*}"
	eval "echo \"${p%%:*} \$ipi_$(echo "${p%%:*}" | tr - _)\"" >>"$prim.tmp"
done
mv "$prim.tmp" "$prim"

# shellcheck disable=SC2154 # set by row()
if [ "$ipi_head" -le 200 ]; then
	verdict=met
else
	verdict='NOT met'
fi
echo "target: at most 200 instructions to deliver to the highest domain:" \
	"$verdict ($ipi_head)"
