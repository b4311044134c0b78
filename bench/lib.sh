# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bench scripts: find ctxbench, take medians, read its rows.

build=${BUILD:-build}
bin=$build/ctxbench
[ -x "$bin" ] || { echo "no $bin: build first (or set BUILD)" >&2; exit 1; }

# The median of the numbers on standard input.
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# ctx_field FIELD ARGS...: run ctxbench -n bench ARGS and print FIELD (3 low,
# 4 high, 5 average, 6 cv) of its first row.
ctx_field() {
	local field=$1
	shift
	"$bin" -n bench "$@" | awk -v f="$field" '$1 == "bench" && NF >= 6 {
		sub(/%$/, "", $f); print $f; exit }'
}

# ratio A B: A / B with three decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }
