#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# Run ctxbench once and turn its flat output into result.txt lines
# ("name pass|fail|skip [measurement units]") for send-to-lava.sh, which
# reports each as lava-test-case NAME --result R --measurement V --units U.

. ../../lib/sh-test-lib
OUTPUT="$(pwd)/output"
RESULT_FILE="${OUTPUT}/result.txt"
MECHANISMS="all"
PLACEMENT="same"
TIME="1"
RUNS="3"
PROCS="2"
CTXBENCH="ctxbench"

usage() {
    echo "Usage: $0 [-b <mechanisms>] [-P <placement>] [-t <seconds>]
        [-r <runs>] [-p <participants>] [-c <ctxbench binary>] [-h]" 1>&2
    exit 1
}

while getopts "b:P:t:r:p:c:h" o; do
    case "$o" in
        b) MECHANISMS="${OPTARG}" ;;
        P) PLACEMENT="${OPTARG}" ;;
        t) TIME="${OPTARG}" ;;
        r) RUNS="${OPTARG}" ;;
        p) PROCS="${OPTARG}" ;;
        c) CTXBENCH="${OPTARG}" ;;
        h|*) usage ;;
    esac
done

create_out_dir "${OUTPUT}"
TEST_LOG="${OUTPUT}/ctxbench-output.txt"

if ! binary=$(command -v "${CTXBENCH}"); then
    error_msg "${CTXBENCH} is not installed (cmake --install, or give its path)"
fi
info_msg "ctxbench -b ${MECHANISMS} -P ${PLACEMENT} -t ${TIME} -r ${RUNS} -p ${PROCS}"

# Exit status 1 is a row that failed or hung: its test case says so.
"${binary}" -q --format kv -b "${MECHANISMS}" -P "${PLACEMENT}" \
    -t "${TIME}" -r "${RUNS}" -p "${PROCS}" -o "${OUTPUT}/ctxbench.json" \
    > "${TEST_LOG}"
rc=$?
if [ "${rc}" -gt 1 ]; then
    error_msg "ctxbench exited ${rc}"
fi

awk -f ./ctxbench-results.awk "${TEST_LOG}" | tee -a "${RESULT_FILE}"
