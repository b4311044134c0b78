#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# One report, one model: in the objects of the product, compare_build() is
# called once, by report_model_build() (and for --series's steps by the
# model's trend, which report_model_build() alone builds), which the
# output phase alone calls, once for every format it renders
# (report/formats.h); no format builds a model of its own.  Read from the
# relocations of the built objects, so that a second comparison cannot
# come back unseen.
# Usage: model.sh OBJDUMP OBJECT_OR_ARCHIVE...
set -u
. "${0%/*}/lib.sh"
# The test (see list_tests in lib.sh).
tests=("report-model-once @OBJDUMP@ @PRODUCT_OBJECTS@ @ROOM_ARCHIVES@ |")
list_tests "$@"
objdump=$1
shift
[ $# -gt 0 ] || { echo "no object given"; exit 1; }

tmp=$(mktemp -d) && trap 'rm -rf "$tmp"' EXIT
# "object symbol" for each call or reference of a symbol by code or data
# (not by the debugging information).
"$objdump" -r "$@" 2>/dev/null | awk '
	/file format/ { obj = $1; sub(/:$/, "", obj); n = split(obj, p, "/")
		obj = p[n]; sub(/^.*\(/, "", obj); sub(/\)$/, "", obj); next }
	/^RELOCATION RECORDS FOR/ { code = $4 !~ /^\[\.(debug|eh_frame)/; next }
	code && NF >= 3 && $3 !~ /^\./ {
		s = $3; sub(/[-+].*/, "", s); print obj, s }' \
	>"$tmp/refs"
[ -s "$tmp/refs" ] || { echo "no relocation read from $*"; exit 1; }
# Objects built with a sanitizer refer to their globals again for its
# instrumentation: the counts below are those of the product as shipped.
if grep -q ' __\(asan\|ubsan\)_' "$tmp/refs"; then
	skip "objects built with a sanitizer: its instrumentation adds references"
fi

# The objects that refer to @sym, with how many times each: "obj n".
refs() {
	awk -v s="$1" '$2 == s { n[$1]++ } END { for (o in n) print o, n[o] }' \
		"$tmp/refs" | sort
}

expect() {
	local sym=$1 want=$2 got
	got=$(refs "$sym" | tr '\n' ' ')
	got=${got% }
	if [ "$got" = "$want" ]; then
		pass "not: $sym is called by '${got:-nothing}', expected '${want:-nothing}'"
	else
		fail "$sym is called by '${got:-nothing}', expected '${want:-nothing}'"
	fi
}

# The model's comparison, and with --series each step's, the comparison
# of a pair, built inside the model by report_model_trend() (trend.c).
expect compare_build "model.c.o 1 trend.c.o 1"
expect report_model_trend "model.c.o 1"
# The output phase, once, and no format.
expect report_model_build "output.c.o 1"
# Each format is reached from the table alone.
expect report_formats "output.c.o 1"
summary
