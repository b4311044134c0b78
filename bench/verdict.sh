#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Does the comparison's mark mean what it says, run the way users run?
# Measured, not argued, in four ways of running two kernels:
#
#   turns       A and B take turns invocation by invocation, N each: every
#               invocation is a block, the blocks are the replicates.
#   blocks      all of A's N invocations, then all of B's: one block a
#               label, which the report shows but does not judge; judged
#               again with --noise of an A/A set of blocks of one kernel
#               (labels X and Y, blocks taken before, between and after).
#   blocks-load the same with a steady CPU load (stress-ng --cpu, else one
#               `yes` a CPU) during B's block only.
#   boots       tools/vmturns under TCG: one Debian kernel booted N times
#               against itself (A/A), boots the replicates.
#
# A/A compares identical sides: every row marked *...* is a false alarm
# (target: at most 5 %; a row not judged says so instead).  A/B makes every
# system call of B slower by a seccomp filter of K instructions
# (bench/slowsys.c), K chosen for about SLOW percent (12) of a round trip:
# a row's detect below that slowdown should be marked (target: 80 %), and
# never the wrong way.  A is run through the same injector with K=0.
# The null mechanism rides along as the control loop: it makes no system
# call, so it is not counted; its rate is correlated with the others'
# across invocations (does a control track the machine's drift?).
#
# usage: [BUILD=dir] bench/verdict.sh [all|calibrate|turns|blocks|blocks-load|boots]
# env:   MECHS (pipe,futex,sysv-sem,eventfd,signal,posix-mq), T (0.2 s),
#        R (3 runs), N (3 invocations a block or a side), ROUNDS (3),
#        SLOW (12, percent), K (instead of calibrating), BOOTS (3 a side),
#        KEEP (a directory to keep every saved run in)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

mechs=${MECHS:-pipe,futex,sysv-sem,eventfd,signal,posix-mq}
t=${T:-0.2}
r=${R:-3}
n=${N:-3}
rounds=${ROUNDS:-3}
slowpct=${SLOW:-12}
loadpid=

