#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# ctxbench beside rt-tests' hand-off tools (Debian's rt-tests package), at
# the same placement and the same class: SCHED_FIFO at PRIO, memory locked,
# threads of one process (pmqtest and ptsematest have no processes).
#
#   sigwaittest  <->  signal     tgkill() + sigwait(), the same calls
#   svsematest   <->  sysv-sem   semop() on a SysV set, the same calls
#   pmqtest      <->  posix-mq   mq_send() / mq_receive(), the same calls
#   ptsematest   <->  futex      a pthread mutex unlocked to a waiter: a
#                                FUTEX_WAKE to a thread in FUTEX_WAIT, as
#                                ctxbench's futex, plus glibc's mutex code
#
# rt-tests print one-way latencies: the receiver's clock after its wait
# returns, less the sender's before its call, one hand-off. ctxbench times
# round trips: from before participant 0's hand-off to the return of its
# next wait, two hand-offs of the 2-ring. So ctxbench's figures are shown
# halved, in microseconds, beside rt-tests' min, avg and max (rt-tests has
# no percentiles: ctxbench's p50 sits beside their avg, p99 has no peer).
# One difference stays: an rt-tests sender sleeps -i microseconds between
# hand-offs, so its peer is woken from an idle CPU or a sleep each time,
# while ctxbench hands off back to back.
#
# usage: [BUILD=dir] [BENCH_LOCK=file] bench/rt-tests.sh [SECONDS [PRIO [CPU]]]
#   SECONDS per tool and row (default 3), PRIO 1..98 (default 80), CPU the
#   one of "same" (default 0). Needs root (SCHED_FIFO). BENCH_LOCK, on a
#   machine shared with others: a file that says a benchmark runs, waited
#   for while it exists, then created and removed at the end.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
seconds=${1:-3}
prio=${2:-80}
cpu=${3:-0}
interval_us=200 # rt-tests' -i: the shortest gap that keeps them honest
loops=$((seconds * 1000000 / interval_us))

for t in sigwaittest svsematest pmqtest ptsematest; do
	command -v "$t" >/dev/null ||
		{ echo "$t is not installed (apt-get install rt-tests)" >&2; exit 1; }
done
chrt -f "$prio" true 2>/dev/null ||
	{ echo "SCHED_FIFO $prio is not permitted: run as root" >&2; exit 1; }

if [ -n "${BENCH_LOCK:-}" ]; then
	while ! (set -o noclobber; echo $$ >"$BENCH_LOCK") 2>/dev/null; do
		sleep 10
	done
	trap 'rm -f "$BENCH_LOCK"' EXIT
fi

# rt_tool TOOL PLACE: "min avg max" one-way, usec, of rt-tests' summary.
rt_tool() {
	local tool=$1 place=$2 aff=()
	[ "$place" = same ] && aff=(-a "$cpu")
	"$tool" "${aff[@]}" -p "$prio" -i "$interval_us" -l "$loops" -q 2>&1 |
		awk -F, '/->/ { for (i = 1; i <= NF; i++) {
				split($i, kv, " ")
				if (kv[1] == "Min") mn = kv[2]
				if (kv[1] == "Avg") av = kv[2]
				if (kv[1] == "Max") mx = kv[2] } }
			END { if (mn == "") exit 1; print mn, av, mx }'
}

# ctx MECH PLACE: "min p50 p99 max" of ctxbench's round trips, halved, usec.
ctx() {
	local mech=$1 place=$2 run=()
	[ "$place" = same ] && run=(taskset -c "$cpu")
	"${run[@]}" "$bin" -b "$mech" -T -P "$place" --policy fifo --prio "$prio" \
		--mlock -t "$seconds" -r 1 -q --format kv |
		awk -F': ' '{ n = split($1, k, "."); v[k[n]] = $2 / 2000 }
			END { if (!("rtt_p50_ns" in v)) exit 1
			printf "%.1f %.1f %.1f %.1f\n", v["rtt_min_ns"],
				v["rtt_p50_ns"], v["rtt_p99_ns"], v["rtt_max_ns"] }'
}

pairs=("sigwaittest signal" "svsematest sysv-sem" "pmqtest posix-mq"
	"ptsematest futex")
echo "one hand-off, usec: rt-tests' one-way latency; ctxbench's round trip / 2"
echo "SCHED_FIFO $prio, mlockall, threads; same: CPU $cpu; any: unpinned;" \
	"rt-tests -i $interval_us -l $loops, ctxbench -t $seconds"
printf '%-5s %-9s %-12s %6s %6s %6s | %6s %6s %6s %6s\n' place mech rt-tests \
	min avg max min p50 p99 max
for place in same any; do
	for pair in "${pairs[@]}"; do
		read -r tool mech <<<"$pair"
		read -r rmin ravg rmax < <(rt_tool "$tool" "$place")
		read -r cmin c50 c99 cmax < <(ctx "$mech" "$place")
		printf '%-5s %-9s %-12s %6s %6s %6s | %6s %6s %6s %6s\n' \
			"$place" "$mech" "$tool" "$rmin" "$ravg" "$rmax" \
			"$cmin" "$c50" "$c99" "$cmax"
	done
done
echo "(left: rt-tests, min avg max; right: ctxbench -b MECH, min p50 p99 max)"
