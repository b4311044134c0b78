/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * check.h's summary after N passing checks, N the argument, or its skip
 * (of the test, "skip", or of a check, "skip-check") for the reason given
 * after it: harness.sh.
 */
#include <stdlib.h>
#include <string.h>

#include "check.h"

int main(int argc, char **argv)
{
	long n;

	if (argc > 2 && strcmp(argv[1], "skip") == 0)
		return check_skip(argv[2]);
	if (argc > 2 && strcmp(argv[1], "skip-check") == 0) {
		CHECK_SKIP("c", argv[2]);
		return check_summary();
	}
	n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;
	for (long i = 0; i < n; i++)
		CHECK(i >= 0);
	return check_summary();
}
