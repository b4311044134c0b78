#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The references made from ctxbench's tables (tools/gen-refs): regenerated
# into a directory of their own from the binary's dump, each file must be
# the tree's, byte for byte, with words for every member and fact; and
# every table can be dumped.
# usage: refs.sh diff BIN SRC
set -u

. "${0%/*}/lib.sh"
# The test (see list_tests in lib.sh).
tests=("docs-refs diff @BIN@ @SRC@ | timeout=60 labels=docs")
list_tests "$@"

refs_diff() {
	local bin=$1 src=$2 f what
	out=$(mktemp -d) || exit 1
	trap 'rm -rf "$out"' EXIT
	for what in options mechanisms facts json keys; do
		[ "$("$bin" dump "$what" | wc -l)" -ge 2 ] && pass "not: ctxbench dump $what printed too little" ||
			fail "ctxbench dump $what printed too little"
	done
	"$bin" dump none >/dev/null 2>"$out/err" && fail "dump none is taken" ||
		{ [ $? -eq 2 ] && grep -q '^ctxbench: dump: ' "$out/err"; } && pass "dump none" ||
		fail "dump none: not exit 2 with a ctxbench: message: $(<"$out/err")"
	if ! "$src/tools/gen-refs" "$bin" "$src" "$out" 2>"$out/err"; then
		fail "tools/gen-refs failed: $(<"$out/err")"
		summary
		return
	fi
	# A member or a fact the tables have and the page does not say.
	awk '/GENERATED json-/ { on = /BEGIN/; next }
		on && /^\| `[^|]*\| [^|]* \| \|$/ { print }' "$out/docs/json.md" >"$out/bare"
	[ ! -s "$out/bare" ] && pass "docs/json.md" ||
		fail "docs/json.md: members without words (write them in their rows):"$'\n'"$(<"$out/bare")"
	awk '/GENERATED facts/ { on = /BEGIN/; if (!on && tag != "") print tag; next }
		on && /^\.TP$/ { if (tag != "") print tag; tag = ""; want = 1; next }
		on && want { tag = $0; want = 0; next }
		on { tag = "" }' "$out/ctxbench.1" >"$out/bare"
	[ ! -s "$out/bare" ] && pass "ctxbench.1" ||
		fail "ctxbench.1: Run information facts without words (say where each comes from):"$'\n'"$(<"$out/bare")"
	for f in ctxbench.1 completion/ctxbench.bash docs/json.md docs/keys.md; do
		if cmp -s "$src/$f" "$out/$f"; then
			pass "not: $f is not what the tables make of it:"
		else
			fail "$f is not what the tables make of it:"$'\n'"$(diff -u "$src/$f" "$out/$f")"$'\n'"make it again with: tools/gen-refs $bin (or cmake --build BUILD --target refs)"
		fi
	done
	summary
}

case ${1:-} in
diff) refs_diff "$2" "$3" ;;
*)
	echo "usage: $0 diff BIN SRC" >&2
	exit 2
	;;
esac
