#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CONTRIBUTING.md's "Layout of the source", made by tools/gen-layout, and its
# claim that a new mechanism is one new file and one list line: both kept
# true; and its rule that no function of the product is over 60 lines.
# The repository's root holds only what the layout names.
# usage: layout.sh layout SRC | layout.sh root SRC | layout.sh new-backend SRC CMAKE |
#        layout.sh functions SRC
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"layout layout @SRC@ | timeout=300 labels=docs"
	"layout-root root @SRC@ | labels=docs"
	"layout-new-backend new-backend @SRC@ @CMAKE@ | timeout=300 labels=docs cost=6"
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
		fail "tools/gen-layout failed: $(cat "$tmp/err")"
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
	local cmake=$1 diff name out
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
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . |
		tar -C "$tmp" -xf - || fail "cannot copy the tree"
	(cd "$tmp" && patch -s -p1 <<<"$diff") &&
		pass "not: CONTRIBUTING.md's diff does not apply" || fail "CONTRIBUTING.md's diff does not apply"
	# Unoptimised, without debug information: only that it builds and
	# runs is checked here, in a third of -O2's time (the build of the
	# tree itself is the one that judges the warnings of -O2).
	"$cmake" -S "$tmp" -B "$tmp/build" -DCTXBENCH_WERROR=ON \
		-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O0 >/dev/null &&
		"$cmake" --build "$tmp/build" -j2 --target ctxbench >/dev/null &&
		pass "not: the tree with $name does not build" || fail "the tree with $name does not build"
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
new-backend) new_backend "$3" ;;
functions) functions ;;
*)
	echo "usage: $0 layout SRC | root SRC | new-backend SRC CMAKE | functions SRC" >&2
	exit 2
	;;
esac
