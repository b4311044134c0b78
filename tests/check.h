/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A minimal test harness: CHECK macros and a summary line ctest can read. */
#ifndef CTXBENCH_CHECK_H
#define CTXBENCH_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned int check_passed, check_failed;

#define CHECK(cond)                                                            \
	do {                                                                   \
		if (cond) {                                                    \
			check_passed++;                                        \
		} else {                                                       \
			check_failed++;                                        \
			fprintf(stderr, "%s:%d: CHECK(%s) failed\n", __FILE__, \
				__LINE__, #cond);                              \
		}                                                              \
	} while (0)

#define CHECK_EQ_INT(a, b)                                                    \
	do {                                                                  \
		long long check_a = (long long)(a), check_b = (long long)(b); \
		if (check_a == check_b) {                                     \
			check_passed++;                                       \
		} else {                                                      \
			check_failed++;                                       \
			fprintf(stderr, "%s:%d: %s == %lld, expected %lld\n", \
				__FILE__, __LINE__, #a, check_a, check_b);    \
		}                                                             \
	} while (0)

#define CHECK_NEAR(a, b, tol)                                              \
	do {                                                               \
		double check_a = (a), check_b = (b);                       \
		if (fabs(check_a - check_b) <= (tol)) {                    \
			check_passed++;                                    \
		} else {                                                   \
			check_failed++;                                    \
			fprintf(stderr,                                    \
				"%s:%d: %s == %.10g, expected %.10g\n",    \
				__FILE__, __LINE__, #a, check_a, check_b); \
		}                                                          \
	} while (0)

#define CHECK_STR(a, b)                                                    \
	do {                                                               \
		const char *check_a = (a), *check_b = (b);                 \
		if (strcmp(check_a, check_b) == 0) {                       \
			check_passed++;                                    \
		} else {                                                   \
			check_failed++;                                    \
			fprintf(stderr,                                    \
				"%s:%d: %s == \"%s\", expected \"%s\"\n",  \
				__FILE__, __LINE__, #a, check_a, check_b); \
		}                                                          \
	} while (0)

/* Print "N passed, N failed" alone on the last line; the exit status. */
static inline int check_summary(void)
{
	printf("%u passed, %u failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
