/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Summary statistics: min, max, mean, standard deviation, CV. */
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
