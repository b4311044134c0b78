/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The verdict on a compared row: invocation-level t-test, detectable change. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/stats.h"
#include "model/schema.h"
#include "verdict.h"

/* Is @row merged from invocations, its means in inv[]? */
static int verdict_merged(const struct result_row *row)
{
	return row->ninv > 0 && row->inv;
}

/* The log of @in's statistic @stat, higher when faster; NAN: none. */
static double verdict_value(const struct result_inv *in, enum verdict_stat stat)
{
	if (in->left)
		return NAN;
	if (stat == VERDICT_CPU)
		return in->cpu > 0 ? -log(in->cpu) : NAN;
	if (stat == VERDICT_RTT)
		return in->rtt > 0 ? -log(in->rtt) : NAN;
	return in->mean > 0 ? log(in->mean) : NAN;
}

/*
 * The value of each replicate of @row into @rep[] by its index (NAN where
 * none is kept), of room SAVED_MAX_INVOCATIONS; their count.
 */
static unsigned int verdict_by_rep(const struct result_row *row,
				   enum verdict_stat stat, double *rep)
{
	unsigned int nrep = 0;

	for (unsigned int i = 0; i < row->ninv; i++)
		if (row->inv[i].rep < SAVED_MAX_INVOCATIONS &&
		    row->inv[i].rep + 1 > nrep)
			nrep = row->inv[i].rep + 1;
	for (unsigned int k = 0; k < nrep; k++) {
		double sum = 0;
		unsigned int m = 0;

		for (unsigned int i = 0; i < row->ninv; i++) {
			double x = verdict_value(&row->inv[i], stat);

			if (row->inv[i].rep == k && !isnan(x)) {
				sum += x;
				m++;
			}
		}
		rep[k] = m ? sum / m : NAN;
	}
	return nrep;
}

/* The replicates of @row: the mean log of each one's invocations kept. */
static unsigned int verdict_reps(const struct result_row *row,
				 enum verdict_stat stat, double *rep,
				 unsigned int *all)
{
	unsigned int nrep = verdict_by_rep(row, stat, rep), n = 0;

	if (all)
		*all = nrep;
	for (unsigned int k = 0; k < nrep; k++)
		if (!isnan(rep[k]))
			rep[n++] = rep[k];
	return n;
}

double verdict_mean(const struct result_row *row)
{
	struct stats s;
	double sum = 0;
	unsigned int n = 0;

	if (!verdict_merged(row)) {
		result_row_stats(row, &s);
		return s.mean;
	}
	for (unsigned int i = 0; i < row->ninv; i++)
		if (!row->inv[i].left) {
			sum += row->inv[i].mean;
			n++;
		}
	if (!n) { /* all left out: what the runs say, never judged */
		result_row_stats(row, &s);
		return s.mean;
	}
	return sum / n;
}

void verdict_averaged(const struct result_row *row, struct stats *s)
{
	double *rate;
	unsigned int n = 0, at = 0;

	if (!verdict_merged(row) || !(verdict_mean(row) > 0)) {
		result_row_stats(row, s);
		return;
	}
	rate = malloc((row->nsamples + 1) * sizeof(*rate));
	if (!rate) {
		stats_summary(NULL, 0, s);
		return;
	}
	/* Each invocation's runs follow the last's, in its order. */
	for (unsigned int i = 0; i < row->ninv && at < row->nsamples; i++) {
		const struct result_inv *in = &row->inv[i];

		for (unsigned int k = 0; k < in->runs && at < row->nsamples;
		     k++, at++)
			if (!in->left &&
			    (in->kept || !row->sample[at].disturbed))
				rate[n++] = result_rate(&row->sample[at]);
	}
	if (n)
		stats_summary(rate, n, s);
	else
		result_row_stats(row, s);
	free(rate);
}

/*
 * The replicates of @row kept, their values into @rep (of room
 * SAVED_MAX_INVOCATIONS) and the mean of them; *@all: the replicates
 * there were.
 */
