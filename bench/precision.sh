#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# How steady ctxbench is: the coefficient of variation of loops/sec over
# -r 5 for every mechanism at placement same.  Target: <= 1 % on an idle
# machine.
# usage: [BUILD=dir] bench/precision.sh [SECONDS] [PLACEMENT]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
secs=${1:-1}
place=${2:-same}

printf '%-12s %12s %7s\n' mechanism average cv
for m in $("$bin" -l | awk '$1 != "null" { print $1 }'); do
	kv=$("$bin" -n bench -b "$m" -P "$place" -t "$secs" -r 5 --format kv)
	avg=$(kv_key loops_per_sec <<<"$kv") cv=$(kv_key cv_pct <<<"$kv")
	if [ -n "$avg" ]; then
		printf '%-12s %12.0f %6.1f%%\n' "$m" "$avg" "$cv"
	else
		printf '%-12s %12s %7s\n' "$m" - -
	fi
done
echo "(-t $secs -r 5 at placement $place; target cv <= 1.0% on an idle machine)"

# The same spread for the hand-written loop (bench/pingpong.c) on CPU 0:
# what the machine itself varies, with no ctxbench in the loop at all.
pp=$(bench_tool pingpong)
for ((i = 0; i < 5; i++)); do "$pp" pipe 230000 0 0; done |
	awk '{ x[NR] = $1; s += $1 } END {
		m = s / NR; for (i = 1; i <= NR; i++) v += (x[i] - m) ^ 2
		printf "%-12s %12.0f %6.1f%%  (hand-written pipe loop, 5 runs, CPU 0)\n",
			"pingpong", m, sqrt(v / (NR - 1)) / m * 100 }'
