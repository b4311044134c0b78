# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the test scripts: counting checks against a plan, the closing
# line ctest and CI read ("N passed, N failed, N skipped"), skips that
# say why (and fail in CI unless tests/skips-allowed allows them), and namespaces of their
# own for the scripts that run ctxbench, so that what they find left is
# theirs.

passed=0
failed=0
skipped=0
planned=
# Every check's result is a line, KTAP's (the kernel's test output,
# Documentation/dev-tools/ktap.rst): "KTAP version 1" before the first,
# then "ok N NAME" or "not ok N NAME", or "ok N NAME # SKIP REASON" for a
# check that could not be made here (skip_check), and the plan "1..N":
# first, after the version line, where the script states it (plan) before
# its first check, else last, before the closing line.  NAME is the
# test's ($CTXBENCH_TEST, which CMake sets to its name; else the
# script's), then what pass was given (what it checked; a pass without it
# fails), or for a failure where the check was made,
# "tests/saved.sh:192<210" (the script's line and the lines that called
# the function it is in), and fail's text.  The reason of a failure goes
# to stderr whole, after "FAIL: ".
ktap_n=0
ktap_lost=${TMPDIR:-/tmp}/ctxbench-test-lost.$$
[ ! -e "$ktap_lost" ] || rm -f "$ktap_lost"
ktap_planned=
ktap_header() {
	[ "$ktap_n" -gt 0 ] || [ -n "$ktap_planned" ] || echo "KTAP version 1"
	ktap_n=$((ktap_n + 1))
}
# Where the caller of pass or fail made its check, in ktap_at: the file
# and line of the first frame outside tests/lib.sh and tests/session.sh
# (whose helpers name their checks), then the lines of up to two frames
# above it in the same file, the script's top level aside.
ktap_where() {
	local i f top= n=0
	ktap_at=
	for ((i = 2; i < ${#BASH_SOURCE[@]}; i++)); do
		f=${BASH_SOURCE[i]}
		if [ -z "$ktap_at" ]; then
			case $f in */lib.sh | */session.sh) continue ;; esac
			top=$f
			[[ $f == */*/* ]] && f=${f#"${f%/*/*}/"}
			ktap_at=${f:-line}:${BASH_LINENO[i - 1]}
			continue
		fi
		[ "${FUNCNAME[i]:-main}" != main ] && [ "$f" = "$top" ] || break
		ktap_at+="<${BASH_LINENO[i - 1]}"
		n=$((n + 1))
		[ "$n" -lt 2 ] || break
	done
	[ -n "$ktap_at" ] || ktap_at=${0##*/}
}
# A check made in a subshell, whose count the script never sees: said,
# and summary fails the case.
ktap_subshell() {
	[ "$BASHPID" = "$$" ] && return 1
	ktap_where
	echo "FAIL: $ktap_at: a check in a subshell, not counted" >&2
	: >>"$ktap_lost"
	return 0
}
fail() {
	local first=${*%%$'\n'*}
	ktap_subshell && return
	failed=$((failed + 1))
	ktap_where
	[ ${#first} -le 200 ] || first="${first:0:200}..."
	ktap_header
	echo "not ok $ktap_n ${CTXBENCH_TEST:-${0##*/}}: $ktap_at: $first"
	echo "FAIL: $*" >&2
}
# A check passed, named @*: what it checked (a KTAP line named by a line
# number says nothing); without a name, a failure.
pass() {
	ktap_subshell && return
	if [ $# -eq 0 ]; then
		fail "a check passed without a name: pass NAME, what it checked"
		return
	fi
	passed=$((passed + 1))
	ktap_at=$*
	ktap_header
	echo "ok $ktap_n ${CTXBENCH_TEST:-${0##*/}}: $ktap_at"
}
# A check that could not be made here, named @1, for the reason @2: a
# result of its own, "ok N NAME # SKIP REASON", counted apart; a failure
# under CTXBENCH_REQUIRE_ALL=1 unless tests/skips-allowed allows @2.
skip_check() {
	ktap_subshell && return
	if ! skip_allowed "$2"; then
		fail "$1: skipped, which CTXBENCH_REQUIRE_ALL=1 allows only for the reasons of tests/skips-allowed: $2"
		return
	fi
	skipped=$((skipped + 1))
	ktap_header
	echo "ok $ktap_n ${CTXBENCH_TEST:-${0##*/}}: $1 # SKIP $2"
}

# Whether a skip for the reason @1 may stand: always, but under
# CTXBENCH_REQUIRE_ALL=1 (CI: every skip a failure) only where a pattern
# of tests/skips-allowed (see there) matches the whole reason.
skips_allowed=${BASH_SOURCE[0]%/*}/skips-allowed
skip_allowed() {
	local line
	[ "${CTXBENCH_REQUIRE_ALL:-0}" = 1 ] || return 0
	while IFS= read -r line; do
		[[ $line == "#"* || $line != *$'\t'* ]] && continue
		# shellcheck disable=SC2053 # the pattern is a glob
		[[ $1 == ${line%%$'\t'*} ]] && return 0
	done <"$skips_allowed"
	return 1
}

# The whole test cannot run here, for the reason @*: "skipped: REASON" and
# exit status 77, which ctest counts as skipped; under
# CTXBENCH_REQUIRE_ALL=1 a failure (status 1) with the reason, unless
# tests/skips-allowed allows it.  Every script skips through here.
skip() {
	if skip_allowed "$*"; then
		echo "skipped: $*"
		exit 77
	fi
	echo "FAIL: skipped, which CTXBENCH_REQUIRE_ALL=1 allows only for the reasons of tests/skips-allowed: $*" >&2
	exit 1
}

# The tests of label long (a copy of the tree configured and built again,
# lintian, a real browser: a minute or more of CPU each) run when
# CTXBENCH_TEST_LONG=1 asks for them (CI's stage of its own, .ci/run), and
# say skipped otherwise, so that the README's test command stays short.
long_wanted() {
	[ "${CTXBENCH_TEST_LONG:-0}" = 1 ] && return
	skip "a long test: CTXBENCH_TEST_LONG=1 runs it (ctest -L long)"
}

# The number of checks the case makes: summary fails when it made another
# number (a check skipped by mistake).  Without a plan, summary still
# fails a case that made none.  Given before the first check, the plan
# line comes first, after "KTAP version 1" (its N those checks and the
# two of check_left at the end, where summary makes them); else last.
plan() {
	planned=$1
	[ "$ktap_n" -eq 0 ] && [ -z "$ktap_planned" ] || return 0
	ktap_planned=$planned
	[ -z "${CTXBENCH_TEST_TAG:-}" ] || ktap_planned=$((planned + 2))
	echo "KTAP version 1"
	echo "1..$ktap_planned"
}

# The text report on stdin with each row's reason (skipped:, FAILED:,
# HUNG:), which goes on over lines indented under itself to keep within 80
# columns, joined back into one line.
unwrap_reasons() {
	awk '
	on && match($0, /[^ ]/) > 20 { sub(/^ +/, ""); line = line " " $0; next }
	{ if (NR > 1) print line; line = $0 }
	{ on = /(skipped|FAILED|HUNG|interrupted): / }
	END { if (NR) print line }'
}

# The calling script's tests, as tests/CMakeLists.txt registers them: its
# array tests holds a row each, "NAME ARG... | PROPERTY...", the command
# line with @WORDS@ that CMake fills in and the test's properties (both
# described in tests/CMakeLists.txt).  "SCRIPT --list" ("list_tests "$@""
# before anything else) prints them and exits.  A row's case is its first
# argument that is not an @WORD@; where the script picks its case with a
# case statement at the left margin (the last), every row's case must have
# a branch there and every branch must be a row's case, else --list fails
# (and so does the configuration).
list_tests() {
	[ "${1:-}" = --list ] || return 0
	local row words w word branches cases=() bad=0
	branches=$(awk '/^case / { on = 1; b = ""; next }
		on && /^esac/ { on = 0; last = b; next }
		on && /^[^ \t#*][^)]*\)/ { l = $0; sub(/\).*/, "", l); gsub(/[ \t"]/, "", l); gsub(/\|/, "\n", l); b = b l "\n" }
		END { printf "%s", last }' "$0")
	for row in "${tests[@]}"; do
		read -ra words <<<"${row%%|*}"
		[ "${#words[@]}" -gt 0 ] && [[ $row == *"|"* ]] ||
			{ echo "$0: a row not NAME ARG... | PROPERTY...: $row" >&2; bad=1; }
		word=
		for w in "${words[@]:1}"; do
			[[ $w == @*@ ]] || { word=$w; break; }
		done
		cases+=("$word")
		if [ -n "$branches" ] && ! grep -qxF -- "$word" <<<"$branches"; then
			echo "$0: ${words[0]}: case '$word' has no branch" >&2
			bad=1
		fi
	done
	while IFS= read -r w; do
		[ -z "$w" ] || printf '%s\n' "${cases[@]}" | grep -qxF -- "$w" ||
			{ echo "$0: case '$w' has a branch but no test" >&2; bad=1; }
	done <<<"$branches"
	[ "$bad" -eq 0 ] || exit 1
	printf '%s\n' "${tests[@]}"
	exit 0
}

# Run the calling script ("isolate "$@"" before anything else) again in an
# IPC namespace of its own, and a mount namespace where its POSIX queues
# show in /dev/mqueue ($CTXBENCH_TEST_MQUEUE, a directory of its own where
# the machine has no /dev/mqueue): there every SysV object and POSIX queue
# is this test's, and "nothing left" means none, whatever else runs on the
# machine (another ctxbench, a parallel ctest).  The processes it starts
# carry $CTXBENCH_TEST_TAG in their environment, which finds them wherever
# they went (the guard leaves the session).  Where namespaces are not
# permitted, it runs here, and IPC objects are not counted: the machine's
# are not this test's to judge.
isolate() {
	if [ -z "${CTXBENCH_TEST_NS:-}" ]; then
		export CTXBENCH_TEST_TAG=$$.${EPOCHREALTIME//[!0-9]/}
		if unshare --ipc --mount --propagation private true 2>/dev/null; then
			export CTXBENCH_TEST_NS=own
			exec unshare --ipc --mount --propagation private -- \
				"$BASH" -c '
				mq=/dev/mqueue
				[ -d $mq ] || mq=$(mktemp -d) || exit 1
				if ! mount -t mqueue mqueue "$mq"; then
					echo "FAIL: cannot mount a mqueue file system of its own" >&2
					exit 1
				fi
				export CTXBENCH_TEST_MQUEUE=$mq
				[ "$mq" = /dev/mqueue ] && exec "$0" "$@"
				"$0" "$@"
				rc=$?
				umount "$mq" && rmdir "$mq"
				exit $rc' "$0" "$@"
		fi
		export CTXBENCH_TEST_NS=none
	fi
	[ "$CTXBENCH_TEST_NS" = own ] ||
		echo "note: no IPC namespace of its own (unshare --ipc is not permitted here): IPC objects not counted"
	return 0
}

# Live (not zombie) processes of session $1: dead ones that lost their
# parent wait for init to reap them, and run nothing.  Read from /proc by
# bash alone (field 6 of stat is the session, 3 the state, after the
# command's name in parentheses): a fork costs milliseconds on a
# paravirtualised guest, and this runs after every case.
session_alive() {
	local sid=$1 f st
	for f in /proc/[0-9]*/stat; do
		{ read -r st <"$f"; } 2>/dev/null || continue
		# The fields after the name by expansions, not a read of a
		# here-string each (a pipe each, four times the cost): the
		# state, then past the parent and the group, the session.
		st=${st##*) }
		[ "${st%% *}" != Z ] || continue
		st=${st#* * * }
		[ "${st%% *}" = "$sid" ] && return 0
	done
	return 1
}

# Whether process $1 still runs: kill -0 succeeds on a zombie, which
# nobody reaps while a loop naps (a builtin reaps no child).
running() {
	local st
	{ read -r st <"/proc/$1/stat"; } 2>/dev/null || return 1
	st=${st##*) }
	[ "${st%% *}" != Z ]
}

# Sleep $1 seconds without a fork: a read, bounded by -t, of a pipe that
# nobody writes (this shell holds its write end too), opened once.
nap() {
	if [ -z "${ktap_napfd:-}" ]; then
		exec {ktap_napfd}<> <(:) || { ktap_napfd=; sleep "$1"; return 0; }
	fi
	read -r -t "$1" -u "$ktap_napfd"
	return 0
}

# The IPC objects of this namespace, one "KIND ID" a line (mq NAME for a
# POSIX queue), in $ipc_now; nothing when they are not this test's alone.
# Read by bash alone: a fork costs milliseconds on a paravirtualised
# guest, and this runs after every case.
ipc_scan() {
	local f k key id rest lines=()
	ipc_now=
	[ "${CTXBENCH_TEST_NS:-}" = own ] || return 0
	for f in msg sem shm; do
		case $f in msg) k=q ;; sem) k=s ;; shm) k=m ;; esac
		{
			read -r rest
			while read -r key id rest; do
				lines+=("$k $id")
			done
		} <"/proc/sysvipc/$f"
	done
	for f in "$CTXBENCH_TEST_MQUEUE"/* "$CTXBENCH_TEST_MQUEUE"/.[!.]*; do
		[ -e "$f" ] && lines+=("mq ${f##*/}")
	done
	local IFS=$'\n'
	ipc_now=${lines[*]}
	return 0
}
# The same on stdout.
ipc_ids() {
	ipc_scan
	[ -z "$ipc_now" ] || printf '%s\n' "$ipc_now"
}

# The ctxbench processes (runners, participants, guards) this test
# started and that still run, one PID a line in $ours_now: those named
# ctxbench* whose environment holds the tag.  Read by bash alone, like
# ipc_scan: a pgrep costs more than all the reads together.
ours_scan() {
	local f c v env
	ours_now=
	[ -n "${CTXBENCH_TEST_TAG:-}" ] || return 0
	for f in /proc/[0-9]*/comm; do
		{ read -r c <"$f"; } 2>/dev/null || continue
		[[ $c == ctxbench* ]] || continue
		f=${f%/comm}
		{ mapfile -d '' env <"$f/environ"; } 2>/dev/null || continue
		for v in "${env[@]}"; do
			[ "$v" = "CTXBENCH_TEST_TAG=$CTXBENCH_TEST_TAG" ] || continue
			ours_now+=${ours_now:+$'\n'}${f#/proc/}
			break
		done
	done
	return 0
}

# Nothing of this test left: no IPC object but those of $before (within 2
# s, for a guard still at work; a check skipped without a namespace of its
# own, whose objects are not this test's alone) and no ctxbench process;
# $1 names what was run.
check_left() {
	local what=$1 left procs end=$((${EPOCHREALTIME//[!0-9]/} + 2000000))
	while :; do
		ipc_scan
		ours_scan
		left=$ipc_now procs=$ours_now
		[ "$left" = "${before:-}" ] && [ -z "$procs" ] && break
		[ "${EPOCHREALTIME//[!0-9]/}" -lt "$end" ] || break
		nap 0.05
	done
	if [ "${CTXBENCH_TEST_NS:-}" != own ]; then
		skip_check "$what: no IPC object left" "no IPC namespace of its own"
	elif [ "$left" = "${before:-}" ]; then
		pass "$what: no IPC object left"
	else
		fail "$what: IPC objects left: $(diff <(echo "${before:-}") <(echo "$left") | grep '^>' | tr '\n' ' ')"
	fi
	if [ -n "$procs" ]; then
		fail "$what: processes left: $(ps -o pid=,stat=,comm= -p "$(paste -sd, <<<"$procs")" | tr '\n' ';')"
		kill -KILL $procs 2>/dev/null
	else
		pass "$what: no process left"
	fi
}

# The value of key @1 in $kv (what --format kv printed), "" if none.
kv() {
	awk -F': ' -v k="$1" '$1 == k { print $2; exit }' <<<"${kv:-}"
}

# File $2's text into variable $1, as $(<FILE) gives it (without the new
# lines at its end; nothing where it cannot be read), read by bash: a
# command substitution forks, and the scripts read a run's output after
# every run.
file_text() { # variable, file
	local -n ft_var=$1
	ft_var=''
	{ IFS= read -r -d '' ft_var <"$2"; } 2>/dev/null
	ft_var=${ft_var%"${ft_var##*[!$'\n']}"}
	return 0
}

# The closing line, "N passed, N failed, N skipped"; a case that checked
# nothing, or not what it planned, or made a check in a subshell, fails;
# in a namespace of its own, nothing may be left.  The plan line, "1..N", comes before it: N the
# results printed, those of these checks too.
summary() {
	local ran=$((passed + failed + skipped))
	[ "$ran" -gt 0 ] || fail "no check ran"
	[ -z "$planned" ] || [ "$ran" -eq "$planned" ] ||
		fail "$ran checks ran, $planned planned"
	if [ -e "$ktap_lost" ]; then
		rm -f "$ktap_lost"
		fail "checks made in a subshell were not counted"
	fi
	[ -n "${CTXBENCH_TEST_TAG:-}" ] && check_left "at the end"
	[ -n "$ktap_planned" ] || echo "1..$ktap_n"
	echo "$passed passed, $failed failed, $skipped skipped"
	[ "$failed" -eq 0 ]
}

# Saved runs FILE... as if no run had been disturbed: tests of the
# comparison's rules run on a machine other work may load, which would
# leave every run out of the verdict.  What disturbance does to the verdict
# is tested on its own (test_verdict, saved-bisect).
undisturbed() {
	sed -i 's/"disturbed": true/"disturbed": false/g' "$@"
}
