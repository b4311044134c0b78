#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Tests of saved runs through the binary: -o, --json, ctxbench report, and
# bad saved files (exit 2, one line, no report).
# usage: saved.sh roundtrip BIN | saved.sh compare BIN |
#        saved.sh spread|turns|want BIN | saved.sh bad BIN FIXTURES_DIR
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"saved-roundtrip roundtrip @BIN@ | timeout=120"
	"saved-compare compare @BIN@ | timeout=120"
	"saved-flat flat @BIN@ | timeout=120"
	"saved-bisect bisect @BIN@ | timeout=120"
	"saved-spread spread @BIN@ | timeout=120"
	"saved-turns turns @BIN@ | timeout=120"
	"saved-want want @BIN@ | timeout=120"
	# --brief of two kernels, every mechanism, taking turns: a mail's size.
	"saved-brief brief @BIN@ | timeout=180"
	# Every line of the report within 80 columns.
	"saved-columns columns @BIN@ | timeout=120"
	"saved-bad bad @BIN@ @TESTS@/fixtures/json | timeout=120 cost=55"
	"saved-writes writes @BIN@ @TESTS@/fixtures/json | timeout=120"
	"saved-replace replace @BIN@ | timeout=120"
	"saved-links links @BIN@ | timeout=120"
	"saved-signals signals @BIN@ @TESTS@/fixtures/json | timeout=300 cost=45"
	"saved-stalled stalled @BIN@ | timeout=120"
	"saved-twice twice @BIN@ | timeout=120"
	"saved-bounds bounds @BIN@ @TESTS@/fixtures/json | timeout=120"
	# --series: each step's figures those of a report of its two labels.
	"saved-series series @BIN@ | timeout=120"
)
list_tests "$@"
isolate "$@"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run ctxbench; sets out, err, rc.
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	# Read by bash (lib.sh): a $(<FILE) forks, twice a run.
	file_text out "$tmp/out"
	file_text err "$tmp/err"
}

# Every line of $1 fits in 80 columns.
narrow() {
	awk 'length > 80 { bad = 1; print "too wide: " $0 > "/dev/stderr" }
	     END { exit bad }' <<<"$1"
}

# Every line of $2 fits in 80 columns of UTF-8 text (a wide character
# takes 2, a combining mark none) and no UTF-8 character is cut; $1 names
# the report.
columns80() {
	local what=$1 text=$2
	iconv -f UTF-8 -t UTF-8 <<<"$text" >/dev/null 2>&1 && pass "$what" ||
		fail "$what: not UTF-8 text, a character cut"
	perl -CSD -ne 'chomp;
		my $w = length($_) - (() = /[\p{Mn}\p{Me}]/g) +
			(() = /[\p{East_Asian_Width=Wide}\p{East_Asian_Width=Fullwidth}]/g);
		if ($w > 80) { print STDERR "too wide ($w): $_\n"; $bad = 1 }
		END { exit($bad ? 1 : 0) }' <<<"$text" && pass "$what" ||
		fail "$what: wider than 80 columns"
}

# $3 of saved run $1 (in every invocation and row) set to the string $2.
saved_set() {
	V=$2 perl -i -pe 's/^(\s*"\Q'"$3"'\E": )".*"(,?)$/$1"$ENV{V}"$2/' "$1"
}

# The words of the Run line of $1 (label, invocation, note), its lines
# joined.
run_words() {
	awk '/^Run: / && !on { on = 1; sub(/^Run: /, ""); printf "%s ", $0; next }
	     on && /^     / { sub(/^ +/, ""); printf "%s ", $0; next }
	     on { exit }' <<<"$1" | tr -s ' '
}

# Labels, notes and facts of every length the tool takes, in UTF-8 of one
# and of two columns a character: each line of every report within 80
# columns, nothing cut inside a character, values cut or wrapped by
# columns, and the label and the note whole.
columns() {
	local bin=$1 label note cjk mb

	label=$(printf 'L%.0s' {1..64})
	note="$(printf 'note %.0s' {1..25})xx"
	run "$bin" -q -b null -t 0.02 -r 1 -n "$label" --note "$note"
	[ "$rc" -eq 0 ] && pass "a label of 64 bytes, a note of 127" || fail "a label of 64 bytes, a note of 127: exit $rc: $err"
	columns80 "64-byte label, 127-byte note" "$out"
	[ "$(run_words "$out")" = "$label $note " ] && pass "the label or the note is not whole" ||
		fail "the label or the note is not whole: '$(run_words "$out")'"
	run "$bin" -q -b null,pipe -t 0.05 -r 1 -n 6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty
	columns80 "a kernel's label" "$out"

	# 32 "ä" (64 bytes); "€" and CJK (127 bytes); rings, for lat_ctx's
	# tables; two invocations of the label.
	label=$(printf 'ä%.0s' {1..32})
	cjk=$(printf '漢字%.0s' {1..10})
	note="$(printf '€%.0s' {1..13}) $(printf '漢字%.0s' {1..5}) $(printf 'ä%.0s' {1..28})"
	[ "$(printf %s "$note" | wc -c)" -eq 127 ] || fail "the note is not 127 bytes"
	for i in 1 2; do
		run "$bin" -q -b pipe -p 2,3 -t 0.02 -r 1 -n "$label" --note "$note" \
			--histogram -o "$tmp/mb$i.json"
		[ "$rc" -eq 0 ] && pass "a label of 32 ä" || fail "a label of 32 ä: exit $rc: $err"
		columns80 "a label of ä, a note of € and CJK" "$out"
		[ "$(run_words "$out")" = "$label $note " ] && pass "the UTF-8 label or note is not whole" ||
			fail "the UTF-8 label or note is not whole: '$(run_words "$out")'"
	done

	# Facts as long as a saved run holds them, in characters of 2 and 3
	# bytes, of 1 and 2 columns; a label of 126 bytes; a placement whose
	# bytes do not fit lat_ctx's corner.
	mb=$(printf 'ä%.0s' {1..100})
	for i in 1 2; do
		saved_set "$tmp/mb$i.json" "$(printf '€%.0s' {1..42})" cpu_type
		saved_set "$tmp/mb$i.json" "$mb" kernel_version
		saved_set "$tmp/mb$i.json" "$cjk$cjk" hostname
		saved_set "$tmp/mb$i.json" "$(printf 'Aé%.0s' {1..60})" machine
		saved_set "$tmp/mb$i.json" "$(printf 'bööt=€€€ %.0s' {1..20}) $cjk$cjk" boot_cmdline
		saved_set "$tmp/mb$i.json" "$cjk$cjk$(printf '語%.0s' {1..2})" label
		saved_set "$tmp/mb$i.json" "ä€ä€ä€" placement
	done
	run "$bin" report --histogram "$tmp/mb1.json" "$tmp/mb2.json"
	[ "$rc" -eq 0 ] && pass "report of UTF-8 facts" || fail "report of UTF-8 facts: exit $rc: $err"
	columns80 "a report of UTF-8 facts" "$out"
	grep -q "^  KernelVersion        $(printf 'ä%.0s' {1..57})\$" <<<"$out" && pass "KernelVersion" ||
		fail "KernelVersion: not 57 ä on its first line: $(grep -A2 '^  KernelVersion' <<<"$out")"
	grep -q "^  CPUtype              $(printf '€%.0s' {1..42})\$" <<<"$out" && pass "CPUtype" ||
		fail "CPUtype: not its 42 € whole: $(grep '^  CPUtype' <<<"$out")"
	grep -q "^  HostName             $(printf '漢字%.0s' {1..13})漢\.\.\.\$" <<<"$out" && pass "HostName" ||
		fail "HostName: not 27 wide characters then ...: $(grep '^  HostName' <<<"$out")"
	grep -q "^  Machine              $(printf 'Aé%.0s' {1..27})\.\.\.\$" <<<"$out" && pass "Machine" ||
		fail "Machine: not 54 characters then ...: $(grep '^  Machine' <<<"$out")"
	grep -q '^pipe ä€ä€ä€  ' <<<"$out" && pass "lat_ctx's corner" ||
		fail "lat_ctx's corner: $(grep '^pipe ä' <<<"$out")"
	run "$bin" report --baseline "$cjk$cjk語語" "$tmp/mb1.json"
	columns80 "one invocation of UTF-8 facts" "$out"
	summary
}

# A direct run prints exactly what ctxbench report prints for its file.
roundtrip() {
	local bin=$1

	"$bin" -b pipe -t 0.05 -r 2 -n direct -o "$tmp/x.json" >"$tmp/direct.txt"
	[ $? -eq 0 ] && pass "not: the run with -o failed" || fail "the run with -o failed"
	"$bin" report "$tmp/x.json" >"$tmp/report.txt"
	[ $? -eq 0 ] && pass "not: report of a saved run failed" || fail "report of a saved run failed"
	cmp -s "$tmp/direct.txt" "$tmp/report.txt" && pass "not: saved and re-rendered differs from the direct report:" ||
		fail "saved and re-rendered differs from the direct report:"$'\n'"$(diff "$tmp/direct.txt" "$tmp/report.txt")"
	grep -q '^  direct any ' "$tmp/direct.txt" && pass "no row" || fail "no row: $(<"$tmp/direct.txt")"

	# --json prints what -o writes; the report of it writes it again.
	"$bin" -b pipe -t 0.05 -r 2 -n json --json -o "$tmp/y.json" >"$tmp/y.out"
	[ $? -eq 0 ] && pass "not: the run with --json failed" || fail "the run with --json failed"
	cmp -s "$tmp/y.out" "$tmp/y.json" && pass "not: --json and -o differ" || fail "--json and -o differ"
	grep -q '"schema_version": 1' "$tmp/y.json" && pass "not: no schema version" || fail "no schema version"
	grep -q '"command": ".*-n json --json -o ' "$tmp/y.json" && pass "not: no command line in the JSON" ||
		fail "no command line in the JSON"
	"$bin" report --json "$tmp/y.json" >"$tmp/y2.json"
	cmp -s "$tmp/y.json" "$tmp/y2.json" && pass "not: report --json changes the JSON" || fail "report --json changes the JSON"
	"$bin" report -o "$tmp/y3.json" "$tmp/y.json" >"$tmp/y3.txt"
	cmp -s "$tmp/y.json" "$tmp/y3.json" && pass "not: report -o changes the JSON" || fail "report -o changes the JSON"
	grep -q '^  json any ' "$tmp/y3.txt" && pass "not: report -o prints no report" || fail "report -o prints no report"
	summary
}

