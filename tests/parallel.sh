#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Several rings at once (-j, --shared) through the binary: the rows, their
# notes, the CPUs they ran on, skipped mechanisms, many rings on few CPUs,
# saved runs compared, a participant of one ring killed, the limits, the
# CPU figures of many rings.
# After each run: no process of its session and no IPC object left.
# usage: parallel.sh BIN CASE   (CASE: see the list at the bottom)
set -u
. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).  What they check holds on a
# loaded machine (a ring's loops above 0, the CPUs it was given, a note,
# a kill half a second into a 4 s row), so they run beside other tests;
# limits, which counts the tasks of nobody, beside no other test that
# runs as nobody.  Alone: crowd, whose 512 participants on CPU 0, in the
# less favoured autogroup (start in session.sh), get next to none of it
# beside another test's, and cpus, whose rings of 0.05 s then may not go
# round at all.  Each may take 300 s, as the faults' and sched's: beside
# other work a run of many rings waits on each slow ring up to the hang
# limit, and that bound only ends a test stuck for good.
p="timeout=300"
tests=(
	"parallel-rows @BIN@ rows | $p"
	"parallel-shared @BIN@ shared | $p cost=30"
	"parallel-many @BIN@ many | $p cost=15"
	"parallel-crowd @BIN@ crowd | $p serial"
	"parallel-compare @BIN@ compare | $p cost=35"
	"parallel-killed @BIN@ killed | $p"
	"parallel-limits @BIN@ limits | $p lock=nobody"
	"parallel-cpus @BIN@ cpus | $p serial"
)
list_tests "$@"
bin=$1
case=$2
isolate "$@"
ncpu=$(nproc)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out_f=$tmp/out err_f=$tmp/err
. "${0%/*}/session.sh"

# Run ctxbench in a session of its own ($kill: a participant of ring 2 is
# killed after 1 s); sets rc, out, err; then nothing of it may be left.
run() {
	local i victim list
	start "$@"
	if [ -n "${kill:-}" ]; then
		# Participants are forked in order: ring 2's first is the
		# 5th of 6.  Wait for all of them, and order them as forked
		# even when the PIDs wrapped round pid_max in between.
		for ((i = 0; i < 200; i++)); do
			list=$(pgrep -x ctxbench -P "$pid")
			[ "$(wc -w <<<"$list")" -ge 6 ] && break
			nap 0.05
		done
		victim=$(awk -v max="$(</proc/sys/kernel/pid_max)" '
			{ p[NR] = $1; if (NR == 1 || $1 < lo) lo = $1
			  if (NR == 1 || $1 > hi) hi = $1 }
			END { for (i = 1; i <= NR; i++) {
				k = p[i]
				if (hi - lo > max / 2 && k < max / 2)
					k += max
				print k, p[i] } }' <<<"$list" |
			sort -n | awk 'NR == 5 { print $2 }')
		nap 0.5
		missed=
		if [ -z "$victim" ] || ! kill -KILL "$victim" 2>/dev/null; then
			missed="no participant to kill among: $(tr '\n' ' ' <<<"$list");"
			missed+=" now: $(ps -o pid=,comm= --ppid "$pid" | tr '\n' ' ')"
		fi
	fi
	finish
	check_clean "$*"
}

