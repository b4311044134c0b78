#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# How the hand-off scales with rings at once (-j): N = 1, 2, 4, 8 rings of
# pipe, futex, sysv-sem and sysv-msg, each with objects of its own and with
# one shared object (--shared), ring k on CPU k (-P same, wrapping round
# when N exceeds the CPUs: oversubscribed).  Prints per row the total
# loops/sec, the slowest and the fastest ring and the scalability (total
# over N times the rate of one ring, measured in the same invocation).
#
# Then pipe at N = 1 and 2 against as many concurrent copies of `perf bench
# sched pipe`, copy k pinned to CPU k as ctxbench's ring k: the ratio of
# the two tools' totals at each N, and each tool's own scalability, over
# alternating rounds (medians).  Absolute numbers belong to this machine;
# the ratios are what carries over.
#
# Holds /work/wt/bench.lock (if that directory exists) while it measures,
# so that other work on a shared machine waits.
#
# usage: [BUILD=dir] [PARTS="rings perf"] bench/scale.sh [SECONDS [RUNS [ROUNDS]]]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
seconds=${1:-1}
runs=${2:-5}
rounds=${3:-5}
mechs=pipe,futex,sysv-sem,sysv-msg
parts=${PARTS:-rings perf}
lock=/work/wt/bench.lock

tmp=$(mktemp -d)
cleanup() {
	rm -rf "$tmp"
	[ -n "${locked:-}" ] && rm -f "$lock"
	return 0
}
trap cleanup EXIT
if [ -d "$(dirname "$lock")" ]; then
	while ! (set -C && echo "$$ bench/scale.sh" >"$lock") 2>/dev/null; do
		sleep 10
	done
	locked=1
fi

# The kv value of KEY in FILE, or "-".
kv() { awk -v k="$2" -F': ' '$1 == k { print $2; f = 1 } END { if (!f) print "-" }' "$1"; }

ncpu=$(nproc)
echo "ctxbench $("$bin" -V | awk '{ print $2 }'), $(uname -r), $ncpu CPUs" \
	"($(taskset -pc $$ | awk '{ print $NF }') allowed), -t $seconds -r $runs, -P same"
[[ " $parts " == *" rings "* ]] || mechs=
[ -n "$mechs" ] && echo && printf '%-9s %-8s %3s %12s %12s %12s %7s %5s\n' mechanism objects N \
	"loops/sec" slowest fastest scale dist
for mode in ${mechs:+private shared}; do
	args=()
	[ "$mode" = shared ] && args=(--shared)
	"$bin" -q -b "$mechs" -P same -j 1,2,4,8 "${args[@]}" -t "$seconds" \
		-r "$runs" --retry-disturbed 3 -n scale --format kv \
		>"$tmp/$mode.kv" || true
	for m in ${mechs//,/ }; do
		for n in 1 2 4 8; do
			key=$m.same.2p.0k
			[ "$n" -gt 1 ] && key=$key.x$n
			[ "$mode" = shared ] && key=$key.shared
			if [ "$(kv "$tmp/$mode.kv" "$key.skipped")" = 1 ]; then
				printf '%-9s %-8s %3s %12s\n' "$m" "$mode" "$n" skipped
				continue
			fi
			over=""
			[ "$(kv "$tmp/$mode.kv" "$key.oversubscribed")" = 1 ] && over=" over"
			printf '%-9s %-8s %3s %12s %12s %12s %7s %5s%s\n' "$m" "$mode" "$n" \
				"$(kv "$tmp/$mode.kv" "$key.loops_per_sec")" \
				"$(kv "$tmp/$mode.kv" "$key.ring_slowest_loops_per_sec")" \
				"$(kv "$tmp/$mode.kv" "$key.ring_fastest_loops_per_sec")" \
				"$(kv "$tmp/$mode.kv" "$key.scalability" | awk '$1 != "-" { $1 = sprintf("%.2f", $1) } 1')" \
				"$(kv "$tmp/$mode.kv" "$key.disturbed_runs")" "$over"
		done
	done
done
[ -n "$mechs" ] && echo "(each row the average of its $runs runs, the rows interleaved, a disturbed" &&
	echo " run run again up to 3 times; dist: runs still disturbed; over: more rings" &&
	echo " than CPUs, oversubscribed)"
[[ " $parts " == *" perf "* ]] || exit 0

command -v perf >/dev/null || { echo "perf is not installed: no cross-check"; exit 0; }
[ "$ncpu" -ge 2 ] || { echo "one CPU: no cross-check of 2 rings"; exit 0; }

# N rings of ctxbench's pipe, ring k on CPU k: total loops/sec.
ctx_total() {
	"$bin" -q -b pipe -P same -j "$1" -t "$seconds" -r 1 -n bench --format kv |
		awk -F': ' -v k="pipe.same.2p.0k$([ "$1" -gt 1 ] && echo ".x$1").loops_per_sec" \
			'$1 == k { print $2 }'
}
# N concurrent copies of perf bench sched pipe, copy k on CPU k: the sum
# of their ops/sec (one op is one round trip, as one loop of ctxbench).
perf_total() {
	local k loops
	loops=$(awk -v s="$seconds" 'BEGIN { printf "%d", s * 120000 }')
	for ((k = 0; k < $1; k++)); do
		taskset -c "$k" perf bench sched pipe -l "$loops" >"$tmp/perf.$k" 2>&1 &
	done
	wait
	for ((k = 0; k < $1; k++)); do
		awk '/ops\/sec/ { print $1 }' "$tmp/perf.$k"
	done | awk '{ s += $1 } END { print s }'
}
for n in 1 2; do
	: >"$tmp/c$n" && : >"$tmp/p$n"
done
for ((i = 0; i < rounds; i++)); do
	for n in 1 2; do
		ctx_total "$n" >>"$tmp/c$n"
		perf_total "$n" >>"$tmp/p$n"
	done
done
echo
echo "pipe, ring k (copy k) on CPU k: ctxbench -j N against N concurrent perf bench sched pipe"
printf '%3s %12s %12s %9s %15s\n' N ctxbench perf ctx/perf "95% interval"
for n in 1 2; do
	read -r rm lo hi < <(boot_ratio "$tmp/c$n" "$tmp/p$n")
	printf '%3s %12.0f %12.0f %9.3f %15s\n' "$n" "$(median <"$tmp/c$n")" \
		"$(median <"$tmp/p$n")" "$rm" "[$lo, $hi]"
done
c1=$(median <"$tmp/c1") c2=$(median <"$tmp/c2")
p1=$(median <"$tmp/p1") p2=$(median <"$tmp/p2")
echo "scalability at N=2 (total / (2 x N=1)): ctxbench $(ratio "$c2" "$(awk -v a="$c1" 'BEGIN { print 2 * a }')")," \
	"perf $(ratio "$p2" "$(awk -v a="$p1" 'BEGIN { print 2 * a }')")"
echo "(medians of $rounds alternating rounds; ctx/perf: ratio of the medians, with"
echo " its bootstrap interval)"
