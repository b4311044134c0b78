#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Does the comparison's mark mean what it says?  Measured, not argued:
#
#   A/A  identical kernels: the same binary, invoked alternately as "A" and
#        "B", N invocations each, compared with ctxbench report; every row
#        marked *...* is a false alarm.  Target: at most 5 % of rows.
#   A/B  the same with every system call of B made slower by a seccomp
#        filter of K instructions (bench/slowsys.c), like a kernel patch
#        that adds work to the syscall path.  K is chosen for about 3, 5
#        and 10 % here from what a filter adds to one system call.  Target: a 10 % slowdown marked in at
#        least 80 % of rows, none the wrong way.  The slowdown each K
#        gives is what the comparison itself measured (the median change).
#
# Each comparison is also judged the other way a user may: one invocation
# a side ("1+noise": a1 against b1, with --noise of the other A
# invocations).  Prints the tables the README's Accuracy section shows.
#
# usage: [BUILD=dir] bench/verdict.sh [all|calibrate|aa|ab K...]
# env:   MECHS (pipe,futex,sysv-sem,eventfd,signal,posix-mq), T (0.5 s),
#        R (5 runs), N (3 invocations a kernel), PAIRS (5 A/A comparisons),
#        ABPAIRS (3 A/B comparisons a level), TARGETS (3 5 10, percent),
#        KEEP (a directory to keep every saved run in)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mechs=${MECHS:-pipe,futex,sysv-sem,eventfd,signal,posix-mq}
t=${T:-0.5}
r=${R:-5}
n=${N:-3}
pairs=${PAIRS:-5}
abpairs=${ABPAIRS:-3}
targets=${TARGETS:-3 5 10}

work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then
	mkdir -p "$KEEP"
	trap 'cp -r "$work"/. "$KEEP"/; rm -rf "$work"' EXIT
else
	trap 'rm -rf "$work"' EXIT
fi
slow=$(bench_tool slowsys)

# inv LABEL K OUT: one invocation, every syscall slowed by K instructions.
inv() {
	"$slow" "$2" "$bin" -q -b "$mechs" -P same -t "$t" -r "$r" -n "$1" \
		-o "$3" >/dev/null
}

# comparison K DIR: N invocations of A and of B (slowed by K), alternating.
comparison() {
	local k=$1 dir=$2
	mkdir -p "$dir"
	for ((i = 1; i <= n; i++)); do
		inv A 0 "$dir/a$i.json"
		inv B "$k" "$dir/b$i.json"
	done
}

# verdicts REPORT-ARGS...: one line per compared row of B: "change mark detect",
# mark 1 when *...*; the change in percent.
verdicts() {
	"$bin" report "$@" | awk '
		$1 == "B" && $6 ~ /%$/ && NF >= 8 {
			c = $7; m = (c ~ /^\*/) ? 1 : 0
			gsub(/[*()%+]/, "", c); d = $8; gsub(/[][%>]/, "", d)
			print c, m, d }'
}

# judge DIR...: the verdicts of every comparison DIR, N against N and
# 1+noise, summed: "rows marked slower faster medchange meddetect" twice.
judge() {
	local dir all=$work/all.txt one=$work/one.txt
	: >"$all"
	: >"$one"
	for dir in "$@"; do
		verdicts "$dir"/a*.json "$dir"/b*.json >>"$all"
		# --noise needs two invocations besides a1.
		[ "$n" -ge 3 ] || continue
		local noise=()
		for ((i = 2; i <= n; i++)); do noise+=(--noise "$dir/a$i.json"); done
		verdicts "${noise[@]}" "$dir/a1.json" "$dir/b1.json" >>"$one"
	done
	for f in "$all" "$one"; do
		awk '{ rows++; if ($2) { m++; if ($1 < 0) s++; else q++ } }
		     END { printf "%d %d %d %d ", rows, m, s, q }' "$f"
		printf '%s ' "$(awk '{ print $1 }' "$f" | median)" \
			"$(awk '{ print $3 }' "$f" | median)"
	done
	echo
}

