#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The verdict lab's corpus replayed through the binary.
#
# The verdict lab on its committed corpus of real saved runs
# (tests/data/lab/corpus.tar.gz, recorded by bench/lab-record.sh):
#   shipped  the report's own verdict, through the binary, over resamples
#            of every A/A comparison of the corpus: at most 5 % of judged
#            rows marked and at most 10 % of reports with any mark, on the
#            parts of each machine the corpus was recorded on
#   verdict  the report of real saved runs of the corpus in every format:
#            in turns disturbed runs kept and CPU per loop judged beside
#            loops/sec (its own detect), in blocks disturbed runs left out
#            and loops/sec alone; the report's level in the legend; and
#            --fail-above's exit status (0, 1, 125) by the same rule
# usage: lab.sh shipped|verdict BIN SRC
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"saved-lab-shipped shipped @BIN@ @SRC@ | timeout=120 cost=10"
	"saved-lab-verdict verdict @BIN@ @SRC@ | timeout=120 cost=10"
)
list_tests "$@"
isolate "$@"

lab() {
	local what=$1 bin=$2 src=$3 out rc
	local corpus=$src/tests/data/lab/corpus.tar.gz

	command -v python3 >/dev/null || {
		skip "no python3 to run bench/lab.py"
	}
	[ -s "$corpus" ] || {
		fail "no corpus $corpus"
		summary
		return
	}
	plan 3
	out=$(python3 "$src/bench/lab.py" "$corpus" --bin "$bin" \
		--shipped-only --aa-only --max 3 --aa-bound 5 \
		--aa-report-bound 10 2>&1)
	rc=$?
	echo "$out" | tail -n 4
	[ "$rc" -eq 0 ] && pass "$what" || fail "$what: bench/lab.py exited $rc: $(echo "$out" | tail -n 3)"
	# The replay judged something on each machine's parts: a corpus
	# that judges nothing bounds nothing.
	for mc in intel amd; do
		echo "$out" | grep -Eq "^shipped A/A, $mc: [0-9]+ of [1-9][0-9]* judged" &&
			pass "shipped, $mc" || fail "shipped: no A/A row of $mc's parts judged"
	done
	summary
}

# The corpus's saved runs of part $2, protocol $3, label $4, in the order
# they ran (the manifest's), one path a line.
runs_of() {
	awk -F'\t' -v part="$2" -v proto="$3" -v label="$4" -v d="$1" \
		'$1 == part && $2 == proto && $5 == label { print d "/" $4 }' \
		"$1/manifest.tsv"
}

# ctxbench report of the runs of labels A and $2 of part $3, protocol $4,
# interleaved as they ran, with ARGS...; sets out, rc.
report_of() {
	local bin=$1 other=$2 part=$3 proto=$4
	shift 4
	local files
	mapfile -t files < <(awk -F'\t' -v part="$part" -v proto="$proto" \
		-v other="$other" -v d="$dir" \
		'$1 == part && $2 == proto && ($5 == "A" || $5 == other) { print d "/" $4 }' \
		"$dir/manifest.tsv")
	out=$("$bin" report "$@" "${files[@]}" 2>&1)
	rc=$?
}

