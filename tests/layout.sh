#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# CONTRIBUTING.md's "Layout of the source" and its claim that a new mechanism
# is one new file and one list line: both kept true; and its rule that no
# function of the product is over 60 lines.
# usage: layout.sh layout SRC | layout.sh new-backend SRC CMAKE |
#        layout.sh functions SRC
set -u

. "$(dirname "$0")/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"layout layout @SRC@ | timeout=300 labels=docs"
	"layout-new-backend new-backend @SRC@ @CMAKE@ | timeout=300 labels=docs cost=6"
	"layout-functions functions @SRC@ | labels=docs"
)
list_tests "$@"

# The lines of CONTRIBUTING.md's fenced block after the marker @1.
block() {
	awk -v m="<!-- $1 -->" '$0 == m { on = 1; next }
		on && /^```/ { if (in_block) exit; in_block = 1; next }
		in_block' "$src/CONTRIBUTING.md"
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
	local cmake=$1 tmp diff name out
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
	tar -C "$src" --exclude='./build*' --exclude=./.git -cf - . |
		tar -C "$tmp" -xf - || fail "cannot copy the tree"
	(cd "$tmp" && patch -s -p1 <<<"$diff") &&
		pass || fail "CONTRIBUTING.md's diff does not apply"
	# Unoptimised, without debug information: only that it builds and
	# runs is checked here, in a third of -O2's time (the build of the
	# tree itself is the one that judges the warnings of -O2).
	"$cmake" -S "$tmp" -B "$tmp/build" -DCTXBENCH_WERROR=ON \
		-DCMAKE_BUILD_TYPE=None -DCMAKE_C_FLAGS=-O0 >/dev/null &&
		"$cmake" --build "$tmp/build" -j2 --target ctxbench >/dev/null &&
		pass || fail "the tree with $name does not build"
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
new-backend) new_backend "$3" ;;
functions) functions ;;
*)
	echo "usage: $0 layout SRC | new-backend SRC CMAKE | functions SRC" >&2
	exit 2
	;;
esac
