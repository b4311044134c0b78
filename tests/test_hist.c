/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the log-linear histogram: buckets, merging, quantiles. */
#include <stdlib.h>

#include "check.h"
#include "lib/util.h"
#include "lib/hist.h"

/* A quantile of @h within a bucket's width (1/32) of @v. */
#define CHECK_Q(h, q, v) CHECK_NEAR(hist_quantile(h, q), v, (v) / 32.0)

/* Every value falls in a bucket whose bounds hold it, within 1/32. */
static void test_buckets(void)
{
	static const uint64_t v[] = { 0,    1,	  31,  32,	   33,
				      63,   64,	  65,  1000,	   4095,
				      4096, 4097, 1e9, 1ull << 40, UINT64_MAX };

	for (size_t i = 0; i < ARRAY_SIZE(v); i++) {
		unsigned int k = hist_index(v[i]);

		CHECK(k < HIST_BUCKETS);
		CHECK(hist_bucket_low(k) <= v[i]);
		if (k + 1 < HIST_BUCKETS)
			CHECK(v[i] < hist_bucket_low(k + 1));
		/* The width of a bucket is at most 1/32 of its values. */
		if (k + 1 < HIST_BUCKETS && v[i] >= 32)
			CHECK((hist_bucket_low(k + 1) - hist_bucket_low(k)) *
				      32 <=
			      hist_bucket_low(k));
	}
	/* Values below 32 have a bucket each. */
	for (uint64_t x = 0; x < 32; x++)
		CHECK_EQ_INT(hist_index(x), x);
	/* The buckets are in order and every bucket is reachable. */
	for (unsigned int k = 1; k < HIST_BUCKETS; k++) {
		CHECK(hist_bucket_low(k) > hist_bucket_low(k - 1));
		CHECK_EQ_INT(hist_index(hist_bucket_low(k)), k);
	}
}

static void test_quantiles(void)
{
	struct hist *h = calloc(1, sizeof(*h)), *g = calloc(1, sizeof(*g));

	/* 1..1000 ns once each: quantiles within a bucket's width. */
	for (uint64_t x = 1; x <= 1000; x++)
		hist_add(h, x);
	CHECK_EQ_INT(h->count, 1000);
	CHECK_EQ_INT(h->min_ns, 1);
	CHECK_EQ_INT(h->max_ns, 1000);
	CHECK_Q(h, 0.5, 500);
	CHECK_Q(h, 0.9, 900);
	CHECK_Q(h, 0.99, 990);
	CHECK_Q(h, 0.999, 999);
	CHECK_NEAR(hist_quantile(h, 0), 1, 0);
	CHECK_NEAR(hist_quantile(h, 1), 1000, 0);
	/* Never outside the exact min and max. */
	CHECK(hist_quantile(h, 0.9999) <= 1000);

	/* One slow value in a thousand shows at p99.9, not at p99. */
	memset(g, 0, sizeof(*g));
	for (int i = 0; i < 999; i++)
		hist_add(g, 4000);
	hist_add(g, 250000);
	CHECK_Q(g, 0.99, 4000);
	CHECK_Q(g, 0.999, 4000);
	CHECK_Q(g, 0.9995, 250000);
	CHECK_EQ_INT(g->max_ns, 250000);

	/* Merging adds counts and keeps the extremes. */
	hist_merge(h, g);
	CHECK_EQ_INT(h->count, 2000);
	CHECK_EQ_INT(h->min_ns, 1);
	CHECK_EQ_INT(h->max_ns, 250000);
	CHECK_Q(h, 0.25, 500);
	CHECK_Q(h, 0.75, 4000);

	/* Empty: zero, and merging an empty one changes nothing. */
	memset(g, 0, sizeof(*g));
	CHECK_NEAR(hist_quantile(g, 0.5), 0, 0);
	hist_merge(h, g);
	CHECK_EQ_INT(h->count, 2000);
	hist_merge(g, h);
	CHECK_EQ_INT(g->min_ns, 1);
	free(h);
	free(g);
}

int main(void)
{
	test_buckets();
	test_quantiles();
	return check_summary();
}
