/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the summary statistics and of the row helpers. */
#include <stdlib.h>

#include "check.h"
#include "lib/util.h"
#include "model/results.h"
#include "lib/stats.h"

static void test_summary(void)
{
	static const struct {
		double x[6];
		size_t n;
		double min, max, mean, sd;
	} cases[] = {
		{ { 0 }, 0, 0, 0, 0, 0 },
		{ { 5 }, 1, 5, 5, 5, 0 },
		{ { 1, 3 }, 2, 1, 3, 2, 1.4142135623730951 },
		/* sd of 2,4,4,4,5,5: sqrt(10/5) with n - 1 = 5. */
		{ { 2, 4, 4, 4, 5, 5 }, 6, 2, 5, 4, 1.0954451150103321 },
		{ { -1, 1 }, 2, -1, 1, 0, 1.4142135623730951 },
		{ { 1e9, 1e9 + 1, 1e9 + 2 }, 3, 1e9, 1e9 + 2, 1e9 + 1, 1 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct stats s;

		stats_summary(cases[i].x, cases[i].n, &s);
		CHECK_EQ_INT(s.n, cases[i].n);
		CHECK_NEAR(s.min, cases[i].min, 1e-9);
		CHECK_NEAR(s.max, cases[i].max, 1e-9);
		CHECK_NEAR(s.mean, cases[i].mean, 1e-9);
		CHECK_NEAR(s.sd, cases[i].sd, 1e-9);
		if (cases[i].mean != 0)
			CHECK_NEAR(s.cv, cases[i].sd / fabs(cases[i].mean),
				   1e-12);
		else
			CHECK_NEAR(s.cv, 0, 0);
	}
}

static void test_row_stats(void)
{
	struct result_sample smp[] = {
		{ .loops = 1000, .elapsed_s = 1.0 },
		{ .loops = 3000, .elapsed_s = 2.0 },
		{ .loops = 0, .elapsed_s = 0 }, /* guarded: rate 0 */
	};
	struct result_row row = { .nsamples = 2, .sample = smp };
	struct stats s;

	result_row_stats(&row, &s);
	CHECK_NEAR(s.min, 1000, 0);
	CHECK_NEAR(s.max, 1500, 0);
	CHECK_NEAR(s.mean, 1250, 1e-9);
	CHECK_NEAR(result_rate(&smp[2]), 0, 0);
	row.nsamples = 0;
	result_row_stats(&row, &s);
	CHECK_EQ_INT(s.n, 0);
	CHECK_STR(result_status_name(RESULT_FAILED), "FAILED");
	CHECK_STR(result_status_name(RESULT_SKIPPED), "skipped");
}

int main(void)
{
	test_summary();
	test_row_stats();
	return check_summary();
}
