#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# How rings scale: set-up, tear-down and the time of one hop as the ring
# grows from 2 to 1024 participants, for a mechanism (default pipe).
# Set-up is from the runner's call to the start of every participant
# (objects created, processes forked, all ready); tear-down from the stop
# to the last object removed.  Medians of ROUNDS runs.
#
# usage: bench/rings.sh [BUILD_DIR] [MECH] [ROUNDS]
set -euo pipefail

build=${1:-build}
mech=${2:-pipe}
rounds=${3:-3}
bin=$build/ctxbench
[ -x "$bin" ] || { echo "no $bin: build first" >&2; exit 1; }

printf '%6s %12s %12s %12s %10s\n' procs setup_ms teardown_ms hop_us loops/s
for n in 2 4 8 16 32 64 128 256 512 1024; do
	"$bin" -b "$mech" -p "$n" -t 0.5 -r "$rounds" -n bench --json |
		awk -v n="$n" -F'[:,{} ]+' '
		BEGIN { k = 0 }
		/"loops_per_s"/ {
			for (i = 1; i < NF; i++) {
				if ($i == "\"loops_per_s\"") r[k] = $(i + 1)
				if ($i == "\"setup_s\"") s[k] = $(i + 1)
				if ($i == "\"teardown_s\"") t[k] = $(i + 1)
			}
			k++
		}
		function median(a, m,    i, j, x) {
			for (i = 0; i < m; i++)
				for (j = i + 1; j < m; j++)
					if (a[j] < a[i]) { x = a[i]; a[i] = a[j]; a[j] = x }
			return m % 2 ? a[(m - 1) / 2] : (a[m / 2 - 1] + a[m / 2]) / 2
		}
		END {
			if (!k) { printf "%6d %12s\n", n, "failed"; exit }
			rate = median(r, k)
			printf "%6d %12.1f %12.1f %12.2f %10.0f\n", n,
				median(s, k) * 1e3, median(t, k) * 1e3,
				1e6 / (rate * n), rate
		}'
done
