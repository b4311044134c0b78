/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A fixed-size log-linear histogram of nanoseconds: 32 linear buckets per
 * power of two, so any value is kept within 1/32 (3 %) of itself, with no
 * allocation when a value is added.
 */
#ifndef CTXBENCH_HIST_H
#define CTXBENCH_HIST_H

#include <stdint.h>

#define HIST_SUB_BITS 5
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_BUCKETS ((64 - HIST_SUB_BITS + 1) * HIST_SUB)

struct hist {
	uint64_t count;
	uint64_t min_ns, max_ns; /* exact */
	uint64_t bucket[HIST_BUCKETS];
};

static inline unsigned int hist_index(uint64_t v)
{
	unsigned int e;

	if (v < HIST_SUB)
		return (unsigned int)v;
	e = 63u - (unsigned int)__builtin_clzll(v);
	return (e - HIST_SUB_BITS + 1) * HIST_SUB +
	       (unsigned int)((v >> (e - HIST_SUB_BITS)) - HIST_SUB);
}

static inline void hist_add(struct hist *h, uint64_t ns)
{
	if (!h->count || ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	h->count++;
	h->bucket[hist_index(ns)]++;
}

/* The smallest value that falls in bucket @i. */
uint64_t hist_bucket_low(unsigned int i);

/* Add every value of @from to @to. */
void hist_merge(struct hist *to, const struct hist *from);

/*
 * The value below which a fraction @q (0..1) of the values lie, from the
 * bucket that holds it (its middle), clamped to the exact min and max.
 * 0 when empty.
 */
double hist_quantile(const struct hist *h, double q);

/*
 * The same, interpolated within its bucket as if the bucket's values
 * were spread evenly over it: for saved runs that kept no value at full
 * resolution (lib/pick.h).
 */
double hist_quantile_within(const struct hist *h, double q);

#endif
