#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Scheduling classes through the binary: rows of each class, the class
# really taken (and the runner above real-time participants), a class the
# user may not take skipped, spinners at a real-time class refused, --mlock
# refused before the start, a hung real-time ring killed on time, and the
# slice of --slice taken, or refused where the kernel would not take it.
# After each run: the exit status, no IPC object and no process left.
# usage: sched.sh CASE BIN [HELPER]   (CASE: see the list at the bottom)
set -u
. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).  Real-time rings that keep both
# CPUs for seconds, or bounds in time: none runs beside another test.
# The classes a user may not take, --mlock refused, and spinners refused
# (with one spin-yield ring at fifo on one CPU for 0.2 s) beside any but
# another that runs as nobody (lock=nobody).
p="serial timeout=120"
tests=(
	"sched-classes classes @BIN@ | $p"
	"sched-applied applied @BIN@ | $p"
	"sched-unprivileged unprivileged @BIN@ | timeout=120 lock=nobody"
	"sched-spin spin @BIN@ | timeout=120"
	# As nobody: root only (it becomes nobody), else skipped.
	"sched-mlock mlock @BIN@ | timeout=120 lock=nobody"
	# Waits up to two minutes a case for a start that load beside it delays.
	"sched-hung hung @BIN@ | serial timeout=300"
	# Eight runs and five refusals, each waited for on a busy machine.
	"sched-lockup lockup @BIN@ | serial timeout=300"
	# Its slices are read while the rows run, which load does not change.
	"sched-slice slice @BIN@ @HELPER@ | timeout=120"
)
list_tests "$@"
case=$1
bin=$2
helper=${3:-}
isolate "$@"
nobody=(setpriv --reuid=65534 --regid=65534 --clear-groups)

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
out_f=$tmp/out err_f=$tmp/err
. "${0%/*}/session.sh"
within() { # what seconds
	awk -v e="$elapsed" -v m="$2" 'BEGIN { exit !(e < m) }' && pass "$1" ||
		fail "$1: took $elapsed s, more than $2"
}
# The number of CPUs ctxbench may use here.
allowed() { nproc; }
need_rt() {
	[ "$(id -u)" -eq 0 ] || skip "needs root for a real-time class"
	chrt -f 1 true 2>/dev/null || skip "SCHED_FIFO is not permitted here"
}
need_nobody() {
	[ "$(id -u)" -eq 0 ] || skip "needs root to run as another user"
	"${nobody[@]}" "$bin" --version >/dev/null 2>&1 ||
		skip "nobody cannot run $bin here"
}
# A row of $kv (--format kv) whose key before ".loops_per_sec" matches the
# regular expression @1 was measured: its average and its low above 0.
measured() {
	awk -F': ' -v p="^$1[.]loops_per_sec" '$1 ~ p "$" && $2 > 0 { a = 1 }
		$1 ~ p "_low$" && $2 > 0 { l = 1 } END { exit !(a && l) }' <<<"$kv"
}

