/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of Welch's t-test and of the t distribution under it, against
 * closed forms, printed tables and values computed independently at 40
 * digits (the incomplete beta function and, to cross-check it, numerical
 * integration of the t density).
 */
#include "check.h"
#include "lib/util.h"
#include "lib/stats.h"

static void test_betai(void)
{
	static const struct {
		double a, b, x, want;
	} cases[] = {
		{ 0.5, 0.5, 0.5, 0.5 },
		/* I_0.4(2, 3) = 1 - 0.6^4 - 4 * 0.4 * 0.6^3, by hand. */
		{ 2, 3, 0.4, 0.5248 },
		{ 10, 0.5, 0.9, 0.15164090963470996856 },
		{ 0.5, 10, 0.01, 0.34207182484321553304 },
		{ 100, 0.5, 0.99, 0.15677586542444078337 },
		{ 5, 5, 0.3, 0.098808659999999986397 },
		{ 1.5, 0.5, 0.999, 0.95974334188496819702 },
		{ 0.5, 0.5, 1e-10, 6.3661977237819168421e-6 },
		{ 2000, 0.5, 0.999, 0.045459758437854704394 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		double got = stats_betai(cases[i].a, cases[i].b, cases[i].x);

		CHECK_NEAR(got, cases[i].want, 1e-12 * (1 + cases[i].want));
		/* The symmetry the implementation leans on. */
		CHECK_NEAR(
			1 - stats_betai(cases[i].b, cases[i].a, 1 - cases[i].x),
			cases[i].want, 1e-12);
	}
	CHECK_NEAR(stats_betai(2, 3, 0), 0, 0);
	CHECK_NEAR(stats_betai(2, 3, 1), 1, 0);
	CHECK_NEAR(stats_betai(2, 3, -1), 0, 0);
	CHECK(isnan(stats_betai(0, 3, 0.5)));
	CHECK(isnan(stats_betai(2, 3, NAN)));
}

static void test_t_p(void)
{
	/* t critical values of a printed table, two-sided 5 % and 2 %. */
	static const struct {
		double t, df, p;
	} table[] = {
		{ 12.706, 1, 0.05 }, { 4.303, 2, 0.05 },  { 2.571, 5, 0.05 },
		{ 2.228, 10, 0.05 }, { 2.086, 20, 0.05 }, { 2.042, 30, 0.05 },
		{ 2.764, 10, 0.02 },
	};
	/* The same and other points, at 40 digits. */
	static const struct {
		double t, df, p;
	} exact[] = {
		{ 2.228, 10, 0.050011771817111365362 },
		{ 12.706, 1, 0.050000802358133187905 },
		{ 4.303, 2, 0.049992524985214501984 },
		{ 2.571, 5, 0.049974634683851392071 },
		{ 2.042, 30, 0.050028670656197901144 },
		{ 2.764, 10, 0.019992088921610191317 },
		{ 1.0, 3.5, 0.38133725356344553803 },
		{ 0.5, 27.85, 0.62100296232404380654 },
		{ -2.46, 27.85, 0.020365181217452262039 },
		{ 10, 7.3, 0.000016100255201481013945 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(table); i++)
		CHECK_NEAR(stats_t_p(table[i].t, table[i].df), table[i].p,
			   2e-4); /* the table has 3 decimals */
	for (size_t i = 0; i < ARRAY_SIZE(exact); i++)
		CHECK_NEAR(stats_t_p(exact[i].t, exact[i].df), exact[i].p,
			   1e-12);
	/* Closed forms: Cauchy for df = 1, and df = 2. */
	for (double t = -50; t <= 50; t += 0.37) {
		CHECK_NEAR(stats_t_p(t, 1), 1 - 2 / M_PI * atan(fabs(t)),
			   1e-12);
		CHECK_NEAR(stats_t_p(t, 2), 1 - fabs(t) / sqrt(2 + t * t),
			   1e-12);
	}
	CHECK_NEAR(stats_t_p(0, 5), 1, 1e-15);
	CHECK_NEAR(stats_t_p(INFINITY, 5), 0, 0);
	CHECK(isnan(stats_t_p(1, 0)));
}

static void welch_of(const double *a, size_t na, const double *b, size_t nb,
		     struct stats_welch *w, int *rc)
{
	struct stats sa, sb;

	stats_summary(a, na, &sa);
	stats_summary(b, nb, &sb);
	*rc = stats_welch(&sa, &sb, w);
}

static void test_welch(void)
{
	/* The three examples of Welch's t-test that Wikipedia prints. */
	static const double w1a[] = { 27.5, 21.0, 19.0, 23.6, 17.0,
				      17.9, 16.9, 20.1, 21.9, 22.6,
				      23.1, 19.6, 19.0, 21.7, 21.4 };
	static const double w1b[] = { 27.1, 22.0, 20.8, 23.4, 23.4,
				      23.5, 25.8, 22.0, 24.8, 20.2,
				      21.9, 22.1, 22.9, 20.5, 24.4 };
	static const double w2a[] = { 17.2, 20.9, 22.6, 18.1, 21.7,
				      21.4, 23.5, 24.2, 14.7, 21.8 };
	static const double w2b[] = { 21.5, 22.8, 21.0, 23.0, 21.6, 23.6, 22.5,
				      20.7, 23.4, 21.8, 20.7, 21.7, 21.5, 22.5,
				      23.6, 21.5, 22.5, 23.5, 21.5, 21.8 };
	static const double w3a[] = { 19.8, 20.4, 19.6, 17.8, 18.5,
				      18.9, 18.3, 18.9, 19.5, 22.0 };
	static const double w3b[] = { 28.2, 26.6, 20.1, 23.3, 25.2, 22.1, 17.7,
				      27.6, 20.6, 13.7, 23.2, 17.5, 20.6, 18.0,
				      23.9, 21.6, 24.3, 20.4, 24.0, 13.2 };
	static const double s1[] = { 1, 2, 3 }, s2[] = { 4, 5, 6 };
	static const double u1[] = { 1, 2, 3, 4 }, u2[] = { 2, 4, 6 };
	static const double flat[] = { 5, 5, 5 }, flat6[] = { 6, 6 };
	static const double spread[] = { 4, 6, 7, 3 }, one[] = { 5 };
	struct stats_welch w;
	int rc;

	welch_of(w1b, ARRAY_SIZE(w1b), w1a, ARRAY_SIZE(w1a), &w, &rc);
	CHECK_EQ_INT(rc, 0);
	CHECK_NEAR(w.t, -2.4553563982860045, 1e-12);
	CHECK_NEAR(w.df, 24.988529290231414, 1e-9);
	CHECK_NEAR(w.p, 0.02137800146286706, 1e-12);

	welch_of(w2a, ARRAY_SIZE(w2a), w2b, ARRAY_SIZE(w2b), &w, &rc);
	CHECK_NEAR(w.t, 1.5654335235985055, 1e-12);
	CHECK_NEAR(w.df, 9.9047412486508292, 1e-9);
	CHECK_NEAR(w.p, 0.14884169660532791, 1e-12);

	welch_of(w3a, ARRAY_SIZE(w3a), w3b, ARRAY_SIZE(w3b), &w, &rc);
	CHECK_NEAR(w.t, 2.2192409158236251, 1e-12);
	CHECK_NEAR(w.df, 24.496223124201238, 1e-9);
	CHECK_NEAR(w.p, 0.035972271029796703, 1e-12);

	/* By hand: means 2 and 5, variances 1: t = 3 / sqrt(2/3), df 4. */
	welch_of(s1, 3, s2, 3, &w, &rc);
	CHECK_NEAR(w.t, 3 / sqrt(2.0 / 3), 1e-12);
	CHECK_NEAR(w.df, 4, 1e-12);
	CHECK_NEAR(w.p, 0.021311641128756726, 1e-12);
	/* The other way round: t changes sign, p does not. */
	welch_of(s2, 3, s1, 3, &w, &rc);
	CHECK_NEAR(w.t, -3 / sqrt(2.0 / 3), 1e-12);
	CHECK_NEAR(w.p, 0.021311641128756726, 1e-12);

	welch_of(u1, 4, u2, 3, &w, &rc);
	CHECK_NEAR(w.t, 1.1338934190276817, 1e-12);
	CHECK_NEAR(w.df, 3.234718826405868, 1e-9);
	CHECK_NEAR(w.p, 0.33382370007750132, 1e-12);

	/* One side without spread: all the variance is the other's. */
	welch_of(flat, 3, spread, 4, &w, &rc);
	CHECK_EQ_INT(rc, 0);
	CHECK_NEAR(w.t, 0, 1e-15);
	CHECK_NEAR(w.df, 3, 1e-12);
	CHECK_NEAR(w.p, 1, 1e-12);

	/* Neither side has spread. */
	welch_of(flat, 3, flat, 3, &w, &rc);
	CHECK_EQ_INT(rc, 0);
	CHECK_NEAR(w.p, 1, 0);
	welch_of(flat, 3, flat6, 2, &w, &rc);
	CHECK_EQ_INT(rc, 0);
	CHECK_NEAR(w.p, 0, 0);
	CHECK(isinf(w.t) && w.t > 0);

	/* Fewer than 2 samples on a side: no test. */
	welch_of(one, 1, spread, 4, &w, &rc);
	CHECK_EQ_INT(rc, -1);
	welch_of(spread, 4, one, 1, &w, &rc);
	CHECK_EQ_INT(rc, -1);
	welch_of(one, 0, one, 1, &w, &rc);
	CHECK_EQ_INT(rc, -1);
}

int main(void)
{
	test_betai();
	test_t_p();
	test_welch();
	return check_summary();
}
