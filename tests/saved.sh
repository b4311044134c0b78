#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Tests of saved runs through the binary: -o, --json, ctxbench report, and
# bad saved files (exit 2, one line, no report).
# usage: saved.sh roundtrip BIN | saved.sh compare BIN |
#        saved.sh bad BIN FIXTURES_DIR
set -u

. "$(dirname "$0")/lib.sh"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# Run ctxbench; sets out, err, rc.
run() {
	"$@" >"$tmp/out" 2>"$tmp/err"
	rc=$?
	out=$(cat "$tmp/out") err=$(cat "$tmp/err")
}

# Every line of $1 fits in 80 columns.
narrow() {
	awk 'length > 80 { bad = 1; print "too wide: " $0 > "/dev/stderr" }
	     END { exit bad }' <<<"$1"
}

# A direct run prints exactly what ctxbench report prints for its file.
roundtrip() {
	local bin=$1

	"$bin" -b pipe -t 0.2 -r 2 -n direct -o "$tmp/x.json" >"$tmp/direct.txt"
	[ $? -eq 0 ] && pass || fail "the run with -o failed"
	"$bin" report "$tmp/x.json" >"$tmp/report.txt"
	[ $? -eq 0 ] && pass || fail "report of a saved run failed"
	cmp -s "$tmp/direct.txt" "$tmp/report.txt" && pass ||
		fail "saved and re-rendered differs from the direct report:"$'\n'"$(diff "$tmp/direct.txt" "$tmp/report.txt")"
	grep -q '^  direct any ' "$tmp/direct.txt" && pass || fail "no row: $(cat "$tmp/direct.txt")"

	# --json prints what -o writes; the report of it writes it again.
	"$bin" -b pipe -t 0.2 -r 2 -n json --json -o "$tmp/y.json" >"$tmp/y.out"
	[ $? -eq 0 ] && pass || fail "the run with --json failed"
	cmp -s "$tmp/y.out" "$tmp/y.json" && pass || fail "--json and -o differ"
	grep -q '"schema_version": 1' "$tmp/y.json" && pass || fail "no schema version"
	grep -q '"command": ".*-n json --json -o ' "$tmp/y.json" && pass ||
		fail "no command line in the JSON"
	"$bin" report --json "$tmp/y.json" >"$tmp/y2.json"
	cmp -s "$tmp/y.json" "$tmp/y2.json" && pass || fail "report --json changes the JSON"
	"$bin" report -o "$tmp/y3.json" "$tmp/y.json" >"$tmp/y3.txt"
	cmp -s "$tmp/y.json" "$tmp/y3.json" && pass || fail "report -o changes the JSON"
	grep -q '^  json any ' "$tmp/y3.txt" && pass || fail "report -o prints no report"
	summary
}

