#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench's pipe against `perf bench sched pipe`, the reference everyone
# has, under the same placement: both tools run under the same taskset,
# alternately, several times; prints the median ratio ctxbench/perf per
# placement.  A loop of ctxbench and an op of perf are both one round trip.
#
# usage: [BUILD=dir] bench/perf-pipe.sh [ROUNDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
seconds=1
loops=200000

command -v perf >/dev/null || { echo "perf is not installed" >&2; exit 1; }

ctx_rate() { # CPULIST [ctxbench args]: loops/sec
	local cpus=$1
	shift
	taskset -c "$cpus" "$bin" -b pipe -P any -t "$seconds" -r 1 -n bench "$@" |
		awk '$1 == "bench" && $2 == "any" { print $5; exit }'
}

perf_rate() { # CPULIST [perf args]: ops/sec
	local cpus=$1
	shift
	taskset -c "$cpus" perf bench sched pipe -l "$loops" "$@" 2>&1 |
		awk '/ops\/sec/ { print $1 }'
}

# The hand-written loop too, for processes: when it trails perf as much
# as ctxbench does, the gap is not ctxbench's instrumentation.
pp=$(mktemp)
trap 'rm -f "$pp"' EXIT
cc -O2 -o "$pp" "$(dirname "$0")/pingpong.c"

ncpu=$(nproc)
placements=("0")
[ "$ncpu" -ge 2 ] && placements+=("0,1")

printf '%-6s %-9s %10s %10s %10s %9s %9s\n' cpus tasks ctxbench perf \
	hand ctx/perf hand/perf
for cpus in "${placements[@]}"; do
	for mode in processes threads; do
		ctx_args=() perf_args=()
		[ "$mode" = threads ] && ctx_args=(-T) perf_args=(-T)
		c=() p=() h=() r=() q=()
		for ((i = 0; i < rounds; i++)); do
			a=$(ctx_rate "$cpus" "${ctx_args[@]}")
			b=$(perf_rate "$cpus" "${perf_args[@]}")
			c+=("$a") p+=("$b")
			r+=("$(ratio "$a" "$b")")
			if [ "$mode" = processes ]; then
				x=$(taskset -c "$cpus" "$pp" pipe "$loops")
				h+=("$x") q+=("$(ratio "$x" "$b")")
			fi
		done
		printf '%-6s %-9s %10.0f %10.0f %10s %9.3f %9s\n' "$cpus" "$mode" \
			"$(printf '%s\n' "${c[@]}" | median)" \
			"$(printf '%s\n' "${p[@]}" | median)" \
			"$([ ${#h[@]} -gt 0 ] && printf '%s\n' "${h[@]}" | median || echo -)" \
			"$(printf '%s\n' "${r[@]}" | median)" \
			"$([ ${#q[@]} -gt 0 ] && printf '%s\n' "${q[@]}" | median || echo -)"
	done
done
echo "(medians of $rounds alternating rounds; ratios per round; hand: bench/pingpong.c)"