# The table line of label $1 (e.g. "p same x2") in the loops/sec table of
# mechanism title $2: sets row.
row_of() {
	row=$(awk -v t="$2" -v l="$1" '
		$0 == "" { intable = 0 }
		index($0, t) == 1 && $0 ~ /low +high/ { intable = 1; next }
		intable && index($0, "  " l " ") == 1 { print; exit }' <<<"$out")
	[ -n "$row" ]
}

# Row $1 of title $2 measured: loops > 0, and its note under it (rows of
# several rings).
check_row() {
	local label=$1 title=$2 avg note n
	if ! row_of "$label" "$title"; then
		fail "$title $label: no row in:"$'\n'"$out"
		return
	fi
	read -r _ _ avg _ <<<"${row#*"$label"}"
	[[ $avg =~ ^[0-9]+$ ]] && [ "$avg" -gt 0 ] && pass "$title $label" ||
		fail "$title $label: average '$avg' in: $row"
	n=${label##* x}
	n=${n%% *}
	[ "$n" -eq 1 ] && return # one ring: no note
	note=$(grep -A3 -F "  $label " <<<"$out" | grep -m1 "(x$n: slowest ring")
	# A ring may not go round at all in the window when rings crowd a
	# CPU and other work loads the machine: its 0 is a measurement.
	[[ $note =~ slowest\ ring\ [0-9]+,\ fastest\ [1-9][0-9]*\ loops/sec\;\ (scalability\ [0-9]+\.[0-9][0-9]|no\ x1\ row\ to\ scale\ by)\) ]] &&
		pass "$title $label" || fail "$title $label: no note of its rings: $note"
}

# -j 1,2 at same: each N a row, with the slowest and fastest ring and the
# scalability; two rings ran on two CPUs, or say they were one too many.
rows() {
	local try
	# Two rings crowd one CPU at -P same: beside other work one may be
	# starved for the hang limit and come out HUNG, rightly: run once more.
	for try in 1 2; do
		run "$bin" -b pipe,sysv-sem -P same -j 1,2 -t 0.2 -r 2 -n p -o "$tmp/a.json"
		[ "$rc" -eq 1 ] && grep -q ": HUNG: " <<<"$err" || break
		echo "note: a row HUNG beside other work (try $try)"
	done
	[ "$rc" -eq 0 ] && pass "rows" || fail "rows: exit $rc: $err"
	for t in pipe semaphore; do
		check_row "p same x1" "$t"
		check_row "p same x2" "$t"
		row_of "p same x2" "$t"
		if [ "$ncpu" -ge 2 ]; then
			[[ $row =~ \ 0-1$|\ [0-9]+,[0-9]+$ ]] && pass "$t x2 same" ||
				fail "$t x2 same: not on two CPUs: $row"
		else
			grep -A3 -F "  p same x2 " <<<"$out" | grep -q "(oversubscribed" &&
				pass "$t x2 same on one CPU" || fail "$t x2 same on one CPU: not oversubscribed: $out"
		fi
	done
	# One ring is its own slowest, fastest and scale: no note under it.
	grep -A1 -E "^  p (same|cross) x1 " <<<"$out" | grep -q "(x1:" &&
		fail "rows: a note under a row of one ring: $out" || pass "rows"
	# The JSON: rings from 2 only, and each ring's loops.
	grep -q '"rings": 2' "$tmp/a.json" && pass "rows" || fail "rows: no rings in the JSON"
	[ "$(grep -c '"rings"' "$tmp/a.json")" -eq 2 ] && pass "rows" ||
		fail "rows: one ring's rows say rings too"
	grep -q '"ring_min_loops": [1-9]' "$tmp/a.json" && pass "rows" ||
		fail "rows: no slowest ring in the JSON"
	grep -q '"shared"' "$tmp/a.json" && fail "rows: shared without --shared" || pass "rows"
	summary
}

# --shared: one object for all rings where the mechanism has one; the
# others skipped with the reason, and the exit status stays 0.
shared() {
	run "$bin" -b sysv-sem,sysv-msg,futex,pipe,posix-mq -P same -j 1,2 --shared \
		-t 0.2 -r 1 -n p -o "$tmp/s.json"
	[ "$rc" -eq 0 ] && pass "shared" || fail "shared: exit $rc: $err"
	for t in semaphore "message queue" futex; do
		check_row "p same x2 shared" "$t"
		check_row "p same x1 shared" "$t"
	done
	grep -q "p same x2 shared *skipped: pipe: one object per participant, nothing to share" \
		<<<"$(unwrap_reasons <<<"$out")" && pass "shared" || fail "shared: pipe not skipped: $out"
	grep -q "p same x2 shared *skipped: posix-mq: .*nothing to share" <<<"$(unwrap_reasons <<<"$out")" &&
		pass "shared" || fail "shared: posix-mq not skipped: $out"
	grep -q '"shared": true' "$tmp/s.json" && pass "shared" || fail "shared: not in the JSON"
	# Threads: each ring a process of its own.
	run "$bin" -T -b futex,sysv-sem -j 2 --shared -t 0.2 -r 1 -n p
	[ "$rc" -eq 0 ] && pass "shared threads" || fail "shared threads: exit $rc: $err"
	check_row "p any x2 shared" futex
	summary
}

# Many more rings than CPUs: it runs, says so, and leaves nothing.
many() {
	run "$bin" -j 64 -b pipe -t 0.5 -r 1 -n p
	[ "$rc" -eq 0 ] && pass "-j 64" || fail "-j 64: exit $rc: $err"
	check_row "p any x64" pipe
	grep -A3 -F "  p any x64 " <<<"$out" | grep -q "(oversubscribed" && pass "-j 64" ||
		fail "-j 64: not said oversubscribed: $out"
	run "$bin" -j 16 -b sysv-sem,sysv-msg -P same -t 0.2 -r 1 -n p
	[ "$rc" -eq 0 ] && pass "-j 16 SysV" || fail "-j 16 SysV: exit $rc: $err"
	check_row "p same x16" semaphore
	check_row "p same x16" "message queue"
	# -j cpus: one ring per allowed CPU.
	run "$bin" -j cpus -b pipe -P cross -t 0.1 -r 1 -n p
	if [ "$ncpu" -ge 2 ]; then
		[ "$rc" -eq 0 ] && pass "-j cpus" || fail "-j cpus: exit $rc: $err"
		check_row "p cross x$ncpu" pipe
	fi
	summary
}

# So many rings on one CPU that one may not go round in a short window:
# slow, its 0 loops the slowest ring's, not HUNG.
crowd() {
	run taskset -c 0 "$bin" -j 256 -b pipe -P same -t 0.02 -r 1 -n p
	[ "$rc" -eq 0 ] && pass "crowd" || fail "crowd: exit $rc: $err"
	grep -q HUNG <<<"$out$err" && fail "crowd: a slow ring taken for hung: $out" || pass "crowd"
	row_of "p same x256" pipe && pass "crowd" || fail "crowd: no row: $out"
	summary
}

# The CPU figures of many more rings than CPUs describe their loops, not
# their start and exit: the CPUs they kept busy never exceed the CPUs
# they could use (5 % for rounding aside), and a loop costs some CPU.
# A short -t, so that start and exit would weigh; on one CPU too.
cpus() {
	local key=pipe.any.2p.0k.x64 busy user n pin
	for pin in "" 0; do
		n=$ncpu
		if [ -n "$pin" ]; then
			n=1
			run taskset -c "$pin" "$bin" -j 64 -b pipe -t 0.05 -r 2 -q --format kv
		else
			run "$bin" -j 64 -b pipe -t 0.05 -r 2 -q --format kv
		fi
		[ "$rc" -eq 0 ] && pass "cpus $pin" || fail "cpus $pin: exit $rc: $err"
		busy=$(awk -F': ' -v k="$key.cpu_busy_cpus" '$1 == k { print $2 }' <<<"$out")
		user=$(awk -F': ' -v k="$key.cpu_user_ns_per_loop" '$1 == k { print $2 }' <<<"$out")
		awk -v b="$busy" -v n="$n" 'BEGIN { exit !(b > 0 && b <= n * 1.05) }' &&
			pass "cpus $pin" || fail "cpus $pin: $busy CPUs busy with $n allowed"
		awk -v u="$user" 'BEGIN { exit !(u > 0) }' && pass "cpus $pin" ||
			fail "cpus $pin: user time per loop '$user': $out"
	done
	summary
}

# Saved runs with -j compare row by row, N and sharing included.
compare() {
	local try
	# A ring starved of its CPU for the hang limit by other work on a
	# crowded machine comes out HUNG, a row with nothing to compare:
	# such a pair is run once more.
	for try in 1 2; do
		run "$bin" -b futex -P same -j 1,2 -t 0.1 -r 2 -n a -o "$tmp/a.json"
		run "$bin" -b futex -P same -j 1,2 -t 0.1 -r 2 -n b -o "$tmp/b.json"
		grep -q '"status": "hung"' "$tmp/a.json" "$tmp/b.json" || break
		echo "note: a row HUNG beside other work (try $try)"
	done
	undisturbed "$tmp/a.json" "$tmp/b.json"
	out=$("$bin" report "$tmp/a.json" "$tmp/b.json" 2>"$err_f")
	rc=$?
	err=$(<"$err_f")
	[ "$rc" -eq 0 ] && pass "compare" || fail "compare: exit $rc; stderr: $err"
	grep -Eq "^  b same x2 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+% +([-+]?[0-9.]+|>9999)%" <<<"$out" &&
		pass "compare" || fail "compare: b's x2 row not compared: $out"
	grep -Eq "^  b same x1 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+% +([-+]?[0-9.]+|>9999)%" <<<"$out" &&
		pass "compare" || fail "compare: b's x1 row not compared: $out"
	out=$("$bin" report --format kv "$tmp/a.json" "$tmp/b.json")
	grep -q "^b/futex.same.2p.0k.x2.change_pct: " <<<"$out" && pass "compare" ||
		fail "compare: no change of the x2 row in kv: $out"
	grep -q "^a/futex.same.2p.0k.x2.scalability: [0-9]" <<<"$out" && pass "compare" ||
		fail "compare: no scalability in kv: $out"
	# Against a run without -j: only its one ring's row has a match.
	run "$bin" -b futex -P same -t 0.1 -r 2 -n c -o "$tmp/c.json"
	undisturbed "$tmp/c.json"
	out=$("$bin" report "$tmp/c.json" "$tmp/a.json")
	grep -Eq "^  a same x1 +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+% +([-+]?[0-9.]+|>9999)%" <<<"$out" &&
		pass "compare" || fail "compare: a's x1 row not compared with c's one ring: $out"
	summary
}

# A participant of ring 2 killed: that row FAILED, the rest go on, exit 1.
killed() {
	# The kill must land in the first row, half a second in: this
	# script runs above the rings (a real-time class where it may), and
	# ctxbench, started from it, goes back to the normal class.
	# A script held up past the first row (a sanitizer build's slow
	# forks beside other tests) finds its victim gone: the run is tried
	# again, up to three times.
	local rt=() try
	chrt -f -p 1 $$ 2>/dev/null && rt=(chrt -o 0)
	for try in 1 2 3; do
		kill=1 run "${rt[@]}" "$bin" -b sysv-sem,pipe -P same -j 3 -t 2 -r 1 -n p
		[ -n "$missed" ] || break
		echo "# killed, try $try: $missed"
	done
	[ ${#rt[@]} -eq 0 ] || chrt -o -p 0 $$
	[ -z "$missed" ] && pass "killed: a participant killed in a row" ||
		fail "killed: in three tries, $missed"
	[ "$rc" -eq 1 ] && pass "killed" || fail "killed: exit $rc, expected 1: $err"
	grep -q "p same x3 *FAILED: ring 2 participant 0 killed by signal 9" <<<"$out" &&
		pass "killed" || fail "killed: no FAILED row of ring 2: $out"
	check_row "p same x3" pipe
	summary
}

# Limits for N rings, checked before anything starts (exit 2).
limits() {
	run "$bin" -j 256 -p 8 -b pipe -t 0.1 -r 1
	[ "$rc" -eq 2 ] && pass "-p 8 -j 256" || fail "-p 8 -j 256: exit $rc; stderr: $err"
	grep -q "2048 participants at once: at most 1024" <<<"$err" && pass "-p 8 -j 256" ||
		fail "-p 8 -j 256: $err"
	for bad in 0 257 1,1 x ""; do
		run "$bin" -j "$bad" -b pipe -t 0.1 -r 1
		[ "$rc" -eq 2 ] && pass "-j '$bad'" || fail "-j '$bad': exit $rc; stderr: $err"
		grep -q "^ctxbench: -j/--parallel: " <<<"$err" && pass "-j '$bad'" ||
			fail "-j '$bad': $err"
	done
	run prlimit --nofile=64 "$bin" -j 32 -b pipe -t 0.1 -r 1
	[ "$rc" -eq 2 ] && pass "RLIMIT_NOFILE" || fail "RLIMIT_NOFILE: exit $rc; stderr: $err"
	grep -q "for 64 participants.*RLIMIT_NOFILE" <<<"$err" && pass "RLIMIT_NOFILE" ||
		fail "RLIMIT_NOFILE: $err"
	[ "$(id -u)" -eq 0 ] || skip "needs root for unshare -i and the sysctls"
	# Tasks: every ring's participants, as another user (root is exempt).
	local nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups) n
	if "${nobody[@]}" "$bin" --version >/dev/null 2>&1; then
		n=$(ps -u 65534 -L --no-headers | wc -l)
		run prlimit --nproc=$((n + 20)) "${nobody[@]}" "$bin" -j 16 -b pipe -t 0.1 -r 1
		[ "$rc" -eq 2 ] && pass "RLIMIT_NPROC" || fail "RLIMIT_NPROC: exit $rc; stderr: $err"
		grep -q "32 participants need .* tasks.*RLIMIT_NPROC" <<<"$err" && pass "RLIMIT_NPROC" ||
			fail "RLIMIT_NPROC: $err"
	else
		skip_check "RLIMIT_NPROC" "nobody cannot run $bin here"
	fi
	unshare -i true 2>/dev/null || skip "unshare -i is not permitted here"
	out=$(unshare -i sh -c 'echo 4 > /proc/sys/kernel/msgmni &&
		echo "250 32000 32 4" > /proc/sys/kernel/sem &&
		"$0" -j 8 -b sysv-sem -t 0.1 -r 1;
		echo "rc $?";
		"$0" -j 8 -b sysv-msg -t 0.1 -r 1;
		echo "rc $?";
		"$0" -j 8 --shared -b sysv-sem,sysv-msg -t 0.1 -r 1 -n p;
		echo "rc $?"' "$bin" 2>&1)
	grep -q "sysv-sem: 8 rings need 8 semaphore sets, but SEMMNI (kernel.sem) is 4" <<<"$out" &&
		pass "SEMMNI" || fail "SEMMNI: $out"
	grep -q "sysv-msg: 8 rings need 8 queues, but kernel.msgmni is 4" <<<"$out" &&
		pass "msgmni" || fail "msgmni: $out"
	[ "$(grep -c '^rc 2$' <<<"$out")" -eq 2 ] && pass "limits" || fail "limits: not exit 2: $out"
	# Shared: one set and one queue for all rings.
	grep -q '^rc 0$' <<<"$out" && pass "shared within the limits" || fail "shared within the limits: $out"
	summary
}

case $case in
rows) rows ;;
shared) shared ;;
many) many ;;
compare) compare ;;
crowd) crowd ;;
cpus) cpus ;;
killed) killed ;;
limits) limits ;;
*)
	echo "usage: $0 BIN CASE" >&2
	exit 2
	;;
esac
