/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the log-linear histogram: buckets, merging, quantiles. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "lib/util.h"
#include "lib/hist.h"
#include "lib/pick.h"

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

/*
 * The full-resolution sample: exact while it holds every value, then a
 * uniform sample of them; each pick weighs as the values it saw.
 */
static void test_pick(void)
{
	struct pick *p = calloc(2, sizeof(*p));
	double p50, iqm;

	pick_central(p, 1, &p50, &iqm);
	CHECK_NEAR(p50, 0, 0);
	/* 1..1000: the median between 500 and 501, the midmean of 251..750. */
	for (uint64_t x = 1; x <= 1000; x++)
		pick_add(&p[0], x);
	CHECK_EQ_INT(pick_central(p, 1, &p50, &iqm), 0);
	CHECK_NEAR(p50, 500.5, 1e-9);
	CHECK_NEAR(iqm, 500.5, 1e-9);
	/* Not a bucket's edge: 16,100 to 16,139 ns, a bucket of 512 apart. */
	memset(p, 0, sizeof(*p));
	for (uint64_t x = 0; x < 40; x++)
		pick_add(&p[0], 16100 + x);
	pick_central(p, 1, &p50, &iqm);
	CHECK_NEAR(p50, 16119.5, 1e-9);
	/* Far more values than kept: a uniform sample, its median near. */
	memset(p, 0, sizeof(*p));
	for (uint64_t i = 0; i < 100 * PICK_MAX; i++)
		pick_add(&p[0], 1000 + (i * 7919) % 1001);
	CHECK_EQ_INT(p[0].seen, 100 * PICK_MAX);
	pick_central(p, 1, &p50, &iqm);
	CHECK_NEAR(p50, 1500, 25);
	CHECK_NEAR(iqm, 1500, 15);
	/* Two rings: the one that saw more weighs more. */
	memset(p, 0, 2 * sizeof(*p));
	for (uint64_t i = 0; i < 10 * PICK_MAX; i++)
		pick_add(&p[0], 1000);
	for (uint64_t i = 0; i < PICK_MAX; i++)
		pick_add(&p[1], 3000);
	pick_central(p, 2, &p50, &iqm);
	CHECK_NEAR(p50, 1000, 0);
	free(p);
}

int main(void)
{
	test_buckets();
	test_quantiles();
	test_pick();
	return check_summary();
}