# The issue's example: two runs, then one report comparing them.
compare() {
	local bin=$1 t

	for n in A0 A B; do
		"$bin" -b pipe,signal -t 0.05 -r 3 -n "${n:0:1}" -o "$tmp/$n.json" >/dev/null
		[ $? -eq 0 ] && pass "not: run $n failed" || fail "run $n failed"
	done
	undisturbed "$tmp/A0.json" "$tmp/A.json" "$tmp/B.json"
	run "$bin" report "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && pass "report exits $rc" || fail "report exits $rc: $err"
	grep -q '^Run: ALL$' <<<"$out" && pass "no Run" || fail "no Run: ALL block"
	narrow "$out" && pass "not: report wider than 80 columns" || fail "report wider than 80 columns"
	for t in SIGUSR1 pipe; do
		local table
		table=$(awk -v t="$t" '$1 == t && / low / { on = 1 } on && /^$/ { exit } on' <<<"$out")
		grep -q ' change ' <<<"$table" && pass "$t" || fail "$t: no change column"
		grep -Eq '^  A any .* baseline ' <<<"$table" && pass "$t" || fail "$t: no baseline row A"
		# One invocation a label: the change is shown, not judged, and
		# what the runs alone could see is bracketed.
		grep -Eq '^  B any .* [-+][0-9.]+% +(\[[0-9.]+%\]|-|>9999%) ' <<<"$table" &&
			pass "$t" || fail "$t: no bare change for B:"$'\n'"$table"
	done
	grep -q '^bare change: one invocation a label, not judged' <<<"$out" &&
		pass "not: no line saying the change is not judged" || fail "no line saying the change is not judged"
	grep -q '^\*\.\.\.\*' <<<"$out" && fail "a mark explained with nothing to mark" || pass "not: a mark explained with nothing to mark"

	# Two invocations a label: judged on the spread between them.
	for n in A B; do
		"$bin" -b pipe,signal -t 0.05 -r 3 -n "$n" -o "$tmp/${n}2.json" >/dev/null
		[ $? -eq 0 ] && pass "not: second run $n failed" || fail "second run $n failed"
	done
	undisturbed "$tmp/A2.json" "$tmp/B2.json"
	run "$bin" report "$tmp/A.json" "$tmp/B.json" "$tmp/A2.json" "$tmp/B2.json"
	[ "$rc" -eq 0 ] && pass "report of 2 x 2 exits $rc" || fail "report of 2 x 2 exits $rc: $err"
	narrow "$out" && pass "not: 2 x 2 report wider than 80 columns" || fail "2 x 2 report wider than 80 columns"
	grep -q '^Run: A (2 of 2)' <<<"$out" && pass "not: no second invocation of A" || fail "no second invocation of A"
	grep -q '^   2  A$' <<<"$out" && pass "no invocation count" || fail "no invocation count: $out"
	grep -q '^\*\.\.\.\*: stands out from the noise between replicates' <<<"$out" &&
		pass "not: the mark is not explained" || fail "the mark is not explained"
	for t in SIGUSR1 pipe; do
		local table
		table=$(awk -v t="$t" '$1 == t && / low / { on = 1 } on && /^$/ { exit } on' <<<"$out")
		[ "$(grep -c '^  [AB] any ' <<<"$table")" -eq 2 ] && pass "$t" ||
			fail "$t: not one row a label:"$'\n'"$table"
		grep -Eq '^  B any .*[(*] *[-+][0-9.]+%[)*] +([0-9.]+|>9999)% ' <<<"$table" &&
			pass "$t" || fail "$t: no judged change for B:"$'\n'"$table"
	done

	# The A/A noise of --noise judges one invocation a label: runs of
	# their own (A.json as noise too would count once, as a saved file),
	# A0 before A and B, A2 after them, so two blocks.
	run "$bin" report --noise "$tmp/A0.json" --noise "$tmp/A2.json" \
		"$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && pass "report --noise exits $rc" || fail "report --noise exits $rc: $err"
	grep -q '^noise: 2 invocations of --noise' <<<"$out" && pass "not: --noise is not said" ||
		fail "--noise is not said"
	grep -Eq '^  B any .*[(*] *[-+][0-9.]+%[)*] +([0-9.]+|>9999)% ' <<<"$out" &&
		pass "--noise" || fail "--noise: no judged change:"$'\n'"$out"
	run "$bin" report --noise "$tmp/A.json" "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 2 ] && [ -z "$out" ] && grep -q 'no label is measured twice' <<<"$err" &&
		pass "--noise of one invocation" || fail "--noise of one invocation: $rc '$err'"

	# Another baseline; a label no run has.
	run "$bin" report --baseline B "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && grep -Eq '^  B any .* baseline ' <<<"$out" && pass "--baseline B" ||
		fail "--baseline B: $rc $err"
	run "$bin" report --baseline C "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 2 ] && [ -z "$out" ] && [ "$err" = "ctxbench: --baseline: no saved run is labelled 'C'" ] &&
		pass "--baseline C" || fail "--baseline C: $rc '$err'"

	# Merged into one file, the same report.
	"$bin" report --json "$tmp/A.json" "$tmp/B.json" >"$tmp/AB.json"
	run "$bin" report "$tmp/AB.json"
	local merged=$out
	run "$bin" report "$tmp/A.json" "$tmp/B.json"
	[ "$merged" = "$out" ] && pass "not: the merged file reports differently" || fail "the merged file reports differently"
	summary
}

# Exit 2, one line "ctxbench: FILE: ...", nothing on stdout.
refused() {
	local what=$1 file=$2
	shift 2
	run "$@"
	if [ "$rc" -ne 2 ]; then
		fail "$what: exit $rc, expected 2"
	elif [ -n "$out" ]; then
		fail "$what: printed a report"
	elif [[ $err == *$'\n'* ]] || [[ $err != "ctxbench: $file: "* ]]; then
		fail "$what: stderr is not one line 'ctxbench: $file: ...': $err"
	else
		pass "$what"
	fi
}

bad() {
	local bin=$1 dir=$2 f good=$2/base.json

	for f in "$dir"/bad/*; do
		refused "${f##*/}" "$f" "$bin" report "$f"
		# A bad file among good ones: still no partial report.
		refused "${f##*/} after a good file" "$f" "$bin" report "$good" "$f"
	done
	refused missing "$tmp/missing.json" "$bin" report "$tmp/missing.json"
	refused directory "$dir" "$bin" report "$dir"
	: >"$tmp/empty.json"
	refused empty "$tmp/empty.json" "$bin" report "$tmp/empty.json"
	# A real saved file, cut anywhere before its end.
	local size cut
	size=$(wc -c <"$good")
	for cut in 1 2 17 100 1000 $((size / 2)) $((size - 3)); do
		head -c "$cut" "$good" >"$tmp/cut.json"
		refused "cut at $cut" "$tmp/cut.json" "$bin" report "$tmp/cut.json"
	done

	# Bad usage: one line, exit 2, nothing run.
	local args
	while IFS= read -r args; do
		eval "set -- $args"
		run "$bin" "$@"
		if [ "$rc" -eq 2 ] && [ -z "$out" ] && [[ $err != *$'\n'* ]] &&
			[[ $err == "ctxbench: "* ]]; then
			pass "ctxbench $args"
		else
			fail "ctxbench $args: exit $rc, '$out', '$err'"
		fi
	done <<ARGS
report
report -t 1 $good
report -l $good
report --baseline '' $good
--baseline A
-o ''
-b pipe -t 0.2 -o $tmp/no/such/dir/x.json
report -o $tmp/no/such/dir/x.json $good
ARGS
	summary
}

# A write that fails is said, and the exit status is 1, never 0.
writes() {
	local bin=$1 good=$2/base.json what

	for what in "--json" "" "--histogram"; do
		run "$bin" -b pipe -t 0.05 -r 1 -q $what -o /dev/full
		[ "$rc" -eq 1 ] && grep -q '/dev/full: No space left on device' <<<"$err" &&
			pass "-o /dev/full $what" || fail "-o /dev/full $what: exit $rc: $err"
		"$bin" -b pipe -t 0.05 -r 1 -q $what >/dev/full 2>"$tmp/err"
		rc=$? err=$(<"$tmp/err")
		[ "$rc" -eq 1 ] && grep -q '^ctxbench: stdout: No space left on device' <<<"$err" &&
			pass "stdout /dev/full $what" || fail "stdout /dev/full $what: exit $rc: $err"
		"$bin" -b pipe -t 0.05 -r 1 -q $what >&- 2>"$tmp/err"
		rc=$? err=$(<"$tmp/err")
		[ "$rc" -eq 1 ] && grep -q '^ctxbench: stdout: ' <<<"$err" &&
			pass "stdout closed $what" || fail "stdout closed $what: exit $rc: $err"
	done
	"$bin" report "$good" >/dev/full 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 1 ] && grep -q '^ctxbench: stdout: ' "$tmp/err" && pass "report >/dev/full" ||
		fail "report >/dev/full: exit $rc: $(<"$tmp/err")"
	run "$bin" report -o /dev/full "$good"
	[ "$rc" -eq 1 ] && grep -q '/dev/full: No space left' <<<"$err" && pass "report -o /dev/full" ||
		fail "report -o /dev/full: exit $rc: $err"
	for what in --help --list --version "report --help"; do
		"$bin" $what >/dev/full 2>/dev/null
		rc=$?
		[ "$rc" -eq 1 ] && pass "$what >/dev/full" || fail "$what >/dev/full: exit $rc"
	done
	summary
}

# -o replaces FILE whole or not at all, and leaves nothing else behind.
replace() {
	local bin=$1 d=$tmp/replace pid rc
	mkdir -p "$d"
	echo old >"$d/run.json"
	chmod 640 "$d/run.json"

	# Killed outright half way: last week's file is still there.
	"$bin" -b pipe -t 1 -r 3 -q -o "$d/run.json" >/dev/null 2>&1 &
	pid=$!
	nap 0.6
	kill -KILL "$pid"
	wait "$pid" 2>/dev/null
	[ "$(<"$d/run.json")" = old ] && pass "SIGKILL" || fail "SIGKILL: FILE changed: $(head -c 80 "$d/run.json")"
	[ "$(ls -A "$d")" = run.json ] && pass "SIGKILL" || fail "SIGKILL: left behind: $(ls -A "$d")"

	# Interrupted: what finished is saved, readable, in the file's mode.
	"$bin" -b pipe,futex -t 0.5 -r 2 -q -n part -o "$d/run.json" >/dev/null 2>&1 &
	pid=$!
	nap 1.5
	kill -INT "$pid"
	wait "$pid"
	rc=$?
	[ "$rc" -eq 130 ] && pass "SIGINT" || fail "SIGINT: exit $rc"
	"$bin" report "$d/run.json" >/dev/null 2>"$tmp/err" && pass "SIGINT" ||
		fail "SIGINT: the partial run cannot be read: $(<"$tmp/err")"
	[ "$(stat -c %a "$d/run.json")" = 640 ] && pass "the file's mode changed" ||
		fail "the file's mode changed: $(stat -c %a "$d/run.json")"
	[ "$(ls -A "$d")" = run.json ] && pass "SIGINT" || fail "SIGINT: left behind: $(ls -A "$d")"

	# A new file gets the mode open() would have given it.
	(umask 027 && "$bin" -b pipe -t 0.05 -r 1 -q -o "$d/new.json" >/dev/null)
	[ "$(stat -c %a "$d/new.json")" = 640 ] && pass "a new file's mode" ||
		fail "a new file's mode: $(stat -c %a "$d/new.json")"
	rm -f "$d/new.json"

	# report -o replaces the same way.
	cp "$d/run.json" "$d/keep.json"
	"$bin" report -o "$d/run.json" "$d/keep.json" >/dev/null && pass "not: report -o" || fail "report -o"
	cmp -s "$d/run.json" "$d/keep.json" && pass "not: report -o changed the JSON" || fail "report -o changed the JSON"
	rm -f "$d/keep.json"

	# A full file system: the old file stays whole, nothing is left.
	if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
		unshare -m sh -c '
			mount -t tmpfs -o size=64k tmpfs "$1" || exit 77
			echo old >"$1/run.json"
			head -c 60000 /dev/zero >"$1/fill" 2>/dev/null
			"$2" -b pipe,futex,sysv-sem -P same,any -t 0.05 -r 3 -q -o "$1/run.json" >/dev/null 2>"$1/../full.err"
			rc=$?
			[ "$(cat "$1/run.json")" = old ] || exit 11
			[ "$(ls -A "$1" | tr "
" " ")" = "fill run.json " ] || exit 12
			exit $rc' sh "$d" "$bin"
		rc=$?
		[ "$rc" -ne 77 ] || fail "no tmpfs for the full file system"
		[ "$rc" -eq 1 ] && grep -q 'No space left on device' "$tmp/full.err" && pass "full file system" ||
			fail "full file system: exit $rc (11: FILE changed, 12: left behind): $(<"$tmp/full.err")"
	else
		skip_check "full file system" "needs root and a mount namespace (unshare -m)"
	fi
	summary
}

