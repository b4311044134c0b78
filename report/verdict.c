/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The verdict on a compared row: invocation-level t-test, detectable change. */
#include <math.h>
#include <string.h>

#include "lib/stats.h"
#include "verdict.h"

double verdict_mean(const struct result_row *row)
{
	struct stats s;
	double sum = 0;

	if (row->ninv < 2) {
		result_row_stats(row, &s);
		return s.mean;
	}
	for (unsigned int i = 0; i < row->ninv; i++)
		sum += row->inv_mean[i];
	return sum / row->ninv;
}

/* The number of invocations of @row, and the mean of their logs. */
static unsigned int verdict_logs(const struct result_row *row, double *mean)
{
	double sum = 0;

	if (!row || !row->nsamples)
		return 0;
	if (row->ninv < 2) {
		double m = verdict_mean(row);

		*mean = m > 0 ? log(m) : NAN;
		return m > 0;
	}
	for (unsigned int i = 0; i < row->ninv; i++) {
		if (!(row->inv_mean[i] > 0))
			return 0;
		sum += log(row->inv_mean[i]);
	}
	*mean = sum / row->ninv;
	return row->ninv;
}

/* Add @row's squares about its mean log, and its degrees of freedom. */
static void verdict_pool(const struct result_row *row, double *ss,
			 unsigned int *df)
{
	double mean;
	unsigned int n = verdict_logs(row, &mean);

	if (n < 2)
		return;
	for (unsigned int i = 0; i < n; i++) {
		double d = log(row->inv_mean[i]) - mean;

		*ss += d * d;
	}
	*df += n - 1;
}

/* The spread of log(loops/sec) over the runs of @row; n < 2: NAN. */
static double verdict_run_var(const struct result_row *row)
{
	double sum = 0, ss = 0;
	unsigned int n = 0;

	for (unsigned int i = 0; i < row->nsamples; i++) {
		double x = result_rate(&row->sample[i]);

		if (x > 0) {
			sum += log(x);
			n++;
		}
	}
	if (n < 2)
		return NAN;
	for (unsigned int i = 0; i < row->nsamples; i++) {
		double x = result_rate(&row->sample[i]);

		if (x > 0) {
			double d = log(x) - sum / n;

			ss += d * d;
		}
	}
	return ss / (n - 1);
}

/* The shift of the logs a test of @se and @df detects with the power. */
static double verdict_shift(double se, double df)
{
	return (stats_t_quantile(1 - VERDICT_ALPHA / 2, df) +
		stats_t_quantile(VERDICT_POWER, df)) *
	       se;
}

/* One invocation a side and no noise: what the runs alone could see. */
static void verdict_runs(const struct result_row *a, const struct result_row *b,
			 struct verdict *v)
{
	double va = verdict_run_var(a), vb = verdict_run_var(b), se2, df;

	v->basis = VERDICT_RUNS;
	if (isnan(va) || isnan(vb))
		return;
	va /= a->nsamples;
	vb /= b->nsamples;
	se2 = va + vb;
	if (se2 == 0) {
		v->detect = 0;
		return;
	}
	df = se2 * se2 /
	     (va * va / (a->nsamples - 1) + vb * vb / (b->nsamples - 1));
	v->detect = expm1(verdict_shift(sqrt(se2), df));
}

void verdict_rows(const struct result_row *a, const struct result_row *b,
		  const struct result_row *const *noise, unsigned int nnoise,
		  struct verdict *v)
{
	double ma = verdict_mean(a), mb = verdict_mean(b), la = 0, lb = 0,
	       ss = 0, se, half;
	unsigned int df = 0;

	memset(v, 0, sizeof(*v));
	v->p = v->detect = v->change = v->low = v->high = NAN;
	v->na = verdict_logs(a, &la);
	v->nb = verdict_logs(b, &lb);
	if (!v->na || !v->nb || !(ma > 0))
		return;
	v->change = (mb - ma) / ma;
	verdict_pool(a, &ss, &df);
	verdict_pool(b, &ss, &df);
	for (unsigned int i = 0; i < nnoise; i++)
		if (noise[i])
			verdict_pool(noise[i], &ss, &df);
	if (!df) {
		verdict_runs(a, b, v);
		return;
	}
	v->basis = VERDICT_INVOCATIONS;
	v->df = df;
	se = sqrt(ss / df * (1.0 / v->na + 1.0 / v->nb));
	if (se == 0) {
		/* No spread at all: the means are equal or they are not. */
		v->p = lb == la ? 1 : 0;
		v->detect = 0;
	} else {
		v->p = stats_t_p((lb - la) / se, df);
		v->detect = expm1(verdict_shift(se, df));
	}
	half = stats_t_quantile(1 - VERDICT_ALPHA / 2, df) * se;
	v->low = expm1(lb - la - half);
	v->high = expm1(lb - la + half);
	v->significant = v->p < VERDICT_ALPHA;
}
