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

#define VERDICT_ALPHA 0.05 /* two-sided level of one test alone */
#define VERDICT_POWER 0.80 /* of the smallest detectable change */
/*
 * The report's level: Benjamini-Hochberg at 10 % over every test of the
 * report (each row's, each statistic's), so that a report between two
 * identical sides carries any mark at most 10 % of the time, and of the
 * marks of a report at most 10 % are false in the mean (docs/accuracy.md
 * measures it).  A test's detect is at the first step, FAMILY / tests.
 */
#define VERDICT_FAMILY 0.10
#define VERDICT_FAMILY_PCT (VERDICT_FAMILY * 100)
/*
 * Where the labels took turns a row has two tests, and the level is
 * shared between them by weight (weighted Benjamini-Hochberg: p / weight
 * is ranked, the weights' mean is 1, which keeps the level): CPU per
 * loop, the steadier, weighs VERDICT_CPU_WEIGHT, loops/sec the rest of 2.
 * Chosen on the lab's tuning part (docs/accuracy.md).
 */
#define VERDICT_CPU_WEIGHT 1.8
#define VERDICT_LOOPS_WEIGHT (2 - VERDICT_CPU_WEIGHT)
/* The confidence of the intervals, in percent: 95. */
/* verdict_replicates_for()'s answer at most: "that many or more". */
#define VERDICT_MAX_REPLICATES 1000000u
#define VERDICT_LEVEL_PCT ((1 - VERDICT_ALPHA) * 100)

/*
 * The statistic of a replicate: loops/sec (the mean over its runs), or
 * CPU per loop (user and system time of the participants over their
 * loops, as a rate: loops a CPU second), the steadier where the labels
 * took turns; in blocks it moves with the machine between blocks.
 */
enum verdict_stat {
	VERDICT_LOOPS,
	VERDICT_CPU,
	/*
	 * The round trip: each invocation's geometric mean of its runs'
	 * medians at full resolution (struct result_inv), as a rate.  Other
	 * work on the machine stretches the mean loops/sec of a run by the
	 * hand-offs it delays; the median hand-off it leaves alone.
	 */
	VERDICT_RTT,
	VERDICT_NSTATS
};

enum verdict_basis {
	VERDICT_NONE, /* nothing to compare: no runs on one side */
	VERDICT_RUNS, /* one invocation a side, no noise given: not judged */
	VERDICT_INVOCATIONS, /* judged against invocation-level noise */
};

struct verdict {
	enum verdict_basis basis;
	/*
	 * (b - a) / a of the averages of loops/sec; of CPU per loop, the
	 * change of the geometric mean of loops a CPU second (positive:
	 * faster, less CPU a loop).
	 */
	double change;
	double p; /* two-sided, VERDICT_INVOCATIONS with a spread; else NAN */
	/*
	 * The confidence interval, at 1 - the level the change was marked
	 * at (verdict_at()), of the change in the geometric mean of the
	 * replicates, relative: VERDICT_INVOCATIONS only, else NAN.  It
	 * holds 0 when the change is not significant.
	 */
	double low, high;
	int significant; /* marked at the report's level */
	/*
	 * The smallest change, relative, that this test finds significant
	 * with VERDICT_POWER at @alpha (of the runs alone for VERDICT_RUNS:
	 * a lower bound); NAN when unknown.  In the way the row moved: of
	 * a row slower than the baseline, the slowdown (always under 1),
	 * of the same shift in the logs as a rise of @detect / (1 - @detect).
	 */
	double detect;
	double alpha; /* the level of detect; 0: VERDICT_ALPHA */
	double diff, se, sdf; /* the difference of the logs, its error, df */
	unsigned int df; /* of the pooled noise */
	double var; /* the pooled variance of the replicates' logs; NAN none */
	unsigned int na, nb; /* replicates each side, kept (not disturbed) */
	int paired; /* verdict_paired(): df and var are of the differences */
	unsigned int ra, rb; /* replicates each side there were */
};

/* The average loops/sec of a row: the mean of its invocations' means. */
double verdict_mean(const struct result_row *row);

/*
 * The runs of @row that verdict_mean() averages, summed up in @s: the
 * undisturbed runs of the invocations not left out (all runs of those
 * whose labels took turns), or every run where no invocation is left;
 * so that low, high and cv go with the average.
 */
void verdict_averaged(const struct result_row *row, struct stats *s);

/*
 * Judge row @b against the baseline's row @a (of the same mechanism,
 * placement, ring and working set), with the rows of the same key of
 * @nnoise A/A groups in @noise (entries may be NULL), on statistic
 * @stat, at VERDICT_ALPHA (verdict_at() sets another level).
 */
void verdict_rows(const struct result_row *a, const struct result_row *b,
		  const struct result_row *const *noise, unsigned int nnoise,
		  enum verdict_stat stat, struct verdict *v);

/*
 * The same, paired: where the labels took turns, replicate i of @a (its
 * i-th block in time) with replicate i of @b, a t-test of the
 * differences of their logs with n - 1 degrees of freedom.  The turns'
 * order alternates (A B, then B A), so that going second in a pair
 * costs both sides alike.  Without two pairs it judges as verdict_rows()
 * would not: not at all (basis VERDICT_RUNS).
 */
void verdict_paired(const struct result_row *a, const struct result_row *b,
		    enum verdict_stat stat, struct verdict *v);

/* The name of statistic @s as keys and the lab spell it ("rtt"). */
const char *verdict_stat_key(enum verdict_stat s);

/*
 * @v's detect at level @alpha, its interval and mark at level @mark
 * (significant: p <= @mark; 0: never).
 */
void verdict_at(struct verdict *v, double alpha, double mark);

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