# -o through symbolic links: the file a link leads to is written, never the
# link replaced; /dev/fd/N and /dev/stdout through the descriptor itself.
links() {
	local bin=$1 d=$tmp/links rc
	mkdir -p "$d/sub"
	q() { "$bin" -b pipe -t 0.05 -r 1 -q "$@"; }

	echo old >"$d/target.json"
	ln -s target.json "$d/link.json"
	ln -s ../link.json "$d/sub/chain.json"
	ln -s missing.json "$d/dangling.json"
	for l in link.json sub/chain.json dangling.json; do
		q -o "$d/$l" >/dev/null 2>"$tmp/err"
		rc=$?
		[ "$rc" -eq 0 ] && pass "-o $l" || fail "-o $l: exit $rc: $(<"$tmp/err")"
		[ -L "$d/$l" ] && pass "-o $l" || fail "-o $l: the link was replaced"
		"$bin" report "$d/$l" >/dev/null 2>&1 && pass "-o $l" ||
			fail "-o $l: what it leads to is not the saved run"
	done
	[ "$(ls -A "$d" | tr '\n' ' ')" = "dangling.json link.json missing.json sub target.json " ] &&
		pass "left behind or missing" || fail "left behind or missing: $(ls -A "$d")"
	"$bin" report -o "$d/link.json" "$d/missing.json" >/dev/null 2>&1
	[ -L "$d/link.json" ] && cmp -s "$d/target.json" "$d/missing.json" &&
		pass "not: report -o replaced the link" || fail "report -o replaced the link"

	# /dev/fd/N: the descriptor the shell opened, at its offset.
	q -o /dev/fd/3 3>"$d/fd3.json" >/dev/null 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && "$bin" report "$d/fd3.json" >/dev/null 2>&1 && pass "-o /dev/fd/3" ||
		fail "-o /dev/fd/3: exit $rc: $(<"$tmp/err")"
	echo kept >"$d/fd1.txt"
	q -o /dev/fd/1 >>"$d/fd1.txt" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && pass "-o /dev/fd/1" || fail "-o /dev/fd/1: exit $rc: $(<"$tmp/err")"
	[ "$(head -n 1 "$d/fd1.txt")" = kept ] && grep -q '"schema_version"' "$d/fd1.txt" &&
		grep -q '^  [^ ]* any ' "$d/fd1.txt" && pass "-o /dev/fd/1 >>" ||
		fail "-o /dev/fd/1 >>: not the line, the JSON and the report: $(head -c 300 "$d/fd1.txt")"
	# A link of one's own to the descriptors.
	ln -s /proc/self/fd/1 "$d/stdout"
	q --format kv -o "$d/stdout" >"$d/out.txt" 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 0 ] && [ -L "$d/stdout" ] && grep -q '"schema_version"' "$d/out.txt" &&
		grep -q '\.loops_per_sec: ' "$d/out.txt" && pass "-o to a link to /proc/self/fd/1" ||
		fail "-o to a link to /proc/self/fd/1: exit $rc, $(ls -l "$d/stdout"): $(<"$tmp/err")"

	# Nowhere to write: said before the run, exit 2.
	ln -s "$d/no/such/dir/x.json" "$d/nowhere.json"
	for o in /dev/fd/9 "$d/nowhere.json"; do
		"$bin" -b pipe -t 5 -r 1 -q -o "$o" >/dev/null 2>"$tmp/err"
		rc=$?
		[ "$rc" -eq 2 ] && grep -q '^ctxbench: ' "$tmp/err" && pass "-o $o" ||
			fail "-o $o: exit $rc, expected 2 at once: $(<"$tmp/err")"
	done
	"$bin" -b pipe -t 5 -r 1 -q -o /dev/stdout >&- 2>"$tmp/err"
	rc=$?
	[ "$rc" -eq 2 ] && grep -q 'Bad file descriptor' "$tmp/err" && pass "-o /dev/stdout >&-" ||
		fail "-o /dev/stdout >&-: exit $rc, expected 2: $(<"$tmp/err")"

	# /dev/stdout itself, as root, in a mount namespace of its own: a
	# /dev of a tmpfs whose stdout is the link the system has.
	if [ "$(id -u)" -eq 0 ] && unshare -m true 2>/dev/null; then
		unshare -m sh -c '
			mount --make-rprivate / && mount -t tmpfs tmpfs /dev || exit 77
			ln -s /proc/self/fd/1 /dev/stdout
			"$1" -b pipe -t 0.05 -r 1 -q --format kv -o /dev/stdout >"$2/dev.txt" 2>"$2/dev.err"
			rc=$?
			[ -L /dev/stdout ] || exit 11
			exit $rc' sh "$bin" "$d"
		rc=$?
		[ "$rc" -ne 77 ] || fail "no tmpfs on /dev"
		[ "$rc" -eq 0 ] && grep -q '"schema_version"' "$d/dev.txt" &&
			grep -q '\.loops_per_sec: ' "$d/dev.txt" && pass "-o /dev/stdout >FILE" ||
			fail "-o /dev/stdout >FILE: exit $rc (11: /dev/stdout replaced): $(<"$d/dev.err")"
	else
		skip_check "-o /dev/stdout >FILE" "needs root and a mount namespace (unshare -m)"
	fi
	summary
}

# Once $pid blocks on its output (its wchan matches $4: by default an open
# of a fifo or a write to a pipe), SIG$1 ends it: exit $3 within 3 s, a
# message in $d/err ($2 names the case).
stopped() {
	local sig=$1 what=$2 code=$3 re=${4:-'^(wait_for_partner|.*pipe_write.*)$'}
	local w i rc
	for i in $(seq 200); do
		w=''
		{ read -r w <"/proc/$pid/wchan"; } 2>/dev/null
		[[ $w =~ $re ]] && break
		nap 0.1
	done
	if ! [[ $w =~ $re ]]; then
		fail "$what: never blocked on its output (wchan '$w')"
		kill -KILL "$pid" 2>/dev/null
		wait "$pid" 2>/dev/null
		return
	fi
	kill -"$sig" "$pid"
	# Bounded: one that ignores the signal is killed after 3 s.
	for i in $(seq 30); do
		running "$pid" || break
		nap 0.1
	done
	if running "$pid"; then
		fail "$what: SIG$sig did not end it"
		kill -KILL "$pid"
	fi
	wait "$pid"
	rc=$?
	[ "$rc" -eq "$code" ] && grep -q "^ctxbench: .*SIG$sig" "$d/err" &&
		pass "$what" || fail "$what: exit $rc, expected $code and a message: $(<"$d/err")"
}

