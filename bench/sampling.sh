#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What timing one round trip in 64 costs: loops/sec with the default
# sampling against --sample 0 (no clock read at all), alternately ROUNDS
# times, for the fastest blocking mechanisms and the spinners across CPUs.
# Target: they differ by less than 2 %.
# usage: [BUILD=dir] bench/sampling.sh [ROUNDS] [SECONDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
rounds=${1:-5}
secs=${2:-1}

cases=("pipe same" "futex same" "sysv-sem same")
[ "$(nproc)" -ge 2 ] && cases+=("spinlock cross" "spin-yield cross")
printf '%-12s %-6s %12s %12s %7s\n' mechanism place sampled unsampled ratio
for c in "${cases[@]}"; do
	read -r m p <<<"$c"
	a=() b=() r=()
	for ((i = 0; i < rounds; i++)); do
		x=$(ctx_key loops_per_sec -b "$m" -P "$p" -t "$secs" -r 1)
		y=$(ctx_key loops_per_sec -b "$m" -P "$p" -t "$secs" -r 1 --sample 0)
		a+=("$x") b+=("$y") r+=("$(ratio "$x" "$y")")
	done
	printf '%-12s %-6s %12.0f %12.0f %7.3f\n' "$m" "$p" \
		"$(printf '%s\n' "${a[@]}" | median)" \
		"$(printf '%s\n' "${b[@]}" | median)" \
		"$(printf '%s\n' "${r[@]}" | median)"
done
echo "(medians of $rounds alternating rounds; ratio = sampled / unsampled, per round)"
