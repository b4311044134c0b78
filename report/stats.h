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

#endif
