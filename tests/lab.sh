#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The verdict lab on its committed corpus of real saved runs
# (tests/data/lab/corpus.tar.gz, recorded by bench/lab-record.sh):
#   shipped  the report's own verdict, through the binary, over resamples
#            of every A/A comparison of the corpus: at most 5 % of judged
#            rows marked and at most 10 % of reports with any mark
#   replica  bench/lab.py's own implementation of that verdict agrees
#            with the binary on every row of every resample (judged or
#            not, marked or not, the same detect), so that the lab's
#            candidates are measured against the real rule
# usage: lab.sh shipped|replica BIN SRC
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"saved-lab-shipped shipped @BIN@ @SRC@ | timeout=120 cost=10"
	"saved-lab-replica replica @BIN@ @SRC@ | timeout=120 cost=10"
)
list_tests "$@"
isolate "$@"

lab() {
	local what=$1 bin=$2 src=$3 out rc
	local corpus=$src/tests/data/lab/corpus.tar.gz

	command -v python3 >/dev/null || {
		echo "skip: no python3 to run bench/lab.py"
		exit 77
	}
	[ -s "$corpus" ] || {
		fail "no corpus $corpus"
		summary
		return
	}
	plan 2
	if [ "$what" = shipped ]; then
		out=$(python3 "$src/bench/lab.py" "$corpus" --bin "$bin" \
			--shipped-only --aa-only --max 3 --aa-bound 5 \
			--aa-report-bound 10 2>&1)
	else
		out=$(python3 "$src/bench/lab.py" "$corpus" --bin "$bin" --check \
			--max 2 2>&1)
	fi
	rc=$?
	echo "$out" | tail -n 4
	[ "$rc" -eq 0 ] && pass || fail "$what: bench/lab.py exited $rc: $(echo "$out" | tail -n 3)"
	# The replay judged something: a corpus that judges nothing
	# bounds nothing.
	if [ "$what" = shipped ]; then
		echo "$out" | grep -Eq '^shipped A/A: [0-9]+ of [1-9][0-9]* judged' &&
			pass || fail "shipped: no A/A row judged"
	else
		echo "$out" | grep -Eq '^check: [1-9][0-9]* rows, 0 disagree' &&
			pass || fail "replica: no row compared, or rows disagree"
	fi
	summary
}

case "${1:-}" in
shipped | replica) lab "$1" "$2" "$3" ;;
*)
	echo "usage: $0 shipped|replica BIN SRC" >&2
	exit 2
	;;
esac
