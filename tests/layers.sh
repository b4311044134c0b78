#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Dependencies point one way: a room of the source includes only its own
# headers and those of the rooms it uses, as CMakeLists.txt's ctx_room()
# lines say (written to rooms.txt in the build directory).
# Usage: layers.sh SOURCE_DIR ROOMS_TXT
set -u
. "$(dirname "$0")/lib.sh"
# The test (see list_tests in lib.sh).
tests=("layers @SRC@ @BUILD@/rooms.txt |")
list_tests "$@"
src=$1 rooms=$2
declare -A uses
while IFS=: read -r room deps; do
	uses[$room]=" ${deps//;/ } "
done <"$rooms"
[ "${#uses[@]}" -gt 0 ] || { fail "no room in $rooms"; summary; exit; }

tmp=$(mktemp) && trap 'rm -f "$tmp"' EXIT
checked=0
for room in "${!uses[@]}"; do
	for f in "$src/$room"/*.[ch]; do
		[ -e "$f" ] || continue
		while IFS= read -r inc; do
			other=${inc%%/*}
			[ "$other" = "$inc" ] && continue # its own room
			checked=$((checked + 1))
			if [ "$other" = "$room" ]; then
				pass
			elif [ -z "${uses[$other]+x}" ]; then
				fail "${f#"$src"/}: includes $inc, of no room"
			elif [[ ${uses[$room]} != *" $other "* ]]; then
				fail "${f#"$src"/}: includes $inc, but $room does not use $other"
			else
				pass
			fi
		done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
	done
done
# A room's own header included by a path-less name from another folder
# would hide a dependency: every path-less include must be beside it.
# A check each file.
for room in "${!uses[@]}"; do
	for f in "$src/$room"/*.[ch]; do
		[ -e "$f" ] || continue
		sed -n 's/^#include "\([^"/]*\)".*/\1/p' "$f" | while IFS= read -r h; do
			[ -e "$src/$room/$h" ] ||
				echo "${f#"$src"/}: includes \"$h\", which is not in $room/"
		done >"$tmp"
		[ -s "$tmp" ] && fail "$(cat "$tmp")" || pass
	done
done
# No circle of includes among the analysis and the formats: a file and
# its header are one node ("report/text"), an include an edge to the
# node of the header it names; tsort(1) says the circle it finds.  And
# the analysis, below every format, uses no format's room.  A check each.
for f in "$src"/analysis/*.[ch] "$src"/report/*.[ch]; do
	[ -e "$f" ] || continue
	rel=${f#"$src"/}
	node=${rel%.[ch]}
	echo "$node $node"
	sed -n 's/^#include "\([^"]*\)\.h".*/\1/p' "$f" | while IFS= read -r h; do
		case $h in
		*/*) echo "$h $node" ;;
		*) echo "${rel%/*}/$h $node" ;;
		esac
	done
done >"$tmp"
if tsort "$tmp" >/dev/null 2>"$tmp.loop"; then
	pass
else
	fail "a circle of includes: $(grep -v 'input contains a loop' "$tmp.loop" | sed 's/^tsort: //' | tr '\n' ' ')"
fi
rm -f "$tmp.loop"
[[ ${uses[analysis]-} != *" report "* ]] && [ -n "${uses[analysis]+x}" ] && pass ||
	fail "the analysis room is missing, or uses the formats' room report"
echo "rooms: ${#uses[@]}, cross-room includes checked: $checked"
summary