static unsigned int verdict_logs(const struct result_row *row,
				 enum verdict_stat stat, double *rep,
				 double *mean, unsigned int *all)
{
	double sum = 0;
	unsigned int n;

	*all = 0;
	if (!row || !row->nsamples)
		return 0;
	if (!verdict_merged(row)) {
		double m = verdict_mean(row);

		if (stat == VERDICT_CPU)
			m = row->cpu.user_s + row->cpu.sys_s > 0 ?
				    (double)row->cpu.loops /
					    (row->cpu.user_s + row->cpu.sys_s) :
				    0;
		if (stat == VERDICT_RTT)
			m = result_row_rtt(row, 0) > 0 ?
				    1e9 / result_row_rtt(row, 0) :
				    0;
		*all = 1;
		*mean = rep[0] = m > 0 ? log(m) : NAN;
		return m > 0;
	}
	n = verdict_reps(row, stat, rep, all);
	for (unsigned int i = 0; i < n; i++)
		sum += rep[i];
	*mean = n ? sum / n : NAN;
	return n;
}

/*
 * Add @row's squares about its mean log, and its degrees of freedom; @rep
 * is room for SAVED_MAX_INVOCATIONS values, the caller's (one array of
 * them on the stack, not one a call).
 */
static void verdict_pool(const struct result_row *row, enum verdict_stat stat,
			 double *rep, double *ss, unsigned int *df)
{
	double mean;
	unsigned int all, n = verdict_logs(row, stat, rep, &mean, &all);

	if (n < 2)
		return;
	for (unsigned int i = 0; i < n; i++) {
		double d = rep[i] - mean;

		*ss += d * d;
	}
	*df += n - 1;
}

/* The spread of log(loops/sec) over the runs of @row; n < 2: NAN. */
static double verdict_run_var(const struct result_row *row, unsigned int *np)
{
	double sum = 0, ss = 0;
	unsigned int n = 0;

	for (unsigned int i = 0; i < row->nsamples; i++) {
		double x = result_rate(&row->sample[i]);

		if (x > 0 && !row->sample[i].disturbed) {
			sum += log(x);
			n++;
		}
	}
	*np = n;
	if (n < 2)
		return NAN;
	for (unsigned int i = 0; i < row->nsamples; i++) {
		double x = result_rate(&row->sample[i]);

		if (x > 0 && !row->sample[i].disturbed) {
			double d = log(x) - sum / n;

			ss += d * d;
		}
	}
	return ss / (n - 1);
}

/* The level of @v's detect. */
static double verdict_alpha(const struct verdict *v)
{
	return v->alpha > 0 ? v->alpha : VERDICT_ALPHA;
}

/*
 * The shift of the logs a test of @se and @df at level @alpha detects
 * with the power.
 */
static double verdict_shift(double se, double df, double alpha)
{
	return (stats_t_quantile(1 - alpha / 2, df) +
		stats_t_quantile(VERDICT_POWER, df)) *
	       se;
}

/*
 * The change a shift of @shift in the logs is, relative, in the way @v
 * moved: a rise of the rate as it is, a fall as the slowdown it equals,
 * 1 - 1 / (1 + rise), which stays under 100 % however wide the noise (a
 * row cannot lose more than all of its rate).
 */
static double verdict_detect_of(const struct verdict *v, double shift)
{
	return v->change < 0 ? -expm1(-shift) : expm1(shift);
}

/* One invocation a side and no noise: what the runs alone could see. */
static void verdict_runs(const struct result_row *a, const struct result_row *b,
			 enum verdict_stat stat, struct verdict *v)
{
	unsigned int na, nb;
	double va = verdict_run_var(a, &na), vb = verdict_run_var(b, &nb), se2,
	       df;

	v->basis = VERDICT_RUNS;
	if (isnan(va) || isnan(vb) || stat != VERDICT_LOOPS)
		return;
	va /= na;
	vb /= nb;
	se2 = va + vb;
	if (se2 == 0) {
		v->detect = 0;
		return;
	}
	df = se2 * se2 / (va * va / (na - 1) + vb * vb / (nb - 1));
	v->se = sqrt(se2);
	v->sdf = df;
	v->detect = verdict_detect_of(
		v, verdict_shift(v->se, df, verdict_alpha(v)));
}

void verdict_rows(const struct result_row *a, const struct result_row *b,
		  const struct result_row *const *noise, unsigned int nnoise,
		  enum verdict_stat stat, struct verdict *v)
{
	double ma = verdict_mean(a), la = 0, lb = 0, ss = 0,
	       rep[SAVED_MAX_INVOCATIONS];
	unsigned int df = 0;