# The issue's example: two runs, then one report comparing them.
compare() {
	local bin=$1 t

	for n in A B; do
		"$bin" -b pipe,signal -t 0.2 -r 3 -n "$n" -o "$tmp/$n.json" >/dev/null
		[ $? -eq 0 ] && pass || fail "run $n failed"
	done
	run "$bin" report "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && pass || fail "report exits $rc: $err"
	grep -q '^Run: ALL$' <<<"$out" && pass || fail "no Run: ALL block"
	narrow "$out" && pass || fail "report wider than 80 columns"
	for t in SIGUSR1 pipe; do
		local table
		table=$(awk -v t="$t" '$1 == t { on = 1 } on && /^$/ { exit } on' <<<"$out")
		grep -q ' change ' <<<"$table" && pass || fail "$t: no change column"
		grep -Eq '^  A any .* baseline ' <<<"$table" && pass || fail "$t: no baseline row A"
		# One invocation a label: the change is shown, not judged, and
		# what the runs alone could see is bracketed.
		grep -Eq '^  B any .* [-+][0-9.]+% +(\[[0-9.]+%\]|-|>9999%) ' <<<"$table" &&
			pass || fail "$t: no bare change for B:"$'\n'"$table"
	done
	grep -q '^bare change: one invocation a label, not judged' <<<"$out" &&
		pass || fail "no line saying the change is not judged"
	grep -q '^\*\.\.\.\*' <<<"$out" && fail "a mark explained with nothing to mark" || pass

	# Two invocations a label: judged on the spread between them.
	for n in A B; do
		"$bin" -b pipe,signal -t 0.2 -r 3 -n "$n" -o "$tmp/${n}2.json" >/dev/null
		[ $? -eq 0 ] && pass || fail "second run $n failed"
	done
	run "$bin" report "$tmp/A.json" "$tmp/B.json" "$tmp/A2.json" "$tmp/B2.json"
	[ "$rc" -eq 0 ] && pass || fail "report of 2 x 2 exits $rc: $err"
	narrow "$out" && pass || fail "2 x 2 report wider than 80 columns"
	grep -q '^Run: A (2 of 2)' <<<"$out" && pass || fail "no second invocation of A"
	grep -q '^   2  A$' <<<"$out" && pass || fail "no invocation count: $out"
	grep -q '^\*\.\.\.\*: it stands out from the noise between invocations' <<<"$out" &&
		pass || fail "the mark is not explained"
	for t in SIGUSR1 pipe; do
		local table
		table=$(awk -v t="$t" '$1 == t { on = 1 } on && /^$/ { exit } on' <<<"$out")
		[ "$(grep -c '^  [AB] any ' <<<"$table")" -eq 2 ] && pass ||
			fail "$t: not one row a label:"$'\n'"$table"
		grep -Eq '^  B any .*[(*] *[-+][0-9.]+%[)*] +([0-9.]+|>9999)% ' <<<"$table" &&
			pass || fail "$t: no judged change for B:"$'\n'"$table"
	done

	# The A/A noise of --noise judges one invocation a label.
	run "$bin" report --noise "$tmp/A.json" --noise "$tmp/A2.json" \
		"$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && pass || fail "report --noise exits $rc: $err"
	grep -q '^noise: 2 invocations of --noise' <<<"$out" && pass ||
		fail "--noise is not said"
	grep -Eq '^  B any .*[(*] *[-+][0-9.]+%[)*] +([0-9.]+|>9999)% ' <<<"$out" &&
		pass || fail "--noise: no judged change:"$'\n'"$out"
	run "$bin" report --noise "$tmp/A.json" "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 2 ] && [ -z "$out" ] && grep -q 'no label is measured twice' <<<"$err" &&
		pass || fail "--noise of one invocation: $rc '$err'"

	# Another baseline; a label no run has.
	run "$bin" report --baseline B "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 0 ] && grep -Eq '^  B any .* baseline ' <<<"$out" && pass ||
		fail "--baseline B: $rc $err"
	run "$bin" report --baseline C "$tmp/A.json" "$tmp/B.json"
	[ "$rc" -eq 2 ] && [ -z "$out" ] && [ "$err" = "ctxbench: --baseline: no saved run is labelled 'C'" ] &&
		pass || fail "--baseline C: $rc '$err'"

	# Merged into one file, the same report.
	"$bin" report --json "$tmp/A.json" "$tmp/B.json" >"$tmp/AB.json"
	run "$bin" report "$tmp/AB.json"
	local merged=$out
	run "$bin" report "$tmp/A.json" "$tmp/B.json"
	[ "$merged" = "$out" ] && pass || fail "the merged file reports differently"
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
	elif [ "$(wc -l <<<"$err")" -ne 1 ] || [[ $err != "ctxbench: $file: "* ]]; then
		fail "$what: stderr is not one line 'ctxbench: $file: ...': $err"
	else
		pass
	fi
}

