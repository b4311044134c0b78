#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Live turns against reboot turns (tools/vmturns -R against -N alone) at
# the same wall time, the guests' set-up and tear-down, and what the idle
# guest costs the measuring one.
# usage: [BUILD=dir] [STATIC=file] [ACCEL=tcg] bench/vmturns.sh [WHAT] [KERNELS_DIR]
#   WHAT: aa (A/A of the generic kernel), pair (generic against RT), idle,
#   or all (the default).  The runs go to $OUT (default: a new directory).
#   BOOTS and ROUNDS (2, 4) are the live turns' -N and -R; REBOOT=0 leaves
#   the reboot turns out.
set -euo pipefail
. "$(dirname "$0")/lib.sh"
src=$(cd "$(dirname "$0")/.." && pwd)
what=${1:-all}
dir=${2:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
static=${STATIC:-$build/ctxbench_static}
accel=${ACCEL:-tcg}
boots=${BOOTS:-2} rounds=${ROUNDS:-4}
args=(${ARGS:--t 0.2 -r 2 -b pipe,futex})
out=${OUT:-$(mktemp -d)}
mkdir -p "$out"
generic=$(ls "$dir"/vmlinuz-6.1.0-*-amd64 | grep -v -- '-rt-amd64$' | sort -V | tail -n 1)
rt=$(ls "$dir"/vmlinuz-6.1.0-*-rt-amd64 | sort -V | tail -n 1)
[ -x "$static" ] || { echo "no static ctxbench $static (set STATIC)" >&2; exit 1; }
echo "$(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, load $(cut -d' ' -f1-3 /proc/loadavg), accel $accel, ctxbench ${args[*]}; runs in $out"

secs() { date +%s.%N; }
# The median detect (%) of label $2's rows in report $1, [bounds] too.
detect() {
	awk -v l="$2" '/ detect cpus$/ { t = 1; next } /^$/ { t = 0 }
		t && $1 == l { d = $(NF - 1); gsub(/[][%>]/, "", d);
		if (d ~ /^[0-9.]+$/) print d }' "$1" | median
}
# Live turns, then reboot turns for the same wall time: rounds per minute
# and detect at that time.  $1 name, $2 image A, $3 image B, labels $4 $5.
versus() {
	local name=$1 a=$2 b=$3 la=$4 lb=$5 t0 t1 wl wr n=0 runs=()
	t0=$(secs)
	"$src/tools/vmturns" -N "$boots" -R "$rounds" -a "$accel" -c "$static" \
		-o "$out/$name-live" --label-a "$la" --label-b "$lb" "$a" "$b" -- "${args[@]}" \
		>/dev/null 2>"$out/$name-live.err" || echo "live turns exited $?"
	t1=$(secs)
	wl=$(echo "$t1 - $t0" | bc)
	awk -v w="$wl" -v r=$((boots * rounds)) -v n="$boots" -v d="$(detect "$out/$name-live.txt" "$lb")" 'BEGIN {
		printf "live, %d boots: %6.1f s  %2d rounds  %5.2f rounds/min  detect %s%%\n", n, w, r, r * 60 / w, d }'
	grep -h 'both guests' "$out/$name-live.err" | sed 's/^vmturns: /  /'
	grep -h ': .* invocations, ' "$out/$name-live.txt" | sed 's/^/  /'
	[ "${REBOOT:-1}" = 1 ] || return 0
	# Reboot turns, one boot of each at a time, until as much time went.
	t0=$(secs)
	while [ "$(echo "$(secs) - $t0 < $wl" | bc)" = 1 ]; do
		n=$((n + 1))
		"$src/tools/vmturns" -N 1 -a "$accel" -c "$static" -o "$out/$name-reboot-$n" \
			--label-a "$la" --label-b "$lb" "$a" "$b" -- "${args[@]}" \
			>/dev/null 2>"$out/$name-reboot-$n.err" || echo "reboot turns $n exited $?"
		runs+=("$out/$name-reboot-$n"-?-1.json)
	done
	wr=$(echo "$(secs) - $t0" | bc)
	"$bin" report "${runs[@]}" >"$out/$name-reboot.txt" 2>&1 || true
	awk -v w="$wr" -v r="$n" -v d="$(detect "$out/$name-reboot.txt" "$lb")" 'BEGIN {
		printf "reboot:          %6.1f s  %2d rounds  %5.2f rounds/min  detect %s%%\n", w, r, r * 60 / w, d }'
	grep -h ': .* invocations, ' "$out/$name-reboot.txt" | sed 's/^/  /'
}

