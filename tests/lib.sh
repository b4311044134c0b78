# SPDX-License-Identifier: GPL-2.0-or-later
# Shared by the test scripts: counting checks, and the closing line ctest
# and CI read ("N passed, N failed").

passed=0
failed=0
fail() {
	echo "FAIL: $*" >&2
	failed=$((failed + 1))
}
pass() {
	passed=$((passed + 1))
}
summary() {
	echo "$passed passed, $failed failed"
	[ "$failed" -eq 0 ]
}
