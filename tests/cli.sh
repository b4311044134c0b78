#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Tests that run the ctxbench binary: usage, bad input, short runs, leaks.
# usage: cli.sh basics BIN | cli.sh twice BIN | cli.sh run BIN MECH [ARGS...] |
#        cli.sh waitv BIN |
#        cli.sh cross BIN | cli.sh types BIN | cli.sh quoted BIN FIXTURES_DIR |
#        cli.sh isolated CMD [ARGS...]
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).  A mechanism that cannot run
# here skips its run test, or fails it under CTXBENCH_REQUIRE_ALL=1.
p="timeout=120"
tests=(
	# About forty invocations: on a loaded machine each may take seconds.
	"cli-basics basics @BIN@ | timeout=300 cost=35"
	# Every option of one value given twice is refused, by the option table.
	"cli-twice twice @BIN@ | $p cost=35"
	# One short run of every mechanism of ipc/backends.h, named as the CLI
	# names it, and one ring of each.
	"run-@MECH@ run @BIN@ @MECH@ | $p"
	"ring-@MECH@ ring @BIN@ @MECH@ | $p"
	# Threads instead of processes.
	"threads-pipe run @BIN@ pipe -T | $p"
	"threads-futex run @BIN@ futex -T | $p"
	"threads-signal run @BIN@ signal -T | $p"
	"threads-sysv-sem run @BIN@ sysv-sem -T | $p"
	"threads-futex-waitv run @BIN@ futex-waitv -T | $p"
	"threads-io-uring-msg run @BIN@ io-uring-msg -T | $p"
	# futex-waitv's vector: its length in the run, the saved rows and back.
	"cli-waitv waitv @BIN@ | $p"
	"placement-cross cross @BIN@ | $p"
	# Placements by core type: refused on a machine of one type, run or
	# skipped with the reason on a hybrid one.
	"placement-types types @BIN@ | $p"
	"ring-working-set ring @BIN@ pipe 0,64 | $p"
	"ring-futex-working-set ring @BIN@ futex 0,16 | $p"
	"ring-limit ring-limit @BIN@ | $p"
	"cost-per-loop cost @BIN@ | $p"
	"ring-512 ring-large @BIN@ 512 | $p"
	"tcp-lo-down lo-down @BIN@ | $p"
	"run-required required @BIN@ | $p"
	# Hostile bytes in every argument, value and file name a message
	# quotes: escaped, the message one line.
	"cli-quoted quoted @BIN@ @TESTS@/fixtures/json | $p"
	# Memory errors and leaks in a short run of every mechanism, children
	# too (where valgrind is, and no sanitizer); no gdbserver, whose FIFOs
	# in /tmp a participant killed at the end would leave behind.
	"valgrind-all isolated @VALGRIND@ -q --trace-children=yes --vgdb=no \
		--error-exitcode=9 --leak-check=full \
		--errors-for-leak-kinds=definite,indirect \
		@BIN@ -t 0.05 -r 1 -P same -n valgrind | timeout=300 if=CTXBENCH_TEST_VALGRIND"
	# Disturbance: a CPU hog flags a run, a quiet run is not flagged.  Each
	# needs CPU 0 to itself.
	"disturbed-hog disturbed @BIN@ | serial $p"
	"disturbed-quiet quiet @BIN@ | serial $p"
)
list_tests "$@"
isolate "$@"

# Run ctxbench in a session of its own; afterwards nothing of that session
# may be alive.  Sets out, err, rc.
run_ctx() {
	local o=$json.out e=$json.err
	setsid "$@" >"$o" 2>"$e" &
	local pid=$!
	wait "$pid"
	rc=$?
	file_text out "$o"
	file_text err "$e"
	nap 0.05
	if session_alive "$pid"; then
		fail "processes of session $pid outlived ctxbench: $(pgrep -s "$pid" | tr '\n' ' ')"
		pkill -KILL -s "$pid"
	fi
}

