#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The harness itself: a case that checked nothing fails, in lib.sh and in
# check.h, and so does a case of lib.sh that ran other than the checks it
# planned, made a check in a subshell or passed a check without a name;
# every result is a KTAP line, numbered and named, with the plan (first
# where it is stated first) and the closing line; skips say why and count.
# usage: harness.sh PROGRAM   (PROGRAM: harness.c, N checks of check.h)
set -u
lib=$(dirname "$0")/lib.sh
. "$lib"
# The test (see list_tests in lib.sh).
tests=("harness @HARNESS@ |")
list_tests "$@"
prog=$1

# A case that runs @2 (bash, lib.sh sourced, outside any namespace, or
# PROGRAM ARGS... when it starts with prog) must exit @3 and say @4.
expect() {
	local what=$1 body=$2 want_rc=$3 want=$4 out rc
	if [[ $body == prog* ]]; then
		out=$(env -u CTXBENCH_REQUIRE_ALL "$prog" ${body#prog} 2>&1)
	else
		out=$(env -u CTXBENCH_TEST_TAG -u CTXBENCH_REQUIRE_ALL bash -c '. "$0"; '"$body" "$lib" 2>&1)
	fi
	rc=$?
	[ "$rc" -eq "$want_rc" ] && pass "$what: exit $want_rc" || fail "$what: exit $rc, expected $want_rc: $out"
	grep -qF -- "$want" <<<"$out" && pass "$what: says $want" || fail "$what: no \"$want\" in: $out"
}

# A script of the rows @2 (see list_tests) whose case statement has the
# branches @3, listed: it must exit @4 and say @5.
listed() {
	local s
	s=$(mktemp) || exit 1
	printf '. "%s"\ntests=(%s)\nlist_tests "$@"\ncase $1 in\n%s\nesac\n' \
		"$lib" "$2" "$3" >"$s"
	expect "--list, $1" "bash $s --list" "$4" "$5"
	rm -f "$s"
}

# A script tests/k.sh of lib.sh and the lines @2, run as test k: it must
# exit @3 and print each line of @4, whole (a regular expression after ~).
# A command over several lines is named by its last.
ktap() {
	local what=$1 body=$2 want_rc=$3 want=$4 d out rc l
	d=$(mktemp -d) || exit 1
	mkdir "$d/tests" && printf '. "%s"\n%s\n' "$lib" "$body" >"$d/tests/k.sh" ||
		fail "$what: cannot write $d/tests/k.sh"
	if [[ $body == prog* ]]; then
		out=$(env -u CTXBENCH_REQUIRE_ALL "$prog" ${body#prog} 2>/dev/null)
	else
		out=$(cd "$d" && env -u CTXBENCH_TEST_TAG -u CTXBENCH_REQUIRE_ALL CTXBENCH_TEST=k bash tests/k.sh 2>/dev/null)
	fi
	rc=$?
	[ "$rc" -eq "$want_rc" ] && pass "$what: exit $want_rc" ||
		fail "$what: exit $rc, expected $want_rc: $out"
	while IFS= read -r l; do
		if [[ $l == "~"* ]]; then
			grep -qEx -- "${l#"~"}" <<<"$out"
		else
			grep -qxF -- "$l" <<<"$out"
		fi && pass "$what: says $l" || fail "$what: no line '$l' in: $out"
	done <<<"$want"
	rm -rf "$d"
}

plan 96
expect "no check" 'summary' 1 "FAIL: no check ran"
expect "one check" 'pass p; summary' 0 "1 passed, 0 failed, 0 skipped"
expect "one failed" 'fail x; summary' 1 "0 passed, 1 failed, 0 skipped"
expect "fewer than planned" 'plan 2; pass p; summary' 1 "1 checks ran, 2 planned"
expect "as planned" 'plan 2; pass p; fail x; summary' 1 "1 passed, 1 failed, 0 skipped"
expect "as planned, passed" 'plan 2; pass p; pass q; summary' 0 "2 passed, 0 failed, 0 skipped"
expect "more than planned" 'plan 1; pass p; pass q; summary' 1 "2 checks ran, 1 planned"
expect "check.h, no check" 'prog 0' 1 "no check ran"
expect "check.h, three checks" 'prog 3' 0 "3 passed, 0 failed, 0 skipped"
listed "as the branches" '"t-a a @BIN@ | serial" "t-b @BIN@ b |" "t-c c |"' 'a) ;;
b | c) ;;
*) ;;' 0 "t-b @BIN@ b |"
listed "a case of no branch" '"t-a a |" "t-b b |"' 'a) ;;' 1 "t-b: case 'b' has no branch"
listed "a branch of no test" '"t-a a |"' 'a) ;;
b) ;;' 1 "case 'b' has a branch but no test"
listed "a row without properties" '"t-a a"' 'a) ;;' 1 "a row not NAME ARG... | PROPERTY...: t-a a"
ktap "named results" 'f() { fail "in f"; }
g() { f; }
pass "a check named"
g
pass
fail "why
and more"
summary' 1 "KTAP version 1
ok 1 k: a check named
not ok 2 k: tests/k.sh:2<3: in f
not ok 3 k: tests/k.sh:6: a check passed without a name: pass NAME, what it checked
not ok 4 k: tests/k.sh:8: why
1..4
1 passed, 3 failed, 0 skipped"
ktap "no check" 'summary' 1 "not ok 1 k: tests/k.sh:2: no check ran
1..1
0 passed, 1 failed, 0 skipped"
ktap "a wrong plan" 'plan 2
pass p
summary' 1 "ok 1 k: p
not ok 2 k: tests/k.sh:4: 1 checks ran, 2 planned
1..2"
ktap "a check in a subshell" 'pass p
(pass q)
summary' 1 "ok 1 k: p
not ok 2 k: tests/k.sh:4: checks made in a subshell were not counted
1..2
1 passed, 1 failed, 0 skipped"
ktap "check.h, named results" 'prog 3' 0 "KTAP version 1
~ok 1 harness[.]c:[0-9]+ i >= 0
~ok 3 harness[.]c:[0-9]+ i >= 0
1..3
3 passed, 0 failed, 0 skipped"
ktap "check.h, no check" 'prog 0' 1 "~not ok 1 check[.]h:[0-9]+ no check ran
1..1
0 passed, 1 failed, 0 skipped"
# Skips: a check's, counted apart, and a whole test's (77), in lib.sh and
# check.h; under CTXBENCH_REQUIRE_ALL=1 each fails unless
# tests/skips-allowed allows its reason (this one: no /dev/kvm to open).
r=CTXBENCH_REQUIRE_ALL=1
allowed="no /dev/kvm to open"
refused="skipped, which CTXBENCH_REQUIRE_ALL=1 allows only for the reasons of tests/skips-allowed: no x here"
expect "a test skipped" 'skip "no x here"' 77 "skipped: no x here"
expect "a test skipped, required" "$r; skip 'no x here'" 1 "FAIL: $refused"
expect "a test skipped, required, allowed" "$r; skip '$allowed'" 77 "skipped: $allowed"
expect "check.h, skipped" 'prog skip nox' 77 "skipped: nox"
expect "check.h, skipped, required" "$r '$prog' skip nox" 1 \
	"FAIL: ${refused%no x here}nox"
expect "check.h, a check skipped" 'prog skip-check nox' 0 " c # SKIP nox"
expect "check.h, a check skipped, required" "$r '$prog' skip-check nox" 1 \
	"c: ${refused%no x here}nox"
expect "check.h, skipped, required, allowed" "$r '$prog' skip '$allowed'" 77 \
	"skipped: $allowed"
ktap "a check skipped" 'skip_check "c" "no x here"
pass "p"
summary' 0 "ok 1 k: c # SKIP no x here
ok 2 k: p
1..2
1 passed, 0 failed, 1 skipped"
ktap "a check skipped, required" "$r
skip_check c 'no x here'
skip_check d '$allowed'
summary" 1 "not ok 1 k: tests/k.sh:3: c: $refused
ok 2 k: d # SKIP $allowed
1..2
0 passed, 1 failed, 1 skipped"
# The plan given before the first check comes first.
expect "the plan first" 'exec > >(sed -n 1,2p | paste -sd " "); plan 1; pass p; summary' 0 \
	"KTAP version 1 1..1"
expect "the plan last" 'exec > >(tail -n 2 | paste -sd " "); pass p; summary' 0 \
	"1..1 1 passed, 0 failed, 0 skipped"
# "Nothing left" without an IPC namespace of its own: nothing to count.
ktap "no IPC namespace" 'CTXBENCH_TEST_NS=none
check_left x
summary' 0 "ok 1 k: x: no IPC object left # SKIP no IPC namespace of its own
ok 2 k: x: no process left
1..2
1 passed, 0 failed, 1 skipped"
# A participant is never the guard, which is named ctxbench for a moment
# after its fork: a stand-in runner forks a "ctxbench" that is gone (as
# the guard renames itself) when the "ctxbench-guard" and two
# participants come half a second later.  Both helpers name a
# participant, and none while only the first child is there.
d=$(mktemp -d) || exit 1
cp "$(command -v sleep)" "$d/ctxbench" && cp "$(command -v sleep)" "$d/ctxbench-guard" ||
	fail "participant: cannot copy sleep"
out_f=$d/out err_f=$d/err
. "${0%/*}/session.sh"
start bash -c 'd=$1; "$d/ctxbench" 0.5 & wait; "$d/ctxbench-guard" 5 & "$d/ctxbench" 5 & "$d/ctxbench" 5 &
	wait' sh "$d"
nap 0.2
participants 1
first=("${kids[@]}")
[ "${#first[@]}" -eq 0 ] && pass "no participant beside the guard's first moment" ||
	fail "a participant beside the guard's first moment: ${first[*]}"
p=$(participant) g=''
kids_named ctxbench-guard
g=${kids[0]:-}
[ -n "$p" ] && [ -n "$g" ] && [ "$p" != "$g" ] && [ "$(<"/proc/$p/comm")" = ctxbench ] &&
	pass "participant: a participant" || fail "participant: '$p', the guard '$g'"
pkill -KILL -s "$pid"
wait "$pid" 2>/dev/null
# What "no process left" looks for: a ctxbench carrying this test's tag,
# not another's.
CTXBENCH_TEST_TAG=harness.$$ "$d/ctxbench" 5 &
tagged=$!
CTXBENCH_TEST_TAG=other.$$ "$d/ctxbench" 5 &
other=$!
nap 0.2
CTXBENCH_TEST_TAG=harness.$$ ours_scan
[ "$ours_now" = "$tagged" ] && pass "ours_scan: the tagged ctxbench alone" ||
	fail "ours_scan: '$ours_now', expected '$tagged' (not '$other')"
kill -KILL "$tagged" "$other"
wait "$tagged" "$other" 2>/dev/null
rm -rf "$d"
# Each pattern allowed says why.
bad=$(grep -v '^#' "${0%/*}/skips-allowed" | grep -Pv '^[^\t]+\t# \S')
[ -z "$bad" ] && pass "skips-allowed: a pattern, a tab, why" ||
	fail "skips-allowed: a pattern, a tab, why: not so: $bad"
summary
