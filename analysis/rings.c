/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Several rings at once: the slowest and fastest ring, the scalability. */
#include <math.h>

#include "rings.h"
#include "lib/stats.h"

void rings_rates(const struct result_row *row, double *slow, double *fast)
{
	double lo = 0, hi = 0;
	unsigned int n = 0;

	for (unsigned int i = 0; i < row->nsamples; i++) {
		const struct result_sample *s = &row->sample[i];

		if (!(s->elapsed_s > 0))
			continue;
		if (result_row_rings(row) > 1) {
			lo += (double)s->ring_min / s->elapsed_s;
			hi += (double)s->ring_max / s->elapsed_s;
		} else {
			lo += result_rate(s);
			hi += result_rate(s);
		}
		n++;
	}
	*slow = n ? lo / n : 0;
	*fast = n ? hi / n : 0;
}

/* The mean loops/sec of @row's runs, or 0. */
static double rings_mean(const struct result_row *row)
{
	struct stats s;

	if (!row->nsamples)
		return 0;
	result_row_stats(row, &s);
	return s.mean;
}

double rings_scalability(const struct results *r, const struct result_row *row)
{
	const struct result_row *one = NULL;
	double base;

	/* The same row of one ring. */
	for (unsigned int i = 0; i < r->nrows && !one; i++)
		if (result_row_rings(&r->row[i]) == 1 &&
		    result_row_same_but(&r->row[i], row, RESULT_KEY_RINGS))
			one = &r->row[i];
	base = one ? rings_mean(one) : 0;
	if (!(base > 0) || !row->nsamples)
		return NAN;
	return rings_mean(row) / (result_row_rings(row) * base);
}
