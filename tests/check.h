/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A minimal test harness: CHECK macros and a summary line ctest can read. */
#ifndef CTXBENCH_CHECK_H
#define CTXBENCH_CHECK_H

#include <math.h>
#include <stdio.h>
#include <string.h>

static unsigned int check_passed, check_failed;

/*
 * Each check's result as a line of KTAP (the kernel's test output,
 * Documentation/dev-tools/ktap.rst): "KTAP version 1" before the first,
 * then "ok N FILE:LINE NAME" or "not ok N ...", NAME the condition as
 * written; check_summary() prints the plan "1..N" and the closing line.
 */
static inline void check_result(int ok, const char *file, int line,
				const char *name)
{
	const char *base = strrchr(file, '/');

	if (check_passed + check_failed == 0)
		printf("KTAP version 1\n");
	if (ok)
		check_passed++;
	else
		check_failed++;
	printf("%sok %u %s:%d %s\n", ok ? "" : "not ",
	       check_passed + check_failed, base ? base + 1 : file, line, name);
	if (!ok)
		fflush(stdout);
}

/* Count @ok, named @name; when it is false, say where, as @fmt says what. */
#define CHECK_NAMED(ok, name, fmt, ...)                               \
	do {                                                          \
		int check_ok = (ok);                                  \
		check_result(check_ok, __FILE__, __LINE__, name);     \
		if (!check_ok)                                        \
			fprintf(stderr, "%s:%d: " fmt "\n", __FILE__, \
				__LINE__, __VA_ARGS__);               \
	} while (0)

#define CHECK_THAT(ok, fmt, ...) CHECK_NAMED(ok, #ok, fmt, __VA_ARGS__)

#define CHECK(cond) CHECK_NAMED(cond, #cond, "CHECK(%s) failed", #cond)

#define CHECK_EQ_INT(a, b)                                                    \
	do {                                                                  \
		long long check_a = (long long)(a), check_b = (long long)(b); \
		CHECK_NAMED(check_a == check_b, #a " == " #b,                 \
			    "%s == %lld, expected %lld", #a, check_a,         \
			    check_b);                                         \
	} while (0)

#define CHECK_NEAR(a, b, tol)                                              \
	do {                                                               \
		double check_a = (a), check_b = (b);                       \
		CHECK_NAMED(fabs(check_a - check_b) <= (tol), #a " ~ " #b, \
			    "%s == %.10g, expected %.10g", #a, check_a,    \
			    check_b);                                      \
	} while (0)

#define CHECK_STR(a, b)                                                   \
	do {                                                              \
		const char *check_a = (a), *check_b = (b);                \
		CHECK_NAMED(strcmp(check_a, check_b) == 0, #a " eq " #b,  \
			    "%s == \"%s\", expected \"%s\"", #a, check_a, \
			    check_b);                                     \
	} while (0)

/*
 * Print the plan and "N passed, N failed" alone on the last line; the
 * exit status, a failure too when no check ran.
 */
static inline int check_summary(void)
{
	if (check_passed + check_failed == 0) {
		check_result(0, __FILE__, __LINE__, "no check ran");
		fprintf(stderr, "no check ran\n");
	}
	printf("1..%u\n", check_passed + check_failed);
	printf("%u passed, %u failed\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
