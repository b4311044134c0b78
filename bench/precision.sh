#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# How steady ctxbench is: the coefficient of variation of loops/sec over
# -r 5 for every mechanism at placement same.  Target: <= 1 % on an idle
# machine.
# usage: [BUILD=dir] bench/precision.sh [SECONDS] [PLACEMENT]
set -euo pipefail
. "$(dirname "$0")/lib.sh"
secs=${1:-1}
place=${2:-same}

printf '%-12s %12s %7s\n' mechanism average cv
for m in $("$bin" -l | awk '$1 != "null" { print $1 }'); do
	"$bin" -n bench -b "$m" -P "$place" -t "$secs" -r 5 |
		awk -v m="$m" '$1 == "bench" && NF >= 6 { printf "%-12s %12.0f %7s\n", m, $5, $6; exit }'
done
echo "(-t $secs -r 5 at placement $place; target cv <= 1.0% on an idle machine)"
