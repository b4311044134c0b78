/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Summary statistics (min, max, mean, standard deviation, CV) and Welch's
 * t-test, with the t distribution computed from libm alone.
 */
#include <math.h>
#include <string.h>

#include "stats.h"

void stats_summary(const double *x, size_t n, struct stats *s)
{
	double sum = 0, sq = 0;

	memset(s, 0, sizeof(*s));
	s->n = n;
	if (n == 0)
		return;
	s->min = s->max = x[0];
	for (size_t i = 0; i < n; i++) {
		sum += x[i];
		if (x[i] < s->min)
			s->min = x[i];
		if (x[i] > s->max)
			s->max = x[i];
	}
	s->mean = sum / (double)n;
	if (n < 2)
		return;
	/* Two passes: the deviations are small against the mean. */
	for (size_t i = 0; i < n; i++)
		sq += (x[i] - s->mean) * (x[i] - s->mean);
	s->sd = sqrt(sq / (double)(n - 1));
	if (s->mean != 0)
		s->cv = s->sd / fabs(s->mean);
}

/*
 * The continued fraction of the incomplete beta function, evaluated by the
 * modified Lentz method; it converges fast for x < (a + 1) / (a + b + 2).
 */
static double stats_betacf(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double c = 1, d = 1 - (a + b) * x / (a + 1), h;

	if (fabs(d) < tiny)
		d = tiny;
	d = 1 / d;
	h = d;
	for (int m = 1; m <= 1000; m++) {
		double m2 = 2.0 * m, num, del;

		/* The even step, then the odd one. */
		num = m * (b - m) * x / ((a + m2 - 1) * (a + m2));
		d = 1 + num * d;
		c = 1 + num / c;
		if (fabs(d) < tiny)
			d = tiny;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		h *= d * c;
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		d = 1 + num * d;
		c = 1 + num / c;
		if (fabs(d) < tiny)
			d = tiny;
		if (fabs(c) < tiny)
			c = tiny;
		d = 1 / d;
		del = d * c;
		h *= del;
		if (fabs(del - 1) < eps)
			break;
	}
	return h;
}

double stats_betai(double a, double b, double x)
{
	double lfront;

	if (isnan(x) || isnan(a) || isnan(b) || a <= 0 || b <= 0)
		return NAN;
	if (x <= 0)
		return 0;
	if (x >= 1)
		return 1;
	lfront = lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) +
		 b * log1p(-x);
	/* Use the side of the symmetry I_x(a, b) = 1 - I_1-x(b, a) that converges. */
	if (x < (a + 1) / (a + b + 2))
		return exp(lfront) * stats_betacf(a, b, x) / a;
	return 1 - exp(lfront) * stats_betacf(b, a, 1 - x) / b;
}

double stats_t_p(double t, double df)
{
	if (isnan(t) || isnan(df) || df <= 0)
		return NAN;
	if (isinf(t))
		return 0;
	return stats_betai(df / 2, 0.5, df / (df + t * t));
}

int stats_welch(const struct stats *a, const struct stats *b,
		struct stats_welch *w)
{
	double va, vb, se2;

	memset(w, 0, sizeof(*w));
	if (a->n < 2 || b->n < 2)
		return -1;
	va = a->sd * a->sd / (double)a->n;
	vb = b->sd * b->sd / (double)b->n;
	se2 = va + vb;
	if (se2 == 0) {
		/* No spread at all: the means are equal or they are not. */
		w->df = (double)(a->n + b->n - 2);
		w->t = b->mean == a->mean ? 0 :
		       b->mean > a->mean  ? INFINITY :
					    -INFINITY;
		w->p = b->mean == a->mean ? 1 : 0;
		return 0;
	}
	w->t = (b->mean - a->mean) / sqrt(se2);
	/* Each side's share of the variance, so nothing overflows. */
	va /= se2;
	vb /= se2;
	w->df = 1 /
		(va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	w->p = stats_t_p(w->t, w->df);
	return 0;
}
