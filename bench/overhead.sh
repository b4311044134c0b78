#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench's own cost per loop, measured with the null mechanism (no
# hand-off: the count, the stop word, the sampling countdown), as a share
# of the fastest real mechanism's round trip at the same placement.
# Target: below 2 %.
# usage: [BUILD=dir] bench/overhead.sh [PLACEMENT] [SECONDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
place=${1:-same}
secs=${2:-1}

null=$(ctx_key loops_per_sec -b null -P "$place" -t "$secs" -r 3)
best=0 best_mech=
for m in $("$bin" -l | awk '$1 != "null" && $1 != "spinlock" { print $1 }'); do
	v=$(ctx_key loops_per_sec -b "$m" -P "$place" -t "$secs" -r 3)
	if awk -v a="$v" -v b="$best" 'BEGIN { exit !(a > b) }'; then
		best=$v best_mech=$m
	fi
done
awk -v n="$null" -v b="$best" -v m="$best_mech" -v p="$place" 'BEGIN {
	printf "placement %s: null %.0f loops/s = %.1f ns of ctxbench per loop\n", p, n, 1e9 / n
	printf "fastest real mechanism: %s, %.0f loops/s = %.0f ns per loop\n", m, b, 1e9 / b
	printf "overhead: %.2f%% of a round trip (target < 2%%)\n", b / n * 100 }'