# calibrate: what K instructions add to one system call (the least of
# many getppid() calls, less that of none), and the round trip of each
# mechanism here; prints "K added-ns" lines to $work/cal.txt and the
# median round trip in ns to $work/loop.txt.
calibrate() {
	local k i
	# The least of three, each against a filterless call just before.
	for k in 25 50 100 200 400 800 1600 3200; do
		for i in 1 2 3; do
			awk -v b="$("$slow" 0 -)" -v t="$("$slow" "$k" -)" \
				'BEGIN { print t - b }'
		done | sort -g | head -n 1 | awk -v k="$k" '{ printf "%d %.1f\n", k, $1 }'
	done >"$work/cal.txt"
	inv k0 0 "$work/cal-0.json"
	"$bin" report "$work/cal-0.json" | awk '$1 == "k0" && $2 == "same" &&
		$6 ~ /%$/ { print 1e9 / $5 }' | median >"$work/loop.txt"
}

# pick PERCENT: the K that adds PERCENT to a round trip of the median
# mechanism, taking 4 system calls a round trip (two hand-offs, each a
# call to give the token and one to wait for it), interpolated linearly
# between the calibrated points.
pick() {
	awk -v want="$1" -v loop="$(cat "$work/loop.txt")" '
		BEGIN { need = want / 100 * loop / 4; pk = 0; pe = 0 }
		{ if ($2 >= need && !done) {
			k = ($2 == pe) ? $1 : pk + ($1 - pk) * (need - pe) / ($2 - pe)
			done = 1 }
		  pk = $1; pe = $2 }
		END { if (!done) k = pk; printf "%d\n", k + 0.5 }' "$work/cal.txt"
}

header() {
	echo "ctxbench $("$bin" --version | awk '{ print $2 }'): $mechs, -P same -t $t -r $r," \
		"$n invocations a kernel; $(nproc) CPUs; $(uname -r)"
	printf '%-22s %-11s %5s %7s %6s %6s %8s %8s\n' test judged rows marked \
		slower faster "median" detect
}

line() { # NAME and judge's output
	local name=$1
	shift
	local a=("$@")
	printf '%-22s %-11s %5d %7s %6d %6d %7.1f%% %7.1f%%\n' "$name" "$n vs $n" \
		"${a[0]}" "${a[1]} ($(awk -v m="${a[1]}" -v r="${a[0]}" 'BEGIN { printf "%.0f", r ? 100 * m / r : 0 }')%)" \
		"${a[2]}" "${a[3]}" "${a[4]}" "${a[5]}"
	printf '%-22s %-11s %5d %7s %6d %6d %7.1f%% %7.1f%%\n' "" "1+noise" \
		"${a[6]}" "${a[7]} ($(awk -v m="${a[7]}" -v r="${a[6]}" 'BEGIN { printf "%.0f", r ? 100 * m / r : 0 }')%)" \
		"${a[8]}" "${a[9]}" "${a[10]}" "${a[11]}"
}

aa() {
	local dirs=()
	for ((p = 1; p <= pairs; p++)); do
		comparison 0 "$work/aa$p"
		dirs+=("$work/aa$p")
	done
	# shellcheck disable=SC2046
	line "A/A ($pairs comparisons)" $(judge "${dirs[@]}")
}

ab() { # K LABEL
	local k=$1 dirs=()
	for ((p = 1; p <= abpairs; p++)); do
		comparison "$k" "$work/ab$k-$p"
		dirs+=("$work/ab$k-$p")
	done
	# shellcheck disable=SC2046
	line "$2 (K=$k, $abpairs)" $(judge "${dirs[@]}")
}

case "${1:-all}" in
calibrate)
	calibrate
	cat "$work/cal.txt" "$work/loop.txt"
	;;
aa)
	header
	aa
	;;
ab)
	shift
	header
	for k in "$@"; do ab "$k" "A/B"; done
	;;
all)
	calibrate
	echo "calibration: a round trip takes $(awk '{ printf "%.0f", $1 }' "$work/loop.txt") ns (median mechanism);" \
		"K filter instructions add to a system call:"
	awk '{ printf "  K=%-4d +%.0f ns\n", $1, $2 }' "$work/cal.txt"
	header
	aa
	for pct in $targets; do
		ab "$(pick "$pct")" "A/B ~$pct %"
	done
	;;
*)
	echo "usage: $0 [all|calibrate|aa|ab K...]" >&2
	exit 2
	;;
esac
echo "(rows: compared rows of B; marked: *...*; median: of the changes; detect: median"
echo " smallest change the test marks 4 times in 5; 1+noise: a1 against b1 with"
echo " --noise of the other A invocations)"
