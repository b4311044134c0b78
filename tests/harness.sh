#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The harness itself: a case that checked nothing fails, in lib.sh and in
# check.h, and so does a case of lib.sh that ran other than the checks it
# planned.
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
		out=$("$prog" ${body#prog} 2>&1)
	else
		out=$(env -u CTXBENCH_TEST_TAG bash -c '. "$0"; '"$body" "$lib" 2>&1)
	fi
	rc=$?
	[ "$rc" -eq "$want_rc" ] && pass || fail "$what: exit $rc, expected $want_rc: $out"
	grep -qF -- "$want" <<<"$out" && pass || fail "$what: no \"$want\" in: $out"
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

plan 26
expect "no check" 'summary' 1 "FAIL: no check ran"
expect "one check" 'pass; summary' 0 "1 passed, 0 failed"
expect "one failed" 'fail x; summary' 1 "0 passed, 1 failed"
expect "fewer than planned" 'plan 2; pass; summary' 1 "1 checks ran, 2 planned"
expect "as planned" 'plan 2; pass; fail x; summary' 1 "1 passed, 1 failed"
expect "as planned, passed" 'plan 2; pass; pass; summary' 0 "2 passed, 0 failed"
expect "more than planned" 'plan 1; pass; pass; summary' 1 "2 checks ran, 1 planned"
expect "check.h, no check" 'prog 0' 1 "no check ran"
expect "check.h, three checks" 'prog 3' 0 "3 passed, 0 failed"
listed "as the branches" '"t-a a @BIN@ | serial" "t-b @BIN@ b |" "t-c c |"' 'a) ;;
b | c) ;;
*) ;;' 0 "t-b @BIN@ b |"
listed "a case of no branch" '"t-a a |" "t-b b |"' 'a) ;;' 1 "t-b: case 'b' has no branch"
listed "a branch of no test" '"t-a a |"' 'a) ;;
b) ;;' 1 "case 'b' has a branch but no test"
listed "a row without properties" '"t-a a"' 'a) ;;' 1 "a row not NAME ARG... | PROPERTY...: t-a a"
summary