	memset(v, 0, sizeof(*v));
	v->p = v->detect = v->change = v->low = v->high = v->var = NAN;
	v->diff = v->se = v->sdf = NAN;
	v->na = verdict_logs(a, stat, rep, &la, &v->ra);
	v->nb = verdict_logs(b, stat, rep, &lb, &v->rb);
	if (!v->na || !v->nb || !(ma > 0))
		return;
	v->diff = lb - la;
	v->change = stat != VERDICT_LOOPS ? expm1(lb - la) :
					    (verdict_mean(b) - ma) / ma;
	verdict_pool(a, stat, rep, &ss, &df);
	verdict_pool(b, stat, rep, &ss, &df);
	for (unsigned int i = 0; i < nnoise; i++)
		if (noise[i])
			verdict_pool(noise[i], stat, rep, &ss, &df);
	if (!df) {
		verdict_runs(a, b, stat, v);
		return;
	}
	v->basis = VERDICT_INVOCATIONS;
	v->df = df;
	v->sdf = df;
	v->var = ss / df;
	v->se = sqrt(ss / df * (1.0 / v->na + 1.0 / v->nb));
	if (!(v->se > 0))
		return; /* no spread at all: no noise to judge by, p NAN */
	v->p = stats_t_p(v->diff / v->se, df);
	verdict_at(v, VERDICT_ALPHA, VERDICT_ALPHA);
}

const char *verdict_stat_key(enum verdict_stat s)
{
	static const char *const keys[VERDICT_NSTATS] = {
		[VERDICT_LOOPS] = "loops",
		[VERDICT_CPU] = "cpu",
		[VERDICT_RTT] = "rtt",
	};

	return s < VERDICT_NSTATS ? keys[s] : "";
}

void verdict_paired(const struct result_row *a, const struct result_row *b,
		    enum verdict_stat stat, struct verdict *v)
{
	double *ra, *rb, sum = 0, ss = 0, mean;
	unsigned int n = 0, na, nb;

	verdict_rows(a, b, NULL, 0, stat, v);
	if (!v->na || !v->nb || !verdict_merged(a) || !verdict_merged(b))
		return;
	/* 2 KB of values: on the heap, not on a small stack. */
	ra = calloc(2 * SAVED_MAX_INVOCATIONS, sizeof(*ra));
	if (!ra) {
		v->basis = VERDICT_RUNS; /* cannot tell: not judged */
		v->p = v->detect = NAN;
		return;
	}
	rb = ra + SAVED_MAX_INVOCATIONS;
	na = verdict_by_rep(a, stat, ra);
	nb = verdict_by_rep(b, stat, rb);
	for (unsigned int k = 0; k < na && k < nb; k++)
		if (!isnan(ra[k]) && !isnan(rb[k])) {
			sum += rb[k] - ra[k];
			n++;
		}
	v->p = v->detect = v->low = v->high = v->var = v->se = NAN;
	v->significant = 0;
	v->df = 0;
	v->sdf = NAN;
	v->paired = 1;
	if (n < 2) {
		v->basis = VERDICT_RUNS;
		free(ra);
		return;
	}
	mean = sum / n;
	for (unsigned int k = 0; k < na && k < nb; k++)
		if (!isnan(ra[k]) && !isnan(rb[k])) {
			double d = rb[k] - ra[k] - mean;

			ss += d * d;
		}
	free(ra);
	v->basis = VERDICT_INVOCATIONS;
	v->diff = mean;
	v->df = n - 1;
	v->sdf = n - 1;
	/* As a pooled variance of one side: detect_at() scales it by 2 / n. */
	v->var = ss / (n - 1) / 2;
	v->se = sqrt(ss / (n - 1) / n);
	if (!(v->se > 0))
		return;
	v->p = stats_t_p(v->diff / v->se, n - 1);
	verdict_at(v, VERDICT_ALPHA, VERDICT_ALPHA);
}

