#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# What --profile costs: each mechanism's loops/sec with and without it,
# the two taking turns a run each, ROUNDS rounds; the ratio of the medians
# (profiled over plain) and its 95 % bootstrap interval.  The profiled
# window holds the trace slice (sched_wakeup and sched_switch, a bounded
# number of events) and the sampling: both are in the ratio.
# usage: [BUILD=dir] bench/profile.sh [MECHS] [PLACEMENT] [SECONDS] [ROUNDS]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
mechs=${1:-pipe,futex,sysv-sem,unix}
place=${2:-any}
secs=${3:-1}
rounds=${4:-5}
tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT

# loops/sec of one run of mechanism $1, with the options after it.
rate() {
	local m=$1
	shift
	"$bin" -n bench -b "$m" -P "$place" -t "$secs" -r 1 -q --format kv "$@" \
		2>"$tmp/err" | awk -F': ' '/\.loops_per_sec: / { print $2; exit }'
}

"$bin" --profile -b null -t 0.01 -r 1 -q -o "$tmp/probe.json" >/dev/null 2>"$tmp/err"
if grep -q 'no profiles:' "$tmp/err"; then
	cat "$tmp/err" >&2
	exit 1
fi
for r in $(seq "$rounds"); do
	for m in ${mechs//,/ }; do
		rate "$m" >>"$tmp/$m.plain"
		rate "$m" --profile >>"$tmp/$m.prof"
	done
done
echo "placement $place, -t $secs, $rounds rounds, $(date -u +%FT%TZ)"
printf '%-10s %12s %12s %7s %17s\n' mechanism plain profiled ratio "95% interval"
for m in ${mechs//,/ }; do
	read -r ratio lo hi < <(boot_ratio "$tmp/$m.prof" "$tmp/$m.plain")
	printf '%-10s %12.0f %12.0f %7s %8s..%-8s\n' "$m" \
		"$(median <"$tmp/$m.plain")" "$(median <"$tmp/$m.prof")" \
		"$ratio" "$lo" "$hi"
done
