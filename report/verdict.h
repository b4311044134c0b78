/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The verdict on one compared row: its change against the baseline, and
 * whether that change stands out from the noise of the level that varies.
 *
 * Kernels are compared boot against boot, or stretch of time against
 * stretch of time: no run inside one invocation, and no invocation
 * inside one block of them, can show what differs between boots or
 * drifts over time.  The replicates are a label's boots, else its
 * blocks, else (order unknown) its invocations (group.h); a replicate's
 * value is the mean log of its invocations' means over their runs not
 * disturbed, and the noise is the variance of those values within each
 * label, pooled over the two labels compared and the A/A labels given
 * with --noise.  The test is Student's t on the
 * difference of the mean logs with the pooled degrees of freedom.
 * Without any label measured twice there is no such noise to judge by:
 * the change is shown, not judged, and what the runs alone could see is
 * said as a lower bound.
 */
#ifndef CTXBENCH_VERDICT_H
#define CTXBENCH_VERDICT_H

#include "model/results.h"

#define VERDICT_ALPHA 0.05 /* two-sided level of the mark */
#define VERDICT_POWER 0.80 /* of the smallest detectable change */
/* The confidence of the intervals, in percent: 95. */
/* verdict_replicates_for()'s answer at most: "that many or more". */
#define VERDICT_MAX_REPLICATES 1000000u
#define VERDICT_LEVEL_PCT ((1 - VERDICT_ALPHA) * 100)

enum verdict_basis {
	VERDICT_NONE, /* nothing to compare: no runs on one side */
	VERDICT_RUNS, /* one invocation a side, no noise given: not judged */
	VERDICT_INVOCATIONS, /* judged against invocation-level noise */
};

struct verdict {
	enum verdict_basis basis;
	double change; /* (b - a) / a of the averages */
	double p; /* two-sided, VERDICT_INVOCATIONS with a spread; else NAN */
	/*
	 * The confidence interval, at 1 - VERDICT_ALPHA, of the change in
	 * the geometric mean of the invocations' means, relative:
	 * VERDICT_INVOCATIONS only, else NAN.  It holds 0 when the change
	 * is not significant.
	 */
	double low, high;
	int significant; /* p < VERDICT_ALPHA */
	/*
	 * The smallest change, relative, that this test finds significant
	 * with VERDICT_POWER (of the runs alone for VERDICT_RUNS: a lower
	 * bound); NAN when unknown.
	 */
	double detect;
	unsigned int df; /* of the pooled noise */
	double var; /* the pooled variance of the replicates' logs; NAN none */
	unsigned int na, nb; /* replicates each side, kept (not disturbed) */
	unsigned int ra, rb; /* replicates each side there were */
};

/* The average loops/sec of a row: the mean of its invocations' means. */
double verdict_mean(const struct result_row *row);

/*
 * Judge row @b against the baseline's row @a (of the same mechanism,
 * placement, ring and working set), with the rows of the same key of
 * @nnoise A/A groups in @noise (entries may be NULL).
 */
void verdict_rows(const struct result_row *a, const struct result_row *b,
		  const struct result_row *const *noise, unsigned int nnoise,
		  struct verdict *v);

/*
 * The drift of @row's invocations inside their replicates: the slope of
 * the log of their means over their start, each replicate about its own
 * means, into *@per_hour (relative, an hour) and its two-sided p into
 * *@p (Student's t on the slope); NAN when there are too few invocations
 * with a start to tell.
 */
/*
 * The replicates a side would need, both sides alike, for @v's detect to
 * reach @want (a fraction, 0.05 for 5 %), from the variance @v measured
 * between replicates: detect scales with sqrt(1/na + 1/nb) and the t
 * quantiles of the df the new replicates bring.  0: no such variance
 * (no replicate-level spread measured, or none at all).
 */
unsigned int verdict_replicates_for(const struct verdict *v, double want);

void verdict_drift(const struct result_row *row, double *per_hour, double *p);

#endif
