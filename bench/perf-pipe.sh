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
		awk '$1 == "bench" && $2 == "any" { print $5 }'
}

perf_rate() { # CPULIST [perf args]: ops/sec
	local cpus=$1
	shift
	taskset -c "$cpus" perf bench sched pipe -l "$loops" "$@" 2>&1 |
		awk '/ops\/sec/ { print $1 }'
}

ncpu=$(nproc)
placements=("0")
[ "$ncpu" -ge 2 ] && placements+=("0,1")

printf '%-10s %-9s %12s %12s %7s\n' "cpus" "tasks" "ctxbench" "perf" "ratio"
for cpus in "${placements[@]}"; do
	for mode in processes threads; do
		ctx_args=() perf_args=()
		[ "$mode" = threads ] && ctx_args=(-T) perf_args=(-T)
		c=() p=() r=()
		for ((i = 0; i < rounds; i++)); do
			a=$(ctx_rate "$cpus" "${ctx_args[@]}")
			b=$(perf_rate "$cpus" "${perf_args[@]}")
			c+=("$a") p+=("$b")
			r+=("$(ratio "$a" "$b")")
		done
		printf '%-10s %-9s %12.0f %12.0f %7.3f\n' "$cpus" "$mode" \
			"$(printf '%s\n' "${c[@]}" | median)" \
			"$(printf '%s\n' "${p[@]}" | median)" \
			"$(printf '%s\n' "${r[@]}" | median)"
	done
done
echo "(medians of $rounds alternating rounds; ratio = ctxbench / perf, per round)"
