/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The full-resolution sample of round trips: its median and midmean. */
#include <errno.h>
#include <stdlib.h>

#include "pick.h"

/* A value kept and what it stands for: the round trips over the kept. */
struct pick_val {
	uint32_t ns;
	double w;
};

static int pick_by_ns(const void *x, const void *y)
{
	const struct pick_val *a = x, *b = y;

	return (a->ns > b->ns) - (a->ns < b->ns);
}

/* The mean of the values of @v (sorted, @total weight) in [lo, hi). */
static double pick_mean_between(const struct pick_val *v, size_t m, double lo,
				double hi)
{
	double at = 0, sum = 0, w = 0;

	for (size_t i = 0; i < m; i++) {
		double a = at > lo ? at : lo;
		double b = at + v[i].w < hi ? at + v[i].w : hi;

		if (b > a) {
			sum += (b - a) * v[i].ns;
			w += b - a;
		}
		at += v[i].w;
	}
	return w > 0 ? sum / w : 0;
}

int pick_central(const struct pick *p, unsigned int n, double *p50, double *iqm)
{
	struct pick_val *v;
	size_t m = 0, k = 0;
	double total = 0, at = 0;

	*p50 = *iqm = 0;
	for (unsigned int i = 0; i < n; i++)
		m += p[i].seen < PICK_MAX ? p[i].seen : PICK_MAX;
	if (!m)
		return 0;
	v = malloc(m * sizeof(*v));
	if (!v)
		return -ENOMEM;
	for (unsigned int i = 0; i < n; i++) {
		uint32_t kept = p[i].seen < PICK_MAX ? p[i].seen : PICK_MAX;

		for (uint32_t j = 0; j < kept; j++)
			v[k++] = (struct pick_val){ p[i].v[j],
						    (double)p[i].seen / kept };
		total += p[i].seen;
	}
	qsort(v, m, sizeof(*v), pick_by_ns);
	for (k = 0; k < m; k++) {
		at += v[k].w;
		if (at >= total / 2)
			break;
	}
	/* Between two values at the middle: their mean, as a median is. */
	*p50 = k + 1 < m && at == total / 2 ? (v[k].ns + v[k + 1].ns) / 2.0 :
					      v[k < m ? k : m - 1].ns;
	*iqm = pick_mean_between(v, m, total / 4, total * 3 / 4);
	free(v);
	return 0;
}
