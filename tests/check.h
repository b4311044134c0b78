/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A minimal test harness: CHECK macros and a summary line ctest can read. */
#ifndef CTXBENCH_CHECK_H
#define CTXBENCH_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned int check_passed, check_failed;

/* Count @ok; when it is false, say where, as @fmt says what. */
#define CHECK_THAT(ok, fmt, ...)                                      \
	do {                                                          \
		if (ok) {                                             \
			check_passed++;                               \
		} else {                                              \
			check_failed++;                               \
			fprintf(stderr, "%s:%d: " fmt "\n", __FILE__, \
				__LINE__, __VA_ARGS__);               \
		}                                                     \
	} while (0)

#define CHECK(cond) CHECK_THAT(cond, "CHECK(%s) failed", #cond)

#define CHECK_EQ_INT(a, b)                                                    \
	do {                                                                  \
		long long check_a = (long long)(a), check_b = (long long)(b); \
		CHECK_THAT(check_a == check_b, "%s == %lld, expected %lld",   \
			   #a, check_a, check_b);                             \
	} while (0)

#define CHECK_NEAR(a, b, tol)                                          \
	do {                                                           \
		double check_a = (a), check_b = (b);                   \
		CHECK_THAT(fabs(check_a - check_b) <= (tol),           \
			   "%s == %.10g, expected %.10g", #a, check_a, \
			   check_b);                                   \
	} while (0)

#define CHECK_STR(a, b)                                                  \
	do {                                                             \
		const char *check_a = (a), *check_b = (b);               \
		CHECK_THAT(strcmp(check_a, check_b) == 0,                \
			   "%s == \"%s\", expected \"%s\"", #a, check_a, \
			   check_b);                                     \
	} while (0)

/*
 * Print "N passed, N failed" alone on the last line; the exit status, a
 * failure too when no check ran.
 */
static inline int check_summary(void)
{
	if (check_passed + check_failed == 0) {
		fprintf(stderr, "no check ran\n");
		check_failed++;
	}
	printf("%u passed, %u failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
