/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The log-linear histogram: bucket bounds, merging, quantiles. */
#include "hist.h"

uint64_t hist_bucket_low(unsigned int i)
{
	unsigned int g = i / HIST_SUB, sub = i % HIST_SUB;

	if (g == 0)
		return sub;
	return (uint64_t)(HIST_SUB + sub) << (g - 1);
}

void hist_merge(struct hist *to, const struct hist *from)
{
	if (!from->count)
		return;
	if (!to->count || from->min_ns < to->min_ns)
		to->min_ns = from->min_ns;
	if (from->max_ns > to->max_ns)
		to->max_ns = from->max_ns;
	to->count += from->count;
	for (unsigned int i = 0; i < HIST_BUCKETS; i++)
		to->bucket[i] += from->bucket[i];
}

/* @v within the exact min and max of @h. */
static double hist_clamp(const struct hist *h, double v)
{
	if (v < (double)h->min_ns)
		return (double)h->min_ns;
	if (v > (double)h->max_ns)
		return (double)h->max_ns;
	return v;
}

double hist_quantile(const struct hist *h, double q)
{
	uint64_t rank, seen = 0;

	if (!h->count)
		return 0;
	if (q <= 0)
		return (double)h->min_ns;
	if (q >= 1)
		return (double)h->max_ns;
	/* The rank of the value, counting from 1: ceil(q * count). */
	rank = (uint64_t)(q * (double)h->count);
	if ((double)rank < q * (double)h->count)
		rank++;
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		seen += h->bucket[i];
		if (seen >= rank) {
			double lo = (double)hist_bucket_low(i);
			double hi = i + 1 < HIST_BUCKETS ?
					    (double)hist_bucket_low(i + 1) :
					    lo;

			return hist_clamp(h, (lo + hi) / 2);
		}
	}
	return (double)h->max_ns;
}

double hist_quantile_within(const struct hist *h, double q)
{
	double want, seen = 0;

	if (!h->count || q <= 0 || q >= 1)
		return hist_quantile(h, q);
	want = q * (double)h->count;
	for (unsigned int i = 0; i < HIST_BUCKETS; i++) {
		double n = (double)h->bucket[i], lo, hi;

		if (!h->bucket[i] || seen + n < want) {
			seen += n;
			continue;
		}
		lo = (double)hist_bucket_low(i);
		hi = i + 1 < HIST_BUCKETS ? (double)hist_bucket_low(i + 1) : lo;
		return hist_clamp(h, lo + (hi - lo) * (want - seen) / n);
	}
	return (double)h->max_ns;
}
