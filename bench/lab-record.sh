#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Records a corpus of real saved runs for the verdict lab (bench/lab.py).
#
# Every protocol runs four labels, so that one recording gives an A/A and
# two A/B comparisons against the same A:
#   A    the baseline, through the injector with K=0
#   A2   the same again (A/A against A)
#   B5   every system call slowed for about -5 % (bench/slowsys.c)
#   B15  the same for about -15 %
# Protocols (each into DIR/PART/PROTO/, one saved run a file):
#   turns        ROUNDS rounds, one invocation of each label a round, the
#                order alternating: A A2 B5 B15, then B15 B5 A2 A
#   turns-busy   the same beside other work: one busy loop and one that
#                spins and sleeps by turns (intermittent), unpinned
#   turns-hog    the same beside a CPU hog and a memory hog (stress-ng
#                --cpu 1 --vm 1, else a busy loop and a loop of dd)
#   turns-few    a kernel developer's quick look: 2 rounds (2 invocations
#                a side), pipe,futex,sysv-sem,eventfd, -t 1 -r 5
#   blocks       X A Y A2 X B5 Y B15 X, NBLOCK invocations a block: one
#                block a label; X and Y are A/A blocks for --noise
#   blocks-load  the same with one `yes` a CPU during A2, B5 and B15
#   boots        tools/vmturns under TCG: one Debian kernel against
#                itself (labels A and A2), BOOTS boots each, in turn
#   boots-rt     its generic build against its PREEMPT_RT build (labels
#                A and RT), when tools/debian-kernels has both
# DIR/manifest.tsv gets a line a saved run: part, protocol, condition,
# file, label, side, round, order in the round, K, load average (1 min)
# at its start, date (UTC), command.  The machine is what it is: the load
# average says how quiet a "quiet" protocol really was.
#
# usage: [BUILD=dir] bench/lab-record.sh DIR PART [PROTO...]
# env:   MECHS (signal,sysv-msg,unix,posix-sem,tcp,pipe), T (0.3), R (3),
#        ROUNDS (8), NBLOCK (4), BOOTS (3), BOOTS_RT (BOOTS), K5 and K15 (instead of
#        calibrating), KERNELS (tools/debian-kernels' directory)
set -euo pipefail
. "$(dirname "$0")/lib.sh"

