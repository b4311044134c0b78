#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CONTRIBUTING.md's "Layout of the source", made by tools/gen-layout, and its
# claim that a new mechanism is one new file and one list line, and its
# walks through adding an output format and a statistic of the verdict, each
# applied to a copy of the tree: kept true; and its rule that no function of
# the product is over 60 lines.  The repository's root holds only what the
# layout names.
# usage: layout.sh layout SRC | layout.sh root SRC |
#        layout.sh new-backend SRC CMAKE |
#        layout.sh new-format SRC CMAKE | layout.sh new-statistic SRC CMAKE |
#        layout.sh functions SRC
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"layout layout @SRC@ | timeout=300 labels=docs"
	"layout-root root @SRC@ | labels=docs"
	"layout-new-backend new-backend @SRC@ @CMAKE@ | timeout=300 labels=docs,long cost=6"
	"layout-new-format new-format @SRC@ @CMAKE@ | timeout=300 labels=docs,long cost=6"
	"layout-new-statistic new-statistic @SRC@ @CMAKE@ | timeout=300 labels=docs,long cost=6"
	"layout-functions functions @SRC@ | labels=docs"
)
list_tests "$@"

# The lines of CONTRIBUTING.md's fenced block after the line that starts
# with @1.
block() {
	awk -v m="$1" 'index($0, m) == 1 { on = 1; next }
		on && /^```/ { if (in_block) exit; in_block = 1; next }
		in_block' "$src/CONTRIBUTING.md"
}

# The walks below copy the tree into $tmp, global: their EXIT trap removes
# it after the function has returned, where a local would be gone (and,
# under set -u, the trap would fail and leave the copy and its build).

# The tree @src copied into @1, without its builds and its git directory:
# a repository of its own, as tools/gen-layout (which the refs target
# runs) lists what git has or would add.
tree_copy() {
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . |
		tar -C "$1" -xf - &&
		git -C "$1" init -q && git -C "$1" add -A
}

# The tree @1 built into @1/build, ctxbench only: unoptimised, without
# debug information, only that it builds and runs is checked, in a third
# of -O2's time (the build of the tree itself judges the warnings of -O2).
# Its tests are configured (every script's --list, the static probe) only
# where @2 is "tests": new-backend finds its run-NAME among them.
tree_build() {
	"$cmake" -S "$1" -B "$1/build" -DCTXBENCH_WERROR=ON \
		-DBUILD_TESTING=$([ "${2:-}" = tests ] && echo ON || echo OFF) \
		-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O0 >/dev/null &&
		"$cmake" --build "$1/build" -j2 --target ctxbench >/dev/null
}

# The backends of ipc/backends.h, one a line.
backends() {
	sed -nE 's/^[ \t]*X\(([a-z0-9_]+)\).*/\1/p' "$src/ipc/backends.h"
}

# The layout is what tools/gen-layout makes of the tree (every file and
# folder listed, each with its first comment, nothing listed that is not
# there), and the mechanisms its ipc/<mech>.c line stands for are those of
# ipc/backends.h.
layout() {
	local f b
	[ -n "$(block '<!-- BEGIN GENERATED layout')" ] && pass "not: CONTRIBUTING.md has no layout block" ||
		fail "CONTRIBUTING.md has no layout block"
	# Each mechanism of the list has its file, and each file its line.
	for b in $(backends); do
		[ -f "$src/ipc/$b.c" ] && pass "ipc/backends.h lists $b" || fail "ipc/backends.h lists $b: no ipc/$b.c"
	done
	for f in "$src"/ipc/*.c; do
		b=$(basename "$f" .c)
		[ "$b" = registry ] || backends | grep -qx "$b" && pass "not: ipc/$b.c is not in ipc/backends.h" ||
			fail "ipc/$b.c is not in ipc/backends.h"
	done
	if ! git -C "$src" rev-parse --show-toplevel >/dev/null 2>&1; then
		summary || exit 1
		echo "SKIP: $src is not a git checkout: no list of its files to make the layout from"
		exit 77
	fi
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	if ! "$src/tools/gen-layout" "$src" "$tmp" 2>"$tmp/err"; then
		fail "tools/gen-layout failed: $(<"$tmp/err")"
	elif cmp -s "$src/CONTRIBUTING.md" "$tmp/CONTRIBUTING.md"; then
		pass "the layout is the tree's"
	else
		fail "CONTRIBUTING.md's layout is not what the tree's first comments make of it:"$'\n'"$(diff -u "$src/CONTRIBUTING.md" "$tmp/CONTRIBUTING.md")"$'\n'"make it again with: tools/gen-layout"
	fi
	summary
}

# The files of the root that are not source but belong there.
root_files="CMakeLists.txt README.md CONTRIBUTING.md LICENSE"

# Every file git tracks at the root is the layout's: a file of the root that
# CONTRIBUTING.md lists or one of $root_files, a file under a folder it
# lists, or a dotfile (.clang-format, .gitignore, .ci/).  A stray file, such
# as a tool's output left by a merge, fails here instead of shipping.
root() {
	local listed allowed tracked f top
	top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)
	if [ -z "$top" ] || [ "$(realpath "$top")" != "$(realpath "$src")" ]; then
		echo "SKIP: $src is not a git checkout's top: no tracked files to check"
		exit 77
	fi
	# A folder as "dir/", a file as itself.
	tracked=$(git -C "$src" ls-files | sed 's,/.*,/,' | sort -u)
	[ -n "$tracked" ] && pass "git ls-files lists the root" ||
		fail "git ls-files lists nothing in $src"
	listed=$(block '<!-- BEGIN GENERATED layout' | awk '{ print $1 }')
	allowed=$(printf '%s\n' $root_files $listed | sed 's,/.*,/,' | sort -u)
	for f in $tracked; do
		case $f in
		.*) pass "$f: a dotfile" ;;
		*) grep -qxF -- "$f" <<<"$allowed" && pass "$f: in the layout" ||
			fail "$f is at the repository's root, and not in its layout (CONTRIBUTING.md)" ;;
		esac
	done
	summary
}

new_backend() {
	local diff name out
	long_wanted
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block '<!-- new-backend -->')
	# One new file in ipc/ and one added line in ipc/backends.h, no more.
	[ "$(grep -c '^+++ b/' <<<"$diff")" -eq 2 ] &&
		grep -q '^+++ b/ipc/backends.h$' <<<"$diff" &&
		[ "$(grep -c '^new file' <<<"$diff")" -eq 1 ] &&
		[ "$(awk '/^\+\+\+ b\/ipc\/backends.h/ { on = 1; next }
			/^diff / { on = 0 } on && /^\+/' <<<"$diff" | wc -l)" -eq 1 ] &&
		! grep -q '^-[^-]' <<<"$diff" && pass "not: CONTRIBUTING.md's diff is not one new file and one list line" ||
		fail "CONTRIBUTING.md's diff is not one new file and one list line"
	name=$(sed -nE 's/^\+[ \t]*X\(([a-z0-9_]+)\).*/\1/p' <<<"$diff")
	tree_copy "$tmp" || fail "cannot copy the tree"
	(cd "$tmp" && patch -s -p1 --no-backup-if-mismatch <<<"$diff") &&
		pass "not: CONTRIBUTING.md's diff does not apply" || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp" tests && pass "not: the tree with $name does not build" || fail "the tree with $name does not build"
	"$tmp/build/ctxbench" -l | grep -q "^${name//_/-} " && pass "not: ctxbench -l does not list $name" ||
		fail "ctxbench -l does not list $name"
	out=$("$tmp/build/ctxbench" -b "${name//_/-}" -t 0.2 -r 1 -P same -q -n t --format kv)
	[ $? -eq 0 ] && awk -F': ' -v k="${name//_/-}.same.2p.0k.loops_per_sec_low" \
		'$1 == k && $2 > 0 { ok = 1 } END { exit !ok }' <<<"$out" &&
		pass "$name does not run" || fail "$name does not run: $out"
	ctest --test-dir "$tmp/build" -N | grep -q " run-${name//_/-}$" && pass "not: no run-${name//_/-} test" ||
		fail "no run-${name//_/-} test"
	summary
}

# turns R: the copy's ctxbench saves labels a and b taking turns, two
# invocations each of -r R, into $tmp/a1.json b1 a2 b2.
turns() {
	local i label
	for i in 1 2; do
		for label in a b; do
			"$tmp/t/build/ctxbench" -q -t 0.05 -r "$1" -b pipe -n $label \
				-o "$tmp/$label$i.json" >/dev/null ||
				fail "the run of $label failed"
		done
	done
}

# CONTRIBUTING.md's "Adding an output format", applied: its diff, the
# references written again as it says, and the new format rendering a run
# and a report of two labels, read back by the diff's own formats.py.
new_format() {
	local diff id name out f label i
	long_wanted
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block '<!-- new-format -->')
	# X(id, "name"): the file report/ID.c, --format NAME.
	id=$(sed -nE 's/^\+[ \t]*X\(([a-z0-9_]+), "[a-z0-9-]+"\).*/\1/p' <<<"$diff")
	name=$(sed -nE 's/^\+[ \t]*X\([a-z0-9_]+, "([a-z0-9-]+)"\).*/\1/p' <<<"$diff")
	[ -n "$name" ] && grep -q '^+++ b/report/formats.h$' <<<"$diff" &&
		grep -q "^+++ b/report/$id.c$" <<<"$diff" && pass "not: CONTRIBUTING.md's diff adds no format to report/formats.h and its file" ||
		fail "CONTRIBUTING.md's diff adds no format to report/formats.h and its file"
	mkdir "$tmp/t" && tree_copy "$tmp/t" || fail "cannot copy the tree"
	(cd "$tmp/t" && patch -s -p1 --no-backup-if-mismatch <<<"$diff") &&
		pass "not: CONTRIBUTING.md's diff does not apply" || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp/t" && pass "not: the tree with $name does not build" || fail "the tree with $name does not build"
	# Its line and the one under it: --help breaks a long line.
	"$tmp/t/build/ctxbench" --help | grep -A1 -- '--format FMT' | tr '\n' ' ' |
		grep -Eq -- "--format FMT .*\\b$name\\b" &&
		pass "not: --help does not list $name" || fail "--help does not list $name"
	# The references the tables make, written again: the page's list and
	# the completion's words now name it, and docs/ stays as it is.
	"$cmake" --build "$tmp/t/build" --target refs >/dev/null &&
		pass "not: the refs target fails" || fail "the refs target fails"
	grep -q "^One of .*\\\\fB$name\\\\fR" "$tmp/t/ctxbench.1" && pass "not: the page's OPTIONS list does not name $name after the refs target" ||
		fail "the page's OPTIONS list does not name $name after the refs target"
	grep -Eq "^[[:space:]]*--format\\) printf .* $name ;;" \
		"$tmp/t/completion/ctxbench.bash" && pass "not: the completion does not offer $name after the refs target" ||
		fail "the completion does not offer $name after the refs target"
	for f in docs/json.md docs/keys.md; do
		cmp -s "$src/$f" "$tmp/t/$f" && pass "not: the refs target changed $f for a format" ||
			fail "the refs target changed $f for a format"
	done
	# A run: a line of its label and mechanism with a number.
	out=$("$tmp/t/build/ctxbench" -t 0.05 -r 1 -b pipe -n walk --format "$name")
	[ $? -eq 0 ] && grep -Eqx $'walk\tpipe\t[0-9]+' <<<"$out" && pass "--format $name of a run" ||
		fail "--format $name of a run: $out"
	# A report of two labels, two invocations each, taking turns.
	turns 1
	set -- "$tmp/a1.json" "$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json"
	mkdir "$tmp/r"
	for f in json "$name"; do
		"$tmp/t/build/ctxbench" report --format "$f" "$@" >"$tmp/r/report.$f" &&
			pass "not: report --format $f fails" || fail "report --format $f fails"
	done
	[ "$(grep -Ec $'^[ab]\tpipe\t[0-9]+$' "$tmp/r/report.$name")" -eq 2 ] &&
		pass "report --format $name" || fail "report --format $name: $(<"$tmp/r/report.$name")"
	if command -v python3 >/dev/null; then
		python3 "$tmp/t/tests/formats.py" "$tmp/r" "$tmp/t" json "$name" >"$tmp/checks" 2>&1
		grep -q "^ok - $name: " "$tmp/checks" &&
			! grep -q "^not ok - $name: " "$tmp/checks" && pass "formats.py's check of $name" ||
			fail "formats.py's check of $name: $(grep "$name" "$tmp/checks")"
	else
		echo "# no python3: formats.py's check of $name not run"
	fi
	summary
}

# CONTRIBUTING.md's "Adding a statistic to the verdict", as far as its
# diff goes: the statistic judged by a new row of the method table, which
# `ctxbench dump methods` lists; its keys in the table of keys, written
# into docs/keys.md by the refs target, and said by --format kv of a
# report of two labels taking turns, two invocations each, judged with
# that method (CTXBENCH_METHOD); and not said by the shipped method's.
new_statistic() {
	local diff keys k out shipped method i label
	long_wanted
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block '<!-- new-statistic -->')
	keys=$(sed -nE 's/^\+[ \t]*K\([A-Z0-9_]+, "([a-z0-9_]+)".*/\1/p' <<<"$diff")
	# The rows the diff adds to analysis/method.c's table, not those it
	# rewrites (a new column): their names.
	method=$(awk '/^\+\+\+ b\/analysis\/method.c$/ { on = 1; next }
		/^diff / { on = 0 }
		on && match($0, /^[-+][ \t]*\{ "[a-z0-9-]+",/) {
			n = substr($0, RSTART, RLENGTH); sub(/^[-+][ \t]*\{ "/, "", n)
			sub(/",$/, "", n); c[n] += substr($0, 1, 1) == "+" ? 1 : -1 }
		END { for (n in c) if (c[n] > 0) print n }' <<<"$diff")
	[ "$(grep -cE '_(judged|change_pct)$' <<<"$keys")" -eq 2 ] &&
		grep -q '^+++ b/analysis/verdict.h$' <<<"$diff" &&
		grep -q '^+++ b/report/flat.c$' <<<"$diff" && pass "not: CONTRIBUTING.md's diff adds no statistic and no key" ||
		fail "CONTRIBUTING.md's diff adds no statistic and no key"
	[ -n "$method" ] && [ "$(wc -l <<<"$method")" -eq 1 ] &&
		pass "not: CONTRIBUTING.md's diff adds not one method to analysis/method.c" ||
		fail "CONTRIBUTING.md's diff adds not one method to analysis/method.c: '$method'"
	mkdir "$tmp/t" && tree_copy "$tmp/t" || fail "cannot copy the tree"
	(cd "$tmp/t" && patch -s -p1 --no-backup-if-mismatch <<<"$diff") &&
		pass "not: CONTRIBUTING.md's diff does not apply" || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp/t" && pass "not: the tree with the statistic does not build" || fail "the tree with the statistic does not build"
	"$cmake" --build "$tmp/t/build" --target refs >/dev/null &&
		pass "not: the refs target fails" || fail "the refs target fails"
	for k in $keys; do
		grep -q "^| \`$k\` |" "$tmp/t/docs/keys.md" && pass "not: docs/keys.md has no row of $k after the refs target" ||
			fail "docs/keys.md has no row of $k after the refs target"
	done
	"$tmp/t/build/ctxbench" dump methods | cut -f1 | grep -qxF -- "$method" &&
		pass "not: ctxbench dump methods does not list $method" ||
		fail "ctxbench dump methods does not list $method"
	turns 2
	set -- "$tmp/a1.json" "$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json"
	out=$(CTXBENCH_METHOD=$method "$tmp/t/build/ctxbench" report --format kv "$@")
	[ $? -eq 0 ] && pass "not: report --format kv fails" || fail "report --format kv fails"
	shipped=$(env -u CTXBENCH_METHOD "$tmp/t/build/ctxbench" report --format kv "$@")
	[ $? -eq 0 ] && pass "not: report --format kv of the shipped method fails" ||
		fail "report --format kv of the shipped method fails"
	# Those written whenever the statistic was measured on both sides
	# (its detect is not known on every machine); the shipped method,
	# the table's first row, does not test it.
	for k in $(grep -E '_(judged|change_pct)$' <<<"$keys"); do
		grep -Eq "^b/pipe\.[a-z]+\.2p\.0k\.$k: -?[0-9.]+(e[-+]?[0-9]+)?$" <<<"$out" &&
			pass "--format kv has no $k of b with CTXBENCH_METHOD=$method" ||
			fail "--format kv has no $k of b with CTXBENCH_METHOD=$method: $(grep "$k" <<<"$out")"
		! grep -q "\\.$k: " <<<"$shipped" && pass "the shipped method's report has no $k" ||
			fail "the shipped method's report has $k: $(grep "$k" <<<"$shipped")"
	done
	summary
}

# The longest function body allowed, in lines (CONTRIBUTING.md).
FUNCTION_MAX=60

# No function of the product (every .c outside tests/, fuzz/ and bench/)
# over FUNCTION_MAX lines.  As the kernel writes C, a function's body is
# from a "{" at column 0 to the next "}" at column 0, and its name the
# last one followed by "(" on a line at column 0 before it.  A check
# each function.
functions() {
	local f where n
	while IFS= read -r f; do
		while read -r where n; do
			if [ "$n" -le "$FUNCTION_MAX" ]; then
				pass "$where: $n lines"
			else
				fail "$where: $n lines, over $FUNCTION_MAX"
			fi
		done < <(awk -v file="$f" '
			/^[A-Za-z_]/ && match($0, /[A-Za-z_][A-Za-z_0-9]*\(/) {
				name = substr($0, RSTART, RLENGTH - 1) }
			/^\{/ { start = NR; next }
			/^\}/ && start { print file ":" name, NR - start - 1; start = 0 }
		' "$src/$f")
	done < <(cd "$src" && find . -name '*.c' ! -path './tests/*' \
		! -path './fuzz/*' ! -path './bench/*' ! -path './build*' \
		! -path './.git/*' | sed 's|^\./||' | sort)
	summary
}

src=${2:-}
case ${1:-} in
layout) layout ;;
root) root ;;
new-backend) cmake=$3 new_backend ;;
new-format) cmake=$3 new_format ;;
new-statistic) cmake=$3 new_statistic ;;
functions) functions ;;
*)
	echo "usage: $0 layout SRC | root SRC | new-backend SRC CMAKE | new-format SRC CMAKE | new-statistic SRC CMAKE | functions SRC" >&2
	exit 2
	;;
esac
