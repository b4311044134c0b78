/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the time went (--profile), in the report model: each label's
 * symbols and wake-ups of a row, and against the baseline's the symbols
 * whose share changed most, judged against the spread of their shares
 * between a label's invocations.  Computed once here; the formats render
 * it (report_profile_text(), _html(), _json(), and the flat keys).
 */
#ifndef CTXBENCH_REPORT_PROFILE_H
#define CTXBENCH_REPORT_PROFILE_H

#include <stdio.h>

#include "model.h"

#define REPORT_PROF_TOP 5 /* a label's own symbols shown */
#define REPORT_PROF_CHG 5 /* changes shown, the largest */
#define REPORT_PROF_SKEW 0.3 /* a share that says cpu-clock's skew */

/* A symbol of a row's profile: its mean share a side, from 0 to 1. */
struct report_prof_sym {
	const char *name; /* in the saved runs the model holds */
	int kernel;
	double a, b; /* the baseline's share and this label's (a == b: own) */
	int judged; /* two invocations a side or more: a spread to judge by */
	int changed; /* stands out from it at VERDICT_ALPHA, over the symbols */
};

/* A label's profile of a row: what its invocations' profiles say. */
struct report_prof {
	unsigned int label; /* of compare.r[] */
	const struct result_row *row; /* the cell's */
	const char *event;
	unsigned int ninv; /* its invocations with a profile of the row */
	double samples; /* a profile, on average */
	/*
	 * A round trip's wake-up to run and the round trip itself, on
	 * average while the trace ran (perf slows it); NAN none.  Beside it
	 * the row's median round trip, of its sampled trips; NAN none.
	 */
	double wake_us, trip_us, p50_us;
	/*
	 * Sampled by a software clock (cpu-clock: no PMU, as in most VMs),
	 * the kernel symbol where interrupts are let in again that holds
	 * REPORT_PROF_SKEW of the samples or more: a timer interrupt comes
	 * only there, so the time of its samples was spent before it, with
	 * interrupts off.  NULL none.
	 */
	const char *skew;
	double skew_share;
	unsigned int ntop;
	struct report_prof_sym top[REPORT_PROF_TOP];
	unsigned int nbase; /* the baseline's profiles it is compared with */
	unsigned int nchg;
	struct report_prof_sym chg[REPORT_PROF_CHG]; /* increases first */
};

/* What perf recorded, or why not: an invocation's "profile", or NULL. */
const char *report_profile_info(const struct report_model *m);

/* The profile of label @label's row like @row, or NULL. */
const struct report_prof *report_cell_profile(const struct report_model *m,
					      unsigned int label,
					      const struct result_row *row);

#endif
