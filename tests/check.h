/* SPDX-License-Identifier: GPL-2.0-or-later */
/* A minimal test harness: CHECK macros and a summary line ctest can read. */
#ifndef CTXBENCH_CHECK_H
#define CTXBENCH_CHECK_H

#include <fnmatch.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static unsigned int check_passed, check_failed, check_skipped;

/*
 * Each check's result as a line of KTAP (the kernel's test output,
 * Documentation/dev-tools/ktap.rst): "KTAP version 1" before the first,
 * then "ok N FILE:LINE NAME" or "not ok N ...", NAME the condition as
 * written, or "ok N FILE:LINE NAME # SKIP WHY" (CHECK_SKIP);
 * check_summary() prints the plan "1..N" and the closing line.
 */
static inline void check_result(int ok, const char *file, int line,
				const char *name)
{
	const char *base = strrchr(file, '/');

	if (check_passed + check_failed + check_skipped == 0)
		printf("KTAP version 1\n");
	if (ok)
		check_passed++;
	else
		check_failed++;
	printf("%sok %u %s:%d %s\n", ok ? "" : "not ",
	       check_passed + check_failed + check_skipped,
	       base ? base + 1 : file, line, name);
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
static inline int check_skip_allowed(const char *why)
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
	return allowed;
}

#define CHECK_SKIP_REFUSED                                   \
	"skipped, which CTXBENCH_REQUIRE_ALL=1 allows only " \
	"for the reasons of tests/skips-allowed"

static inline int check_skip(const char *why)
{
	if (!check_skip_allowed(why)) {
		fprintf(stderr, "FAIL: " CHECK_SKIP_REFUSED ": %s\n", why);
		return 1;
	}
	printf("skipped: %s\n", why);
	return 77;
}

/*
 * A check named @name that cannot be made here, for the reason @why: a
 * result of its own, "ok N FILE:LINE NAME # SKIP WHY", counted apart; a
 * failure under CTXBENCH_REQUIRE_ALL=1 unless tests/skips-allowed allows
 * @why (as skip_check in lib.sh).
 */
#define CHECK_SKIP(name, why) check_skip_one(__FILE__, __LINE__, name, why)
static inline void check_skip_one(const char *file, int line, const char *name,
				  const char *why)
{
	const char *base = strrchr(file, '/');

	if (!check_skip_allowed(why)) {
		check_result(0, file, line, name);
		fprintf(stderr, "%s:%d: %s: " CHECK_SKIP_REFUSED ": %s\n", file,
			line, name, why);
		return;
	}
	if (check_passed + check_failed + check_skipped == 0)
		printf("KTAP version 1\n");
	check_skipped++;
	printf("ok %u %s:%d %s # SKIP %s\n",
	       check_passed + check_failed + check_skipped,
	       base ? base + 1 : file, line, name, why);
}
#endif

/*
 * Print the plan and "N passed, N failed, N skipped" alone on the last
 * line; the exit status, a failure too when no check ran.
 */
static inline int check_summary(void)
{
	if (check_passed + check_failed + check_skipped == 0) {
		check_result(0, __FILE__, __LINE__, "no check ran");
		fprintf(stderr, "no check ran\n");
	}
	printf("1..%u\n", check_passed + check_failed + check_skipped);
	printf("%u passed, %u failed, %u skipped\n", check_passed, check_failed,
	       check_skipped);
	return check_failed ? 1 : 0;
}

#endif