basics() {
	local bin=$1

	run_ctx "$bin" --help
	[ "$rc" -eq 0 ] && pass "not: --help exits $rc" || fail "--help exits $rc"
	# Each looked for by bash, as grep would find it: no grep a word.
	for o in --time --runs --backend --placement --threads --procs --size --histogram --retry-disturbed --name --note --list --help --version; do
		[[ $out == *"$o"* ]] && pass "not: --help lacks $o" || fail "--help lacks $o"
	done
	[[ $out == *"Exit status"* ]] && pass "not: --help lacks exit codes" || fail "--help lacks exit codes"
	awk 'length($0) > 80 { bad = 1 } END { exit bad }' <<<"$out" && pass "not: --help has lines wider than 80 columns" ||
		fail "--help has lines wider than 80 columns"
	run_ctx "$bin" -V
	[ "$rc" -eq 0 ] && [[ $'\n'$out == *$'\nctxbench '[0-9]* ]] && pass "-V" || fail "-V: $out"
	run_ctx "$bin" --list
	[ "$rc" -eq 0 ] && pass "not: --list exits $rc" || fail "--list exits $rc"
	for m in signal sysv-msg pipe sysv-sem spin-yield spinlock futex \
		futex-waitv eventfd io-uring-msg unix posix-mq posix-sem tcp null; do
		[[ $'\n'$out == *$'\n'"$m "* ]] && pass "not: --list lacks $m" || fail "--list lacks $m"
	done
	awk 'length($0) > 80 { bad = 1 } END { exit bad }' <<<"$out" && pass "not: --list has lines wider than 80 columns" ||
		fail "--list has lines wider than 80 columns"

	# Bad input: exit 2, one line on stderr, nothing on stdout, nothing run
	# (-h after what the parser must refuse: taken, it prints the help).
	local before
	before=$(ipc_ids)
	while IFS= read -r args; do
		eval "set -- $args"
		run_ctx "$bin" "$@"
		if [ "$rc" -ne 2 ]; then
			fail "ctxbench $args exits $rc, expected 2"
		elif [ -n "$out" ]; then
			fail "ctxbench $args printed a report"
		elif [[ $err == *$'\n'* ]] || [[ $err != "ctxbench: "* ]]; then
			fail "ctxbench $args: stderr is not one line: $err"
		else
			pass "ctxbench $args"
		fi
	done <<'ARGS'
-t 0
-t -1
-t abc
-t ''
-t 1e400
-t 0.5x
-r 0
-r -1
-r 99999999999999999999
-r 1.5
-b nosuch
-b pipe,nosuch
-b pipe,pipe
-b ''
-n ''
-n $'A\x7f' -h
-n $'A\xc2\x9b31m' -h
-n $'A\xc2\x85' -h
--note $'a\u2028b' -h
--note $'a\u202eb' -h
-n $'\u2067x' -h
-t 1 -t 1 -h
-n a -n a -h
-P nowhere
-P ''
-P same,same
-P cpus:
-P cpus:x
-P same -P any
-p 1
-p 1025
-p 2,2
-p ''
-p 2 -p 4
-s -1
-s 99999999
-s 0,x
--retry-disturbed -1
--retry-disturbed 101
--retry-disturbed x
--waitv 0
--waitv 129
--waitv x
--waitv ''
--nosuch
-x
-t
extra
-t 1 extra
ARGS
	[ "$(ipc_ids)" = "$before" ] && pass "not: bad input left IPC objects" || fail "bad input left IPC objects"
	summary
}

