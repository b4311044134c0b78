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
# itself the least favoured autogroup before it runs the command, so that
# this script acts on time (a kill, a stop).  Every step execs: $pid is
# the command's.
start() {
	setsid sh -c 'echo 19 2>/dev/null >/proc/self/autogroup; exec "$@"' \
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
# The first participant of ctxbench $pid (not the guard), once it runs:
# within 5 s, which a machine loaded by other work can take to fork it.
participant() {
	local p i
	for ((i = 0; i < 250; i++)); do
		p=$(pgrep -x ctxbench -P "$pid" | head -n 1)
		[ -n "$p" ] && { echo "$p"; return; }
		nap 0.02
	done
}

# A participant of ctxbench $pid that passes the token (its voluntary
# switches climb), so that the measured window has begun: the set-up
# before it takes longer on a loaded machine.  Not the guard, which is
# named ctxbench for a moment after its fork.  Bounded: 10 s.
passing() {
	local p n i
	for ((i = 0; i < 500; i++)); do
		for p in $(pgrep -x ctxbench -P "$pid"); do
			n=$(awk '/^voluntary_ctxt_switches/ { print $2 }' \
				"/proc/$p/status" 2>/dev/null)
			[ "${n:-0}" -ge 200 ] && { echo "$p"; return; }
		done
		nap 0.02
	done
}
