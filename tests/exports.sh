#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# A room exports only what another file uses: every global symbol that a
# room's library defines is used by another object (another source file of
# the tree, ctxbench.c or a test); one used only in its own file should be
# static there.
# Usage: exports.sh NM OBJECT_OR_ARCHIVE... -- ROOM_ARCHIVE...
set -u
. "${0%/*}/lib.sh"
# The test (see list_tests in lib.sh).
tests=("exports @NM@ @USER_OBJECTS@ -- @ROOM_ARCHIVES@ |")
list_tests "$@"
nm=$1
shift
users=() rooms=()
while [ $# -gt 0 ] && [ "$1" != -- ]; do
	users+=("$1")
	shift
done
shift
rooms=("$@")
[ "${#rooms[@]}" -gt 0 ] || { fail "no room archive given"; summary; exit; }

tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# "object symbol" for each definition, and for each use, of the rooms and
# of the other objects; a symbol is used when an object that does not
# define it refers to it.  Names that begin with "_" are the compiler's
# or a sanitizer's, never the tree's.
"$nm" -A -g --defined-only "${rooms[@]}" >"$tmp/def" || { fail "$nm failed"; summary; exit; }
"$nm" -A -u "${rooms[@]}" "${users[@]}" >"$tmp/use" || { fail "$nm failed"; summary; exit; }
awk '$NF !~ /^_/ { n = split($1, p, ":"); print p[n - 1], $NF }' "$tmp/def" |
	sort -u >"$tmp/defs"
awk '{ n = split($1, p, ":"); print p[n - 1], $NF }' "$tmp/use" |
	sort -u >"$tmp/uses"
# A check each symbol.
while read -r what line; do
	[ "$what" = ok ] && pass "not: $line" || fail "$line"
done < <(awk 'NR == FNR { used[$2] = 1; next }
	!($2 in used) { print "bad", $1 ": " $2 " is used in no other file"; next }
	{ print "ok" }' "$tmp/uses" "$tmp/defs")
summary
