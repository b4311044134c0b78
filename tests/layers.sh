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
[ "${#uses[@]}" -gt 0 ] || { echo "no room in $rooms"; exit 1; }

tmp=$(mktemp) && trap 'rm -f "$tmp"' EXIT
bad=0 checked=0
for room in "${!uses[@]}"; do
	for f in "$src/$room"/*.[ch]; do
		[ -e "$f" ] || continue
		while IFS= read -r inc; do
			other=${inc%%/*}
			[ "$other" = "$inc" ] && continue # its own room
			checked=$((checked + 1))
			[ "$other" = "$room" ] && continue
			if [ -z "${uses[$other]+x}" ]; then
				echo "${f#"$src"/}: includes $inc, of no room"
				bad=$((bad + 1))
			elif [[ ${uses[$room]} != *" $other "* ]]; then
				echo "${f#"$src"/}: includes $inc, but $room does not use $other"
				bad=$((bad + 1))
			fi
		done < <(sed -n 's/^#include "\([^"]*\)".*/\1/p' "$f")
	done
done
# A room's own header included by a path-less name from another folder
# would hide a dependency: every path-less include must be beside it.
for room in "${!uses[@]}"; do
	for f in "$src/$room"/*.[ch]; do
		[ -e "$f" ] || continue
		sed -n 's/^#include "\([^"/]*\)".*/\1/p' "$f" | while IFS= read -r h; do
			[ -e "$src/$room/$h" ] ||
				echo "${f#"$src"/}: includes \"$h\", which is not in $room/"
		done
	done
done | tee "$tmp" >&2
[ -s "$tmp" ] && bad=$((bad + 1))
echo "rooms: ${#uses[@]}, cross-room includes checked: $checked"
if [ "$bad" -gt 0 ]; then
	echo "0 passed, $bad failed"
	exit 1
fi
echo "1 passed, 0 failed"
