#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench against the smallest hand-written ping-pong (bench/pingpong.c:
# one clock read at each end, nothing else in the loop) for pipe, SysV
# semaphore and futex, both on CPU 0 ("same"), alternately ROUNDS times.
# Target: ctxbench >= 0.98 x the hand-written loop.
# usage: [BUILD=dir] bench/handwritten.sh [ROUNDS] [SECONDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
secs=${2:-1}
pp=$(bench_tool pingpong)

printf '%-10s %12s %12s %7s\n' mechanism ctxbench hand-written ratio
for m in pipe sysv-sem futex; do
	r=()
	c=() h=()
	for ((i = 0; i < rounds; i++)); do
		a=$(ctx_key loops_per_sec -b "$m" -P same -t "$secs" -r 1)
		# About as long as ctxbench's run, from its rate.
		b=$("$pp" "$m" "$(awk -v a="$a" -v s="$secs" 'BEGIN { printf "%d", a * s }')" 0 0)
		c+=("$a") h+=("$b") r+=("$(ratio "$a" "$b")")
	done
	printf '%-10s %12.0f %12.0f %7.3f\n' "$m" \
		"$(printf '%s\n' "${c[@]}" | median)" \
		"$(printf '%s\n' "${h[@]}" | median)" \
		"$(printf '%s\n' "${r[@]}" | median)"
done
echo "(medians of $rounds alternating rounds at placement same; ratio per round)"