# Blocked on its output (a fifo nobody opens, a pipe nobody reads),
# ctxbench still ends on SIGINT, SIGTERM or SIGHUP: 128+N, a message,
# nothing left behind.
signals() {
	local bin=$1 dir=$2 d=$tmp/signals pid reader o sig code watcher
	mkdir -p "$d"
	mkfifo "$d/fifo" "$d/pipe"

	"$bin" -b pipe -t 0.1 -r 1 -q -o "$d/fifo" >/dev/null 2>"$d/err" &
	pid=$!
	stopped TERM "-o FIFO" 143
	# In the background of a script, SIGINT comes ignored: still caught,
	# as during the runs.
	"$bin" report -o "$d/fifo" "$dir/base.json" >/dev/null 2>"$d/err" &
	pid=$!
	stopped INT "report -o FIFO" 130
	# The signal cuts only what waits: the report still reaches a file,
	# whole, after it; a pipe nobody reads is not waited for.
	"$bin" report "$dir/base.json" >"$d/whole.txt"
	"$bin" report -o "$d/fifo" "$dir/base.json" >"$d/out.txt" 2>"$d/err" &
	pid=$!
	stopped TERM "report -o FIFO >FILE" 143
	said "ctxbench: SIGTERM while writing the results: $d/fifo not saved"
	cmp -s "$d/out.txt" "$d/whole.txt" && pass "report -o FIFO >FILE" ||
		fail "report -o FIFO >FILE: the report on stdout not whole after the signal:"$'\n'"$(diff "$d/whole.txt" "$d/out.txt" | head -5)"
	rm -f "$d/out.txt" "$d/whole.txt"
	# A pipe nobody reads, full before ctxbench writes to it.
	for o in "" "--json -o /dev/stdout"; do
		sleep 30 <"$d/pipe" &
		reader=$!
		{
			timeout 5 head -c 65536 /dev/zero
			exec "$bin" -b pipe -t 0.1 -r 1 -q $o 2>"$d/err"
		} >"$d/pipe" &
		pid=$!
		# pipe_write alone: the shell's open of the fifo, before
		# ctxbench, waits for its reader in wait_for_partner.
		if [ -z "$o" ]; then
			stopped HUP "stdout a full pipe" 129 pipe_write
		else
			stopped TERM "$o, a full pipe" 143 pipe_write
		fi
		kill "$reader"
		wait "$reader" 2>/dev/null
	done
	# ctxbench report waits as it reads (the open of a fifo nobody writes
	# to, the read of a pipe nobody writes to) or says a repeat to a
	# stderr nobody reads: each signal ends it, exit 128+N rather than
	# killed, its line where stderr takes it.
	if command -v python3 >/dev/null; then
		for sig in INT:130 TERM:143 HUP:129; do
			code=${sig#*:} sig=${sig%:*}
			watched "$bin" report "$d/fifo" >/dev/null 2>"$d/err"
			ended "$sig" "report FIFO" "$code" '^wait_for_partner$' \
				"ctxbench: SIG$sig while reading the saved runs: nothing reported"
			exec 5< <(exec sleep 30)
			reader=$!
			watched "$bin" report /dev/stdin <&5 >/dev/null 2>"$d/err"
			exec 5<&-
			ended "$sig" "report /dev/stdin, a pipe nobody writes to" "$code" \
				'pipe_read' "ctxbench: SIG$sig while reading the saved runs: nothing reported"
			kill "$reader"
			sleep 30 <"$d/pipe" &
			reader=$!
			exec 5>"$d/pipe"
			timeout 5 head -c 65536 /dev/zero >&5
			watched "$bin" report "$dir/base.json" "$dir/base.json" \
				>/dev/null 2>&5
			exec 5>&-
			ended "$sig" "report, stderr a full pipe" "$code" 'pipe_write' -
			kill "$reader"
			wait "$reader" 2>/dev/null
		done
	else
		echo "note: no python3 to tell an exit from a kill: report's reading not tried"
	fi
	[ "$(ls -A "$d" | tr '\n' ' ')" = "err fifo pipe " ] && pass "left behind" ||
		fail "left behind: $(ls -A "$d")"
	summary
}

# "$@" in the background as $pid, under a parent ($watcher) that writes
# in $d/how how it ended: "exit N", or "killed N" by signal N (a shell
# says 128+N for both).
watched() {
	local i
	rm -f "$d/how" "$d/pid"
	python3 -c '
import os, signal, sys
d = sys.argv[1]
pid = os.fork()
if pid == 0:
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    os.execv(sys.argv[2], sys.argv[2:])
with open(d + "/pid.new", "w") as f:
    f.write("%d\n" % pid)
os.rename(d + "/pid.new", d + "/pid")
st = os.waitpid(pid, 0)[1]
with open(d + "/how.new", "w") as f:
    if os.WIFSIGNALED(st):
        f.write("killed %d\n" % os.WTERMSIG(st))
    else:
        f.write("exit %d\n" % os.WEXITSTATUS(st))
os.rename(d + "/how.new", d + "/how")
' "$d" "$@" <&0 &
	watcher=$!
	# python3's start on a loaded machine: seconds; a minute at most.
	for i in $(seq 1200); do
		[ -s "$d/pid" ] && break
		nap 0.05
	done
	pid=$(cat "$d/pid" 2>/dev/null)
	[ -n "$pid" ] || fail "python3 gave no pid of $* within 60 s"
}

# Once $pid of watched() waits (its wchan matches $4), SIG$1 ends it:
# exit $3, not killed, within 10 s (a report that ignores the signal
# never ends), and the line $5 in $d/err ("-": none looked for); $2
# names the case.
ended() {
	local sig=$1 what=$2 code=$3 re=$4 line=$5 w i
	for i in $(seq 600); do
		w=''
		{ read -r w <"/proc/$pid/wchan"; } 2>/dev/null
		[[ $w =~ $re ]] && break
		nap 0.1
	done
	[[ $w =~ $re ]] || fail "$what: never waited (wchan '$w')"
	kill -"$sig" "$pid"
	for i in $(seq 100); do
		[ -e "$d/how" ] && break
		nap 0.1
	done
	if ! [ -e "$d/how" ]; then
		fail "$what: SIG$sig did not end it"
		kill -KILL "$pid"
	fi
	wait "$watcher"
	[ "$(<"$d/how")" = "exit $code" ] && pass "$what" ||
		fail "$what: SIG$sig: $(<"$d/how"), expected exit $code"
	[ "$line" = - ] || said "$line"
	rm -f "$d/how" "$d/pid"
}

# The one line of $d/err, which must be $1.
said() {
	[ "$(<"$d/err")" = "$1" ] && pass "expected the line '$1', not" ||
		fail "expected the line '$1', not: $(<"$d/err")"
}

# The command after $1 (a signal), $2 (the status it gives) and $3 (the
# line it says), its stdout a pipe into a process that never reads it,
# a new pipe each: one already full fails the first write with EINTR.
neverread() {
	local sig=$1 code=$2 line=$3 reader
	shift 3
	exec 4> >(exec sleep 30 >/dev/null 2>&1)
	reader=$!
	"$@" >&4 2>"$d/err" 4>&- &
	pid=$!
	stopped "$sig" "${*:2} | a reader that never reads" "$code"
	said "$line"
	exec 4>&-
	kill "$reader"
}

# Blocked on a reader that opened its output and never reads it, ctxbench
# still ends on a signal: the write that fills the pipe blocks with part
# of its bytes written, and the signal makes it return their count, not
# EINTR; the rest must not be written after it.
stalled() {
	local bin=$1 d=$tmp/stalled pid sweep cmd
	sweep="-b pipe,signal -p 2,4,8,16 -s 0,4,16 -t 0.01 -r 1 -q"
	mkdir -p "$d"
	mkfifo "$d/fifo"
	# A sweep's page is larger than a pipe holds (64 KiB).
	"$bin" $sweep -o "$d/big.json" --format html >"$d/big.html"
	[ "$(wc -c <"$d/big.html")" -gt 65536 ] && pass "a sweep's page is not larger than a pipe" ||
		fail "a sweep's page is not larger than a pipe: $(wc -c <"$d/big.html") bytes"
	"$bin" report --json "$d/big.json" >"$d/big.out"

	neverread TERM 143 "ctxbench: SIGTERM while writing the results: the report on stdout incomplete" \
		"$bin" report --format html "$d/big.json"
	neverread INT 130 "ctxbench: SIGINT while writing the results: $d/saved.json saved, the report on stdout incomplete" \
		"$bin" report --format html -o "$d/saved.json" "$d/big.json"
	cmp -s "$d/saved.json" "$d/big.out" && pass "not: -o's file not saved whole before the page" ||
		fail "-o's file not saved whole before the page"
	neverread HUP 129 "ctxbench: SIGHUP while writing the results: the report on stdout incomplete" \
		"$bin" $sweep --format html
	# A signal is not --fail-above's answer: 128+N aborts git bisect run.
	neverread TERM 143 "ctxbench: SIGTERM while writing the results: the report on stdout incomplete" \
		"$bin" report --fail-above 5 --format html "$d/big.json"

	# -o FIFO that nobody opens, then stdout a pipe nobody reads: after
	# the signal, the page goes as far as the pipe takes it, no further.
	mkfifo "$d/closed"
	neverread INT 130 "ctxbench: SIGINT while writing the results: $d/closed not saved, the report on stdout incomplete" \
		"$bin" report --format html -o "$d/closed" "$d/big.json"
	rm -f "$d/closed"

	# -o FIFO held open by the test, never read, 60 KiB already in it:
	# whatever ctxbench writes fills it.
	for cmd in "$bin -b pipe -t 0.05 -r 1 -q" "$bin report $d/big.json"; do
		exec 3<>"$d/fifo"
		head -c 61440 /dev/zero >&3
		$cmd -o "$d/fifo" >/dev/null 2>"$d/err" 3<&- &
		pid=$!
		stopped TERM "${cmd#"$bin" } -o FIFO never read" 143
		said "ctxbench: SIGTERM while writing the results: $d/fifo not saved"
		exec 3<&-
	done
	[ "$(ls -A "$d" | tr '\n' ' ')" = "big.html big.json big.out err fifo saved.json " ] &&
		pass "left behind" || fail "left behind: $(ls -A "$d")"
	summary
}

# The same saved run given twice (the same file, a copy, a file merged
# from it, /dev/stdin twice, a saved file given as --noise too) counts
# once, and is said: else two invocations without spread make any change
# look significant.
twice() {
	local bin=$1 d=$tmp/twice
	mkdir -p "$d"
	for n in a b; do
		"$bin" -b pipe -P same -t 0.05 -r 2 -q -n $n -o "$d/${n}1.json" >/dev/null ||
			fail "run $n failed"
	done
	"$bin" report --format kv "$d/a1.json" "$d/b1.json" >"$d/once.kv"
	cp "$d/b1.json" "$d/b1-copy.json"
	"$bin" report -o "$d/ab.json" "$d/a1.json" "$d/b1.json" >/dev/null
	for args in "a1.json a1.json b1.json b1.json" "a1.json b1.json b1-copy.json" \
		"ab.json a1.json b1.json" "a1.json b1.json ab.json"; do
		run "$bin" report --format kv $(printf "$d/%s " $args)
		[ "$rc" -eq 0 ] && [ "$out" = "$(<"$d/once.kv")" ] && pass "report $args" ||
			fail "report $args: exit $rc, not the report of a1 and b1 once:"$'\n'"$(diff "$d/once.kv" - <<<"$out")"
		grep -q "^ctxbench: .*given twice: counted once" <<<"$err" && pass "report $args" ||
			fail "report $args: the repeat is not said: $err"
		grep -q '^b/.*marked: 1' <<<"$out" && fail "report $args: a change marked from one run each" || pass "report $args"
	done
	run "$bin" report --format kv /dev/stdin "$d/b1.json" /dev/stdin <"$d/a1.json"
	[ "$rc" -eq 0 ] && [ "$out" = "$(<"$d/once.kv")" ] &&
		grep -q "^ctxbench: /dev/stdin: .*given twice: counted once" <<<"$err" && pass "/dev/stdin twice" ||
		fail "/dev/stdin twice: exit $rc: $err: $(grep invocations <<<"$out")"
	# A pipe gives its bytes once: named twice, it is read once.
	run "$bin" report --format kv /dev/stdin "$d/b1.json" /dev/stdin < <(cat "$d/a1.json")
	[ "$rc" -eq 0 ] && [ "$out" = "$(<"$d/once.kv")" ] &&
		grep -q "^ctxbench: /dev/stdin: .*given twice: counted once" <<<"$err" && pass "a pipe as /dev/stdin twice" ||
		fail "a pipe as /dev/stdin twice: exit $rc: $err: $(grep invocations <<<"$out")"
	# --noise: a file twice is one invocation, no spread to judge by.
	run "$bin" report "$d/a1.json" "$d/b1.json" --noise "$d/a1.json" --noise "$d/a1.json"
	[ "$rc" -eq 2 ] && grep -q 'no label is measured twice' <<<"$err" && pass "--noise a1 a1" ||
		fail "--noise a1 a1: exit $rc: $err"
	# A saved file that is --noise too counts once, as a saved file: the
	# noise a change is judged by is not the change's own runs.
	"$bin" -b pipe -P same -t 0.05 -r 2 -q -n b -o "$d/b2.json" >/dev/null ||
		fail "run b2 failed"
	"$bin" -b pipe -P same -t 0.05 -r 2 -q -n b -o "$d/b3.json" >/dev/null ||
		fail "run b3 failed"
	run "$bin" report --noise "$d/b1.json" --noise "$d/b2.json" \
		--noise "$d/b3.json" "$d/a1.json" "$d/b1.json"
	[ "$rc" -eq 0 ] && pass "--noise b1 b2 b3 a1 b1" || fail "--noise b1 b2 b3 a1 b1: exit $rc: $err"
	[ "$(grep -c 'given twice' <<<"$err")" -eq 1 ] &&
		grep -q "^ctxbench: $d/b1.json: the run labelled 'b' of .* is given twice, as a saved file and as --noise: counted once$" <<<"$err" &&
		pass "--noise b1 and b1" || fail "--noise b1 and b1: not said once: $err"
	grep -q '^noise: 2 invocations of --noise' <<<"$out" && pass "--noise b1 and b1" ||
		fail "--noise b1 and b1: b1 counted as noise too: $(grep noise <<<"$out")"
	run "$bin" report --noise "$d/b1.json" --noise "$d/b2.json" "$d/a1.json" "$d/b1.json"
	[ "$rc" -eq 2 ] && grep -q 'given twice, as a saved file and as --noise' <<<"$err" &&
		grep -q 'no label is measured twice' <<<"$err" && pass "--noise b1 b2 a1 b1" ||
		fail "--noise b1 b2 a1 b1: exit $rc: $err"
	summary
}

# Whatever a run saves reads back as the same report: a label is refused
# at the option when it could not be; a host name of any bytes, a sweep
# of 1440 rows, read back; absurd values refused like others.
bounds() {
	local bin=$1 dir=$2 f
	run "$bin" -b pipe -t 0.05 -r 1 -n $'a\tb'
	[ "$rc" -eq 2 ] && [ -z "$out" ] && grep -q 'U+0009 (a tab) at byte 2' <<<"$err" &&
		pass "-n with a tab" || fail "-n with a tab: exit $rc: $err"
	run "$bin" -b pipe -t 0.05 -r 1 --note $'\e[31mred'
	[ "$rc" -eq 2 ] && grep -q 'U+001B (a control character)' <<<"$err" && pass "--note with an escape" ||
		fail "--note with an escape: exit $rc: $err"
	run "$bin" -b pipe -t 0.05 -r 1 -n $'caf\xe9'
	[ "$rc" -eq 2 ] && grep -q 'byte 0xe9 (not UTF-8)' <<<"$err" && pass "-n of Latin-1" ||
		fail "-n of Latin-1: exit $rc: $err"
	# One rule, the option's and the reader's: what one refuses, so does
	# the other, and what the option takes reads back.
	local text why
	for text in $'A\x7f' $'A\xc2\x9b31m' $'A\xc2\x85' $'a\u2028b' $'a\u2029b' \
		$'a\u202eb' $'a\u2066b' $'a\tb'; do
		run "$bin" -b pipe -t 0.05 -r 1 -n "$text"
		why=$(grep -o 'U+[0-9A-F]* ([a-z ]*)' <<<"$err")
		[ "$rc" -eq 2 ] && [ -z "$out" ] && [ -n "$why" ] && pass "-n $(printf %q "$text"): refused" ||
			fail "-n $(printf %q "$text"): exit $rc: $err"
		# Raw, as JSON takes it; a tab escaped, as JSON must have it.
		awk -v l="$text" 'BEGIN { gsub(/\t/, "\\\\t", l) }
			{ sub(/"label": "minimal"/, "\"label\": \"" l "\"") } 1' \
			"$dir/minimal.json" >"$tmp/text.json"
		run "$bin" report "$tmp/text.json"
		[ "$rc" -eq 2 ] && [ -z "$out" ] &&
			[[ $err == "ctxbench: $tmp/text.json: line 6, column 28: \"label\" is not one line of printable UTF-8: $why" ]] &&
			pass "a saved label $(printf %q "$text"): refused" || fail "a saved label $(printf %q "$text"): exit $rc: $err"
	done
	text=$'caf\u00e9 \u200f\U0001F427'
	run "$bin" -b null -t 0.01 -r 1 -q -n "$text" --note "$text" -o "$tmp/ok.json" \
		-P $'cpus:0\u2028' --baseline $'\x85'
	[ "$rc" -eq 2 ] && pass "a refused option ran" || fail "a refused option ran: $rc"
	run "$bin" -b null -t 0.01 -r 1 -q -n "$text" --note "$text" -o "$tmp/ok.json"
	[ "$rc" -eq 0 ] && pass "-n $(printf %q "$text")" || fail "-n $(printf %q "$text"): exit $rc: $err"
	run "$bin" report "$tmp/ok.json"
	[ "$rc" -eq 0 ] && grep -qF "Run: $text" <<<"$out" && pass "-n $(printf %q "$text") reads back" ||
		fail "-n $(printf %q "$text") does not read back: $rc: $err"
	run "$bin" -b pipe -t 0.05 -r 1 -n "$(printf 'é%.0s' {1..33})"
	[ "$rc" -eq 2 ] && grep -q 'longer than 64 bytes' <<<"$err" && pass "-n of 66 bytes" ||
		fail "-n of 66 bytes: exit $rc: $err"

	# Moves between CPUs: a file marked migrated counted them; merged
	# with one that could not count them, how often is unknown, not -1.
	sed 's/"status": "ok",/"status": "ok", "flags": ["migrated"], "migrations": 40,/' \
		"$dir/minimal.json" >"$tmp/moved.json"
	sed 's/"status": "ok",/"status": "ok", "migrations": -1,/; s/100500/100700/' \
		"$dir/minimal.json" >"$tmp/unknown.json"
	run "$bin" report "$tmp/moved.json"
	[ "$rc" -eq 0 ] && grep -q '(unpinned: moved between CPUs 40 times)' <<<"$out" &&
		pass "migrated 40" || fail "migrated 40: exit $rc: $err"
	run "$bin" report "$tmp/moved.json" "$tmp/unknown.json"
	[ "$rc" -eq 0 ] && grep -q '(unpinned: moved between CPUs, how often unknown)' <<<"$out" &&
		! grep -q -- '-1 times' <<<"$out" && pass "migrated 40 and unknown" ||
		fail "migrated 40 and unknown: exit $rc: $(grep unpinned <<<"$out") $err"

	# A host name of control characters and bad UTF-8 (root: a UTS
	# namespace of its own): the saved run is JSON, and reads back.
	if [ "$(id -u)" -eq 0 ] && unshare -u true 2>/dev/null; then
		unshare -u sh -c 'printf "h\001o\377st\tx\302\205y\342\200\256z" >/proc/sys/kernel/hostname &&
			exec "$0" -b pipe -t 0.05 -r 1 -q -o "$1/host.json"' \
			"$bin" "$tmp" >"$tmp/host.txt" 2>"$tmp/err"
		rc=$?
		[ "$rc" -eq 0 ] && pass "odd host name" || fail "odd host name: exit $rc: $(<"$tmp/err")"
		"$bin" report "$tmp/host.json" >"$tmp/host2.txt" 2>"$tmp/err" && pass "odd host name" ||
			fail "odd host name: not read back: $(<"$tmp/err")"
		cmp -s "$tmp/host.txt" "$tmp/host2.txt" && pass "odd host name" ||
			fail "odd host name: not the same report:"$'\n'"$(diff "$tmp/host.txt" "$tmp/host2.txt")"
		grep -q '^  HostName  *h\\x01o\\xffst\\x09x\\xc2\\x85y\\xe2\\x80\\xaez$' "$tmp/host.txt" && pass "odd host name" ||
			fail "odd host name: not escaped: $(grep HostName "$tmp/host.txt")"
		if command -v python3 >/dev/null; then
			python3 -c 'import json,sys; json.load(open(sys.argv[1], encoding="utf-8"))' \
				"$tmp/host.json" 2>"$tmp/err" && pass "odd host name" ||
				fail "odd host name: not JSON: $(<"$tmp/err")"
		fi
	fi

	# 1440 rows, as -b all -P same,cross,any -p 8 values -s 5 values
	# saves: read back.
	awk -v head="$(sed -n '1,/"results": \[/p' "$dir/base.json")" '
		BEGIN {
			print head
			for (i = 0; i < 1440; i++)
				printf "%s{ \"mech\": \"pipe\", \"title\": \"pipe\", \"placement\": \"any\", \"participants\": %d, \"ws_kb\": %d, \"status\": \"ok\", \"samples\": [{ \"loops\": 1000, \"elapsed_s\": 1 }] }\n",
					i ? "," : "", 2 + int(i / 16), i % 16
			print "]}]}"
		}' >"$tmp/rows.json"
	run "$bin" report "$tmp/rows.json"
	[ "$rc" -eq 0 ] && pass "1440 rows" || fail "1440 rows: exit $rc: $err"
	summary
}

# The flat formats through the binary: numbers only under stable keys, the
# same from a run and from its saved file, kv and tsv the same lines.
flat() {
	local bin=$1 bad loops

	"$bin" -b pipe,futex -P same -t 0.05 -r 3 -n 6.1 --format kv \
		-o "$tmp/f.json" >"$tmp/f.kv"
	[ $? -eq 0 ] && pass "not: the run with --format kv failed" || fail "the run with --format kv failed"
	bad=$(grep -Ev '^[A-Za-z0-9_.+/-]+: -?[0-9]+(\.[0-9]+)?$' "$tmp/f.kv")
	[ -z "$bad" ] && pass "not key" || fail "not key: number: $bad"
	for mech in pipe futex; do
		grep -qx "$mech.same.2p.0k.ok: 1" "$tmp/f.kv" && pass "no $mech.same.2p.0k.ok" ||
			fail "no $mech.same.2p.0k.ok: $(<"$tmp/f.kv")"
		loops=$(sed -n "s/^$mech\.same\.2p\.0k\.loops_per_sec: //p" "$tmp/f.kv")
		awk -v v="$loops" 'BEGIN { exit !(v > 0) }' && pass "$mech" ||
			fail "$mech: loops_per_sec '$loops' is not above 0"
		for m in loops_per_sec_low loops_per_sec_high cv_pct runs \
			loops_per_sec_run3 rtt_p50_ns rtt_p99_ns \
			cpu_sys_ns_per_loop; do
			grep -q "^$mech\.same\.2p\.0k\.$m: " "$tmp/f.kv" && pass "not: no $mech.same.2p.0k.$m" ||
				fail "no $mech.same.2p.0k.$m"
		done
	done
	"$bin" report --format kv "$tmp/f.json" >"$tmp/r.kv"
	cmp -s "$tmp/f.kv" "$tmp/r.kv" && pass "not: report --format kv differs from the run's:" ||
		fail "report --format kv differs from the run's:"$'\n'"$(diff "$tmp/f.kv" "$tmp/r.kv")"
	"$bin" report --format tsv "$tmp/f.json" >"$tmp/r.tsv"
	sed 's/: /\t/' "$tmp/f.kv" | cmp -s - "$tmp/r.tsv" && pass "not: tsv is not kv with a tab" ||
		fail "tsv is not kv with a tab"
	# Two saved runs: keys under their labels, the change against the first.
	"$bin" -b pipe -P same -t 0.05 -r 2 -n 6.2 -o "$tmp/g.json" >/dev/null
	undisturbed "$tmp/f.json" "$tmp/g.json"
	"$bin" report --format kv "$tmp/f.json" "$tmp/g.json" >"$tmp/fg.kv"
	grep -q '^6\.1/pipe\.same\.2p\.0k\.loops_per_sec: ' "$tmp/fg.kv" && pass "no 6.1/ keys" ||
		fail "no 6.1/ keys: $(<"$tmp/fg.kv")"
	grep -q '^6\.2/pipe\.same\.2p\.0k\.change_pct: ' "$tmp/fg.kv" && pass "not: no change_pct under 6.2/" ||
		fail "no change_pct under 6.2/"
	grep -q '^6\.2/pipe\.same\.2p\.0k\.p: ' "$tmp/fg.kv" && fail "p with no noise to judge by" || pass "not: p with no noise to judge by"
	# A second invocation of 6.1: one label of two, the change judged.
	"$bin" -b pipe -P same -t 0.05 -r 2 -n 6.1 -o "$tmp/h.json" >/dev/null
	undisturbed "$tmp/h.json"
	"$bin" report --format kv "$tmp/f.json" "$tmp/g.json" "$tmp/h.json" >"$tmp/fgh.kv"
	grep -qx '6\.1/pipe\.same\.2p\.0k\.invocations: 2' "$tmp/fgh.kv" && pass "the two 6.1 runs are not one label" ||
		fail "the two 6.1 runs are not one label: $(<"$tmp/fgh.kv")"
	for m in change_pct p marked; do
		grep -q "^6\.2/pipe\.same\.2p\.0k\.$m: " "$tmp/fgh.kv" && pass "not: no $m under 6.2/ with 6.1 measured twice" ||
			fail "no $m under 6.2/ with 6.1 measured twice"
	done
	! grep -q welch_p "$tmp/fgh.kv" && pass "not: welch_p is still printed" || fail "welch_p is still printed"
	"$bin" --format xml -b pipe -t 0.2 >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && pass "not: --format xml does not exit 2" || fail "--format xml does not exit 2"
	grep -q -- '--format' "$tmp/err" && [ ! -s "$tmp/out" ] && pass "--format xml" ||
		fail "--format xml: no clear message: $(<"$tmp/err")"
	summary
}

# A saved run's runs, undisturbed and with their loops times $2 (or, for
# "=R", set to R loops/sec each), to $3; their CPU time a loop unknown
# (its loops 0), so that only loops/sec is judged, as the test set it.
reshape() {
	awk -v k="$2" '/"loops": [0-9]+, "elapsed_s"/ {
		match($0, /"elapsed_s": [0-9.e+-]+/)
		e = substr($0, RSTART + 13, RLENGTH - 13)
		match($0, /"loops": [0-9]+/)
		n = substr($0, RSTART + 9, RLENGTH - 9)
		m = substr(k, 1, 1) == "=" ? int(substr(k, 2) * e) : int(n * k)
		$0 = substr($0, 1, RSTART - 1) "\"loops\": " m substr($0, RSTART + RLENGTH)
		match($0, /"loops_per_s": [0-9.e+-]+/)
		$0 = substr($0, 1, RSTART - 1) sprintf("\"loops_per_s\": %.17g", m / e) substr($0, RSTART + RLENGTH)
		# The round trips as the rate says: a loop is one.
		if (match($0, /"rtt_p50_ns": [0-9.e+-]+/))
			$0 = substr($0, 1, RSTART - 1) sprintf("\"rtt_p50_ns\": %.17g", 1e9 * e / m) substr($0, RSTART + RLENGTH)
		if (match($0, /"rtt_iqm_ns": [0-9.e+-]+/))
			$0 = substr($0, 1, RSTART - 1) sprintf("\"rtt_iqm_ns\": %.17g", 1e9 * e / m) substr($0, RSTART + RLENGTH)
	}
	{ gsub(/"disturbed": true/, "\"disturbed\": false")
	  gsub(/"loops": [0-9]+, "seconds"/, "\"loops\": 0, \"seconds\""); print }' "$1" >"$3"
}

