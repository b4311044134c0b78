# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the scripts that run ctxbench in a session of its own and
# check what it leaves behind (faults.sh, parallel.sh, sched.sh).  Source
# it after lib.sh and isolate; the caller sets $out_f and $err_f (files it
# removes) before start, and the IPC objects there before the first run
# are taken here, in $before: none in a namespace of its own.

before=$(ipc_ids)

# Start ctxbench (or what runs it) in a session of its own: sets pid.
# A session is an autogroup of its own to the scheduler, and rings pinned
# on every CPU can keep a runnable task of another autogroup (this
# script's next command) off the CPUs for seconds: the new session makes
# itself a less favoured autogroup before it runs the command, so that
# this script acts on time (a kill, a stop).  Nice 10, a ninth of this
# script's weight, not 19, a seventieth: beside other work at nice 0
# (stress-ng on every CPU) a run at 19 is starved, its 1 s of rings
# taking 17 s and its rings found HUNG, where at 10 it took 4 s and the
# script waited no longer for a fork.  Every step execs: $pid is the
# command's.
start() {
	setsid sh -c 'echo 10 2>/dev/null >/proc/self/autogroup; exec "$@"' \
		sh "$@" >"$out_f" 2>"$err_f" &
	pid=$!
	t_start=$EPOCHREALTIME
}
finish() { # waits; sets rc, out, err, elapsed
	wait "$pid"
	rc=$?
	local us=$((${EPOCHREALTIME/[.,]/} - ${t_start/[.,]/}))
	printf -v elapsed '%d.%06d' $((us / 1000000)) $((us % 1000000))
	out=$(<"$out_f") err=$(<"$err_f")
}
# A bound in time that load cannot break: a run with a fault is timed
# against the same work without it, run at the same moment on the same
# machine, which load stretches alike.  normal CMD... runs it as start
# and finish do (it must succeed) and keeps in $normal the longest of
# those taken so far, in seconds.
normal=0
normal() {
	start "$@"
	finish
	[ "$rc" -eq 0 ] || fail "a run without the fault: exit $rc: $*; stderr: $err"
	normal=$(awk -v n="$normal" -v e="$elapsed" 'BEGIN { print (e > n ? e : n) }')
}
# The run with the fault took $elapsed s: no more than twice the normal
# run and a second, and @2 s more, the most the fault may add by the
# product's own limit (a hang limit: a run whose fault is never found out
# goes on until ctest's timeout).  @1 names it.
within_normal() { # what, seconds
	local bound
	bound=$(awk -v n="$normal" -v a="$2" 'BEGIN { printf "%.2f", a + 2 * n + 1 }')
	awk -v e="$elapsed" -v b="$bound" 'BEGIN { exit !(e < b) }' &&
		pass "$1: within $bound s (without the fault: $normal s)" ||
		fail "$1: took $elapsed s, more than $bound s ($2 s, and twice the $normal s of the run without the fault, and 1)"
}
# Live (not zombie) processes of session $pid: dead ones that lost their
# parent wait for init to reap them, and run nothing.
alive() { session_alive "$pid"; }
# Nothing of the session may outlive ctxbench by more than a second, and
# no IPC object and no ctxbench process of this test (the guard has a
# session of its own) may be left.
check_clean() {
	local what=$1 i
	for ((i = 0; i < 20; i++)); do
		alive || break
		nap 0.05
	done
	if alive; then
		fail "$what: processes outlived ctxbench: $(ps -o pid,stat,comm -s "$pid" | tail -n +2 | tr '\n' ';')"
		pkill -KILL -s "$pid"
	else
		pass "$what: nothing of its session left"
	fi
	check_left "$what"
}
expect_rc() {
	[ "$rc" -eq "$2" ] && pass "$1: exit $2" || fail "$1: exit $rc, expected $2; stderr: $err"
}
# The children of ctxbench $pid whose name is $1, in kids[], read by bash
# from /proc: "ctxbench-guard" the guard; "ctxbench" the participants,
# and the guard too for a moment after its fork, before it names itself.
kids_named() {
	local k c f all
	kids=()
	for f in /proc/"$pid"/task/*/children; do
		all=()
		{ read -ra all <"$f"; } 2>/dev/null
		for k in "${all[@]}"; do
			{ read -r c <"/proc/$k/comm"; } 2>/dev/null && [ "$c" = "$1" ] &&
				kids+=("$k")
		done
	done
}

# The participants of ctxbench $pid, in kids[], once there are any: the
# guard is forked first and names itself before a participant is forked,
# so that beside a child named ctxbench-guard every child named ctxbench
# is a participant.  1, kids[] empty, when none came within $1 tries 20
# ms apart.
participants() {
	local i
	for ((i = 0; i < $1; i++)); do
		kids_named ctxbench-guard
		if [ "${#kids[@]}" -gt 0 ]; then
			kids_named ctxbench
			[ "${#kids[@]}" -gt 0 ] && return 0
		fi
		nap 0.02
	done
	kids=()
	return 1
}

# The first participant of ctxbench $pid, never its guard: within 5 s,
# which a machine loaded by other work can take to fork it.
participant() {
	participants 250 && echo "${kids[0]}"
}

# A participant of ctxbench $pid that passes the token (its voluntary
# switches climb to $1, 200 unless given), so that the measured window
# has begun: the set-up before it takes longer on a loaded machine.
# Bounded by the run: nothing when ctxbench ended first.
passing() {
	local p k v n=${1:-200}
	while running "$pid"; do
		participants 1
		for p in "${kids[@]}"; do
			while read -r k v; do
				[ "$k" = voluntary_ctxt_switches: ] || continue
				[ "$v" -ge "$n" ] && { echo "$p"; return; }
				break
			done <"/proc/$p/status" 2>/dev/null
		done
		nap 0.02
	done
}
