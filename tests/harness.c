/* SPDX-License-Identifier: GPL-2.0-or-later */
/* check.h's summary after N passing checks, N the argument: harness.sh. */
#include <stdlib.h>

#include "check.h"

int main(int argc, char **argv)
{
	long n = argc > 1 ? strtol(argv[1], NULL, 10) : 0;

	for (long i = 0; i < n; i++)
		CHECK(i >= 0);
	return check_summary();
}