bad() {
	local bin=$1 dir=$2 f good=$2/base.json

	for f in "$dir"/bad/*; do
		refused "$(basename "$f")" "$f" "$bin" report "$f"
		# A bad file among good ones: still no partial report.
		refused "$(basename "$f") after a good file" "$f" "$bin" report "$good" "$f"
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
		if [ "$rc" -eq 2 ] && [ -z "$out" ] && [ "$(wc -l <<<"$err")" -eq 1 ] &&
			[[ $err == "ctxbench: "* ]]; then
			pass
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

# The flat formats through the binary: numbers only under stable keys, the
# same from a run and from its saved file, kv and tsv the same lines.
flat() {
	local bin=$1 bad loops

	"$bin" -b pipe,futex -P same -t 0.2 -r 3 -n 6.1 --format kv \
		-o "$tmp/f.json" >"$tmp/f.kv"
	[ $? -eq 0 ] && pass || fail "the run with --format kv failed"
	bad=$(grep -Ev '^[A-Za-z0-9_.+/-]+: -?[0-9]+(\.[0-9]+)?$' "$tmp/f.kv")
	[ -z "$bad" ] && pass || fail "not key: number: $bad"
	for mech in pipe futex; do
		grep -qx "$mech.same.2p.0k.ok: 1" "$tmp/f.kv" && pass ||
			fail "no $mech.same.2p.0k.ok: $(cat "$tmp/f.kv")"
		loops=$(sed -n "s/^$mech\.same\.2p\.0k\.loops_per_sec: //p" "$tmp/f.kv")
		awk -v v="$loops" 'BEGIN { exit !(v > 0) }' && pass ||
			fail "$mech: loops_per_sec '$loops' is not above 0"
		for m in loops_per_sec_low loops_per_sec_high cv_pct runs \
			loops_per_sec_run3 rtt_p50_ns rtt_p99_ns \
			cpu_sys_ns_per_loop; do
			grep -q "^$mech\.same\.2p\.0k\.$m: " "$tmp/f.kv" && pass ||
				fail "no $mech.same.2p.0k.$m"
		done
	done
	"$bin" report --format kv "$tmp/f.json" >"$tmp/r.kv"
	cmp -s "$tmp/f.kv" "$tmp/r.kv" && pass ||
		fail "report --format kv differs from the run's:"$'\n'"$(diff "$tmp/f.kv" "$tmp/r.kv")"
	"$bin" report --format tsv "$tmp/f.json" >"$tmp/r.tsv"
	sed 's/: /\t/' "$tmp/f.kv" | cmp -s - "$tmp/r.tsv" && pass ||
		fail "tsv is not kv with a tab"
	# Two saved runs: keys under their labels, the change against the first.
	"$bin" -b pipe -P same -t 0.2 -r 2 -n 6.2 -o "$tmp/g.json" >/dev/null
	"$bin" report --format kv "$tmp/f.json" "$tmp/g.json" >"$tmp/fg.kv"
	grep -q '^6\.1/pipe\.same\.2p\.0k\.loops_per_sec: ' "$tmp/fg.kv" && pass ||
		fail "no 6.1/ keys: $(cat "$tmp/fg.kv")"
	grep -q '^6\.2/pipe\.same\.2p\.0k\.change_pct: ' "$tmp/fg.kv" && pass ||
		fail "no change_pct under 6.2/"
	grep -q '^6\.2/pipe\.same\.2p\.0k\.p: ' "$tmp/fg.kv" && fail "p with no noise to judge by" || pass
	# A second invocation of 6.1: one label of two, the change judged.
	"$bin" -b pipe -P same -t 0.2 -r 2 -n 6.1 -o "$tmp/h.json" >/dev/null
	"$bin" report --format kv "$tmp/f.json" "$tmp/g.json" "$tmp/h.json" >"$tmp/fgh.kv"
	grep -qx '6\.1/pipe\.same\.2p\.0k\.invocations: 2' "$tmp/fgh.kv" && pass ||
		fail "the two 6.1 runs are not one label: $(cat "$tmp/fgh.kv")"
	for m in change_pct p marked; do
		grep -q "^6\.2/pipe\.same\.2p\.0k\.$m: " "$tmp/fgh.kv" && pass ||
			fail "no $m under 6.2/ with 6.1 measured twice"
	done
	! grep -q welch_p "$tmp/fgh.kv" && pass || fail "welch_p is still printed"
	"$bin" --format csv -b pipe -t 0.2 >"$tmp/out" 2>"$tmp/err"
	[ $? -eq 2 ] && pass || fail "--format csv does not exit 2"
	grep -q -- '--format' "$tmp/err" && [ ! -s "$tmp/out" ] && pass ||
		fail "--format csv: no clear message: $(cat "$tmp/err")"
	summary
}

case "${1:-}" in
roundtrip) roundtrip "$2" ;;
flat) flat "$2" ;;
compare) compare "$2" ;;
bad) bad "$2" "$3" ;;
*)
	echo "usage: $0 roundtrip BIN | flat BIN | compare BIN | bad BIN FIXTURES_DIR" >&2
	exit 2
	;;
esac
