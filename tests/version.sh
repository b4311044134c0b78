#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# The version ctxbench says it was built from: in -V, a saved run and the
# report's Run information, and worked out again at each build.
# usage: version.sh shown BIN SRC BASE | version.sh saved BIN |
#        version.sh rebuild SRC BASE CMAKE
set -u

. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"version-shown shown @BIN@ @SRC@ @VERSION@ | timeout=120"
	"version-saved saved @BIN@ | timeout=120"
	"version-rebuild rebuild @SRC@ @VERSION@ @CMAKE@ | timeout=600 labels=long"
)
list_tests "$@"
[ "${1:-}" = saved ] && isolate "$@"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The version of -V.
version_of() {
	"$1" -V | sed -n 's/^ctxbench //p'
}

# -V says the commit of the checkout it was built in, or BASE alone.
shown() {
	local bin=$1 src=$2 base=$3 v top hash want
	v=$(version_of "$bin")
	top=$(git -C "$src" rev-parse --show-toplevel 2>/dev/null)
	if [ -n "$top" ] && [ "$(realpath "$top")" = "$(realpath "$src")" ]; then
		hash=$(git -C "$src" rev-parse --short=12 HEAD)
		want="$base-[0-9]+-g$hash"
		# At tag v<version>: the version alone.
		git -C "$src" describe --tags --exact-match --match "v$base" \
			>/dev/null 2>&1 && want=$base
		[[ $v =~ ^$want(-dirty)?$ ]] && pass "not: -V says '$v', not $want[-dirty] (HEAD $hash)" ||
			fail "-V says '$v', not $want[-dirty] (HEAD $hash)"
	else
		[ "$v" = "$base" ] && pass "not: -V says '$v', not $base (no git)" || fail "-V says '$v', not $base (no git)"
	fi
	summary
}

# A saved run holds -V's version whole; the report shows it, and two
# versions each in its run's block.
saved() {
	local bin=$1 v long=0.10.12-123456-g1a2b3c4d5e6f-dirty out
	v=$(version_of "$bin")
	[ -n "$v" ] && pass "not: -V says no version" || fail "-V says no version"
	"$bin" -b pipe -t 0.1 -r 1 -q -n a -o "$tmp/a.json" >/dev/null &&
		pass "not: the run with -o failed" || fail "the run with -o failed"
	grep -qF "\"ctxbench_version\": \"$v\"" "$tmp/a.json" && pass "not: the saved run does not hold version $v" ||
		fail "the saved run does not hold version $v"
	"$bin" report "$tmp/a.json" | grep -qx "  CtxbenchVersion *$(sed 's/[.]/[.]/g' <<<"$v")" &&
		pass "not: the report does not show version $v" || fail "the report does not show version $v"
	# A longer version, as another build wrote it, read back whole.
	sed -e "s/\"ctxbench_version\": \"[^\"]*\"/\"ctxbench_version\": \"$long\"/" \
		-e 's/"label": "a"/"label": "b"/' "$tmp/a.json" >"$tmp/b.json"
	"$bin" report --json "$tmp/b.json" >"$tmp/b2.json" && pass "not: a saved run of version $long is refused" ||
		fail "a saved run of version $long is refused"
	grep -qF "\"ctxbench_version\": \"$long\"" "$tmp/b2.json" && pass "not: report --json does not keep version $long" ||
		fail "report --json does not keep version $long"
	out=$("$bin" report "$tmp/a.json" "$tmp/b.json")
	# Each run's block has its own version, none under "Run: ALL".
	awk -v a="$v" -v b="$long" '
		/^Run: / { run = $2 }
		$1 == "CtxbenchVersion" { seen[run] = $2 }
		END { exit !(seen["a"] == a && seen["b"] == b && !("ALL" in seen)) }' \
		<<<"$out" && pass "not: two versions are not each in its run's block:" ||
		fail "two versions are not each in its run's block:"$'\n'"$out"
	# One longer than a saved run holds is refused, and says so.
	sed "s/\"ctxbench_version\": \"[^\"]*\"/\"ctxbench_version\": \"$(printf '%064d' 0)\"/" \
		"$tmp/a.json" >"$tmp/c.json"
	"$bin" report "$tmp/c.json" >/dev/null 2>"$tmp/err"
	[ $? -eq 2 ] && grep -q 'ctxbench_version.*longer than 63 bytes' "$tmp/err" &&
		pass "a version of 64 bytes is not refused" || fail "a version of 64 bytes is not refused: $(<"$tmp/err")"
	summary
}

# Work out the version of the copy at $tmp/src in $tmp/build, as each
# build of ctxbench does (its target ctxbench_version), without compiling
# the tree again: the version -V would say, from the source made, in $v.
# That -V says what that source holds is version-shown's check.
build() {
	"$cmake" --build "$tmp/build" --target ctxbench_version >"$tmp/build.log" 2>&1 ||
		{ cat "$tmp/build.log" >&2; fail "the build failed"; }
	v=$(sed -n 's/^const char ctxbench_version\[\] = "\(.*\)";$/\1/p' \
		"$tmp/build/ctxbench_version.c")
}

# A build after a commit, a change, a tag or in a tree without .git says
# so; a build after none rewrites nothing.
rebuild() {
	local src=$1 base=$2 cmake=$3 g=(git -C "$tmp/src") v hash stamp
	long_wanted
	command -v git >/dev/null || skip "no git"
	mkdir "$tmp/src"
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . |
		tar -C "$tmp/src" -xf - || fail "cannot copy the tree"
	export GIT_AUTHOR_NAME=t GIT_AUTHOR_EMAIL=t@example.org \
		GIT_COMMITTER_NAME=t GIT_COMMITTER_EMAIL=t@example.org
	"${g[@]}" init -q && "${g[@]}" add -A && "${g[@]}" commit -qm one ||
		fail "cannot make a repository of the copy"
	"$cmake" -S "$tmp/src" -B "$tmp/build" -G "Unix Makefiles" \
		-DBUILD_TESTING=OFF >/dev/null || fail "cannot configure the copy"
	# Each build of ctxbench works the version out first (make -n: what
	# it would run).
	"$cmake" --build "$tmp/build" --target ctxbench -- -n 2>&1 |
		grep -q -- "-P $tmp/src/cmake/version.cmake" && pass "not: a build of ctxbench does not work out its version" ||
		fail "a build of ctxbench does not work out its version"
	build
	hash=$("${g[@]}" rev-parse --short=12 HEAD)
	[ "$v" = "$base-1-g$hash" ] && pass "not: -V says '$v', not $base-1-g$hash" || fail "-V says '$v', not $base-1-g$hash"

	"${g[@]}" commit -q --allow-empty -m two
	build
	hash=$("${g[@]}" rev-parse --short=12 HEAD)
	[ "$v" = "$base-2-g$hash" ] && pass "not: after a commit, -V says '$v', not $base-2-g$hash" ||
		fail "after a commit, -V says '$v', not $base-2-g$hash"

	touch -d '1 hour ago' "$tmp/build/ctxbench_version.c"
	stamp=$(stat -c %Y "$tmp/build/ctxbench_version.c")
	build
	[ "$(stat -c %Y "$tmp/build/ctxbench_version.c")" = "$stamp" ] && pass "not: a build after no change rewrote the version's source" ||
		fail "a build after no change rewrote the version's source"

	echo "/* changed */" >>"$tmp/src/ctxbench.c"
	build
	[ "$v" = "$base-2-g$hash-dirty" ] && pass "not: with a change, -V says '$v', not $base-2-g$hash-dirty" ||
		fail "with a change, -V says '$v', not $base-2-g$hash-dirty"
	"${g[@]}" checkout -q ctxbench.c
	touch "$tmp/src/CMakeLists.txt" # touched, not changed: clean
	build
	[ "$v" = "$base-2-g$hash" ] && pass "not: with the change undone, -V says '$v', not $base-2-g$hash" ||
		fail "with the change undone, -V says '$v', not $base-2-g$hash"

	# Counted from the tag v<version> when there is one; at it, the
	# version alone.
	"${g[@]}" tag "v$base" HEAD~1
	build
	[ "$v" = "$base-1-g$hash" ] && pass "not: after tag v$base, -V says '$v', not $base-1-g$hash" ||
		fail "after tag v$base, -V says '$v', not $base-1-g$hash"
	"${g[@]}" tag -f "v$base" HEAD >/dev/null
	build
	[ "$v" = "$base" ] && pass "not: at tag v$base, -V says '$v', not $base" || fail "at tag v$base, -V says '$v', not $base"
	"${g[@]}" tag -d "v$base" >/dev/null

	# A tarball: no .git.
	rm -rf "$tmp/src/.git"
	build
	[ "$v" = "$base" ] && pass "not: without .git, -V says '$v', not $base" || fail "without .git, -V says '$v', not $base"
	summary
}

case ${1:-} in
shown) shown "$2" "$3" "$4" ;;
saved) saved "$2" ;;
rebuild) cmake=$4 rebuild "$2" "$3" "$4" ;;
*)
	echo "usage: $0 shown BIN SRC BASE | saved BIN | rebuild SRC BASE CMAKE" >&2
	exit 2
	;;
esac
