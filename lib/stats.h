/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Summary statistics of a set of samples. */
#ifndef CTXBENCH_STATS_H
#define CTXBENCH_STATS_H

#include <stddef.h>

struct stats {
	size_t n;
	double min, max, mean;
	double sd; /* sample standard deviation (n - 1); 0 when n < 2 */
	double cv; /* sd / mean; 0 when n < 2 or mean is 0 */
};

/* Summarise @n samples @x; n == 0 gives all zeroes. */
void stats_summary(const double *x, size_t n, struct stats *s);

/* Welch's t-test of two samples that may differ in size and variance. */
struct stats_welch {
	double t; /* (mean b - mean a) / its standard error */
	double df; /* Welch-Satterthwaite degrees of freedom */
	double p; /* two-sided */
};

/*
 * Compare the means of the samples summarised by @a and @b.  Returns 0,
 * or -1 when either has fewer than 2 samples (no variance to judge by).
 * With no variance on either side, different means give p = 0 and equal
 * ones p = 1.
 */
int stats_welch(const struct stats *a, const struct stats *b,
		struct stats_welch *w);

/* The regularized incomplete beta function I_x(a, b), a, b > 0. */
double stats_betai(double a, double b, double x);

/* The two-sided p-value of @t under Student's t with @df > 0. */
double stats_t_p(double t, double df);

/* The @q quantile (0 < q < 1) of Student's t with @df > 0; NAN outside. */
double stats_t_quantile(double q, double df);

/*
 * The @p quantile (0 <= p <= 1) of the @n > 0 samples @sorted, in
 * increasing order, interpolated linearly between order statistics: the
 * sample at rank h = (n - 1) p, counted from 0 (Hyndman and Fan's type 7,
 * the default of R and of numpy).
 */
double stats_quantile(const double *sorted, size_t n, double p);

/*
 * Tukey's fences: mark in @outlier (one per sample, may be NULL) each of
 * the @n samples @x outside [Q1 - 1.5 IQR, Q3 + 1.5 IQR], with the
 * quartiles of stats_quantile() and IQR = Q3 - Q1.  Returns the number
 * marked: 0 when n < 4 (too few to call any sample odd), -ENOMEM when no
 * sorted copy could be made.
 */
int stats_tukey(const double *x, size_t n, unsigned char *outlier);

/* The criterion of stats_two_clusters(). */
#define STATS_CLUSTER_GAP_SD 3.0 /* gap over the larger side's sd */
#define STATS_CLUSTER_MIN_DIFF 0.10 /* difference of the means */

/*
 * Whether the @n samples @x fall into two well-separated groups, as the
 * runs of an unpinned ring do when its participants sometimes share a
 * CPU.  The samples are sorted and split at the largest gap that leaves
 * at least 2 on each side; they are two clusters when
 *   - n >= 4,
 *   - the gap is more than STATS_CLUSTER_GAP_SD times the larger sample
 *     standard deviation of the two sides, and
 *   - the means of the sides differ by more than STATS_CLUSTER_MIN_DIFF
 *     of the larger of them (in magnitude).
 * Returns 1 with the means of the low and high sides and the number of
 * samples on the low side (the pointers may be NULL), 0 when unimodal
 * (the outputs are then the mean of all, twice, and @n), -ENOMEM when no
 * sorted copy could be made.
 */
int stats_two_clusters(const double *x, size_t n, double *lo_mean,
		       double *hi_mean, size_t *n_lo);

#endif