work=$(mktemp -d)
cleanup() {
	[ -z "$loadpid" ] || unload
	if [ -n "${KEEP:-}" ]; then
		mkdir -p "$KEEP"
		cp -r "$work"/. "$KEEP"/
	fi
	rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM
slow=$(bench_tool slowsys)

# inv LABEL K OUT: one invocation, every syscall slowed by K instructions.
inv() {
	"$slow" "$2" "$bin" -q -b "$mechs,null" -P same -t "$t" -r "$r" -n "$1" \
		-o "$3" >/dev/null
}

# calibrate: what K instructions add to one system call (the least of
# many getppid() calls, less that of none), and the median round trip of
# each mechanism here; prints "K added-ns" lines to $work/cal.txt and the
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
	# The sampled round trip's median, not 1 / loops/sec: other work on
	# the machine stretches the mean and leaves the median.
	"$bin" report --format kv "$work/cal-0.json" |
		awk -F': ' '$1 !~ /^null\./ && $1 ~ /\.rtt_p50_ns$/ { print $2 }' | median >"$work/loop.txt"
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


# load / unload: a steady CPU load on every CPU, in the background:
# stress-ng --cpu when installed, else one `yes` a CPU.
load() {
	local c
	if command -v stress-ng >/dev/null; then
		stress-ng --cpu "$(nproc)" --quiet &
		loadpid=$!
		return
	fi
	for ((c = 0; c < $(nproc); c++)); do
		yes >/dev/null &
		loadpid="$loadpid $!"
	done
}
unload() {
	local p
	for p in $loadpid; do kill "$p" 2>/dev/null || true; done
	for p in $loadpid; do wait "$p" 2>/dev/null || true; done
	loadpid=
}

# block LABEL K DIR [load]: N invocations of LABEL in a row into DIR.
block() {
	local i
	mkdir -p "$3"
	[ "${4:-}" != load ] || load
	for ((i = 1; i <= n; i++)); do inv "$1" "$2" "$3/$1-$i.json"; done
	[ "${4:-}" != load ] || unload
}

# rows REPORT-ARGS...: one line per row of the compared label (the
# second) but null's: "key change marked detect why", marked 1 when *...*,
# why "judged", "one_block", "disturbed" (also when every run of a side was)
# or "other"; change and detect in percent, "nan" when none.
rows() {
	"$bin" report --format kv "$@" | awk -F': ' '
		{ split($1, a, "/"); k = a[2]; sub(/\.[a-z_0-9]+$/, "", k)
		  f = $1; sub(/.*\./, "", f) }
		f == "ok" && !(a[1] in lab) { lab[a[1]] = ++nl }
		lab[a[1]] != 2 || k ~ /^null\./ { next }
		f == "ok" { keys[k] = 1 }
		f == "change_pct" { ch[k] = $2 }
		f == "detect_pct" { de[k] = $2 }
		f == "marked" { mk[k] = $2; why[k] = "judged" }
		f == "not_judged_one_block" { why[k] = "one_block" }
		f == "not_judged_disturbed" { why[k] = "disturbed" }
		f == "disturbed_runs" && $2 > 0 { dis[k] = 1 }
		END { for (k in keys) {
			w = (k in why) ? why[k] : (k in ch || !(k in dis)) ? "other" : "disturbed"
			printf "%s %s %d %s %s\n", k, (k in ch) ? ch[k] : "nan",
			       mk[k] + 0, (k in de) ? de[k] : "nan", w } }'
}

# tally FILE SLOW: the rows of FILE as "rows judged marked wrong
# detectable marked-of-detectable one_block disturbed other meddetect",
# detectable being judged with detect below SLOW percent (0: A/A).
tally() {
	awk -v s="$2" '{ n++ }
		$5 == "judged" { j++; if ($3) { m++; if ($2 + 0 > 0) w++ }
			if ($4 != "nan" && $4 + 0 < s) { d++; if ($3 && $2 < 0) dm++ }
			}
		$5 == "one_block" { ob++ } $5 == "disturbed" { di++ } $5 == "other" { ot++ }
		END { printf "%d %d %d %d %d %d %d %d %d ", n, j, m, w, d, dm,
			     ob, di, ot }' "$1"
	awk '$5 == "judged" && $4 != "nan" { print $4 }' "$1" | median
}

# show NAME SLOW FILE: one line of the table.
show() {
	local a
	read -r -a a < <(tally "$3" "$2")
	printf '%-24s %4d %6d %6s %5d %9s %4d %4d %5.1f%%\n' "$1" "${a[0]}" "${a[1]}" \
		"${a[2]}" "${a[3]}" \
		"$([ "$2" = 0 ] && echo - || echo "${a[5]}/${a[4]}")" \
		"${a[6]}" "${a[7]}" "${a[9]}"
}

header() {
	echo "ctxbench $("$bin" --version | awk '{ print $2 }'): $mechs (+null), -P same" \
		"-t $t -r $r, $n invocations a block, $rounds rounds; $(nproc) CPUs;" \
		"$(uname -r); $(date -u +%F); load average $(cut -d' ' -f1-3 /proc/loadavg)"
	printf '%-24s %4s %6s %6s %5s %9s %4s %4s %6s\n' "$1" rows judged marked wrong \
		"det.mark" 1blk dist detect
}

# pick_k: K for about SLOW percent, calibrated unless K is given.
pick_k() {
	if [ -n "${K:-}" ]; then
		echo "$K"
		return
	fi
	calibrate
	pick "$slowpct"
}

turns() { # K
	local k=$1 p i d
	: >"$work/turns-aa.txt"
	: >"$work/turns-ab.txt"
	for ((p = 1; p <= rounds; p++)); do
		d=$work/turns$p
		mkdir -p "$d"
		for ((i = 1; i <= n; i++)); do
			inv A 0 "$d/aa-A-$i.json"
			inv B 0 "$d/aa-B-$i.json"
		done
		for ((i = 1; i <= n; i++)); do
			inv A 0 "$d/ab-A-$i.json"
			inv B "$k" "$d/ab-B-$i.json"
		done
		rows "$d"/aa-A-*.json "$d"/aa-B-*.json >>"$work/turns-aa.txt"
		rows "$d"/ab-A-*.json "$d"/ab-B-*.json >>"$work/turns-ab.txt"
	done
	header turns
	show "A/A" 0 "$work/turns-aa.txt"
	show "A/B K=$k" "$slowpct" "$work/turns-ab.txt"
}

# blocks K MODE: X, then per round A B (A/A), Y, C D (A/B), X or Y...:
# each compared label one block, judged bare and with --noise of the
# blocks of X and Y, which the compared blocks separate.
blocks() {
	local k=$1 mode=$2 p d=$work/$2 lo='' nz=() f
	[ "$mode" = blocks-load ] && lo=load
	local xy=(X Y) c=0
	block X 0 "$d/x$c"
	for ((p = 1; p <= rounds; p++)); do
		block "A$p" 0 "$d/aa$p"
		block "B$p" 0 "$d/aa$p" $lo
		c=$((c + 1))
		block "${xy[c % 2]}" 0 "$d/x$c"
		block "C$p" 0 "$d/ab$p"
		block "D$p" "$k" "$d/ab$p" $lo
		c=$((c + 1))
		block "${xy[c % 2]}" 0 "$d/x$c"
	done
	for f in "$d"/x*/*.json; do nz+=(--noise "$f"); done
	for s in aa-bare aa-noise ab-bare ab-noise; do : >"$work/$mode-$s.txt"; done
	for ((p = 1; p <= rounds; p++)); do
		rows "$d/aa$p/A$p"-*.json "$d/aa$p/B$p"-*.json >>"$work/$mode-aa-bare.txt"
		rows "${nz[@]}" "$d/aa$p/A$p"-*.json "$d/aa$p/B$p"-*.json >>"$work/$mode-aa-noise.txt"
		rows "$d/ab$p/C$p"-*.json "$d/ab$p/D$p"-*.json >>"$work/$mode-ab-bare.txt"
		rows "${nz[@]}" "$d/ab$p/C$p"-*.json "$d/ab$p/D$p"-*.json >>"$work/$mode-ab-noise.txt"
	done
	header "$mode"
	show "A/A" 0 "$work/$mode-aa-bare.txt"
	show "A/A --noise X,Y" 0 "$work/$mode-aa-noise.txt"
	show "A/B K=$k" "$slowpct" "$work/$mode-ab-bare.txt"
	show "A/B K=$k --noise X,Y" "$slowpct" "$work/$mode-ab-noise.txt"
	control "$d"
}

# control DIR: across every invocation in DIR, the correlation (Pearson,
# of the logs) of null's loops/sec with each other mechanism's.
control() {
	local f
	for f in "$1"/*/*.json; do
		"$bin" report --format kv "$f" | awk -F': ' -v inv="$f" '
			$1 ~ /\.same\..*\.loops_per_sec$/ && $1 !~ /invocations/ {
				k = $1; sub(/^[^\/]*\//, "", k); sub(/\..*/, "", k)
				print inv, k, $2 }'
	done | awk '{ v[$1, $2] = log($3); inv[$1] = 1; m[$2] = 1 }
		END { printf "control: correlation of null with, across invocations:"
		      for (k in m) { if (k == "null") continue
			n = sx = sy = sxx = syy = sxy = 0
			for (i in inv) if (((i, "null") in v) && ((i, k) in v)) {
				x = v[i, "null"]; y = v[i, k]; n++
				sx += x; sy += y; sxx += x * x; syy += y * y; sxy += x * y }
			d = (n * sxx - sx * sx) * (n * syy - sy * sy)
			c = (d > 0) ? (n * sxy - sx * sy) / sqrt(d) : 0
			printf " %s %.2f", k, c }
		      printf " (%d invocations)\n", n }'
}

boots() {
	local kdir=${CTXBENCH_VM_KERNELS:-$HOME/.cache/ctxbench/kernels} img
	img=$(ls "$kdir"/vmlinuz-*-amd64 2>/dev/null | grep -v -- -rt- | head -n 1)
	if [ -z "$img" ] || ! command -v qemu-system-x86_64 >/dev/null; then
		echo "boots: no kernel in $kdir (tools/debian-kernels) or no qemu" >&2
		return 0
	fi
	local vt
	vt=$(dirname "$0")/../tools/vmturns
	# vmturns boots build-static/ctxbench: build it first (docs/vm.md).
	"$vt" -N "${BOOTS:-3}" -o "$work/boots" -a tcg --label-a A --label-b B \
		"$img" -- -q -b "$mechs" -t "$t" -r 1 >/dev/null 2>"$work/boots.err" ||
		echo "boots: vmturns: $(tail -n 1 "$work/boots.err")" >&2
	if ! compgen -G "$work/boots-[AB]-*.json" >/dev/null; then
		echo "boots: no boot saved a run" >&2
		return 0
	fi
	rows "$work"/boots-[AB]-*.json >"$work/boots-aa.txt"
	header "boots (A/A, ${BOOTS:-3} a side of $(basename "$img"), -P any -r 1, TCG)"
	show "A/A" 0 "$work/boots-aa.txt"
}

legend() {
	echo "(rows: compared rows of B but null's; judged: rows given a verdict; wrong:"
	echo " marked faster; det.mark: marked slower of the judged rows whose detect is"
	echo " below the slowdown; 1blk, dist: not judged, one block a label or too few"
	echo " undisturbed replicates; detect: median of the judged rows)"
}

case "${1:-all}" in
calibrate)
	calibrate
	cat "$work/cal.txt" "$work/loop.txt"
	;;
turns)
	turns "$(pick_k)"
	;;
blocks | blocks-load)
	blocks "$(pick_k)" "$1"
	;;
boots)
	boots
	;;
all)
	k=$(pick_k)
	echo "K=$k: about $slowpct % of a round trip of the median mechanism" \
		"($(awk '{ printf "%.0f", $1 }' "$work/loop.txt" 2>/dev/null || echo '?') ns)"
	turns "$k"
	blocks "$k" blocks
	blocks "$k" blocks-load
	boots
	;;
*)
	echo "usage: $0 [all|calibrate|turns|blocks|blocks-load|boots]" >&2
	exit 2
	;;
esac
[ "${1:-all}" = calibrate ] || legend