# A saved run's runs, undisturbed, each of exactly $2 loops in 1 s (and
# round trips of 1 s / $2), to $3; their CPU time a loop unknown, as
# reshape's.
flatten() {
	perl -pe 's/"loops": \d+, "elapsed_s": [0-9.e+-]+, "loops_per_s": [0-9.e+-]+/"loops": '"$2"', "elapsed_s": 1, "loops_per_s": '"$2"'/;
		s/"rtt_(p50|iqm)_ns": [0-9.e+-]+/"rtt_$1_ns": '"$((1000000000 / $2))"'/g;
		s/"disturbed": true/"disturbed": false/g;
		s/"loops": \d+, "seconds"/"loops": 0, "seconds"/g' "$1" >"$3"
}

# Every replicate of a side alike (quantised values, ties): no spread,
# which is no certainty.  The row is not judged, for its own reason, in
# every format, and --fail-above cannot tell (125).
spread() {
	local bin=$1 d=$tmp/spread n
	export CTXBENCH_METHOD=loops-cpu # loops/sec's no spread: see want()
	mkdir -p "$d"
	for n in a1 b1 a2 b2; do
		"$bin" -b pipe -P same -t 0.02 -r 2 -q -n "${n%?}" -o "$d/raw-$n.json" >/dev/null ||
			fail "run $n failed"
	done
	flatten "$d/raw-a1.json" 100000 "$d/a1.json"
	flatten "$d/raw-a2.json" 100000 "$d/a2.json"
	flatten "$d/raw-b1.json" 50000 "$d/b1.json"
	flatten "$d/raw-b2.json" 50000 "$d/b2.json"
	local runs=("$d/a1.json" "$d/b1.json" "$d/a2.json" "$d/b2.json")
	run "$bin" report "${runs[@]}"
	[ "$rc" -eq 0 ] && pass "report" || fail "report: exit $rc: $err"
	grep -Eq '^  b same .* -50\.0%= ' <<<"$out" && pass "text" ||
		fail "text: no change= for b:"$'\n'"$out"
	grep -q '\*-50' <<<"$out" && fail "text: no spread, marked:"$'\n'"$out" || pass "text: no spread, not marked"
	grep -q '^change=: no spread at all between the replicates' <<<"$out" &&
		pass "text" || fail "text: the legend does not say why"
	run "$bin" report --format kv "${runs[@]}"
	grep -q '^b/pipe\..*\.not_judged_no_spread: 1$' <<<"$out" && pass "kv" ||
		fail "kv: no not_judged_no_spread:"$'\n'"$out"
	grep -q '^b/pipe\..*\.marked: ' <<<"$out" && fail "kv: judged: $out" || pass "kv"
	run "$bin" report --format json "${runs[@]}"
	grep -q '"why": "no_spread"' <<<"$out" && pass "json" || fail "json: no why no_spread"
	run "$bin" report --format html "${runs[@]}"
	grep -q 'no spread between replicates' <<<"$out" && pass "html" ||
		fail "html: the reason is not said"
	run "$bin" report --fail-above 10 "${runs[@]}"
	[ "$rc" -eq 125 ] && pass "--fail-above 10, no spread" || fail "--fail-above 10, no spread: exit $rc, not 125"
	summary
}

