#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-2.0-or-later
# Fuzz the saved-run reader with libFuzzer for a fixed time from a fixed
# seed, starting from the tests' JSON files.  Needs clang and its fuzzer
# runtime (Debian: clang libclang-rt-14-dev).
# usage: fuzz/run.sh [SECONDS]   (default 30)
set -euo pipefail
cd "$(dirname "$0")/.."
secs=${1:-30}
build=build-fuzz

cmake -S . -B "$build" -DCMAKE_C_COMPILER=clang -DCTXBENCH_FUZZ=ON \
	-DCMAKE_BUILD_TYPE=Debug -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" --target fuzz_reader -j2 >/dev/null

corpus=$(mktemp -d)
trap 'rm -rf "$corpus"' EXIT
cp tests/fixtures/json/*.json tests/fixtures/json/bad/* tests/golden/*.json \
	"$corpus"/
# Crashes land in the build directory, never in the sources.
"$build"/fuzz/fuzz_reader -seed=1 -max_total_time="$secs" -max_len=65536 \
	-timeout=10 -rss_limit_mb=2048 -dict=fuzz/json.dict \
	-artifact_prefix="$build"/ -print_final_stats=1 "$corpus"
