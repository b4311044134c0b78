#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Honest time: the wall time of `ctxbench -t T -r R` over every mechanism
# against T x R x mechanisms.  Target: within 2 % + 1 s.
# usage: [BUILD=dir] bench/walltime.sh [T] [R]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
t=${1:-1}
r=${2:-3}
n=$("$bin" -l | awk '$1 != "null"' | wc -l)
start=$(date +%s.%N)
"$bin" -t "$t" -r "$r" >/dev/null
end=$(date +%s.%N)
awk -v s="$start" -v e="$end" -v t="$t" -v r="$r" -v n="$n" 'BEGIN {
	want = t * r * n; got = e - s
	printf "ctxbench -t %s -r %s, %d mechanisms: %.2f s for %.2f s of runs\n", t, r, n, got, want
	printf "over: %.2f s = %.2f%% (target within 2%% + 1 s: %s)\n", got - want,
		(got - want) / want * 100, got <= want * 1.02 + 1 ? "met" : "missed" }'
