/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A minimal test harness: CHECK macros and a summary line ctest can read. */
#ifndef CTXBENCH_CHECK_H
#define CTXBENCH_CHECK_H

#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned int check_passed, check_failed;

/*
 * Each check's result as a line of KTAP (the kernel's test output,
 * Documentation/dev-tools/ktap.rst): "KTAP version 1" before the first,
 * then "ok N FILE:LINE NAME" or "not ok N ...", NAME the condition as
 * written; check_summary() prints the plan "1..N" and the closing line
 * (a case skips whole, check_skip, or not at all).
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

#ifdef TEST_DIR
/*
 * The whole test cannot run here, for the reason @why: say "skipped: WHY"
 * and return 77, ctest's skip, for main() to return; under
 * CTXBENCH_REQUIRE_ALL=1 (CI) return 1 with the reason instead, unless a
 * pattern of tests/skips-allowed matches it whole (as skip in lib.sh).
 */
static inline int check_skip(const char *why)
{
	const char *all = getenv("CTXBENCH_REQUIRE_ALL");
	char line[512], *tab;
	int allowed = !all || strcmp(all, "1") != 0;
	FILE *f;

	f = allowed ? NULL : fopen(TEST_DIR "/skips-allowed", "r");
	while (f && !allowed && fgets(line, sizeof(line), f)) {
		tab = strchr(line, '\t');
		if (line[0] == '#' || !tab)
			continue;
		*tab = '\0';
		allowed = fnmatch(line, why, 0) == 0;
	}
	if (f)
		fclose(f);
	if (!allowed) {
		fprintf(stderr,
			"FAIL: skipped, which CTXBENCH_REQUIRE_ALL=1 allows only for the reasons of tests/skips-allowed: %s\n",
			why);
		return 1;
	}
	printf("skipped: %s\n", why);
	return 77;
}
#endif

/*
 * Print the plan and "N passed, N failed, N skipped" alone on the last line; the
 * exit status, a failure too when no check ran.
 */
static inline int check_summary(void)
{
	if (check_passed + check_failed == 0) {
		check_result(0, __FILE__, __LINE__, "no check ran");
		fprintf(stderr, "no check ran\n");
	}
	printf("1..%u\n", check_passed + check_failed);
	printf("%u passed, %u failed, 0 skipped\n", check_passed, check_failed);
	return check_failed ? 1 : 0;
}

#endif
