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

#endif