# CPU seconds (user + system) qemu $1 has used so far.
cputime() {
	awk -v hz="$(getconf CLK_TCK)" '{ sub(/^.*\) /, ""); printf "%.2f\n", ($12 + $13) / hz }' "/proc/$1/stat"
}

# The idle guest's cost, in one run: guest X measures (label alive) with a
# second guest of the same kernel up and idle, then (label down) with it
# powered off, alternately, the second guest booted again in between.
idle() {
	local cycles=${CYCLES:-3} c d fx fy px py line
	d=$(mktemp -d)
	mkfifo "$d/xi" "$d/xo" "$d/yi" "$d/yo"
	exec {fx}<>"$d/xi" {px}<>"$d/xo"
	"$src/tools/vmrun" --live -a "$accel" -c "$static" -o "$out/idle-x" "$generic" -- "${args[@]}" \
		<&"$fx" >&"$px" 2>>"$out/idle.err" &
	local xpid=$!
	IFS= read -r -u "$px" line
	for ((c = 1; c <= cycles; c++)); do
		exec {fy}<>"$d/yi" {py}<>"$d/yo"
		"$src/tools/vmrun" --live -a "$accel" -c "$static" -o "$out/idle-y-$c" "$generic" -- "${args[@]}" \
			<&"$fy" >&"$py" 2>>"$out/idle.err" &
		IFS= read -r -u "$py" line
		sleep 2
		# What the idle guest's qemu takes while the other measures.
		local q y0 t0
		q=$(pgrep -f "qemu-system-x86_64.*$out/idle-y-$c.console" | head -n 1)
		y0=$(cputime "$q") t0=$(secs)
		printf 'run\t%s\t-n alive\n' "$out/idle-alive-$c" >&"$fx"
		IFS= read -r -u "$px" line
		echo "$(cputime "$q") $y0 $(secs) $t0" | awk '{
			printf "  cycle %d: the idle guest'"'"'s qemu used %.2f CPU s in %.1f s of the other'"'"'s run (%.1f%% of a CPU)\n",
				'"$c"', $1 - $2, $3 - $4, ($1 - $2) / ($3 - $4) * 100 }'

		printf 'quit\n' >&"$fy"
		wait $!
		exec {fy}>&- {py}>&-
		printf 'run\t%s\t-n down\n' "$out/idle-down-$c" >&"$fx"
		IFS= read -r -u "$px" line
	done
	printf 'quit\n' >&"$fx"
	wait "$xpid"
	rm -rf "$d"
	"$bin" report "$out"/idle-alive-*.json "$out"/idle-down-*.json >"$out/idle.txt" 2>&1 || true
	awk '/ detect cpus$/ { t = 1; print; next } /^$/ { t = 0 }
		t && ($1 == "alive" || $1 == "down")' "$out/idle.txt"
	grep -h ': .* invocations, ' "$out/idle.txt" | sed 's/^/  /'
}

case $what in aa | all) echo "== A/A of $(basename "$generic")" && versus aa "$generic" "$generic" a1 a2 ;; esac
case $what in pair | all) echo "== $(basename "$generic") against $(basename "$rt")" && versus pair "$generic" "$rt" gen rt ;; esac
case $what in idle | all) echo "== the idle guest: A/A of $(basename "$generic") with it up (alive) and off (down)" && idle ;; esac
