/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Summary statistics, Welch's t-test and the t distribution, odd samples.
 *
 * Summary statistics (min, max, mean, standard deviation, CV), Welch's
 * t-test with the t distribution computed from libm alone, and the tests
 * for odd samples: Tukey's fences and a split into two clusters.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
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
 * One step of the modified Lentz method with the partial numerator @num:
 * @c and @d carried on, the factor the fraction is multiplied by.
 */
static double stats_lentz(double num, double *c, double *d)
{
	const double tiny = 1e-300;

	*d = 1 + num * *d;
	*c = 1 + num / *c;
	if (fabs(*d) < tiny)
		*d = tiny;
	if (fabs(*c) < tiny)
		*c = tiny;
	*d = 1 / *d;
	return *d * *c;
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
		h *= stats_lentz(num, &c, &d);
		num = -(a + m) * (a + b + m) * x / ((a + m2) * (a + m2 + 1));
		del = stats_lentz(num, &c, &d);
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

double stats_t_quantile(double q, double df)
{
	double lo = 0, hi = 1;

	if (!(q > 0 && q < 1) || !(df > 0))
		return NAN;
	if (q < 0.5)
		return -stats_t_quantile(1 - q, df);
	/* The upper tail 1 - q is half the two-sided p of the quantile. */
	while (stats_t_p(hi, df) / 2 > 1 - q && hi < 1e12)
		hi *= 2;
	for (int i = 0; i < 200 && hi - lo > 1e-12 * hi; i++) {
		double mid = (lo + hi) / 2;

		if (stats_t_p(mid, df) / 2 > 1 - q)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
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

static int stats_cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* A sorted copy of @x, or NULL when out of memory. */
static double *stats_sorted(const double *x, size_t n)
{
	double *s = malloc(n * sizeof(*s));

	if (!s)
		return NULL;
	memcpy(s, x, n * sizeof(*s));
	qsort(s, n, sizeof(*s), stats_cmp);
	return s;
}

double stats_quantile(const double *sorted, size_t n, double p)
{
	double h;
	size_t k;

	if (n == 0 || isnan(p))
		return NAN;
	if (p <= 0)
		return sorted[0];
	if (p >= 1)
		return sorted[n - 1];
	h = (double)(n - 1) * p;
	k = (size_t)h;
	if (k + 1 >= n)
		return sorted[n - 1];
	return sorted[k] + (h - (double)k) * (sorted[k + 1] - sorted[k]);
}

int stats_tukey(const double *x, size_t n, unsigned char *outlier)
{
	double *s, q1, q3, lo, hi;
	int count = 0;

	if (outlier)
		memset(outlier, 0, n);
	if (n < 4)
		return 0;
	s = stats_sorted(x, n);
	if (!s)
		return -ENOMEM;
	q1 = stats_quantile(s, n, 0.25);
	q3 = stats_quantile(s, n, 0.75);
	free(s);
	lo = q1 - 1.5 * (q3 - q1);
	hi = q3 + 1.5 * (q3 - q1);
	for (size_t i = 0; i < n; i++) {
		if (x[i] >= lo && x[i] <= hi)
			continue;
		if (outlier)
			outlier[i] = 1;
		count++;
	}
	return count;
}

int stats_two_clusters(const double *x, size_t n, double *lo_mean,
		       double *hi_mean, size_t *n_lo)
{
	struct stats all, lo, hi;
	double *s, gap = -1;
	size_t split = 0;
	int two;

	stats_summary(x, n, &all);
	if (lo_mean)
		*lo_mean = all.mean;
	if (hi_mean)
		*hi_mean = all.mean;
	if (n_lo)
		*n_lo = n;
	if (n < 4)
		return 0;
	s = stats_sorted(x, n);
	if (!s)
		return -ENOMEM;
	/* The low side is s[0 .. k - 1], the high side s[k .. n - 1]. */
	for (size_t k = 2; k + 2 <= n; k++) {
		if (s[k] - s[k - 1] > gap) {
			gap = s[k] - s[k - 1];
			split = k;
		}
	}
	stats_summary(s, split, &lo);
	stats_summary(s + split, n - split, &hi);
	free(s);
	two = gap > STATS_CLUSTER_GAP_SD * fmax(lo.sd, hi.sd) &&
	      hi.mean - lo.mean > STATS_CLUSTER_MIN_DIFF *
					  fmax(fabs(lo.mean), fabs(hi.mean));
	if (!two)
		return 0;
	if (lo_mean)
		*lo_mean = lo.mean;
	if (hi_mean)
		*hi_mean = hi.mean;
	if (n_lo)
		*n_lo = split;
	return 1;
}
