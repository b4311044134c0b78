#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Dependencies point one way: a room of the source includes only its own
# headers and those of the rooms it uses, as CMakeLists.txt's ctx_room()
# lines say (written to rooms.txt in the build directory); inside a room,
# no two files use each other, however many files the circle goes through.
# Usage: layers.sh includes SOURCE_DIR ROOMS_TXT
#        layers.sh circles NM ROOM_ARCHIVE...
set -u
. "${0%/*}/lib.sh"
# The tests (see list_tests in lib.sh).
tests=(
	"layers includes @SRC@ @BUILD@/rooms.txt |"
	"layers-circles circles @NM@ @ROOM_ARCHIVES@ |"
)
list_tests "$@"

includes() {
	src=$1 rooms=$2
	declare -A uses
	while IFS=: read -r room deps; do
		uses[$room]=" ${deps//;/ } "
	done <"$rooms"
	[ "${#uses[@]}" -gt 0 ] || { fail "no room in $rooms"; summary; exit; }

	tmp=$(mktemp) && trap 'rm -f "$tmp"' EXIT
	# Every file's quoted includes, read by one awk: "FILE INCLUDE..."
	# a line, each file of every room on its line, includes or none.
	local -A incs
	local f inc line rest files=()
	for room in "${!uses[@]}"; do
		for f in "$src/$room"/*.[ch]; do
			[ -e "$f" ] && files+=("$f")
		done
	done
	for f in "$src"/analysis/*.[ch] "$src"/report/*.[ch]; do
		[ -e "$f" ] && files+=("$f")
	done
	while read -r f rest; do
		incs[$f]=$rest
	done < <(awk 'FNR == 1 { if (NR > 1) print f, l; f = FILENAME; l = "" }
		match($0, /^#include "[^"]*"/) { l = l " " substr($0, RSTART + 10, RLENGTH - 11) }
		END { if (NR) print f, l }' "${files[@]}")
	checked=0
	for room in "${!uses[@]}"; do
		for f in "$src/$room"/*.[ch]; do
			[ -e "$f" ] || continue
			for inc in ${incs[$f]-}; do
				other=${inc%%/*}
				[ "$other" = "$inc" ] && continue # its own room
				checked=$((checked + 1))
				if [ "$other" = "$room" ]; then
					pass "${f#"$src"/}: includes $inc, its own room"
				elif [ -z "${uses[$other]+x}" ]; then
					fail "${f#"$src"/}: includes $inc, of no room"
				elif [[ ${uses[$room]} != *" $other "* ]]; then
					fail "${f#"$src"/}: includes $inc, but $room does not use $other"
				else
					pass "${f#"$src"/}: includes $inc, of a room $room uses"
				fi
			done
		done
	done
	# A room's own header included by a path-less name from another folder
	# would hide a dependency: every path-less include must be beside it.
	# A check each file.
	for room in "${!uses[@]}"; do
		for f in "$src/$room"/*.[ch]; do
			[ -e "$f" ] || continue
			line=
			for inc in ${incs[$f]-}; do
				[[ $inc == */* ]] || [ -e "$src/$room/$inc" ] ||
					line+="${line:+; }${f#"$src"/}: includes \"$inc\", which is not in $room/"
			done
			[ -n "$line" ] && fail "$line" || pass "${f#"$src"/}: its path-less includes beside it"
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
		for inc in ${incs[$f]-}; do
			[[ $inc == *.h ]] || continue
			inc=${inc%.h}
			case $inc in
			*/*) echo "$inc $node" ;;
			*) echo "${rel%/*}/$inc $node" ;;
			esac
		done
	done >"$tmp"
	if tsort "$tmp" >/dev/null 2>"$tmp.loop"; then
		pass "no circle of includes among analysis/ and report/"
	else
		fail "a circle of includes: $(grep -v 'input contains a loop' "$tmp.loop" | sed 's/^tsort: //' | tr '\n' ' ')"
	fi
	rm -f "$tmp.loop"
	# A row's key is the model's (compare_cell.key): no format makes it.
	local makers
	makers=$(grep -l 'report_row_key(' "$src"/report/*.c 2>/dev/null)
	[ -z "$makers" ] && pass "no format makes a row's key: the model's" ||
		fail "formats make a row's key instead of the model's: ${makers//"$src"\//}"
	[[ ${uses[analysis]-} != *" report "* ]] && [ -n "${uses[analysis]+x}" ] &&
		pass "the analysis room uses no format's room" ||
		fail "the analysis room is missing, or uses the formats' room report"
	echo "rooms: ${#uses[@]}, cross-room includes checked: $checked"
	summary
}

# The files of each room, from its archive's objects: a file uses another
# when it refers to a symbol the other defines.  Those uses must have an
# order (tsort finds none where there is a circle), so that a file can be
# read, tested and moved with only the files below it.  A check a room.
circles() {
	local nm=$1 a room loops
	shift
	[ $# -gt 0 ] || { fail "no room archive given"; summary; exit; }
	tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
	for a in "$@"; do
		room=$(basename "$a" .a)
		room=${room#libctx_}
		"$nm" -A -g --defined-only "$a" >"$tmp/def" 2>/dev/null &&
			"$nm" -A -u "$a" >"$tmp/use" 2>/dev/null ||
			{ fail "$nm $a failed"; continue; }
		# "user definer" for each symbol one object uses of another.
		awk 'FILENAME == ARGV[1] { if (NF >= 3) { n = split($1, p, ":")
				def[$NF] = p[n - 1] }; next }
			{ n = split($1, p, ":"); o = p[n - 1]
			if (($NF in def) && def[$NF] != o) print o, def[$NF] }' \
			"$tmp/def" "$tmp/use" | sort -u >"$tmp/edges"
		loops=$(tsort "$tmp/edges" 2>&1 >/dev/null |
			sed -n 's/^tsort: \([^ :]*\.o\)$/\1/p' | sort -u | tr '\n' ' ')
		if [ -z "$loops" ]; then
			pass "$room/: no circle ($(wc -l <"$tmp/edges") uses between its files)"
		else
			fail "$room/: files that use each other, in a circle: $loops"
		fi
	done
	summary
}

case ${1:-} in
includes) includes "$2" "$3" ;;
circles) shift; circles "$@" ;;
*)
	echo "usage: $0 includes SRC ROOMS_TXT | circles NM ROOM_ARCHIVE..." >&2
	exit 2
	;;
esac