# Turns in alternating order (A B, then B A): the two invocations of a
# label at a turn are one block, but each invocation is a replicate, and
# the report says so.  Blocks of three stay blocks.
turns() {
	local bin=$1 d=$tmp/turns n i=0 alt=() blk=()
	mkdir -p "$d"
	for n in A B B A A B B A; do
		i=$((i + 1))
		"$bin" -b pipe -P same -t 0.02 -r 2 -q -n "$n" -o "$d/$i-$n.json" >/dev/null ||
			fail "run $i $n failed"
		alt+=("$d/$i-$n.json")
	done
	run "$bin" report "${alt[@]}"
	[ "$rc" -eq 0 ] && pass "report" || fail "report: exit $rc: $err"
	grep -q '^A: 4 invocations, 1 boot, took turns (3 blocks): replicates are invocations$' <<<"$out" &&
		grep -q '^B: 4 invocations, 1 boot, took turns (2 blocks): replicates are invocations$' <<<"$out" &&
		pass "alternating turns" || fail "alternating turns: replicates not the invocations:"$'\n'"$(grep -E '^[AB]: ' <<<"$out")"
	run "$bin" report --format json "${alt[@]}"
	[ "$(grep -c '"replicates": "invocations", "replicate_count": 4 }' <<<"$out")" -eq 2 ] &&
		pass "json" || fail "json: not 4 replicates a label: $(grep '"replicate_count"' <<<"$out")"
	# A A A B B B A A A B B B: blocks of three, two a label.
	i=0
	for n in A A A B B B A A A B B B; do
		i=$((i + 1))
		"$bin" -b pipe -P same -t 0.02 -r 2 -q -n "$n" -o "$d/b$i-$n.json" >/dev/null ||
			fail "run b$i $n failed"
		blk+=("$d/b$i-$n.json")
	done
	run "$bin" report "${blk[@]}"
	grep -q '^A: 6 invocations, 1 boot, took turns (2 blocks): replicates are blocks$' <<<"$out" &&
		pass "blocks of three" || fail "blocks of three: replicates not the blocks:"$'\n'"$(grep -E '^[AB]: ' <<<"$out")"
	summary
}

# The replicates_for_want key of row $2 of the kv report in $out; none: 0.
want_reps() {
	awk -F': ' -v k="$1" 'index($1, k) == 1 && $1 ~ /replicates_for_want$/ { n = $2 }
		END { print n + 0 }' <<<"$out"
}

