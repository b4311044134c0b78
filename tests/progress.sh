#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The progress line: on a terminal's stderr only, never in the report, and
# not with -q.
# usage: progress.sh notty|pty|order|quiet BIN
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"progress-notty notty @BIN@ | timeout=120"
	"progress-pty pty @BIN@ | timeout=120"
	"progress-order order @BIN@ | timeout=120"
	"progress-quiet quiet @BIN@ | timeout=120"
)
list_tests "$@"
isolate "$@"

CR=$'\r'
ESC=$'\033'
ERASE=$'\r\033[K'
ERASE_RE=$'\r\033\\[K'

work=$(mktemp -d) || exit 1
trap 'rm -rf "$work"' EXIT

# stdout and stderr are files: not a byte of progress in either.
notty() {
	local bin=$1 rc
	"$bin" -b pipe -t 0.2 -r 2 -n progress-test >"$work/out" 2>"$work/err"
	rc=$?
	[ "$rc" -eq 0 ] && pass "exit $rc" || fail "exit $rc: $(<"$work/err")"
	grep -q "^Run: progress-test" "$work/out" && pass "not: no report" || fail "no report"
	for f in out err; do
		grep -q "$CR" "$work/$f" && fail "a carriage return on std$f" || pass "not: a carriage return on std$f"
		grep -q "$ESC" "$work/$f" && fail "an escape on std$f" || pass "not: an escape on std$f"
		grep -q "elapsed" "$work/$f" && fail "progress text on std$f" || pass "not: progress text on std$f"
	done
	summary
}

# Run ctxbench ARGS... on a pseudo-terminal, its stdout to $work/report;
# what the terminal showed goes to $work/tty.  Sets rc.
on_pty() {
	local cmd
	if ! command -v script >/dev/null; then
		skip "no script(1) to make a pseudo-terminal"
	fi
	cmd=$(printf '%q ' "$@")
	script -qec "$cmd >$work/report" /dev/null </dev/null >"$work/tty" 2>&1
	rc=$?
	if [ ! -s "$work/report" ] && grep -qi "pseudo-terminal\|openpty\|/dev/pts" "$work/tty"; then
		skip "no pseudo-terminal here: $(head -1 "$work/tty")"
	fi
}

# On a terminal the line shows, rewritten in place, and is erased before
# the report; the report itself, on stdout, has none of it.
pty() {
	local bin=$1 tty
	on_pty "$bin" -b pipe -t 0.3 -r 2 -n progress-test
	[ "$rc" -eq 0 ] && pass "exit $rc" || fail "exit $rc: $(<"$work/tty")"
	tty=$(<"$work/tty")
	# -t 0.3 and its warm-up, 0.33 s a run: 0.66 s, then 0.33 s left.
	for run in 1 2; do
		line="pipe any: run $run of 2 \($run of 2\), [0-9]+:[0-9]{2} elapsed, about 0:01 left"
		grep -qE "$ERASE_RE$line" <<<"$tty" && pass "no '$line' after an erase on the terminal" ||
			fail "no '$line' after an erase on the terminal: $(cat -v "$work/tty")"
	done
	# The last thing on the terminal is the erase of the line.
	[[ $tty == *"left$ERASE" ]] && pass "the line is not erased at the end" ||
		fail "the line is not erased at the end: $(cat -v "$work/tty")"
	grep -q "^Run: progress-test" "$work/report" && pass "not: no report" || fail "no report"
	grep -q "[$CR$ESC]" "$work/report" && fail "progress bytes in the report" ||
		pass "not: progress bytes in the report"

	# Rings: the hop work is counted, and named.
	on_pty "$bin" -b pipe -p 2,3 -t 0.2 -r 1 -n progress-test
	[ "$rc" -eq 0 ] && pass "ring" || fail "ring: exit $rc: $(<"$work/tty")"
	tty=$(<"$work/tty")
	for line in "pipe 0K: hop work (1 of 3)" "pipe any 2p/0K: run 1 of 1 (2 of 3)" \
		"pipe any 3p/0K: run 1 of 1 (3 of 3)"; do
		grep -qF "$ERASE$line" <<<"$tty" && pass "ring" ||
			fail "ring: no '$line': $(cat -v "$work/tty")"
	done
	summary
}

# The order of the runs, as the terminal shows them: "pipe 1 futex 1 ...".
run_order() {
	on_pty "$@"
	[ "$rc" -eq 0 ] || fail "exit $rc: $(<"$work/tty")"
	tr '\r' '\n' <"$work/tty" | sed -n 's/^.\[K\([a-z]*\) same: run \([0-9]\) of 2 .*/\1 \2/p' |
		tr '\n' ' '
}

# The rows take turns by default, back to back with --order sequential,
# and in a repeatable random order with --order shuffle --seed; the order
# is in the Run information.
order() {
	local bin=$1 got a b
	local args=(-b pipe,futex,signal -P same -t 0.05 -r 2 -n progress-test)

	got=$(run_order "$bin" "${args[@]}")
	[ "$got" = "signal 1 pipe 1 futex 1 signal 2 pipe 2 futex 2 " ] && pass "interleave" ||
		fail "interleave: '$got'"
	grep -q '^  Order                interleave$' "$work/report" && pass "interleave" ||
		fail "interleave: no Order in the Run information"
	got=$(run_order "$bin" "${args[@]}" --order sequential)
	[ "$got" = "signal 1 signal 2 pipe 1 pipe 2 futex 1 futex 2 " ] && pass "sequential" ||
		fail "sequential: '$got'"
	a=$(run_order "$bin" "${args[@]}" --order shuffle --seed 7)
	grep -q '^  Order                shuffle, seed 7$' "$work/report" && pass "shuffle" ||
		fail "shuffle: no seed in the Run information"
	b=$(run_order "$bin" "${args[@]}" --order shuffle --seed 7)
	[ "$a" = "$b" ] && pass "seed 7 twice" || fail "seed 7 twice: '$a' then '$b'"
	# Every row once a round, in some order.
	for r in 1 2; do
		[ "$(tr ' ' '\n' <<<"$a" | paste - - | grep -c "[[:space:]]$r$")" -eq 3 ] && pass "shuffle" ||
			fail "shuffle: round $r is not each row once: '$a'"
	done
	[[ $a == *" 1 "*" 1 "*" 1 "*" 2 "*" 2 "*" 2 " ]] && pass "shuffle" ||
		fail "shuffle: a row ran twice before another ran once: '$a'"
	summary
}

# -q: not a byte of progress on the terminal either.
quiet() {
	local bin=$1
	on_pty "$bin" -q -b pipe -t 0.3 -r 2 -n progress-test
	[ "$rc" -eq 0 ] && pass "exit $rc" || fail "exit $rc: $(<"$work/tty")"
	grep -q "$ESC" "$work/tty" && fail "-q: an escape on the terminal: $(cat -v "$work/tty")" ||
		pass "-q: no escape on the terminal"
	grep -q "elapsed" "$work/tty" && fail "-q: progress text on the terminal" || pass "-q"
	grep -q "^Run: progress-test" "$work/report" && pass "-q" || fail "-q: no report"
	summary
}

case "${1:-}" in
notty) notty "$2" ;;
pty) pty "$2" ;;
order) order "$2" ;;
quiet) quiet "$2" ;;
*)
	echo "usage: $0 notty|pty|order|quiet BIN" >&2
	exit 2
	;;
esac