verdict() {
	local bin=$1 src=$2 corpus=$2/tests/data/lab/corpus.tar.gz tmp fmt
	tmp=$(mktemp -d) || exit 1
	trap 'rm -rf "$tmp"' EXIT
	tar -xzf "$corpus" -C "$tmp" || {
		fail "cannot unpack $corpus"
		summary
		return
	}
	dir=$tmp/lab
	# Quiet turns, 8 rounds, A against B15 (about -15 % a round trip).
	report_of "$bin" B15 quiet turns --format kv
	[ "$rc" -eq 0 ] && pass "quiet turns kv" || fail "quiet turns kv: exit $rc: $out"
	grep -Eq '^B15/pipe\.same\.2p\.0k\.disturbed_kept: 1$' <<<"$out" &&
		pass "turns" || fail "turns: disturbed runs not kept:"$'\n'"$out"
	grep -Eq '^B15/pipe\.same\.2p\.0k\.cpu_judged: 1$' <<<"$out" &&
		grep -Eq '^B15/pipe\.same\.2p\.0k\.cpu_detect_pct: [0-9.]+$' <<<"$out" &&
		pass "turns" || fail "turns: no verdict on CPU per loop:"$'\n'"$out"
	grep -Eq '^B15/[a-z-]+\.same\.2p\.0k\.cpu_marked: 1$' <<<"$out" &&
		pass "turns" || fail "turns: B15 marked on CPU per loop nowhere"
	for fmt in text json html csv-compare; do
		report_of "$bin" B15 quiet turns --format "$fmt"
		[ "$rc" -eq 0 ] && pass "quiet turns $fmt" || fail "quiet turns $fmt: exit $rc"
		case $fmt in
		text) grep -Eq '^ +CPU per loop: +\*-[0-9.]+%\* +[0-9.]+%$' <<<"$out" &&
			grep -Eq '^ +round trip: +[*(]?[-+][0-9.]+%[*)]? +[0-9.]+%$' <<<"$out" &&
			grep -q '^at 10 % over its 18 tests (A/A: a mark at most 10 % of the time)' <<<"$out" ;;
		json) grep -q '"disturbed": "kept"' <<<"$out" &&
			grep -q '"level": "benjamini-hochberg"' <<<"$out" &&
			grep -Eq '"cpu": \{ "verdict": "marked"' <<<"$out" ;;
		html) grep -q 'CPU per loop [-+][0-9.]*% marked' <<<"$out" ;;
		csv-compare) grep -Eq ',cpu_per_loop,([^,]*,){5}marked,' <<<"$out" ;;
		esac && pass "quiet turns $fmt" || fail "quiet turns $fmt: no CPU verdict or level:"$'\n'"$(head -c 3000 <<<"$out")"
	done
	# Blocks: disturbed runs left out, loops/sec alone.
	local noise=() f
	while read -r f; do
		noise+=(--noise "$f")
	done < <(runs_of "$dir" quiet blocks X; runs_of "$dir" quiet blocks Y)
	report_of "$bin" B15 quiet blocks --format kv "${noise[@]}"
	[ "$rc" -eq 0 ] && pass "quiet blocks kv" || fail "quiet blocks kv: exit $rc: $out"
	grep -Eq '^B15/pipe\.same\.2p\.0k\.disturbed_kept: 0$' <<<"$out" &&
		! grep -q 'cpu_judged' <<<"$out" && pass "blocks" ||
		fail "blocks: disturbed runs kept, or CPU per loop judged:"$'\n'"$out"
	# git bisect run: B15 marked slower by more than 5 %: 1.
	report_of "$bin" B15 quiet turns --fail-above 5
	[ "$rc" -eq 1 ] && pass "quiet turns B15, --fail-above 5" || fail "quiet turns B15, --fail-above 5: exit $rc, not 1"
	# A/A: no row marked slower; 0 or, a row short of the detect, 125.
	report_of "$bin" A2 quiet turns --fail-above 5
	[ "$rc" -eq 0 ] || [ "$rc" -eq 125 ] && pass "quiet turns A/A, --fail-above 5" ||
		fail "quiet turns A/A, --fail-above 5: exit $rc"
	# Turns beside other work: the shipped rule until now judged nothing
	# of it (every row disturbed: 125); kept, B15 is marked slower.
	report_of "$bin" B15 validation turns-busy --fail-above 5
	[ "$rc" -eq 1 ] && pass "validation turns-busy B15, --fail-above 5" || fail "validation turns-busy B15, --fail-above 5: exit $rc, not 1"
	rm -rf "$tmp"
	trap - EXIT
	summary
}

case "${1:-}" in
shipped) lab "$1" "$2" "$3" ;;
verdict) verdict "$2" "$3" ;;
*)
	echo "usage: $0 shipped|verdict BIN SRC" >&2
	exit 2
	;;
esac
