#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench's pipe against `perf bench sched pipe`, the reference everyone
# has, under the same placement: both tools run under the same taskset,
# alternately, several times; prints the median ratio ctxbench/perf per
# placement, with the 95 % bootstrap interval of the ratio of the medians
# (resampling the rounds, each a pair run back to back).  A loop of
# ctxbench and an op of perf are both one round trip.
#
# usage: [BUILD=dir] bench/perf-pipe.sh [ROUNDS [CPULIST...]]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
seconds=1
loops=200000

command -v perf >/dev/null || { echo "perf is not installed" >&2; exit 1; }

ctx_rate() { # CPULIST [ctxbench args]: loops/sec
	local cpus=$1
	shift
	taskset -c "$cpus" "$bin" -b pipe -P any -t "$seconds" -r 1 -n bench "$@" \
		--format kv | kv_key loops_per_sec
}

perf_rate() { # CPULIST [perf args]: ops/sec
	local cpus=$1
	shift
	taskset -c "$cpus" perf bench sched pipe -l "$loops" "$@" 2>&1 |
		awk '/ops\/sec/ { print $1 }'
}

# The hand-written loop too, for processes: when it trails perf as much
# as ctxbench does, the gap is not ctxbench's instrumentation.
pp=$(bench_tool pingpong)

ncpu=$(nproc)
placements=("0")
[ "$ncpu" -ge 2 ] && placements+=("0,1")
[ $# -ge 2 ] && placements=("${@:2}")
cf=$(mktemp) pf=$(mktemp)
trap 'rm -f "$cf" "$pf"' EXIT

printf '%-6s %-9s %9s %9s %9s %9s %15s %9s\n' cpus tasks ctxbench perf \
	hand ctx/perf "95% interval" hand/perf
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
		printf '%s\n' "${c[@]}" >"$cf"
		printf '%s\n' "${p[@]}" >"$pf"
		read -r rm lo hi < <(boot_ratio "$cf" "$pf")
		printf '%-6s %-9s %9.0f %9.0f %9s %9.3f %15s %9s\n' "$cpus" "$mode" \
			"$(median <"$cf")" "$(median <"$pf")" \
			"$([ ${#h[@]} -gt 0 ] && printf '%s\n' "${h[@]}" | median || echo -)" \
			"$rm" "[$lo, $hi]" \
			"$([ ${#q[@]} -gt 0 ] && printf '%s\n' "${q[@]}" | median || echo -)"
	done
done
echo "(medians of $rounds alternating rounds; ctx/perf: ratio of the medians, with"
echo " its bootstrap interval; hand/perf: median of the ratios; hand: bench/pingpong.c)"