[ $# -ge 2 ] || {
	echo "usage: $0 DIR PART [turns|turns-busy|turns-hog|turns-few|blocks|blocks-load|boots|boots-rt...]" >&2
	exit 2
}
out=$1 part=$2
shift 2
protos=("$@")
[ ${#protos[@]} -gt 0 ] || protos=(turns turns-busy turns-hog turns-few blocks blocks-load boots boots-rt)
mechs=${MECHS:-signal,sysv-msg,unix,posix-sem,tcp,pipe}
t=${T:-0.3}
r=${R:-3}
rounds=${ROUNDS:-8}
nblock=${NBLOCK:-4}
boots=${BOOTS:-3}
slow=$(bench_tool slowsys)
here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out/$part"
man=$out/manifest.tsv
[ -s "$man" ] || printf 'part\tprotocol\tcondition\tfile\tlabel\tside\tround\torder\tk\tload1\tdate\tcommand\n' >"$man"

bg=()
cleanup() {
	local p
	for p in "${bg[@]}"; do kill "$p" 2>/dev/null || true; done
	for p in "${bg[@]}"; do wait "$p" 2>/dev/null || true; done
	bg=()
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# K for PERCENT of a round trip, from bench/verdict.sh's calibration
# (in $cal: "K added-ns" lines, then the median round trip in ns).
calibrated() {
	echo "$cal" | awk -v want="$1" '
		NF == 2 { k[++n] = $1; e[n] = $2; next } NF == 1 { loop = $1 }
		END { need = want / 100 * loop / 4; pk = 0; pe = 0
		      for (i = 1; i <= n; i++) {
			if (e[i] >= need && !done) {
				x = (e[i] == pe) ? k[i] : pk + (k[i] - pk) * (need - pe) / (e[i] - pe)
				done = 1 }
			pk = k[i]; pe = e[i] }
		      if (!done) x = pk; printf "%d\n", x + 0.5 }'
}
if [ -z "${K5:-}" ] || [ -z "${K15:-}" ]; then
	cal=$(MECHS=$mechs T=$t R=1 BUILD=$build "$(dirname "$0")/verdict.sh" calibrate)
	K5=$(calibrated 5)
	K15=$(calibrated 15)
fi
declare -A kof=([A]=0 [A2]=0 [X]=0 [Y]=0 [B5]=$K5 [B15]=$K15)
declare -A side=([A]=a [A2]=b [X]=noise [Y]=noise [B5]=b [B15]=b)

# note PROTO COND FILE LABEL ROUND ORDER K LOAD DATE COMMAND: a manifest line.
note() {
	printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$part" "$1" "$2" \
		"${3#"$out"/}" "$4" "${side[$4]:-b}" "$5" "$6" "$7" "$8" "$9" "${10}" >>"$man"
}

# inv PROTO COND LABEL ROUND ORDER FILE: one invocation.
inv() {
	local load date cmd
	load=$(cut -d' ' -f1 /proc/loadavg)
	date=$(date -u +%FT%TZ)
	cmd="slowsys ${kof[$3]} ctxbench -q -b $mechs -P same -t $t -r $r -n $3"
	# A row that failed (a run hung under the load) is in the saved run
	# with its status; an invocation that saved nothing is left out.
	"$slow" "${kof[$3]}" "$bin" -q -b "$mechs" -P same -t "$t" -r "$r" -n "$3" \
		-o "$6" >/dev/null || echo "$1 $3 $4 $5: ctxbench exited $?" >&2
	[ -s "$6" ] || return 0
	note "$1" "$2" "$6" "$3" "$4" "$5" "${kof[$3]}" "$load" "$date" "$cmd"
}

# busy / intermittent: other work beside ctxbench, unpinned.
others() {
	bash -c 'while :; do :; done' &
	bg+=($!)
	bash -c 'while :; do e=$((SECONDS + 1)); while [ $SECONDS -lt $e ]; do :; done
		sleep 0.$((RANDOM % 9 + 1)); done' &
	bg+=($!)
}
hogs() {
	if command -v stress-ng >/dev/null; then
		stress-ng --quiet --cpu 1 --vm 1 --vm-bytes 256M &
		bg+=($!)
		return
	fi
	bash -c 'while :; do :; done' &
	bg+=($!)
	bash -c 'while :; do dd if=/dev/zero of=/dev/null bs=64M count=16 2>/dev/null; done' &
	bg+=($!)
}
load() {
	local c
	for ((c = 0; c < $(nproc); c++)); do
		yes >/dev/null &
		bg+=($!)
	done
}

turns() { # PROTO COND
	local d=$out/$part/$1 p i l order
	mkdir -p "$d"
	case $2 in
	busy) others ;;
	hog) hogs ;;
	esac
	for ((p = 1; p <= rounds; p++)); do
		if ((p % 2)); then order=(A A2 B5 B15); else order=(B15 B5 A2 A); fi
		i=0
		for l in "${order[@]}"; do
			i=$((i + 1))
			inv "$1" "$2" "$l" "$p" "$i" "$d/$l-$p.json"
		done
	done
	cleanup
}

blocks() { # PROTO COND
	local d=$out/$part/$1 b i n=0 l
	mkdir -p "$d"
	for l in X A Y A2 X B5 Y B15 X; do
		n=$((n + 1))
		[ "$2" != load ] || [ "${side[$l]}" != b ] || load
		for ((i = 1; i <= nblock; i++)); do
			inv "$1" "$2" "$l" "$n" "$i" "$d/$l-$n-$i.json"
		done
		cleanup
	done
}

# vmboots PROTO LABEL-B IMAGE [IMAGE-B]: vmturns under TCG.
vmboots() {
	local d=$out/$part/$1 f l s rd load date
	mkdir -p "$d"
	load=$(cut -d' ' -f1 /proc/loadavg)
	date=$(date -u +%FT%TZ)
	local nb=$boots
	[ "$1" != boots-rt ] || nb=${BOOTS_RT:-$boots}
	"$here/tools/vmturns" -N "$nb" -o "$d/vm" -a tcg --label-a A \
		--label-b "$2" "${@:3}" -- -q -b "$mechs" -P same -t "$t" -r "$r" \
		>/dev/null 2>"$d/vm.err" || echo "$1: vmturns: $(tail -n 1 "$d/vm.err")" >&2
	rm -f "$d"/vm-*.console "$d"/vm-*.txt "$d/vm.txt"
	for f in "$d"/vm-[AB]-*.json; do
		[ -s "$f" ] || continue
		s=${f##*/vm-}
		rd=${s#*-}
		rd=${rd%.json}
		s=${s%%-*}
		l=A
		[ "$s" = A ] || l=$2
		side[$l]=$([ "$s" = A ] && echo a || echo b)
		kof[$l]=0
		note "$1" tcg "$f" "$l" "$rd" "$([ "$s" = A ] && echo 1 || echo 2)" 0 \
			"$load" "$date" "vmturns -N $nb -a tcg ${*:3} -- -q -b $mechs -P same -t $t -r $r"
	done
}

kdir=${KERNELS:-${XDG_CACHE_HOME:-$HOME/.cache}/ctxbench/kernels}
for proto in "${protos[@]}"; do
	case $proto in
	turns) turns turns quiet ;;
	turns-busy) turns turns-busy busy ;;
	turns-hog) turns turns-hog hog ;;
	turns-few)
		(mechs=pipe,futex,sysv-sem,eventfd t=1 r=5 rounds=2 turns turns-few quiet)
		;;
	blocks) blocks blocks quiet ;;
	blocks-load) blocks blocks-load load ;;
	boots | boots-rt)
		gen=$(ls "$kdir"/vmlinuz-6.1.0-*-amd64 2>/dev/null | grep -v -- -rt- | tail -n 1 || true)
		rt=${gen/-amd64/-rt-amd64}
		if [ -z "$gen" ] || ! command -v qemu-system-x86_64 >/dev/null; then
			echo "$proto: no kernel in $kdir (tools/debian-kernels) or no qemu: skipped" >&2
		elif [ "$proto" = boots ]; then
			vmboots boots A2 "$gen"
		elif [ -s "$rt" ]; then
			vmboots boots-rt RT "$gen" "$rt"
		else
			echo "boots-rt: no $rt (tools/debian-kernels): skipped" >&2
		fi
		;;
	*)
		echo "$0: unknown protocol '$proto'" >&2
		exit 2
		;;
	esac
	echo "$part $proto: done $(date -u +%TZ), load average $(cut -d' ' -f1-3 /proc/loadavg)" >&2
done