# The run's saved file: the report's figures are read from its --format kv.
json=$(mktemp) && trap 'rm -f "$json" "$json.out" "$json.err" "$json.kv"' EXIT
# The report of the saved run $json as --format kv, into $kv, and each
# key's value in kvs[] (as lib.sh's kv finds it: the first line of the
# key, up to another ": "), read by bash: no awk a key.
declare -A kvs
read_kv() {
	local l k v
	"$1" report --format kv "$json" >"$json.kv"
	file_text kv "$json.kv"
	kvs=()
	while IFS= read -r l; do
		[[ $l == *": "* ]] || continue
		k=${l%%": "*} v=${l#*": "}
		[ -n "${kvs[$k]+set}" ] || kvs[$k]=${v%%": "*}
	done <<<"$kv"
}

# Loops > 0 and low <= average <= high: $1 names the row in messages.
check_loops() {
	awk -v l="$2" -v h="$3" -v a="$4" \
		'BEGIN { exit !(l > 0 && l <= a && a <= h) }' &&
		pass "$1" || fail "$1: low $2 high $3 average $4"
}

# Check the row of key prefix $2 in $kv: loops > 0, low <= avg <= high, a
# cv and the CPUs busy.
check_row() {
	local what=$1 row=$2 num='^[0-9]+(\.[0-9]+)?$'
	if [ -z "${kvs[$row.loops_per_sec]-}" ]; then
		fail "$what $row: no result row in:"$'\n'"$kv"
		return
	fi
	check_loops "$what $row" "${kvs[$row.loops_per_sec_low]-}" \
		"${kvs[$row.loops_per_sec_high]-}" "${kvs[$row.loops_per_sec]-}"
	[[ ${kvs[$row.cv_pct]-} =~ $num ]] && pass "$what $row" || fail "$what $row: cv '${kvs[$row.cv_pct]-}'"
	[[ ${kvs[$row.cpu_busy_cpus]-} =~ $num ]] && pass "$what $row" ||
		fail "$what $row: cpus '${kvs[$row.cpu_busy_cpus]-}'"
}

# The mechanism @1 was skipped at set-up ($out): skipped with the reason
# (a failure under CTXBENCH_REQUIRE_ALL=1, CI, where every mechanism runs).
mech_skipped() {
	skip "$1 cannot run here: $(unwrap_reasons <<<"$out" | grep -m1 'skipped:' | sed 's/^ *//')"
}

# One short run of one mechanism, pinned to one CPU and unpinned.
run() {
	local bin=$1 mech=$2
	shift 2
	# The exit status, three of each row, the Run line and the tasks.
	plan 9
	run_ctx "$bin" -b "$mech" -P same,any -t 0.05 -r 2 -n cli-test -o "$json" "$@"
	[ "$rc" -eq 0 ] && [[ $out == *"skipped: setup"* ]] && mech_skipped "$mech"
	[ "$rc" -eq 0 ] && pass "$mech" || fail "$mech: exit $rc: $err"
	read_kv "$bin"
	local tasks=processes threads=
	[[ " $* " == *" -T "* ]] && tasks=threads threads=.threads
	check_row "$mech $*" "$mech.same.2p.0k$threads"
	check_row "$mech $*" "$mech.any.2p.0k$threads"
	# The lines matched by bash, as grep matches them.
	[[ $'\n'$out == *$'\nRun: cli-test'* ]] && pass "$mech" || fail "$mech: no Run line"
	local re=$'\n''  Tasks  *'$tasks$'\n'
	[[ $'\n'$out$'\n' =~ $re ]] && pass "$mech" || fail "$mech: Tasks is not $tasks"
	summary
}

# Rings of 2, 3 and 8 (and working sets): every row moves the token (the
# runner fails a ring whose participants' counts disagree) and the lat_ctx
# table is printed.
ring() {
	local bin=$1 mech=$2 sizes=${3:-0} p s row
	# The exit status, each row, the lat_ctx table and its 8p line.
	local n=${sizes//[!,]/}
	plan $((3 + 3 * (${#n} + 1)))
	run_ctx "$bin" -b "$mech" -p 2,3,8 -s "$sizes" -t 0.05 -r 1 -n cli-test -o "$json"
	[ "$rc" -eq 0 ] && [[ $out == *"skipped: setup"* ]] && mech_skipped "$mech"
	[ "$rc" -eq 0 ] && pass "ring $mech" || fail "ring $mech: exit $rc: $err"
	read_kv "$bin"
	for p in 2 3 8; do
		for s in ${sizes//,/ }; do
			row=$mech.any.${p}p.${s}k
			if [ -z "${kvs[$row.loops_per_sec]-}" ]; then
				fail "ring $mech ${p}p/${s}K: no row in:"$'\n'"$kv"
				continue
			fi
			check_loops "ring $mech ${p}p/${s}K" "${kvs[$row.loops_per_sec_low]-}" \
				"${kvs[$row.loops_per_sec_high]-}" "${kvs[$row.loops_per_sec]-}"
		done
	done
	[[ $out == *"us per hop (lat_ctx)"* ]] && pass "ring $mech" || fail "ring $mech: no lat_ctx table"
	[[ $'\n'$out == *$'\n  8p '* ]] && pass "ring $mech" || fail "ring $mech: no 8p line in the lat_ctx table"
	summary
}

# --waitv N: futex-waitv's rows say N in the saved run, and the report
# reads them back; another mechanism's rows say nothing of it.  Without
# it, the default, 4.
waitv() {
	local bin=$1 n
	plan 7
	for n in 7 ""; do
		run_ctx "$bin" -b futex-waitv,futex ${n:+--waitv "$n"} -t 0.05 -r 1 \
			-n cli-test -o "$json"
		[ "$rc" -eq 0 ] && grep -q "skipped: setup" <<<"$out" && mech_skipped futex-waitv
		[ "$rc" -eq 0 ] && pass "waitv ${n:-default}" || fail "waitv ${n:-default}: exit $rc: $err"
		# Each "waitv" member after the "mech" of its row: futex-waitv's only.
		[ "$(awk '/"mech": / { m = $2 } /"waitv": / { print m, $2 }' "$json")" = \
			"\"futex-waitv\", ${n:-4}," ] && pass "waitv ${n:-default}: saved" ||
			fail "waitv ${n:-default}: not saved as ${n:-4}: $(grep -n waitv "$json")"
	done
	read_kv "$bin"
	[ -n "${kvs[futex-waitv.any.2p.0k.loops_per_sec]-}" ] && pass "waitv: read back" ||
		fail "waitv: the saved run is not read back: $kv"
	run_ctx "$bin" report --format json "$json"
	grep -q '"waitv": 4' <<<"$out" && pass "waitv: in report --format json" ||
		fail "waitv: not in report --format json: $out"
	run_ctx "$bin" -b futex-waitv --waitv 128 -p 3 -t 0.05 -r 1 -n cli-test -o "$json"
	[ "$rc" -eq 0 ] && grep -q '"waitv": 128' "$json" && pass "waitv 128" ||
		fail "waitv 128: exit $rc: $err"
	summary
}

# Too many participants for the descriptors: an error naming the limit,
# before anything starts.
ring_limit() {
	local bin=$1
	plan 3
	run_ctx prlimit --nofile=40:40 "$bin" -b pipe -p 64 -t 0.05 -r 1
	[ "$rc" -eq 2 ] && pass "ring limit" || fail "ring limit: exit $rc"
	grep -q "RLIMIT_NOFILE" <<<"$err" && pass "ring limit" || fail "ring limit: $err"
	[ -z "$out" ] && pass "ring limit" || fail "ring limit: something ran"
	summary
}

# A large ring sets up, runs and goes away cleanly.
ring_large() {
	local bin=$1 n=$2
	plan 2
	run_ctx "$bin" -b pipe -p "$n" -t 0.1 -r 1 -n cli-test -o "$json"
	[ "$rc" -eq 0 ] && pass "ring of $n" || fail "ring of $n: exit $rc: $err"
	read_kv "$bin"
	awk -v l="${kvs[pipe.any.${n}p.0k.loops_per_sec_low]-}" 'BEGIN { exit !(l > 0) }' &&
		pass "ring of $n" || fail "ring of $n: no row: $kv"
	summary
}

# The whole cost of a hand-off: a blocking mechanism on one CPU switches
# about twice a loop; the latency table and --histogram are there and fit.
cost() {
	local bin=$1 row
	plan 7
	run_ctx "$bin" -b pipe -P same -t 0.3 -r 2 -n cli-test --histogram -o "$json"
	[ "$rc" -eq 0 ] && pass "cost" || fail "cost: exit $rc: $err"
	read_kv "$bin"
	local k=pipe.same.2p.0k usr sys vol invol cpus min p50 p90 p99 p999 max
	usr=${kvs[$k.cpu_user_ns_per_loop]-} sys=${kvs[$k.cpu_sys_ns_per_loop]-}
	vol=${kvs[$k.cpu_vol_cs_per_loop]-} invol=${kvs[$k.cpu_invol_cs_per_loop]-}
	cpus=${kvs[$k.cpu_busy_cpus]-}
	row="user $usr sys $sys vol $vol invol $invol cpus $cpus"
	awk -v v="$vol" -v i="$invol" 'BEGIN { exit !(v + i >= 1 && v + i <= 3) }' &&
		pass "cost" || fail "cost: $vol + $invol switches per loop, expected 1..3: $row"
	awk -v u="$usr" -v s="$sys" -v c="$cpus" 'BEGIN { exit !(u + s > 0 && c > 0 && c <= 1.5) }' &&
		pass "cost" || fail "cost: CPU per loop: $row"
	min=${kvs[$k.rtt_min_ns]-} p50=${kvs[$k.rtt_p50_ns]-} p90=${kvs[$k.rtt_p90_ns]-}
	p99=${kvs[$k.rtt_p99_ns]-} p999=${kvs[$k.rtt_p999_ns]-} max=${kvs[$k.rtt_max_ns]-}
	row="$min $p50 $p90 $p99 $p999 $max"
	awk -v a="$min" -v b="$p50" -v c="$p90" -v d="$p99" -v e="$p999" -v f="$max" \
		'BEGIN { exit !(a > 0 && a <= b && b <= c && c <= d && d <= e && e <= f) }' &&
		pass "cost" || fail "cost: percentiles out of order: $row"
	grep -q "round trips timed" <<<"$out" && pass "cost" || fail "cost: no histogram"
	awk '/Round trips/ { on = 1 } on && length($0) > 72 { bad = 1 } END { exit bad }' <<<"$out" &&
		pass "cost" || fail "cost: a histogram line is wider than 72 columns"
	awk 'length($0) > 80 { bad = 1 } END { exit bad }' <<<"$out" &&
		pass "cost" || fail "cost: a report line is wider than 80 columns"
	summary
}

# The share of CPU 0 something took during $1 seconds, from /proc/stat.
cpu0_busy() {
	local a b
	a=$(awk '$1 == "cpu0" { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	nap "$1"
	b=$(awk '$1 == "cpu0" { print $2 + $3 + $4 + $7 + $8 + $9, $5 + $6 }' /proc/stat)
	awk -v a="$a" -v b="$b" 'BEGIN { split(a, x, " "); split(b, y, " ");
		busy = y[1] - x[1]; idle = y[2] - x[2];
		printf "%.3f", (busy + idle > 0 ? busy / (busy + idle) : 0) }'
}

# A CPU hog on the CPU of a "same" run: the run is flagged, in text and
# JSON, and --retry-disturbed runs it again, saying so.
disturbed() {
	local bin=$1 hog json
	json=$(mktemp)
	taskset -c 0 sh -c 'while :; do :; done' &
	hog=$!
	nap 0.3 # until the hog spins
	# In the hog's own session: a session of its own would be a task
	# group of its own, which the scheduler shields from the hog.
	out=$("$bin" -b pipe -P cpus:0 -t 0.3 -r 2 --retry-disturbed 1 -n cli-test -o "$json" 2>/dev/null)
	rc=$?
	kill "$hog"
	wait "$hog" 2>/dev/null
	[ "$rc" -eq 0 ] && pass "disturbed" || fail "disturbed: exit $rc: $err"
	grep -q "^disturbed: steal or other tasks" <<<"$out" && pass "disturbed" ||
		fail "disturbed: no legend: $out"
	grep -Eq "\(disturbed: (1 of 2 runs|2 of 2 runs, averaged anyway); run [12]: " <<<"$out" &&
		pass "disturbed" || fail "disturbed: row not flagged: $out"
	# The hog is named, whatever else is: steal of the host, or a stall of
	# the token when something else loads the machine, may come first
	# ("steal 3.2%, other tasks 47.5% of CPU 0").  The JSON has it whole.
	grep -Eq '"disturbed_why": "[^"]*other tasks( took)? [0-9.]+% of CPU 0' "$json" &&
		pass "disturbed" || fail "disturbed: the hog is not named: $(grep disturbed_why "$json")"
	grep -Eq "\([1-4] disturbed runs? discarded and run again\)" <<<"$out" && pass "disturbed" ||
		fail "disturbed: no retry: $out"
	grep -q '"disturbed": true' "$json" && pass "disturbed" || fail "disturbed: not in the JSON"
	grep -Eq '"discarded": [1-4],' "$json" && pass "disturbed" || fail "disturbed: no discarded count in the JSON"
	rm -f "$json"
	summary
}

# A short run on an idle CPU is not flagged (skipped when CPU 0 is busy).
quiet() {
	local bin=$1 busy i
	busy=$(cpu0_busy 0.5)
	if awk -v b="$busy" 'BEGIN { exit !(b > 0.01) }'; then
		skip "CPU 0 is visibly busy ($busy of it in use)"
	fi
	# A stray task may still wake up once: three tries.
	for ((i = 0; i < 3; i++)); do
		run_ctx "$bin" -b pipe -P cpus:0 -t 0.3 -r 2 -n cli-test
		grep -q "(disturbed:" <<<"$out" || break
	done
	[ "$rc" -eq 0 ] && pass "quiet" || fail "quiet: exit $rc"
	grep -q "(disturbed:" <<<"$out" && fail "quiet: flagged on an idle CPU: $out" || pass "quiet"
	summary
}

# Participants on two CPUs; where only one is allowed, skipped with a reason.
cross() {
	local bin=$1 ncpu
	ncpu=$(nproc)
	run_ctx "$bin" -b pipe -P cross -t 0.05 -r 1 -n cli-test -o "$json"
	[ "$rc" -eq 0 ] && pass "cross" || fail "cross: exit $rc: $err"
	if [ "$ncpu" -ge 2 ]; then
		read_kv "$bin"
		check_row cross pipe.cross.2p.0k
		grep -q "cross .* 0-1\|cross .*[0-9],[0-9]" <<<"$out" && pass "cross" ||
			fail "cross: not on two CPUs: $out"
	else
		grep -q "cli-test cross *skipped: needs 2 CPUs" <<<"$out" && pass "cross on one CPU is not skipped" ||
			fail "cross on one CPU is not skipped: $out"
	fi
	summary
}

# Does this machine have two core types or more: hybrid PMUs, or CPUs of
# different cpu_capacity?
hybrid() {
	[ -r /sys/devices/cpu_core/cpus ] && return 0
	[ "$(cat /sys/devices/system/cpu/cpu[0-9]*/cpu_capacity 2>/dev/null |
		sort -u | wc -l)" -ge 2 ]
}

# big, little and big-little: on a machine of one core type, refused
# before anything runs, in a list too, nothing written; on a hybrid one,
# each row run or skipped with the reason.
types() {
	local bin=$1 p
	if hybrid; then
		run_ctx "$bin" -b pipe -P big,little,big-little -t 0.05 -r 1 -n cli-test -o "$json"
		[ "$rc" -eq 0 ] && pass "types on a hybrid machine" || fail "types on a hybrid machine: exit $rc: $err"
		read_kv "$bin"
		for p in big little big-little; do
			[ -n "$(kv "pipe.$p.2p.0k.loops_per_sec")" ] || [ -n "$(kv "pipe.$p.2p.0k.skipped")" ] &&
				pass "$p run or skipped" || fail "$p neither run nor skipped:"$'\n'"$kv"
		done
		summary
		return
	fi
	plan 10
	for p in big little big-little same,big cross,little,any; do
		rm -f "$json"
		run_ctx "$bin" -b pipe -P "$p" -t 0.05 -r 1 -n cli-test -o "$json"
		[ "$rc" -eq 2 ] && [ -z "$out" ] && [ ! -e "$json" ] && pass "-P $p refused" ||
			fail "-P $p on a machine of one core type: exit $rc, not 2, or output: $out$err"
		[[ $err == "ctxbench: -P/--placement: "*" places by core type, but this machine's CoreTypes is '"* ]] &&
			[ "$(wc -l <<<"$err")" -eq 1 ] && pass "-P $p's message" ||
			fail "-P $p: not the message of one core type: $err"
	done
	summary
}

# The command that runs the rest of its line in a network namespace of
# its own, whose loopback is down, into the caller's ns array; the test
# skips where none can be made.
netns() {
	if unshare -n true 2>/dev/null; then
		ns=(unshare -n --)
	elif unshare -rn true 2>/dev/null; then
		ns=(unshare -rn --)
	else
		skip "cannot make a network namespace (unshare -n)"
	fi
}

# A network namespace of its own has its loopback down: tcp is skipped with
# the way to have it, the others run, and the exit status stays 0.
lo_down() {
	local bin=$1 ns

	netns
	plan 4
	run_ctx "${ns[@]}" "$bin" -b tcp,pipe -t 0.05 -r 1 -q
	[ "$rc" -eq 0 ] && pass "lo down" || fail "lo down: exit $rc: $err"
	grep -Eq '^  .* skipped: setup: .* \(bring lo up\)$' <<<"$out" && pass "lo down" ||
		fail "lo down: tcp not skipped with the way to have it: $out"
	grep -q FAILED <<<"$out$err" && fail "lo down: a failure: $out" || pass "lo down"
	awk '/^pipe /{getline; print}' <<<"$out" | grep -Eq ' [0-9]+ +[0-9]+ +[0-9]+ ' &&
		pass "lo down" || fail "lo down: pipe not measured: $out"
	summary
}

# The options of one value: each given twice is refused by the option
# table, exit 2 and one line naming it, in the short form and the long
# one alike; a flag may be repeated, and --noise given once per file.  The
# options walked are those --help lists, for ctxbench and ctxbench report,
# so that a new option is walked too (its value is below, or it fails).
twice() {
	local bin=$1 mode section line long short arg n=0
	local re='^ +(-([A-Za-z0-9]), )? *--([a-z][a-z0-9-]*)( ([A-Z]+))? '
	local -A value=(
		[--time]=1 [--runs]=1 [--backend]=pipe [--placement]=any
		[--policy]=fifo [--prio]=1 [--nice]=1 [--procs]=2 [--size]=0
		[--parallel]=1 [--name]=x [--note]=x [--output]=x.json
		[--waitv]=8 [--retry-disturbed]=1 [--sample]=1 [--order]=shuffle
		[--cgroup-depth]=2 [--slice]=3000
		[--seed]=1 [--format]=text [--baseline]=x [--fail-above]=1 [--want]=5
		[--series]=given
		[--noise]=x.json
	)
	# --noise adds a file each time; --json sets --format's value.
	local -A many=([--noise]=1) valued=([--json]=1)
	local -a pre two

	for mode in run report; do
		pre=()
		[ $mode = report ] && pre=(report)
		section=
		while IFS= read -r line; do
			case $line in
			'Options:') section=run ;;
			'Options of ctxbench report:') section=report ;;
			'') section= ;;
			*)
				[ "$section" = $mode ] && [[ $line =~ $re ]] || continue
				long=--${BASH_REMATCH[3]} short=${BASH_REMATCH[2]}
				arg=${BASH_REMATCH[5]}
				n=$((n + 1))
				# The short form first where there is one.
				if [ -z "$arg" ]; then
					two=("${short:+-$short}" "$long")
				elif [ -n "${value[$long]:-}" ]; then
					two=("${short:+-$short}" "${value[$long]}" "$long" "${value[$long]}")
				else
					fail "$long takes $arg: give it a value in cli.sh twice"
					continue
				fi
				[ -n "$short" ] || two[0]=$long
				# -h last: what is taken prints the help, nothing runs.
				run_ctx "$bin" "${pre[@]}" "${two[@]}" -h
				if [ -n "${many[$long]:-}" ] || { [ -z "$arg" ] && [ -z "${valued[$long]:-}" ]; }; then
					[ "$rc" -eq 0 ] && pass "$mode ${two[*]}" ||
						fail "$mode ${two[*]}: exit $rc, not taken: $err"
				elif [ "$rc" -ne 2 ] || [ -n "$out" ] ||
					[[ $err == *$'\n'* ]] ||
					! [[ $err =~ ^ctxbench:\ .*$long:\ given\ twice ]]; then
					fail "$mode ${two[*]}: exit $rc, not refused as given twice: $out$err"
				else
					pass "$mode ${two[*]}"
				fi
			esac
		done < <("$bin" --help)
	done
	[ "$n" -ge 20 ] && pass "not: --help lists $n options" || fail "--help lists $n options"
	# Two options of one value: one of them.
	run_ctx "$bin" --format kv --json -h
	[ "$rc" -eq 2 ] && grep -q -- '--json: given with --format' <<<"$err" && pass "--format kv --json" ||
		fail "--format kv --json: exit $rc: $err"
	summary
}

# A mechanism that cannot run (tcp with the loopback down, in a network
# namespace of its own): its run test skips with the reason, and fails
# with it under CTXBENCH_REQUIRE_ALL=1.
required() {
	local bin=$1 ns o rc
	netns
	plan 4
	o=$(env -u CTXBENCH_REQUIRE_ALL "${ns[@]}" "$0" run "$bin" tcp 2>&1)
	rc=$?
	[ "$rc" -eq 77 ] && pass "tcp, lo down" || fail "tcp, lo down: exit $rc, expected 77: $o"
	grep -q '^skipped: tcp cannot run here: .*(bring lo up)$' <<<"$o" && pass "tcp, lo down" ||
		fail "tcp, lo down: skipped without the reason: $o"
	o=$(CTXBENCH_REQUIRE_ALL=1 "${ns[@]}" "$0" run "$bin" tcp 2>&1)
	rc=$?
	[ "$rc" -eq 1 ] && pass "tcp, lo down, CTXBENCH_REQUIRE_ALL=1" ||
		fail "tcp, lo down, CTXBENCH_REQUIRE_ALL=1: exit $rc, expected 1: $o"
	grep -q '^FAIL: skipped, .*: tcp cannot run here: .*(bring lo up)$' <<<"$o" && pass "tcp, lo down, CTXBENCH_REQUIRE_ALL=1" ||
		fail "tcp, lo down, CTXBENCH_REQUIRE_ALL=1: no failure with the reason: $o"
	summary
}

# Every message that quotes what it was given (an argument, an option's
# value, a file name, a string of a saved file) is one line a terminal
# shows as it is: the escape sequences, newline, carriage return, C1, bytes
# that are not UTF-8 and the bidirectional override of a hostile string
# are written \xNN, and the message still names it.  A newline let through
# would start a line with vmrun's marker, which tools/vmrun reads from the
# guest's console.
# The files that hold more than a terminal shows as it is, one a line:
# not UTF-8, a control character but the newline, C1, a line separator
# or bidirectional control, or a line that starts with vmrun's marker.
# One perl for many files: it takes longer to start than to read them.
terminal_unsafe() {
	perl -e 'use Encode; local $/;
		for my $f (@ARGV) {
			open(my $h, "<:raw", $f) or die; my $b = <$h>; my $bad = 0;
			$bad = 1 if $b =~ /[\x1b\x07\x9b\r]/ || $b =~ /^\@\@vmrun/m;
			my $t = eval { decode("UTF-8", $b, Encode::FB_CROAK) };
			$bad = 1 if !defined $t || $t =~ /[\x00-\x09\x0b-\x1f\x7f-\x9f\x{2028}\x{2029}\x{202a}-\x{202e}\x{2066}-\x{2069}]/;
			print "$f\n" if $bad;
		}' "$@"
}
# Do the files hold only what a terminal shows as it is?
terminal_safe() {
	local unsafe
	unsafe=$(terminal_unsafe "$@") && [ -z "$unsafe" ]
}

quoted() {
	local bin=$1 good=$2/base.json d h e name rc2 want i f n=0
	local -a wants nameds names rcs
	local -A unsafe
	d=$(mktemp -d)
	h=$'x\e]2;PWNED\a\e[2J\n@@vmrun: exit 0\r\x9b\xc2\x9b\xff\xe2\x80\xaey'
	e='x\x1b]2;PWNED\x07\x1b[2J\x0a@@vmrun: exit 0\x0d\x9b\xc2\x9b\xff\xe2\x80\xaey'
	cp "$good" "$d/$h.json"
	head -c 100 "$good" >"$d/cut$h.json"
	# A string of a saved file the reader refuses, quoted in its message.
	sed '0,/"status": "ok"/s//"status": "o\\u001b]2;PWNED\\u0007k"/' \
		"$good" >"$d/status.json"
	# The exit status, what the message must hold (E: the hostile string
	# escaped), the command line.  Each case's output kept apart, and all
	# read by one perl afterwards.
	while IFS='|' read -r want named name; do
		[ "$named" = E ] && named=$e
		eval "set -- $name"
		"$bin" "$@" >"$d/out$n" 2>"$d/err$n"
		rcs[n]=$?
		name=${name//\$h/H}
		name=${name//\$d/D}
		name=${name//\$good/GOOD}
		wants[n]=$want nameds[n]=$named names[n]=$name
		n=$((n + 1))
	done <<ARGS
0|E|report "\$good" "\$d/\$h.json"
2|E|report "\$d/no\$h.json"
2|E|report "\$d/cut\$h.json"
2|E|report "\$good" --noise "\$d/no\$h.json"
2|U+001B|report "\$d/status.json"
2|E|"--x\$h"
2|'-\\x1b'|-q\$'\\e'z
2|'-\\xff'|-\$'\\xff'q
2|E|report "--x\$h" "\$good"
2|E|-t 0.05 "\$h"
2|E|-t "\$h"
2|E|-r "\$h"
2|E|-b "\$h"
2|E|-P "\$h"
2|E|-p "\$h"
2|E|-s "\$h"
2|E|-j "\$h"
2|E|--order "\$h"
2|E|--seed "\$h"
2|E|--policy "\$h"
2|E|--prio "\$h"
2|E|--nice "\$h"
2|E|--sample "\$h"
2|E|--retry-disturbed "\$h"
2|E|--format "\$h"
2|E|report --fail-above "\$h" "\$good"
2|E|report --want "\$h" "\$good"
2|E|report --series "\$h" "\$good"
2|E|dump "\$h"
2|E|-b pipe -t 0.05 -o "\$d/no\$h/x.json"
2|E|report -o "\$d/no\$h/x.json" "\$good"
ARGS
	while IFS= read -r f; do
		unsafe[$f]=1
	done < <(terminal_unsafe "$d"/out[0-9]* "$d"/err[0-9]* || echo "$d/perl failed")
	for ((i = 0; i < n; i++)); do
		rc2=${rcs[i]} want=${wants[i]} named=${nameds[i]} name=${names[i]}
		if [ "$rc2" -ne "$want" ]; then
			fail "$name: exit $rc2, not $want: $(cat -v "$d/err$i")"
		elif [ "$want" -eq 2 ] && { [ -s "$d/out$i" ] || [ "$(wc -l <"$d/err$i")" -ne 1 ]; }; then
			fail "$name: not one line on stderr and nothing on stdout: $(cat -v "$d/out$i" "$d/err$i")"
		elif [ -n "${unsafe[$d/out$i]:-}${unsafe[$d/err$i]:-}${unsafe[$d/perl failed]:-}" ]; then
			fail "$name: raw bytes a terminal acts on: $(cat -v "$d/out$i" "$d/err$i")"
		elif ! grep -qF -- "$named" "$d/err$i"; then
			fail "$name: the message does not name it as $named: $(cat -v "$d/err$i")"
		else
			pass "$name"
		fi
	done
	# What --profile says of a CTXBENCH_PERF that is no perf: in the
	# message, the report and the saved run, which reads back (the
	# report's line goes on over lines: its first word is looked for).
	CTXBENCH_PERF="$d/no$h" "$bin" --profile -b pipe -t 0.05 -q \
		-o "$d/p.json" >"$d/out" 2>"$d/err"
	rc2=$?
	if [ "$rc2" -ne 0 ] || ! terminal_safe "$d/out" "$d/err"; then
		fail "--profile, CTXBENCH_PERF=D/noH: exit $rc2, or raw bytes: $(cat -v "$d/out" "$d/err")"
	elif ! grep -qF -- "CTXBENCH_PERF=$d/no$e" "$d/err" ||
		! grep -qF -- "${e%% *}" "$d/out"; then
		fail "--profile, CTXBENCH_PERF=D/noH: not named as $e: $(cat -v "$d/out" "$d/err")"
	else
		pass "--profile, CTXBENCH_PERF=D/noH"
	fi
	"$bin" report "$d/p.json" >"$d/out" 2>"$d/err"
	rc2=$?
	[ "$rc2" -eq 0 ] && terminal_safe "$d/out" "$d/err" &&
		grep -qF -- "${e%% *}" "$d/out" &&
		pass "report of that run" ||
		fail "report of the run of CTXBENCH_PERF=D/noH: exit $rc2: $(cat -v "$d/out" "$d/err")"
	rm -rf "$d"
	summary
}

case "${1:-}" in
basics) basics "$2" ;;
required) required "$2" ;;
twice) twice "$2" ;;
lo-down) lo_down "$2" ;;
run) shift; run "$@" ;;
cross) cross "$2" ;;
types) types "$2" ;;
ring) ring "$2" "$3" "${4:-0}" ;;
ring-limit) ring_limit "$2" ;;
waitv) waitv "$2" ;;
cost) cost "$2" ;;
disturbed) disturbed "$2" ;;
quiet) quiet "$2" ;;
ring-large) ring_large "$2" "$3" ;;
quoted) quoted "$2" "$3" ;;
isolated)
	# Any command (valgrind of a run): it succeeds and leaves nothing.
	shift
	"$@"
	rc=$?
	[ "$rc" -eq 0 ] && pass "$*" || fail "$*: exit $rc"
	summary
	;;
*)
	echo "usage: $0 basics BIN | twice BIN | run BIN MECH [ARGS...] | isolated CMD [ARGS...]" >&2
	exit 2
	;;
esac