void verdict_at(struct verdict *v, double alpha, double mark)
{
	double half;

	v->alpha = alpha;
	if (!(v->se > 0) || isnan(v->sdf))
		return;
	v->detect = verdict_detect_of(v, verdict_shift(v->se, v->sdf, alpha));
	if (v->basis != VERDICT_INVOCATIONS)
		return;
	half = stats_t_quantile(1 - (mark > 0 ? mark : alpha) / 2, v->sdf) *
	       v->se;
	v->low = expm1(v->diff - half);
	v->high = expm1(v->diff + half);
	v->significant = mark > 0 && v->p <= mark;
}

/* @v's detect with @n replicates a side, the noise's own df kept. */
static double verdict_detect_at(const struct verdict *v, unsigned int n)
{
	unsigned int own =
		(v->na > 1 ? v->na - 1 : 0) + (v->nb > 1 ? v->nb - 1 : 0);
	double df = v->paired ? n - 1.0 : (double)(v->df - own) + 2.0 * (n - 1);

	return verdict_detect_of(
		v, verdict_shift(sqrt(v->var * 2.0 / n), df, verdict_alpha(v)));
}

unsigned int verdict_replicates_for(const struct verdict *v, double want)
{
	unsigned int lo = 2, hi = 2;

	if (v->basis != VERDICT_INVOCATIONS || !(v->var > 0) || !(want > 0) ||
	    (!v->paired &&
	     v->df < (v->na > 1 ? v->na - 1 : 0) + (v->nb > 1 ? v->nb - 1 : 0)))
		return 0;
	/* detect falls as n grows: double, then halve the way back. */
	while (verdict_detect_at(v, hi) > want) {
		if (hi >= VERDICT_MAX_REPLICATES / 2)
			return VERDICT_MAX_REPLICATES;
		lo = hi;
		hi *= 2;
	}
	while (lo < hi) {
		unsigned int mid = lo + (hi - lo) / 2;

		if (verdict_detect_at(v, mid) > want)
			lo = mid + 1;
		else
			hi = mid;
	}
	return hi;
}

/* A replicate's sums, for the drift within it. */
struct verdict_rep {
	double sx, sy; /* the hours and the log means of its invocations */
	unsigned int m; /* their count */
};

/* The drift of @row, with room @s for the sums of each replicate. */
static void verdict_drift_in(const struct result_row *row,
			     struct verdict_rep *s, double *per_hour, double *p)
{
	unsigned int n = 0, nrep = 0;
	double sxx = 0, sxy = 0, syy = 0, b, se2;

	for (unsigned int i = 0; i < row->ninv; i++) {
		const struct result_inv *in = &row->inv[i];

		if (in->left || !(in->mean > 0) || !(in->start > 0) ||
		    in->rep >= SAVED_MAX_INVOCATIONS)
			continue;
		if (!s[in->rep].m++)
			nrep++;
		s[in->rep].sx += in->start / 3600;
		s[in->rep].sy += log(in->mean);
		n++;
	}
	if (n < nrep + 2) /* a slope and its spread need two df beyond */
		return;
	/* Each replicate about its own means: the slope within them. */
	for (unsigned int i = 0; i < row->ninv; i++) {
		const struct result_inv *in = &row->inv[i];
		double dx, dy;

		if (in->left || !(in->mean > 0) || !(in->start > 0) ||
		    in->rep >= SAVED_MAX_INVOCATIONS)
			continue;
		dx = in->start / 3600 - s[in->rep].sx / s[in->rep].m;
		dy = log(in->mean) - s[in->rep].sy / s[in->rep].m;
		sxx += dx * dx;
		sxy += dx * dy;
		syy += dy * dy;
	}
	if (!(sxx > 0))
		return;
	b = sxy / sxx;
	se2 = (syy - b * sxy) / (n - nrep - 1) / sxx;
	*per_hour = expm1(b);
	*p = se2 > 0 ? stats_t_p(b / sqrt(se2), n - nrep - 1) : b ? 0 : 1;
}

void verdict_drift(const struct result_row *row, double *per_hour, double *p)
{
	/* 2.5 KB of sums: on the heap, not on a small stack. */
	struct verdict_rep *s;

	*per_hour = *p = NAN;
	if (!verdict_merged(row))
		return;
	s = calloc(SAVED_MAX_INVOCATIONS, sizeof(*s));
	if (!s)
		return; /* unknown, as without enough invocations */
	verdict_drift_in(row, s, per_hour, p);
	free(s);
}