# Rows of both classes, the class in the label; saved and compared.
classes() {
	need_rt
	start "$bin" -b futex,sysv-sem,signal -P same,cross --policy other,fifo \
		--prio 80 --mlock -t 0.1 -r 2 -n t -o "$tmp/t.json"
	finish
	expect_rc classes 0
	kv=$("$bin" report --format kv "$tmp/t.json")
	for mech in SIGUSR1:signal semaphore:sysv-sem futex:futex; do
		m=${mech#*:} mech=${mech%%:*}
		table=$(awk -v m="$mech" '$1 == m && /loops\/sec|low/ { on = 1 }
			on && /^$/ { exit } on' <<<"$out")
		measured "$m[.]same[.]2p[.]0k" && pass "classes" || fail "classes: no $mech same row: $kv"
		measured "$m[.]same[.]2p[.]0k[.]fifo_80" && pass "classes" ||
			fail "classes: no $mech same fifo:80 row: $kv"
		if [ "$(allowed)" -ge 2 ]; then
			measured "$m[.]cross[.]2p[.]0k[.]fifo_80" && pass "classes" ||
				fail "classes: no $mech cross fifo:80 row: $kv"
		else
			grep -q "t cross fifo:80 *skipped:" <<<"$table" && pass "classes" ||
				fail "classes: cross fifo:80 not skipped on one CPU: $table"
		fi
	done
	grep -q '"policy": "fifo",' "$tmp/t.json" && grep -q '"priority": 80,' "$tmp/t.json" &&
		pass "classes" || fail "classes: the class is not saved"
	check_clean classes
	# A second run compares with the first, class by class.
	start "$bin" -b futex -P same --policy fifo,other --prio 80 -t 0.1 -r 2 -n u \
		-o "$tmp/u.json"
	finish
	expect_rc "classes again" 0
	# Judged as if undisturbed: other work on the machine may have
	# disturbed every run of a row, which would leave it unjudged.
	undisturbed "$tmp/t.json" "$tmp/u.json"
	out=$("$bin" report "$tmp/t.json" "$tmp/u.json")
	rc=$?
	expect_rc "report" 0
	grep -Eq '^  u same fifo:80 .*[+-][0-9.]+%' <<<"$out" && pass "report" ||
		fail "report: u same fifo:80 not compared: $out"
	grep -Eq '^  u same  .*[+-][0-9.]+%' <<<"$out" && pass "report" ||
		fail "report: u same not compared: $out"
	out=$("$bin" report --format kv "$tmp/t.json" "$tmp/u.json")
	grep -q '^u/futex.same.2p.0k.fifo_80.change_pct: ' <<<"$out" && pass "report kv" ||
		fail "report kv: no fifo_80 key: $out"
	check_clean report
}

# The class of process $1 from /proc, "POLICY PRIORITY NICE" (policy 0
# SCHED_OTHER, 1 SCHED_FIFO, 3 SCHED_BATCH), in $class; 1 when it is
# gone.  Read by bash: this polls.
class_of() {
	local st w
	{ read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1
	read -ra w <<<"${st##*) }"
	class="${w[38]} ${w[37]} ${w[16]}"
}
# Wait up to 10 s for a participant of ctxbench $pid whose class matches
# glob $1; its PID in $p, 1 if none came.  With --order sequential each
# row's participants are the runner's children while the row runs.
await_class() {
	local i kids k
	p=''
	for ((i = 0; i < 500; i++)); do
		kids=()
		{ read -ra kids <"/proc/$pid/task/$pid/children"; } 2>/dev/null
		for k in "${kids[@]}"; do
			# shellcheck disable=SC2053
			class_of "$k" && [[ $class == $1 ]] && { p=$k; return 0; }
		done
		running "$pid" || return 1
		nap 0.02
	done
	return 1
}

# Each participant takes the class, the runner is one above real-time
# ones and back at its own class after them.  Each class is waited for
# while its row runs, however late the set-up on a loaded machine.
applied() {
	need_rt
	# The checks run above the participants, which may fill our CPU;
	# ctxbench itself starts at SCHED_OTHER.
	[ -n "${SCHED_SH_RT:-}" ] || SCHED_SH_RT=1 exec chrt -f 70 "$0" applied "$bin"
	start chrt -o 0 "$bin" -b pipe -P same --policy fifo,batch --prio 42 --nice 7 \
		--order sequential -t 1 -r 1 -n t
	await_class "1 42 *" && pass "applied" ||
		fail "applied: no participant at SCHED_FIFO 42: last seen ${class:-none}"
	class_of "$pid" && [[ $class == "1 43 "* ]] && pass "applied" ||
		fail "applied: runner not at SCHED_FIFO 43: ${class:-gone}"
	await_class "3 0 7" && pass "applied" ||
		fail "applied: no participant at SCHED_BATCH, nice 7: last seen ${class:-none}"
	class_of "$pid" && [[ $class == "0 0 "* ]] && pass "applied" ||
		fail "applied: runner not back at SCHED_OTHER after the fifo row: ${class:-gone}"
	finish
	expect_rc applied 0
	check_clean applied
	# Started higher still: the runner is never lowered.
	start chrt -f 60 "$bin" -b pipe -P same --policy fifo --prio 42 -t 1 -r 1 -n t
	await_class "1 42 *" && pass "applied" ||
		fail "applied at 60: no participant at SCHED_FIFO 42: last seen ${class:-none}"
	class_of "$pid" && [[ $class == "1 60 "* ]] && pass "applied" ||
		fail "applied: runner started at 60: ${class:-gone}"
	finish
	expect_rc "applied at 60" 0
	check_clean "applied at 60"
}

# A class the user may not take: that row skipped with why, exit 0.
unprivileged() {
	need_nobody
	start prlimit --rtprio=0:0 --nice=0:0 "${nobody[@]}" "$bin" -b futex,signal -P same \
		--policy other,fifo --prio 80 -t 0.05 -r 1 -n t
	finish
	expect_rc unprivileged 0
	[ "$(grep -c '^  t same fifo:80 *skipped: sched_setscheduler: Operation not permitted (no CAP_SYS_NICE; RLIMIT_RTPRIO 0, not 80)$' <<<"$(unwrap_reasons <<<"$out")")" -eq 2 ] &&
		pass "unprivileged" || fail "unprivileged: fifo rows not skipped: $out"
	[ "$(grep -cE '^  t same +[0-9]+ +[0-9]+ +[0-9]+ +[0-9.]+% ' <<<"$out")" -eq 2 ] && pass "unprivileged" ||
		fail "unprivileged: other rows not measured: $out"
	# A reason goes on under itself: no line past 80 columns.
	awk 'length($0) > 80 { bad = 1 } END { exit bad }' <<<"$out" && pass "unprivileged" ||
		fail "unprivileged: a line over 80 columns: $out"
	check_clean unprivileged
	# Threads: the group ends at once, not after the start's 10 s: no
	# slower than the same threads at the class they may take, run at
	# the same moment.
	normal prlimit --rtprio=0:0 "${nobody[@]}" "$bin" -T -p 4 -b pipe -P same \
		-t 0.05 -r 2 -n t
	start prlimit --rtprio=0:0 "${nobody[@]}" "$bin" -T -p 4 -b pipe -P same \
		--policy rr -t 0.05 -r 2 -n t
	finish
	expect_rc "unprivileged threads" 0
	grep -q '^  t same rr:50 4p/0K *skipped: sched_setscheduler' <<<"$out" && pass "unprivileged threads" ||
		fail "unprivileged threads: not skipped: $out"
	within_normal "unprivileged threads" 0
	check_clean "unprivileged threads"
	# A nice below what RLIMIT_NICE allows.
	start prlimit --nice=0:0 "${nobody[@]}" "$bin" -b pipe -P same --nice -5 \
		-t 0.2 -r 1 -n t
	finish
	expect_rc "unprivileged nice" 0
	grep -q '^  t same other:nice-5 *skipped: setpriority: Permission denied' <<<"$out" &&
		pass "unprivileged nice" || fail "unprivileged nice: not skipped: $out"
	check_clean "unprivileged nice"
}

# Spinners at a real-time class where they would starve: refused at once.
spin() {
	start "$bin" -b pipe,spinlock -P same --policy other,fifo -t 0.2 -r 1 -n t
	finish
	expect_rc "spinlock same fifo" 2
	grep -q "spinlock same fifo:50: spinners at a real-time class sharing a CPU" <<<"$err" &&
		pass "spinlock same fifo" || fail "spinlock same fifo: message: $err"
	[ -z "$out" ] && pass "spinlock same fifo" || fail "spinlock same fifo: something ran: $out"
	within "spinlock same fifo" 3
	check_clean "spinlock same fifo"
	# Unpinned, two of them on one allowed CPU.
	start taskset -c 0 "$bin" -b spinlock --policy rr -t 0.2 -r 1 -n t
	finish
	expect_rc "spinlock any rr on one CPU" 2
	check_clean "spinlock any rr on one CPU"
	start "$bin" -b spinlock -P cross --policy fifo --prio 99 -t 0.2 -r 1 -n t
	finish
	expect_rc "spinlock at 99" 2
	grep -q "give --prio 98 or less" <<<"$err" && pass "spinlock at 99" || fail "spinlock at 99: $err"
	check_clean "spinlock at 99"
	# On every online CPU, even yielding: the rest of the machine would starve.
	local online
	online=$(getconf _NPROCESSORS_ONLN)
	if [ "$(allowed)" -eq "$online" ] && [ "$online" -ge 2 ]; then
		start "$bin" -b spin-yield -p "$online" --policy fifo -t 0.2 -r 1 -n t
		finish
		expect_rc "spin-yield on every CPU" 2
		grep -q "spin-yield any fifo:50: spinners at a real-time class on every CPU ($online of $online)" <<<"$err" &&
			pass "spin-yield on every CPU" || fail "spin-yield on every CPU: message: $err"
		check_clean "spin-yield on every CPU"
		# As many rings as CPUs, each on a CPU of its own: every CPU too.
		start "$bin" -b spin-yield -P same -j "$online" --policy fifo -t 0.2 -r 1 -n t
		finish
		expect_rc "spin-yield same x$online" 2
		grep -q "spin-yield same x$online fifo:50: spinners at a real-time class on every CPU ($online of $online)" <<<"$err" &&
			pass "spin-yield same x$online" || fail "spin-yield same x$online: message: $err"
		[ -z "$out" ] && pass "spin-yield same x$online" || fail "spin-yield same x$online: something ran: $out"
		check_clean "spin-yield same x$online"
	fi
	# spin-yield hands the CPU over: it runs at fifo on one CPU.
	need_rt
	start "$bin" -b spin-yield -P same --policy fifo -t 0.05 -r 1 -n t --format kv
	finish
	expect_rc "spin-yield same fifo" 0
	kv=$out
	measured "spin-yield[.]same[.]2p[.]0k[.]fifo_50" && pass "spin-yield same fifo" || fail "spin-yield same fifo: $out"
	check_clean "spin-yield same fifo"
}

# --mlock that the limit refuses: an error before anything runs, naming
# RLIMIT_MEMLOCK with what a participant needs (its shared mapping grows
# with -j) and what is allowed; what fits runs, threads too, and a soft
# limit below the need is raised to the hard one.
mlock() {
	local lim
	[ -z "${CTXBENCH_SANITIZED:-}" ] || skip "a sanitizer's mlockall() locks nothing"
	need_nobody
	start prlimit --memlock=0:0 "${nobody[@]}" "$bin" -b pipe --mlock -t 0.2 -r 1 -n t
	finish
	expect_rc "--mlock" 2
	grep -q "^ctxbench: --mlock: mlockall: .*RLIMIT_MEMLOCK is 0 KB" <<<"$err" && pass "--mlock" ||
		fail "--mlock: message: $err"
	[ -z "$out" ] && pass "--mlock" || fail "--mlock: something ran: $out"
	check_clean "--mlock"
	for lim in "8388608 -j 256" "3682304 -j 1"; do
		start prlimit --memlock="${lim%% *}:${lim%% *}" "${nobody[@]}" "$bin" \
			-b futex --mlock ${lim#* } -t 0.05 -r 1 -n t
		finish
		expect_rc "--mlock $lim" 2
		grep -Eq "^ctxbench: --mlock: mlockall: a futex participant needs [0-9]+ KB locked .*RLIMIT_MEMLOCK is $((${lim%% *} / 1024)) KB" <<<"$err" &&
			pass "--mlock $lim" || fail "--mlock $lim: message: $err"
		[ -z "$out" ] && pass "--mlock $lim" || fail "--mlock $lim: something ran: $out"
		check_clean "--mlock $lim"
	done
	for lim in "8388608:8388608 -j 4" "8388608:8388608 -p 4 --threads" \
		"1048576:8388608 -j 64"; do
		start prlimit --memlock="${lim%% *}" "${nobody[@]}" "$bin" \
			-b futex --mlock ${lim#* } -t 0.05 -r 1 -n t
		finish
		# 64 rings on one crowded CPU (CI's one-CPU stage) may see one
		# starved for the hang limit: HUNG, rightly, and no word on the
		# lock.  Such a run is made once more.
		if [ "$rc" -eq 1 ] && grep -q "HUNG: " <<<"$err"; then
			echo "note: --mlock $lim: a ring HUNG beside other work, run once more"
			start prlimit --memlock="${lim%% *}" "${nobody[@]}" "$bin" \
				-b futex --mlock ${lim#* } -t 0.05 -r 1 -n t
			finish
		fi
		expect_rc "--mlock $lim" 0
		check_clean "--mlock $lim"
	done
}

# Stop (SIGSTOP) a participant of ctxbench $pid once it passes the
# token or spins (its context switches climb: not the guard), from a shell
# at fifo 70, above the participants and above any load beside the test,
# which would otherwise delay the stop past the ring's -t.  Sets t_stop,
# the time of the stop (empty when none ran within 120 s: a ctxbench at
# nice 19 beside load takes seconds to start its rings).
stop_participant() {
	chrt -f 70 sh -c '
		for i in $(seq 6000); do
			for p in $(pgrep -x ctxbench -P "$1"); do
				n=$(awk "/ctxt_switches/ { n += \$2 } END { print n + 0 }" \
					"/proc/$p/status" 2>/dev/null)
				[ "${n:-0}" -ge 200 ] || continue
				kill -STOP "$p" 2>/dev/null && date +%s.%N && exit 0
			done
			sleep 0.02
		done
		exit 1' sh "$pid" >"$tmp/t_stop" 2>"$tmp/stop.err"
	t_stop=$(<"$tmp/t_stop")
	[ -n "$t_stop" ] && pass "$1: a participant stopped" ||
		fail "$1: no participant of ctxbench $pid ran within 120 s to be stopped: $(<"$tmp/stop.err")"
}
# The time from the stop to ctxbench's end, in elapsed (finish's is from
# the start, which a loaded machine's forks and set-up lengthen).
since_stop() {
	[ -n "$t_stop" ] || t_stop=$t_start
	elapsed=$(awk -v e="$elapsed" -v a="$t_start" -v s="$t_stop" 'BEGIN { print e - (s - a) }')
}

# The time the HUNG row of $out says the token did not move (the
# runner's own clock, at a real-time class above the ring: load of
# SCHED_OTHER does not stretch it) is from $2 to $3 s.
hang_said() { # what, from, to
	local t
	t=$(sed -n 's/^  t same fifo:50 *HUNG: .* in \([0-9.]*\) s.*/\1/p' <<<"$out" | head -n 1)
	awk -v t="$t" -v a="$2" -v b="$3" 'BEGIN { exit !(t != "" && t >= a && t < b) }' &&
		pass "$1: the token did not move in $t s" ||
		fail "$1: the hang said after '$t' s, not from $2 to $3 s: $out"
}

# A real-time ring stopped for good is HUNG on time and killed; the next
# mechanism runs.  Spinners at fifo on their own CPUs too: one stopped,
# the other spins at fifo, and the runner, above it, still ends it.
# The limit (max(2 s, 3 x -t) = 2 s) is read from the HUNG row, timed by
# the runner above the ring, which load beside the test cannot delay.
# The end is timed from the stop, against the same run without the stop
# at the same moment (within_normal), which load beside the test
# stretches alike: a ring never given up would run until ctest's timeout.
hung() {
	need_rt
	normal "$bin" -b sysv-sem,pipe -P same --policy fifo -t 0.5 -r 1 -n t
	start "$bin" -b sysv-sem,pipe -P same --policy fifo -t 0.5 -r 1 -n t -o "$tmp/h.json"
	stop_participant "hung fifo"
	finish
	since_stop
	expect_rc "hung fifo" 1
	grep -q "^  t same fifo:50 *HUNG: " <<<"$out" && pass "hung fifo" || fail "hung fifo: no HUNG row: $out"
	kv=$("$bin" report --format kv "$tmp/h.json")
	measured "[^.]+[.]same[.]2p[.]0k[.]fifo_50" && pass "hung fifo" ||
		fail "hung fifo: the other mechanism did not run: $kv"
	hang_said "hung fifo" 2 3
	within_normal "hung fifo, from the stop" 2
	check_clean "hung fifo"
	# A yielding spinner at fifo, its peer stopped: it spins alone, and the
	# runner, above it, still ends the ring on time, even on one CPU.  The
	# stop comes from above the participants too: they starve their CPU.
	normal=0
	normal "$bin" -b spin-yield -P same --policy fifo -t 0.5 -r 1 -n t
	start "$bin" -b spin-yield -P same --policy fifo -t 0.5 -r 1 -n t
	stop_participant "hung spinner"
	finish
	since_stop
	expect_rc "hung spinner" 1
	grep -q "^  t same fifo:50 *HUNG: " <<<"$out" && pass "hung spinner" ||
		fail "hung spinner: no HUNG row: $out"
	hang_said "hung spinner" 2 3
	within_normal "hung spinner, from the stop" 2
	check_clean "hung spinner"
}

# The CPUs this script may use, one a line, and the first of them.
allowed_cpus() {
	taskset -pc $$ | sed 's/.*: //' | tr , '\n' |
		awk -F- '{ for (c = $1; c <= ($2 == "" ? $1 : $2); c++) print c }'
}
first_cpu() { allowed_cpus | head -n 1; }
# Wait up to $1 s for every process of the session to end; sets elapsed
# (from $t_sig).  Whatever is left then is killed: a spinner at a
# real-time class must not outlive the test.
gone_within() {
	local i
	for ((i = 0; i < $1 * 50; i++)); do
		alive || break
		nap 0.02
	done
	elapsed=$(awk -v a="$t_sig" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
	alive && pkill -KILL -s "$pid"
}

# A real-time run can always be stopped.  At ctxbench's own real-time
# class (chrt, inherited) as at --policy, on the one CPU ctxbench may use,
# the runner runs above participants that never sleep (spin-yield; and
# spinlock on two CPUs of their own, where a third is left), and a SIGTERM
# or a SIGKILL of ctxbench ends the run within a second.  What would put the runner beside participants that
# never sleep (99), or let them starve each other or the machine (null,
# spinlock), is refused before anything starts.  Each run has a watchdog
# (timeout -s KILL), anything left after the bound is killed, and the
# whole case runs in an IPC namespace of its own.
lockup() {
	need_rt
	local cpu sig runner args i
	[ "$(getconf _NPROCESSORS_ONLN)" -ge 2 ] ||
		skip "needs 2 online CPUs: on one, such spinners are refused"
	# The checks run above everything they start, so that they act on time
	# however the participants behave; ctxbench starts at SCHED_OTHER or
	# the class given here.
	if [ -z "${SCHED_SH_RT:-}" ]; then
		unshare --ipc true 2>/dev/null || skip "unshare --ipc is not permitted here"
		SCHED_SH_RT=1 exec unshare --ipc chrt -f 70 "$0" lockup "$bin"
	fi
	cpu=$(first_cpu)
	local cases=("chrt -f 50 taskset -c $cpu $bin -b spin-yield -P same"
		"chrt -o 0 taskset -c $cpu $bin -b spin-yield -P same --policy rr")
	local online
	online=$(getconf _NPROCESSORS_ONLN)
	if [ "$(allowed)" -ge 3 ] && [ "$online" -ge 3 ]; then
		cases+=("chrt -f 50 taskset -c $(allowed_cpus | head -n 2 | paste -sd,) $bin -b spinlock -P cross")
	fi
	for args in "${cases[@]}"; do
		for sig in TERM KILL; do
			# shellcheck disable=SC2086
			start timeout -s KILL 30 $args -t 20 -r 1 -n t
			# Its participants running (start-up is slow on a busy machine).
			for ((i = 0; i < 500; i++)); do
				runner=$(pgrep -x ctxbench -P "$pid" | head -n 1)
				[ -n "$runner" ] && pgrep -x ctxbench -P "$runner" >/dev/null && break
				nap 0.02
			done
			nap 0.3
			[ -n "$runner" ] && pass "lockup $args" || fail "lockup $args: no ctxbench running: $(<"$err_f")"
			t_sig=$(date +%s.%N)
			kill -"$sig" "${runner:-$pid}"
			# The run ends within a second: no participant left.
			for ((i = 0; i < 150; i++)); do
				pgrep -x ctxbench -P "${runner:-$pid}" >/dev/null || break
				nap 0.02
			done
			elapsed=$(awk -v a="$t_sig" -v b="$(date +%s.%N)" 'BEGIN { print b - a }')
			within "lockup $args SIG$sig" 1
			# ctxbench itself, back at its own class, may print a while.
			gone_within 10
			finish
			expect_rc "lockup $args SIG$sig" $((128 + $(kill -l "$sig")))
			check_clean "lockup $args SIG$sig"
		done
	done
	# Refused at once, each under a watchdog.
	refused() { # what message ARGS...
		local what=$1 msg=$2
		shift 2
		start timeout -s KILL 20 "$@"
		t_sig=$(date +%s.%N)
		# A refusal takes a tenth of a second; the bound only keeps a
		# run that was not refused from spinning on, under the watchdog.
		gone_within 15
		finish
		expect_rc "$what" 2
		grep -q -- "$msg" <<<"$err" && pass "$what" || fail "$what: message: $err"
		[ -z "$out" ] && pass "$what" || fail "$what: something ran: $out"
		check_clean "$what"
	}
	refused "null same fifo:99" "give --prio 98 or less" \
		chrt -o 0 taskset -c "$cpu" "$bin" -b null -P same --policy fifo --prio 99 -t 0.2 -r 1 -n t
	refused "spin-yield at ctxbench's fifo:99" "start it at priority 98 or less" \
		chrt -f 99 taskset -c "$cpu" "$bin" -b spin-yield -P same -t 0.2 -r 1 -n t
	refused "spinlock sharing a CPU at ctxbench's fifo:50" "spinners at a real-time class sharing a CPU" \
		chrt -f 50 taskset -c "$cpu" "$bin" -b spinlock -P "cpus:$cpu,$cpu" -t 0.2 -r 1 -n t
	refused "null same x2 fifo" "spinners at a real-time class" \
		chrt -o 0 "$bin" -b null -P same -j 2 --policy fifo -t 0.2 -r 1 -n t
	if [ "$(allowed)" -eq "$(getconf _NPROCESSORS_ONLN)" ]; then
		refused "null cross fifo" "spinners at a real-time class on every CPU" \
			chrt -o 0 "$bin" -b null -P cross --policy fifo -t 0.2 -r 1 -n t
	fi
}

# The slice of task $1 from /proc (se.slice of its sched, ns), in $sl;
# empty when the kernel does not show it (or the task is gone).
slice_of() {
	local k v
	sl=
	while read -r k _ v; do
		[ "$k" = se.slice ] && sl=$v
	done <"$1/sched" 2>/dev/null
	return 0
}
# Wait up to 10 s for $2 participants of ctxbench $pid (its children but
# the guard; with -T, their threads but the first) at policy $1 (0 SCHED_OTHER,
# 3 SCHED_BATCH, 5 SCHED_IDLE), all with a slice of $3 ns, or with $4 set
# all with another or none; what was seen last, "POLICY:SLICE ...", in $seen.  1
# when they did not come.
await_row() {
	local i k t c ok n
	for ((i = 0; i < 500; i++)); do
		kids=() seen= ok=1 n=0
		{ read -ra kids <"/proc/$pid/task/$pid/children"; } 2>/dev/null
		for k in "${kids[@]}"; do
			{ read -r c <"/proc/$k/comm"; } 2>/dev/null || continue
			[ "$c" = ctxbench-guard ] && continue
			class_of "$k" || continue
			for t in /proc/"$k"/task/*; do
				[ "${t##*/}" = "$k" ] && [ -n "${threads:-}" ] && continue
				slice_of "$t"
				seen+=" ${class%% *}:$sl"
				n=$((n + 1))
				[ "${class%% *}" = "$1" ] || ok=
				if [ -n "${4:-}" ]; then
					[ "$sl" != "$3" ] || ok=
				else
					[ "$sl" = "$3" ] || ok=
				fi
			done
		done
		[ -n "$ok" ] && [ "$n" -eq "$2" ] && return 0
		running "$pid" || break
		nap 0.02
	done
	return 1
}

# --slice: each participant of the fair class asks for it, and has it
# while its row runs (se.slice of /proc/PID/sched: sched_getattr's, the
# unit test's); saved and said.  Refused before anything runs, exit
# status 2 and one line, where the kernel does not take it (a stand-in:
# a seccomp filter fails sched_setattr with EINVAL, as a kernel may that
# takes no part of the call; and the kernel itself before 6.12) and where
# no participant is of the fair class.
slice() {
	local rel old=
	rel=$(uname -r)
	[ "${rel%%.*}" -lt 6 ] || { [ "${rel%%.*}" -eq 6 ] && [ "$(cut -d. -f2 <<<"$rel")" -lt 12 ]; } &&
		old=1
	if [ -n "$old" ]; then
		start "$bin" -b pipe -P same --slice 2500 -t 0.2 -r 1 -n t
		finish
		expect_rc "--slice on $rel" 2
		grep -qx "ctxbench: --slice: .*(a fair task's slice needs Linux 6.12 or later; this is $rel)" <<<"$err" &&
			pass "--slice on $rel: refused, and why" || fail "--slice on $rel: $err"
		check_clean "--slice on $rel"
		skip_check "--slice taken" "a kernel before 6.12 has no slice to ask for"
	else
		slice_taken
	fi
	[ -x "$helper" ] || { fail "no seccomp helper: $helper"; return; }
	start "$helper" einval "$bin" -b pipe -P same --slice 2500 -t 0.2 -r 1 -n t
	finish
	[ "$rc" -eq 77 ] && skip "seccomp filters are not available: $err"
	expect_rc "--slice, sched_setattr refused" 2
	[ "$(wc -l <<<"$err")" -eq 1 ] &&
		grep -q "^ctxbench: --slice: sched_setattr: Invalid argument" <<<"$err" &&
		pass "--slice, sched_setattr refused: one line says why" ||
		fail "--slice, sched_setattr refused: $err"
	[ -z "$out" ] && pass "--slice, sched_setattr refused: nothing ran" ||
		fail "--slice, sched_setattr refused: something ran: $out"
	check_clean "--slice, sched_setattr refused"
	start chrt -i 0 "$bin" -b pipe -P same --slice 2500 -t 0.2 -r 1 -n t
	finish
	expect_rc "--slice at SCHED_IDLE" 2
	grep -q "^ctxbench: --slice: only the fair class" <<<"$err" &&
		pass "--slice at SCHED_IDLE: one line says why" || fail "--slice at SCHED_IDLE: $err"
	check_clean "--slice at SCHED_IDLE"
	start "$bin" -b pipe --policy idle --slice 2500 -t 0.2 -r 1 -n t
	finish
	expect_rc "--slice --policy idle" 2
	grep -qx "ctxbench: --slice: only with --policy other or batch" <<<"$err" &&
		pass "--slice --policy idle: one line says why" || fail "--slice --policy idle: $err"
	check_clean "--slice --policy idle"
}

# The slice taken: each row's participants, processes and threads; a
# kernel that shows no se.slice (no CONFIG_SCHED_DEBUG before 6.14) leaves
# it to unit-sched, which reads it back through sched_getattr().
slice_taken() {
	local seen threads= what
	start "$bin" -b pipe -P same --policy other,batch,idle --slice 2500 \
		--order sequential -t 1 -r 1 -n t -o "$tmp/s.json"
	for what in "other 0" "batch 3"; do
		if await_row "${what#* }" 2 2500000; then
			pass "--slice: the participants at ${what% *} have it"
		elif [[ $seen == " ${what#* }: ${what#* }:" ]]; then
			skip_check "--slice: the participants at ${what% *} have it" \
				"no se.slice in /proc/PID/sched: unit-sched reads it back"
		else
			fail "--slice: the participants at ${what% *} do not have it: last seen$seen"
		fi
	done
	# No slice of theirs: the kernel shows none for SCHED_IDLE.
	await_row 5 2 2500000 other &&
		pass "--slice: the participants at idle have not asked for it" ||
		fail "--slice: the participants at idle: last seen$seen"
	finish
	expect_rc "--slice" 0
	grep -q '"slice_us": 2500' "$tmp/s.json" && pass "--slice: saved" ||
		fail "--slice: not saved: $(grep -A9 '"parameters"' "$tmp/s.json")"
	grep -q '^  Slice_us             2500$' <<<"$out" &&
		pass "--slice: in the Run information" || fail "--slice: not said: $out"
	check_clean "--slice"
	threads=1
	start "$bin" -b futex -P same -T -p 3 --slice 5000 -t 1 -r 1 -n t
	if await_row 0 3 5000000; then
		pass "--slice with -T: each participant thread has it"
	elif [[ $seen == " 0: 0: 0:" ]]; then
		skip_check "--slice with -T: each participant thread has it" \
			"no se.slice in /proc/PID/sched: unit-sched reads it back"
	else
		fail "--slice with -T: last seen$seen"
	fi
	finish
	expect_rc "--slice with -T" 0
	check_clean "--slice with -T"
}

case $case in
classes) classes ;;
applied) applied ;;
unprivileged) unprivileged ;;
spin) spin ;;
mlock) mlock ;;
hung) hung ;;
lockup) lockup ;;
slice) slice ;;
*)
	echo "unknown case $case" >&2
	exit 2
	;;
esac
summary