# What it would take: --want's replicates a side, from the spread
# measured, and --fail-above's 125 for a row that cannot tell at the
# detect wanted (--want, else --fail-above's percent).  From real runs,
# A and B taking turns, their rates set: 10 % apart between A's two
# invocations (and B's), then 0.1 %.
# A --brief report in $out, as a mail takes it: at most 60 lines, each
# at most 80 columns wide on a terminal (wide characters count two), a
# legend of at most 5 lines; $1 names the case.
pastable() {
	local why
	why=$(python3 -c '
import sys, unicodedata
lines = sys.stdin.read().split("\n")
if lines and lines[-1] == "":
    lines.pop()
def width(s):
    return sum(0 if unicodedata.combining(c) else
               2 if unicodedata.east_asian_width(c) in "WF" else 1 for c in s)
bad = ["%d columns: %s" % (width(l), l) for l in lines if width(l) > 80]
legend = 0
for i, l in enumerate(lines):
    if l.startswith("change: "):
        while i + legend < len(lines) and lines[i + legend] and \
                not lines[i + legend].startswith("same boot: "):
            legend += 1
        break
if len(lines) > 60:
    bad.append("%d lines, not at most 60" % len(lines))
if legend > 5:
    bad.append("a legend of %d lines, not at most 5" % legend)
print("; ".join(bad))' <<<"$out")
	[ -z "$why" ] && pass "--brief, $1: at most 60 lines of 80 columns" ||
		fail "--brief, $1: $why"$'\n'"$out"
}

# --brief of real runs of every mechanism, two labels taking turns (A B
# A B), two invocations each: at most 60 lines of at most 80 columns, a
# head of the facts all share, a block a label in the Run information
# (its dates as a range), and a line in the summary for each mechanism
# and label; a single run's --brief, the head and the table; labels of
# 127 bytes, wide and combining characters among them; the boot command
# line folded to the words that differ.
brief() {
	local bin=$1 d=$tmp/brief i l rows
	mkdir -p "$d"
	for i in 1 2; do
		for l in 6.13.0-rc1-00042-g1a2b3c4d5e6f 6.13.0-rc1-00043-g2b3c4d5e6f7a; do
			"$bin" -q -t 0.02 -r 2 -n "$l" -o "$d/$l-$i.json" >/dev/null ||
				fail "run $l $i: exit $?"
		done
	done
	run "$bin" report --brief "$d"/*00042*.json "$d"/*00043*.json
	[ "$rc" -eq 0 ] && pass "report --brief" || fail "report --brief: exit $rc: $err"
	pastable "every mechanism"
	# The head: what all share, the version, -t -r -P, the machine.
	[[ "$(sed -n 1p <<<"$out")" == "==== ctxbench "*", -t 0.02 -r 2 -P any ====" ]] &&
		grep -Eq '^[^=].*, [0-9]+ CPUs?(,|$)' <<<"$(sed -n 2,3p <<<"$out")" &&
		pass "--brief: a head of the facts all share" ||
		fail "--brief: no head of the facts all share: $(head -4 <<<"$out")"
	! grep -q '^  \(CPUtype\|Ncpu\|Seconds\|Runs\|BootCmdline\) ' <<<"$out" &&
		pass "--brief: what all share is in the head alone" ||
		fail "--brief: what all share is also in what differs: $(head -20 <<<"$out")"
	[ "$(grep -c '^Run: \(#[12] \)\?6\.13\.0-rc1-0004[23]-g[0-9a-f]* (2 invocations)$' <<<"$out")" -eq 2 ] &&
		grep -q '^  Date .* to .*, 2 values$' <<<"$out" && pass "--brief" ||
		fail "--brief: not a block a label with its dates' range: $(head -8 <<<"$out")"
	# Every row the baseline measured has its line, with "baseline".
	rows=$("$bin" report --format kv "$d"/*00042*.json "$d"/*00043*.json |
		grep -c '^6\.13\.0-rc1-00042-g1a2b3c4d5e6f/[^ ]*\.loops_per_sec: ')
	[ "$rows" -gt 0 ] && [ "$(grep -cE '[0-9]% +baseline' <<<"$out")" -eq "$rows" ] &&
		pass "--brief" || fail "--brief: not a summary line for each of $rows rows: $out"
	# One run: the head and the table, no fact block.
	run "$bin" report --brief "$d"/6.13.0-rc1-00042-g1a2b3c4d5e6f-1.json
	pastable "one run"
	[ "$rc" -eq 0 ] && [[ "$(sed -n 1p <<<"$out")" == "==== ctxbench "*" ====" ]] &&
		! grep -q 'Run information\|^Run: \|BootCmdline' <<<"$out" &&
		grep -q '^                                loops/s     cv p50 us us/hop$' <<<"$out" &&
		pass "--brief of one run: the head and the table" ||
		fail "--brief of one run: not the head and the table: exit $rc:"$'\n'"$out"
	# The README's case at its longest: kernel releases of a build tree
	# ("-dirty") as labels and kernels, each invocation a boot of its
	# own, disturbed runs kept, and CPU per loop judged apart from
	# loops/sec in 6 rows (half the CPU time a loop, loops/sec alike).
	if ! command -v python3 >/dev/null; then
		echo "note: no python3 to shape the saved runs: the longest --brief not tried"
		summary
		return
	fi
	python3 - "$d" "$d"/*00042*-1.json "$d"/*00043*-1.json \
		"$d"/*00042*-2.json "$d"/*00043*-2.json <<'PY' || fail "shaping the runs failed"
import json, sys
# The facts of the machine as the first run's, whatever changed between
# the runs (a frequency, a clock source): the label's and the boot's differ.
base = json.load(open(sys.argv[2]))["invocations"][0]["info"]
for n, path in enumerate(sys.argv[2:]):
    d = json.load(open(path))
    for inv in d["invocations"]:
        label = inv["info"]["label"] + "-dirty"
        keep = {k: inv["info"][k] for k in ("date", "start", "end")}
        inv["info"] = dict(base, **keep)
        inv["info"]["label"] = inv["info"]["kernel"] = label
        inv["info"]["boot_id"] = "%08x-0000-4000-8000-%012x" % (n + 1, n + 1)
        # One kernel booted with mitigations=off, both with the same rest.
        inv["info"]["boot_cmdline"] = ("BOOT_IMAGE=/vmlinuz root=/dev/vda1 ro "
                                       "console=ttyS0 quiet panic=1" +
                                       (" mitigations=off" if n % 2 else ""))
        for k, row in enumerate(inv["results"]):
            loops = 0
            for j, s in enumerate(row["samples"]):
                s["loops"] = int(100000 * (1 + 0.1 * ((j + n // 2) % 2)) *
                                 (1 + 0.05 * (n % 2) * (1 - 2 * (n // 2))) *
                                 s["elapsed_s"])
                s["loops_per_s"] = s["loops"] / s["elapsed_s"]
                s["disturbed"] = j == 0
                s["other_share"] = 0.6 if j == 0 else 0
                s["disturbed_why"] = "other tasks took 60.0% of CPUs 0-1" if j == 0 else ""
                loops += s["loops"]
            # The others alike on both sides: CPU per loop noise too.
            if k < 6:
                per = (5e-6 if n % 2 else 10e-6) * (1 + 0.01 * (n // 2))
            else:
                per = 10e-6 * (1 + 0.01 * ((n + n // 2) % 2))
            if "cpu" in row:
                row["cpu"].update(loops=loops, user_s=per * loops * 0.2,
                                  sys_s=per * loops * 0.8)
    json.dump(d, open("%s/dirty-%d.json" % (sys.argv[1], n), "w"))
PY
	run "$bin" report --brief "$d"/dirty-0.json "$d"/dirty-2.json "$d"/dirty-1.json "$d"/dirty-3.json
	[ "$rc" -eq 0 ] && pass "report --brief, -dirty" || fail "report --brief, -dirty: exit $rc: $err"
	# The boot command lines: the words that differ, and a count of the rest.
	[ "$(grep -c '^  BootCmdline          mitigations=off (and 6 words all share)$' <<<"$out")" -eq 1 ] &&
		[ "$(grep -c '^  BootCmdline          (only the 6 words all share)$' <<<"$out")" -eq 1 ] &&
		pass "--brief: the boot command line folded" ||
		fail "--brief: the boot command line not folded to what differs:"$'\n'"$out"
	# Hostile labels: 127 bytes, wide and combining characters, spaces.
	python3 - "$d" <<'PY' || fail "making the long labels failed"
import json, sys
d = sys.argv[1]
for n in range(4):
    j = json.load(open("%s/dirty-%d.json" % (d, n)))
    for inv in j["invocations"]:
        tail = "-\u5185\u6838" * 20 if n % 2 else " e\u0301t\u00e9 " * 16
        label = inv["info"]["label"] + tail
        while len(label.encode()) > 127:  # the longest a saved run keeps
            label = label[:-1]
        inv["info"]["label"] = label
    json.dump(j, open("%s/long-%d.json" % (d, n), "w"))
PY
	run "$bin" report --brief "$d"/long-0.json "$d"/long-2.json "$d"/long-1.json "$d"/long-3.json
	[ "$rc" -eq 0 ] && pass "report --brief, labels of 127 bytes" ||
		fail "report --brief, labels of 127 bytes: exit $rc: $err"
	pastable "labels of 127 bytes"
	run "$bin" report --brief "$d"/dirty-0.json "$d"/dirty-2.json "$d"/dirty-1.json "$d"/dirty-3.json
	[ "$(grep -c '^Run: \(#[12] \)\?6\.13\.0-rc1-0004[23]-g[0-9a-f]*-dirty (2 invocations)$' <<<"$out")" -eq 2 ] &&
		[ "$(grep -c 'CPU per loop' <<<"$out")" -ge 1 ] &&
		grep -q 'took turns: the averages and the verdict keep them\.$' <<<"$out" &&
		pass "--brief, -dirty" || fail "--brief, -dirty: not the case meant (two boots a label, CPU per loop apart):"$'\n'"$out"
	[ "$(grep -o '\*+100%\*' <<<"$out" | wc -l)" -eq 6 ] && pass "--brief, -dirty" ||
		fail "--brief, -dirty: not 6 rows' CPU per loop faster:"$'\n'"$out"
	[ "$(wc -l <<<"$out")" -le 60 ] && pass "--brief, -dirty, CPU per loop apart in 6 rows" ||
		fail "--brief, -dirty, CPU per loop apart in 6 rows: $(wc -l <<<"$out") lines, not at most 60:"$'\n'"$out"
	awk 'length($0) > 80 { bad = 1; print "  " $0 } END { exit bad }' <<<"$out" >"$d/wide" &&
		pass "--brief, -dirty" || fail "--brief, -dirty: lines over 80 columns: $(<"$d/wide")"
	summary
}

want() {
	local bin=$1 d=$tmp/want n r5 r20
	# The mechanics of --want and --fail-above on loops/sec, as reshape
	# sets it: the method that judges loops/sec and CPU per loop alone.
	export CTXBENCH_METHOD=loops-cpu
	mkdir -p "$d"
	for n in a1 b1 a2 b2; do
		"$bin" -b pipe -P same -t 0.02 -r 2 -q -n "${n%?}" -o "$d/raw-$n.json" >/dev/null ||
			fail "run $n failed"
	done
	reshape "$d/raw-a1.json" =100000 "$d/a1.json"
	reshape "$d/raw-b1.json" =100000 "$d/b1.json"
	reshape "$d/raw-a2.json" =110000 "$d/a2.json"
	reshape "$d/raw-b2.json" =110000 "$d/b2.json"
	reshape "$d/raw-a1.json" =100000 "$d/t-a1.json"
	reshape "$d/raw-b1.json" =100000 "$d/t-b1.json"
	reshape "$d/raw-a2.json" =100100 "$d/t-a2.json"
	reshape "$d/raw-b2.json" =100100 "$d/t-b2.json"
	local wide=("$d/a1.json" "$d/b1.json" "$d/a2.json" "$d/b2.json")
	local tight=("$d/t-a1.json" "$d/t-b1.json" "$d/t-a2.json" "$d/t-b2.json")
	# Judged, not marked, detect about 43 %: it cannot tell 10 %.
	run "$bin" report --fail-above 10 "${wide[@]}"
	[ "$rc" -eq 125 ] && pass "detect above 10 %, --fail-above 10" || fail "detect above 10 %, --fail-above 10: exit $rc, not 125"
	grep -q '^want 10 %: for detect to reach it' <<<"$out" && pass "--fail-above 10" ||
		fail "--fail-above 10: no want 10 % in the legend:"$'\n'"$out"
	run "$bin" report --fail-above 10 --want 50 "${wide[@]}"
	[ "$rc" -eq 0 ] && pass "--want 50 --fail-above 10" || fail "--want 50 --fail-above 10: exit $rc, not 0"
	run "$bin" report --format kv "${wide[@]}"
	r5=$(want_reps b/pipe.)
	run "$bin" report --format kv --want 20 "${wide[@]}"
	r20=$(want_reps b/pipe.)
	[ "$r5" -gt "$r20" ] && [ "$r20" -gt 2 ] && pass "replicates_for_want" ||
		fail "replicates_for_want: $r5 at 5 %, $r20 at 20 %"
	run "$bin" report --format kv --want 50 "${wide[@]}"
	[ "$(want_reps b/pipe.)" -eq 0 ] && pass "--want 50" || fail "--want 50: replicates_for_want given"
	run "$bin" report --format json "${wide[@]}"
	grep -Eq "\"replicates_for_want\": $r5[ ,]" <<<"$out" && pass "json" ||
		fail "json: no replicates_for_want $r5"
	run "$bin" report "${wide[@]}"
	grep -Eq "^    $r5 invocations in turn for pipe same \(has 2 and 2\)$" <<<"$out" &&
		pass "text" || fail "text: no replicates a side:"$'\n'"$out"
	# Within 0.1 %: detect under 5 %, nothing to add, and bisect says 0.
	run "$bin" report --format kv "${tight[@]}"
	[ "$(want_reps b/pipe.)" -eq 0 ] && pass "tight" || fail "tight: replicates_for_want given"
	run "$bin" report --fail-above 10 "${tight[@]}"
	[ "$rc" -eq 0 ] && pass "tight, --fail-above 10" || fail "tight, --fail-above 10: exit $rc, not 0"
	run "$bin" report --want -1 "${tight[@]}"
	[ "$rc" -eq 2 ] && [ -z "$out" ] &&
		[ "$err" = "ctxbench: --want: '-1' is not a percent (expected a decimal from 0 to 1000, e.g. 5)" ] &&
		pass "--want -1" || fail "--want -1: exit $rc: $err"
	# The lab's method through the binary: the shipped one listed first,
	# an unknown one refused with exit 2 before anything is read.
	[ "$("$bin" dump methods | head -n 1 | cut -f1)" = rtt-cpu ] &&
		pass "dump methods" || fail "dump methods: $("$bin" dump methods | head -n 1)"
	CTXBENCH_METHOD=no-such run "$bin" report "${wide[@]}"
	[ "$rc" -eq 2 ] && [ -z "$out" ] &&
		[ "$err" = "ctxbench: CTXBENCH_METHOD 'no-such': no such method (ctxbench dump methods lists them)" ] &&
		pass "CTXBENCH_METHOD unknown" || fail "CTXBENCH_METHOD no-such: exit $rc: $err"
	CTXBENCH_METHOD=rtt-paired run "$bin" report --format kv "${wide[@]}"
	[ "$rc" -eq 0 ] && grep -q '^b/pipe\.same\.2p\.0k\.rtt_judged: ' <<<"$out" &&
		pass "CTXBENCH_METHOD rtt-paired" || fail "CTXBENCH_METHOD rtt-paired: exit $rc, no rtt_judged"
	summary
}

# A report --fail-above that cannot write its report or -o's file exits
# 255, whatever the runs say: git bisect run aborts on it, where 1 would
# mark the commit bad and 125 skip it.  $2 holds bisect()'s saved runs.
unwritten() {
	local bin=$1 d=$2 set runs want pct how ro=$2/ro
	mkdir "$ro"
	if [ "$(id -u)" -ne 0 ]; then
		chmod a-w "$ro"
	elif [ "${CTXBENCH_TEST_NS:-}" != own ] ||
		! mount -t tmpfs -o ro tmpfs "$ro"; then
		skip_check "a read-only directory" "no read-only directory here (root, no mount namespace of its own)"
		ro=
	fi
	# Each set of runs gives its answer when written, then each fault.
	for set in "0 1000 even-a1 like-b1 like-a2 like-b2" "1 10 even-a1 slow-b1 even-a2 slow-b2" \
		"125 10 a1 a2 c1 c2"; do
		set -- $set
		want=$1 pct=$2 runs=("--fail-above" "$2")
		shift 2
		for n; do runs+=("$d/$n.json"); done
		run "$bin" report "${runs[@]}"
		[ "$rc" -eq "$want" ] && pass "${runs[*]}" || fail "${runs[*]}: exit $rc, not $want"
		for how in ">/dev/full" ">&-" "-o /dev/full" "-o $d/gone/x.json" \
			${ro:+"-o $ro/x.json"}; do
			case $how in
			">/dev/full") "$bin" report "${runs[@]}" >/dev/full 2>"$tmp/err" ;;
			">&-") "$bin" report "${runs[@]}" >&- 2>"$tmp/err" ;;
			*) "$bin" report ${how} "${runs[@]}" >/dev/null 2>"$tmp/err" ;;
			esac
			rc=$?
			[ "$rc" -eq 255 ] && grep -q '^ctxbench: .*: ' "$tmp/err" && pass "--fail-above $pct ($want), $how" ||
				fail "--fail-above $pct ($want), $how: exit $rc, not 255: $(<"$tmp/err")"
		done
		# Without --fail-above, the same fault is 1, as ever.
		run "$bin" report -o /dev/full "${runs[@]:2}"
		[ "$rc" -eq 1 ] && pass "report -o /dev/full" || fail "report -o /dev/full: exit $rc, not 1"
	done
	[ -n "$ro" ] && [ "$(id -u)" -eq 0 ] && umount "$ro"

	# git bisect run, the door it is for: aborted, no commit marked.
	if ! command -v git >/dev/null; then
		skip_check "git bisect run" "no git"
		return
	fi
	(
		cd "$d" || exit
		export HOME=$d GIT_CONFIG_NOSYSTEM=1 GIT_DIR=$d/git GIT_WORK_TREE=$d
		{
			git init -q
			for n in 1 2 3 4; do
				git -c user.name=t -c user.email=t@t commit -q \
					--allow-empty -m "$n"
			done
			git bisect start HEAD HEAD~3
		} >/dev/null 2>&1
		git bisect run "$bin" report --fail-above 1000 "$d/even-a1.json" \
			"$d/like-b1.json" "$d/like-a2.json" "$d/like-b2.json" -o /dev/full \
			>"$d/git.out" 2>&1
		echo "exit $?"
		git bisect log | grep -c '^git bisect bad'
	) >"$d/git.rc" 2>&1
	[ "$(<"$d/git.rc")" = "exit 1"$'\n'"0" ] && grep -q 'exit code 255' "$d/git.out" &&
		pass "git bisect run not aborted" || fail "git bisect run not aborted: $(cat "$d/git.rc" "$d/git.out")"
}

# report --fail-above: 0 good, 1 marked slower, 125 the runs cannot tell.
bisect() {
	local bin=$1 d=$tmp/bisect n
	mkdir -p "$d"
	# A and B take turns, then C comes as one block.
	for n in a1 b1 a2 b2 c1 c2; do
		"$bin" -b pipe -P same -t 0.05 -r 2 -q -n "${n%?}" -o "$d/raw-$n.json" >/dev/null ||
			fail "run $n failed"
		reshape "$d/raw-$n.json" 1 "$d/$n.json"
	done
	# Half as fast, whatever the machine did meanwhile: each side's runs
	# set to one rate, A's two boots 1 % apart, B's likewise.
	reshape "$d/raw-a1.json" =100000 "$d/even-a1.json"
	reshape "$d/raw-a2.json" =101000 "$d/even-a2.json"
	reshape "$d/raw-b1.json" =50000 "$d/slow-b1.json"
	reshape "$d/raw-b2.json" =50500 "$d/slow-b2.json"
	# Alike within 1.5 %: the runs' own rates would make detect what the
	# machine's load makes it, above any bound on a loaded machine.
	reshape "$d/raw-b1.json" =100700 "$d/like-b1.json"
	reshape "$d/raw-b2.json" =100900 "$d/like-b2.json"
	reshape "$d/raw-a2.json" =101500 "$d/like-a2.json"
	run "$bin" report --fail-above 1000 "$d/even-a1.json" "$d/like-b1.json" \
		"$d/like-a2.json" "$d/like-b2.json"
	[ "$rc" -eq 0 ] && grep -q 'took turns (2 blocks)' <<<"$out" && pass "A B A B within 1000%" ||
		fail "A B A B within 1000%: exit $rc, not 0: $err"
	run "$bin" report --fail-above 10 "$d/even-a1.json" "$d/slow-b1.json" \
		"$d/even-a2.json" "$d/slow-b2.json"
	[ "$rc" -eq 1 ] && pass "B half as fast, taking turns" || fail "B half as fast, taking turns: exit $rc, not 1: $out"
	run "$bin" report --fail-above 10 "$d/a1.json" "$d/a2.json" "$d/c1.json" "$d/c2.json"
	[ "$rc" -eq 125 ] && grep -q 'one block a label' <<<"$out" && pass "A and C in blocks" ||
		fail "A and C in blocks: exit $rc, not 125: $out"
	run "$bin" report --format kv "$d/a1.json" "$d/a2.json" "$d/c1.json" "$d/c2.json"
	[ "$rc" -eq 0 ] && grep -q 'not_judged_one_block: 1' <<<"$out" && pass "kv of blocks" ||
		fail "kv of blocks: exit $rc, no not_judged_one_block"
	run "$bin" report --fail-above 10 "$d/a1.json"
	[ "$rc" -eq 125 ] && pass "one label" || fail "one label: exit $rc, not 125"
	run "$bin" report --fail-above -3 "$d/a1.json" "$d/b1.json"
	[ "$rc" -eq 2 ] && grep -q 'not a percent' <<<"$err" && pass "--fail-above -3" ||
		fail "--fail-above -3: exit $rc: $err"
	unwritten "$bin" "$d"
	# A saved run records its boot and its time.
	grep -q '"boot_id": "' "$d/raw-a1.json" && grep -q '"start": [0-9]' "$d/raw-a1.json" &&
		grep -q '"end": [0-9]' "$d/raw-a1.json" && pass "not: no boot_id, start or end saved" ||
		fail "no boot_id, start or end saved"
	summary
}

# The figures of label $2's rows among kv lines on stdin, "ROW.METRIC V",
# of the metrics $3 (an ERE), each prefixed by $4 (stripped).
kv_of() {
	awk -v l="$1/" -v m="$2" -v p="$3" 'index($1, l) == 1 {
		k = substr($1, length(l) + 1)
		sub(/:$/, "", k)
		row = k; sub(/\.[^.]*$/, "", row)
		metric = substr(k, length(row) + 2)
		if (p != "" && index(metric, p) != 1) next
		metric = substr(metric, length(p) + 1)
		if (metric ~ ("^(" m ")$")) print row "." metric, $2
	}' | sort
}

# report --series: three kernels of a release range, two invocations
# each taken in turns.  Each step's figures (kv, JSON) are those of a
# report of its two labels alone, the text shows the trend, --series
# start orders by start whatever the order given, and bad uses exit 2.
series() {
	local bin=$1 d=$tmp/series i k l
	local labels=(6.13.0-rc1-00042-g1a2b3c4d5e6f-dirty 6.13.0-rc1-00043-g2b3c4d5e6f7a
		6.13.0-rc1-00044-g3c4d5e6f7a8b)
	# Each invocation's runs alike, its label's two apart: pipe and futex
	# 20.3 % slower from the first to the second, 0.8 % faster then.
	local rate=(100000 80000 80500 102000 81000 81800)
	local metrics='change_pct|detect_pct|p|marked|judged|not_judged_[a-z_]+'
	mkdir -p "$d"
	for k in 1 2; do
		for i in 0 1 2; do
			"$bin" -b pipe,futex -P same -t 0.02 -r 2 -q -n "${labels[$i]}" \
				-o "$d/raw-$i-$k.json" >/dev/null || fail "run ${labels[$i]} $k failed"
			reshape "$d/raw-$i-$k.json" "=${rate[$(((k - 1) * 3 + i))]}" "$d/$i-$k.json"
		done
	done
	local all=("$d/0-1.json" "$d/1-1.json" "$d/2-1.json" "$d/0-2.json" "$d/1-2.json" "$d/2-2.json")
	local ab=("$d/0-1.json" "$d/1-1.json" "$d/0-2.json" "$d/1-2.json")
	local bc=("$d/1-1.json" "$d/2-1.json" "$d/1-2.json" "$d/2-2.json")
	run "$bin" report --series given --format kv "${all[@]}"
	[ "$rc" -eq 0 ] && pass "--series given" || fail "--series given: exit $rc: $err"
	local series_kv=$out
	run "$bin" report --format kv "${ab[@]}"
	local ab_kv=$out
	run "$bin" report --format kv "${bc[@]}"
	local bc_kv=$out
	kv_of "${labels[1]}" "$metrics" step_ <<<"$series_kv" >"$d/step-b"
	kv_of "${labels[1]}" "$metrics" "" <<<"$ab_kv" >"$d/pair-b"
	kv_of "${labels[2]}" "$metrics" step_ <<<"$series_kv" >"$d/step-c"
	kv_of "${labels[2]}" "$metrics" "" <<<"$bc_kv" >"$d/pair-c"
	for l in b c; do
		[ -s "$d/step-$l" ] && cmp -s "$d/step-$l" "$d/pair-$l" && pass "step into $l" ||
			fail "step into $l: not the pairwise report's figures:"$'\n'"$(diff "$d/pair-$l" "$d/step-$l")"
	done
	grep -q "^${labels[1]}/pipe.same.2p.0k.step_change_pct: -20\.[234][0-9]*$" <<<"$series_kv" && pass "not: no step of -20 % into ${labels[1]}:" ||
		fail "no step of -20 % into ${labels[1]}:"$'\n'"$(grep step_ <<<"$series_kv")"
	grep -q "^${labels[0]}/[a-z.0-9]*\.step_" <<<"$series_kv" &&
		fail "the first label has a step" || pass "not: the first label has a step"
	[ "$(grep -c '\.series_position: ' <<<"$series_kv")" -eq 6 ] && pass "series_position" ||
		fail "series_position: not on each of the 6 rows"
	# Not asked for: no step, no position (the keys of today unchanged).
	run "$bin" report --format kv "${all[@]}"
	grep -q 'step_\|series_position' <<<"$out" && fail "step keys without --series" || pass "not: step keys without --series"
	# By start: given last to first, the series runs first to last.
	local rev=("$d/2-2.json" "$d/1-2.json" "$d/0-2.json" "$d/2-1.json" "$d/1-1.json" "$d/0-1.json")
	run "$bin" report --series start --format kv "${rev[@]}"
	grep -q "^${labels[0]}/pipe.same.2p.0k.series_position: 1$" <<<"$out" &&
		grep -q "^${labels[2]}/pipe.same.2p.0k.series_position: 3$" <<<"$out" && pass "--series start" ||
		fail "--series start: not by start:"$'\n'"$(grep series_position <<<"$out")"
	kv_of "${labels[1]}" "$metrics" step_ <<<"$out" >"$d/start-b"
	run "$bin" report --format kv --baseline "${labels[0]}" "$d/1-2.json" "$d/0-2.json" "$d/1-1.json" "$d/0-1.json"
	kv_of "${labels[1]}" "$metrics" "" <<<"$out" >"$d/pair-rev"
	cmp -s "$d/start-b" "$d/pair-rev" && [ -s "$d/start-b" ] && pass "--series start" ||
		fail "--series start: step not the pairwise report's:"$'\n'"$(diff "$d/pair-rev" "$d/start-b")"
	# JSON: the steps as members, their changes the pairwise report's.
	"$bin" report --series given --format json "${all[@]}" >"$d/series.json"
	"$bin" report --format json "${ab[@]}" >"$d/ab.json"
	python3 - "$d/series.json" <<'PY' && pass "json" || fail "json: no series of 3 labels, 2 steps"
import json, sys
doc = json.load(open(sys.argv[1]))
s = doc["comparison"]["series"]
assert s["order"] == "given", s["order"]
assert len(s["labels"]) == 3 and len(s["steps"]) == 2
for st in s["steps"]:
    assert st["rows"], st
    for r in st["rows"]:
        assert r["key"] and r["verdict"] in ("marked", "not_marked", "not_judged"), r
PY
	python3 -c 'import json,sys
doc = json.load(open(sys.argv[1]))
pair = json.load(open(sys.argv[2]))
step = doc["comparison"]["series"]["steps"][0]
rows = {r["key"]: r for r in step["rows"]}
n = 0
for row in pair["comparison"]["rows"]:
    for c in row["labels"]:
        if c["label"] != step["to"]: continue
        r = rows[row["key"]]
        for m in ("change", "p", "detect", "change_low", "change_high", "df", "verdict"):
            assert r.get(m) == c.get(m), (row["key"], m, r.get(m), c.get(m))
        n += 1
assert n == 2, n' "$d/series.json" "$d/ab.json" && pass "json" ||
		fail "json: the first step is not the pairwise comparison's"
	# Text and page: the trend, within 80 columns.
	run "$bin" report --series given "${all[@]}"
	grep -q '^Trend: each label against the one before it (--series given)$' <<<"$out" && pass "text" ||
		fail "text: no trend:"$'\n'"$out"
	# Marked slower, by whichever statistic decided it (named when not
	# loops/sec); the step within the noise not significant, never bare.
	grep -Eq '^ +#2 +[0-9]+ +[0-9.]+% +\*-20\.[234]%\* +[0-9.]+% slower( \((CPU/loop|RTT)\))?$' <<<"$out" && pass "text" ||
		fail "text: no step of -20 % for #2:"$'\n'"$out"
	grep -Eq '^ +#3 +[0-9]+ +[0-9.]+% +\(\+0\.[789]%\) +[0-9.]+% not significant$' <<<"$out" &&
		! grep -Eq ' noise$' <<<"$out" && pass "text: a step not marked" ||
		fail "text: a step not marked is not 'not significant':"$'\n'"$out"
	narrow "$out" && pass "text" || fail "text: wider than 80 columns"
	run "$bin" report --series given --brief "${all[@]}"
	grep -q '^Trend: ' <<<"$out" && pass "--brief" || fail "--brief: no trend"
	run "$bin" report --series given --format html "${all[@]}"
	grep -q '<section id="trend">' <<<"$out" && grep -q '<svg[^>]*id="trend-0"' <<<"$out" &&
		pass "html" || fail "html: no trend section and chart"
	# Bad uses: a clear message, exit 2, no report.
	run "$bin" report --series sideways "${all[@]}"
	[ "$rc" -eq 2 ] && [ -z "$out" ] &&
		[ "$err" = "ctxbench: --series: 'sideways' is not an order of labels (expected given or start)" ] &&
		pass "--series sideways" || fail "--series sideways: exit $rc: $err"
	run "$bin" report --series given "$d/0-1.json" "$d/0-2.json"
	[ "$rc" -eq 2 ] && [ -z "$out" ] && grep -q 'one label' <<<"$err" && pass "--series of one label" ||
		fail "--series of one label: exit $rc: $err"
	summary
}

case "${1:-}" in
series) series "$2" ;;
bisect) bisect "$2" ;;
spread) spread "$2" ;;
turns) turns "$2" ;;
want) want "$2" ;;
brief) brief "$2" ;;
bounds) bounds "$2" "$3" ;;
writes) writes "$2" "$3" ;;
replace) replace "$2" ;;
links) links "$2" ;;
signals) signals "$2" "$3" ;;
stalled) stalled "$2" ;;
twice) twice "$2" ;;
roundtrip) roundtrip "$2" ;;
flat) flat "$2" ;;
compare) compare "$2" ;;
columns) columns "$2" ;;
bad) bad "$2" "$3" ;;
*)
	echo "usage: $0 roundtrip BIN | spread BIN | turns BIN | want BIN | columns BIN | links BIN | signals BIN FIXTURES_DIR | stalled BIN | twice BIN | flat BIN | compare BIN | bad BIN FIXTURES_DIR" >&2
	exit 2
	;;
esac
