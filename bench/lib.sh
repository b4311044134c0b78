# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the bench scripts: find ctxbench, take medians, read its rows.

build=${BUILD:-build}
bin=$build/ctxbench
[ -x "$bin" ] || { echo "no $bin: build first (or set BUILD)" >&2; exit 1; }

# bench_tool NAME: the path of bench/NAME.c's program, built beside ctxbench
# with the project's warnings (bench/CMakeLists.txt).
bench_tool() {
	local tool=$build/bench/$1
	[ -x "$tool" ] || { echo "no $tool: build first (or set BUILD)" >&2; return 1; }
	echo "$tool"
}

# The median of the numbers on standard input.
median() {
	sort -g | awk '{ v[NR] = $1 } END {
		print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2 }'
}

# kv_key KEY: from ctxbench's --format kv on standard input, KEY's value
# (docs/keys.md: loops_per_sec, loops_per_sec_low, loops_per_sec_high,
# cv_pct, rtt_p50_ns...) of the first row that has it: a row skipped or
# failed has no figures, and is passed over.  Nothing when no row has it.
kv_key() {
	awk -F': ' -v k="$1" '{ n = split($1, p, ".") }
		n > 1 && p[n] == k { print $2; exit }'
}

# ctx_key KEY ARGS...: run ctxbench -n bench ARGS --format kv and print
# KEY of its first row (kv_key).
ctx_key() {
	local key=$1
	shift
	"$bin" -n bench "$@" --format kv | kv_key "$key"
}

# ratio A B: A / B with three decimals.
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", (b > 0 ? a / b : 0) }'; }

# boot_ratio A-FILE B-FILE: the ratio of the medians of the numbers in
# A-FILE and B-FILE, and its 95 % bootstrap interval (2000 resamples of
# the pairs, percentile method), as "ratio low high".
boot_ratio() {
	paste "$1" "$2" | awk 'function med(x, n,   i, j, t, s) {
			for (i = 1; i <= n; i++) s[i] = x[i]
			for (i = 2; i <= n; i++)
				for (j = i; j > 1 && s[j - 1] > s[j]; j--) {
					t = s[j]; s[j] = s[j - 1]; s[j - 1] = t }
			return (n % 2) ? s[(n + 1) / 2] : (s[n / 2] + s[n / 2 + 1]) / 2 }
		{ a[NR] = $1; b[NR] = $2 }
		END {
			srand(1); n = NR
			for (k = 1; k <= 2000; k++) {
				for (i = 1; i <= n; i++) {
					j = int(rand() * n) + 1; x[i] = a[j]; y[i] = b[j] }
				r[k] = med(x, n) / med(y, n)
			}
			for (i = 2; i <= 2000; i++)
				for (j = i; j > 1 && r[j - 1] > r[j]; j--) {
					t = r[j]; r[j] = r[j - 1]; r[j - 1] = t }
			printf "%.3f %.3f %.3f\n", med(a, n) / med(b, n), r[50], r[1951] }'
}
