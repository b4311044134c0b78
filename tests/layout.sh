#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CONTRIBUTING.md's "Layout of the source" and its claim that a new mechanism
# is one new file and one list line, and its walks through adding an output
# format and a statistic of the verdict, each applied to a copy of the tree:
# kept true; and its rule that no function of the product is over 60 lines.
# usage: layout.sh layout SRC | layout.sh new-backend SRC CMAKE |
#        layout.sh new-format SRC CMAKE | layout.sh new-statistic SRC CMAKE |
#        layout.sh functions SRC
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"layout layout @SRC@ | timeout=300 labels=docs"
	"layout-new-backend new-backend @SRC@ @CMAKE@ | timeout=300 labels=docs cost=6"
	"layout-new-format new-format @SRC@ @CMAKE@ | timeout=300 labels=docs cost=6"
	"layout-new-statistic new-statistic @SRC@ @CMAKE@ | timeout=300 labels=docs cost=6"
	"layout-functions functions @SRC@ | labels=docs"
)
list_tests "$@"

# The lines of CONTRIBUTING.md's fenced block after the marker @1.
block() {
	awk -v m="<!-- $1 -->" '$0 == m { on = 1; next }
		on && /^```/ { if (in_block) exit; in_block = 1; next }
		in_block' "$src/CONTRIBUTING.md"
}

# The walks below copy the tree into $tmp, global: their EXIT trap removes
# it after the function has returned, where a local would be gone (and,
# under set -u, the trap would fail and leave the copy and its build).

# The tree @src copied into @1, without its builds and its git directory.
tree_copy() {
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . |
		tar -C "$1" -xf -
}

# The tree @1 built into @1/build, ctxbench only: unoptimised, without
# debug information, only that it builds and runs is checked, in a third
# of -O2's time (the build of the tree itself judges the warnings of -O2).
tree_build() {
	"$cmake" -S "$1" -B "$1/build" -DCTXBENCH_WERROR=ON \
		-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O0 >/dev/null &&
		"$cmake" --build "$1/build" -j2 --target ctxbench >/dev/null
}

# The backends of ipc/backends.h, one a line.
backends() {
	sed -nE 's/^[ \t]*X\(([a-z0-9_]+)\).*/\1/p' "$src/ipc/backends.h"
}

layout() {
	local listed path f dir covered b
	listed=$(block layout | awk '{ print $1 }')
	[ -n "$listed" ] && pass || fail "CONTRIBUTING.md has no layout block"
	# Every entry names what is there.
	for path in $listed; do
		case $path in
		*'<mech>'*) compgen -G "$src/${path/<mech>/*}" >/dev/null ;;
		*/) [ -d "$src/$path" ] ;;
		*) [ -e "$src/$path" ] ;;
		esac && pass || fail "CONTRIBUTING.md lists $path, which is not there"
	done
	# Every source file of the product is listed, as itself, as the
	# header of a listed file, or as a mechanism of the list.
	while IFS= read -r f; do
		f=${f#"$src"/}
		covered=0
		for path in $listed; do
			case $path in
			"$f" | "${f%.h}.c") covered=1 ;;
			*'<mech>'*)
				b=${f#ipc/}
				b=${b%.c}
				[[ $f == ipc/*.c ]] && backends | grep -qx "$b" &&
					covered=1
				;;
			esac
		done
		[ "$covered" -eq 1 ] && pass || fail "$f is not in CONTRIBUTING.md's layout"
	done < <(find "$src/ctxbench.c" "$src/cli" "$src/ipc" "$src/run" \
		"$src/lib" "$src/analysis" "$src/report" -name '*.[ch]' | sort)
	# Each mechanism of the list has its file, and each file its line.
	for b in $(backends); do
		[ -f "$src/ipc/$b.c" ] && pass || fail "ipc/backends.h lists $b: no ipc/$b.c"
	done
	for f in "$src"/ipc/*.c; do
		b=$(basename "$f" .c)
		[ "$b" = registry ] || backends | grep -qx "$b" && pass ||
			fail "ipc/$b.c is not in ipc/backends.h"
	done
	summary
}

new_backend() {
	local diff name out
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block new-backend)
	# One new file in ipc/ and one added line in ipc/backends.h, no more.
	[ "$(grep -c '^+++ b/' <<<"$diff")" -eq 2 ] &&
		grep -q '^+++ b/ipc/backends.h$' <<<"$diff" &&
		[ "$(grep -c '^new file' <<<"$diff")" -eq 1 ] &&
		[ "$(awk '/^\+\+\+ b\/ipc\/backends.h/ { on = 1; next }
			/^diff / { on = 0 } on && /^\+/' <<<"$diff" | wc -l)" -eq 1 ] &&
		! grep -q '^-[^-]' <<<"$diff" && pass ||
		fail "CONTRIBUTING.md's diff is not one new file and one list line"
	name=$(sed -nE 's/^\+[ \t]*X\(([a-z0-9_]+)\).*/\1/p' <<<"$diff")
	tree_copy "$tmp" || fail "cannot copy the tree"
	(cd "$tmp" && patch -s -p1 <<<"$diff") &&
		pass || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp" && pass || fail "the tree with $name does not build"
	"$tmp/build/ctxbench" -l | grep -q "^${name//_/-} " && pass ||
		fail "ctxbench -l does not list $name"
	out=$("$tmp/build/ctxbench" -b "${name//_/-}" -t 0.2 -r 1 -P same -q -n t --format kv)
	[ $? -eq 0 ] && awk -F': ' -v k="${name//_/-}.same.2p.0k.loops_per_sec_low" \
		'$1 == k && $2 > 0 { ok = 1 } END { exit !ok }' <<<"$out" &&
		pass || fail "$name does not run: $out"
	ctest --test-dir "$tmp/build" -N | grep -q " run-${name//_/-}$" && pass ||
		fail "no run-${name//_/-} test"
	summary
}

# CONTRIBUTING.md's "Adding an output format", applied: its diff, the
# references written again as it says, and the new format rendering a run
# and a report of two labels, read back by the diff's own formats.py.
new_format() {
	local diff name out f label i
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block new-format)
	name=$(sed -nE 's/^\+[ \t]*X\(([a-z0-9_]+)\).*/\1/p' <<<"$diff")
	[ -n "$name" ] && grep -q '^+++ b/report/formats.h$' <<<"$diff" &&
		grep -q "^+++ b/report/$name.c$" <<<"$diff" && pass ||
		fail "CONTRIBUTING.md's diff adds no format to report/formats.h and its file"
	mkdir "$tmp/t" && tree_copy "$tmp/t" || fail "cannot copy the tree"
	(cd "$tmp/t" && patch -s -p1 <<<"$diff") &&
		pass || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp/t" && pass || fail "the tree with $name does not build"
	"$tmp/t/build/ctxbench" --help | grep -Eq -- "--format FMT .*\\b$name\\b" &&
		pass || fail "--help does not list $name"
	# The references the tables make, written again: the page's list and
	# the completion's words now name it, and docs/ stays as it is.
	"$cmake" --build "$tmp/t/build" --target refs >/dev/null &&
		pass || fail "the refs target fails"
	grep -q "^One of .*\\\\fB$name\\\\fR" "$tmp/t/ctxbench.1" && pass ||
		fail "the page's OPTIONS list does not name $name after the refs target"
	grep -Eq "^[[:space:]]*--format\\) printf .* $name ;;" \
		"$tmp/t/completion/ctxbench.bash" && pass ||
		fail "the completion does not offer $name after the refs target"
	for f in docs/json.md docs/keys.md; do
		cmp -s "$src/$f" "$tmp/t/$f" && pass ||
			fail "the refs target changed $f for a format"
	done
	# A run: a line of its label and mechanism with a number.
	out=$("$tmp/t/build/ctxbench" -t 0.05 -r 1 -b pipe -n walk --format "$name")
	[ $? -eq 0 ] && grep -Eqx $'walk\tpipe\t[0-9]+' <<<"$out" && pass ||
		fail "--format $name of a run: $out"
	# A report of two labels, two invocations each, taking turns.
	for i in 1 2; do
		for label in a b; do
			"$tmp/t/build/ctxbench" -q -t 0.05 -r 1 -b pipe -n $label \
				-o "$tmp/$label$i.json" >/dev/null ||
				fail "the run of $label failed"
		done
	done
	set -- "$tmp/a1.json" "$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json"
	mkdir "$tmp/r"
	for f in json "$name"; do
		"$tmp/t/build/ctxbench" report --format "$f" "$@" >"$tmp/r/report.$f" &&
			pass || fail "report --format $f fails"
	done
	[ "$(grep -Ec $'^[ab]\tpipe\t[0-9]+$' "$tmp/r/report.$name")" -eq 2 ] &&
		pass || fail "report --format $name: $(cat "$tmp/r/report.$name")"
	if command -v python3 >/dev/null; then
		python3 "$tmp/t/tests/formats.py" "$tmp/r" "$tmp/t" json "$name" >"$tmp/checks" 2>&1
		grep -q "^ok - $name: " "$tmp/checks" &&
			! grep -q "^not ok - $name: " "$tmp/checks" && pass ||
			fail "formats.py's check of $name: $(grep "$name" "$tmp/checks")"
	else
		echo "# no python3: formats.py's check of $name not run"
	fi
	summary
}

# CONTRIBUTING.md's "Adding a statistic to the verdict", as far as its
# diff goes: the statistic judged, its keys in the table of keys, written
# into docs/keys.md by the refs target, and said by --format kv of a
# report of two labels taking turns, two invocations each.
new_statistic() {
	local diff keys k out i label
	tmp=$(mktemp -d)
	trap 'rm -rf "$tmp"' EXIT
	diff=$(block new-statistic)
	keys=$(sed -nE 's/^\+[ \t]*K\([A-Z0-9_]+, "([a-z0-9_]+)".*/\1/p' <<<"$diff")
	[ "$(grep -cE '_(judged|change_pct)$' <<<"$keys")" -eq 2 ] &&
		grep -q '^+++ b/analysis/verdict.h$' <<<"$diff" &&
		grep -q '^+++ b/report/flat.c$' <<<"$diff" && pass ||
		fail "CONTRIBUTING.md's diff adds no statistic and no key"
	mkdir "$tmp/t" && tree_copy "$tmp/t" || fail "cannot copy the tree"
	(cd "$tmp/t" && patch -s -p1 <<<"$diff") &&
		pass || fail "CONTRIBUTING.md's diff does not apply"
	tree_build "$tmp/t" && pass || fail "the tree with the statistic does not build"
	"$cmake" --build "$tmp/t/build" --target refs >/dev/null &&
		pass || fail "the refs target fails"
	for k in $keys; do
		grep -q "^| \`$k\` |" "$tmp/t/docs/keys.md" && pass ||
			fail "docs/keys.md has no row of $k after the refs target"
	done
	for i in 1 2; do
		for label in a b; do
			"$tmp/t/build/ctxbench" -q -t 0.05 -r 2 -b pipe -n $label \
				-o "$tmp/$label$i.json" >/dev/null ||
				fail "the run of $label failed"
		done
	done
	out=$("$tmp/t/build/ctxbench" report --format kv "$tmp/a1.json" \
		"$tmp/b1.json" "$tmp/a2.json" "$tmp/b2.json")
	[ $? -eq 0 ] && pass || fail "report --format kv fails"
	# Those written whenever the statistic was measured on both sides
	# (its detect is not known on every machine).
	for k in $(grep -E '_(judged|change_pct)$' <<<"$keys"); do
		grep -Eq "^b/pipe\.[a-z]+\.2p\.0k\.$k: -?[0-9.]+(e[-+]?[0-9]+)?$" <<<"$out" &&
			pass || fail "--format kv has no $k of b: $(grep "$k" <<<"$out")"
	done
	summary
}

# The longest function body allowed, in lines (CONTRIBUTING.md).
FUNCTION_MAX=60
# Functions over it that others are changing now, to be split after:
# temporary, to be emptied, never added to.
FUNCTION_LONG_ALLOWED=(
	cli/output.c:output_emit
	cli/report_cmd.c:report_cmd
	facts/sysinfo.c:sysinfo_read
	run/child.c:run_participant
	run/profile.c:profile_run_begin
	store/save.c:save_file_target
)

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
				pass
			elif [[ " ${FUNCTION_LONG_ALLOWED[*]} " == *" $where "* ]]; then
				echo "# $where: $n lines, allowed for now"
				pass
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
new-backend) cmake=$3 new_backend ;;
new-format) cmake=$3 new_format ;;
new-statistic) cmake=$3 new_statistic ;;
functions) functions ;;
*)
	echo "usage: $0 layout SRC | new-backend SRC CMAKE | new-format SRC CMAKE | new-statistic SRC CMAKE | functions SRC" >&2
	exit 2
	;;
esac
