/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The report model: what every format renders, built once per report.  The
 * comparison of the invocations (compare.h), every row's findings with
 * their kind, figures and words, and the legend of what the comparison's
 * rows have, each entry from the constants it states.  A format is a pure
 * function of it.
 */
#ifndef CTXBENCH_REPORT_MODEL_H
#define CTXBENCH_REPORT_MODEL_H

#include <stdio.h>

#include "compare.h"

struct report_trend;

/*
 * What the reader of a row must not average away, in the order the
 * text report prints it under the row.
 */
enum report_finding_kind {
	FINDING_EMULATED, /* the CPU was emulated */
	FINDING_SCHED_EXT, /* a BPF scheduler (sched_ext) ran the row */
	FINDING_RAN_ON, /* of a hybrid machine: the core types it ran on */
	FINDING_MIGRATED, /* unpinned: moved between CPUs */
	FINDING_DEGENERATE, /* spinners sharing one CPU */
	FINDING_RINGS, /* several rings: slowest, fastest, scalability */
	FINDING_OVERSUBSCRIBED, /* more tasks than CPUs for them */
	FINDING_DISTURBED, /* runs disturbed, the worst one named */
	FINDING_DISCARDED, /* disturbed runs discarded and run again */
	FINDING_OUTLIERS, /* runs outside the Tukey fences */
	FINDING_CLUSTERS, /* the runs fall in two clusters */
	FINDING_KINDS
};

/* One finding: its kind, its figures (those its kind has), its words. */
struct report_finding {
	enum report_finding_kind kind;
	/*
	 * DISTURBED: @n of @of runs, the worst @run (from 1), its @why.
	 * DISCARDED: @n runs.  OUTLIERS: @n runs, numbered @runs[] (from 1),
	 * of loops/sec @rates[].  CLUSTERS: @n runs near @lo, @of - @n
	 * near @hi.  RINGS: @n rings, the slowest @lo, the fastest @hi,
	 * the @scale (NAN: no row of one ring).  MIGRATED: @moves, -1
	 * unknown.  SCHED_EXT: the BPF scheduler, @name.  RAN_ON: @n CPUs of
	 * the fastest type, @of of the others, the types @name
	 * ("P-core+E-core").
	 */
	unsigned int n, of, run;
	long long moves;
	double lo, hi, scale;
	unsigned int *runs;
	double *rates;
	const char *why;
	char name[72];
	/* As the text report says it, without "(...)"; may hold "\n". */
	char *words;
};

/* The name of a finding's kind, as kv, tsv and JSON spell it. */
const char *report_finding_key(enum report_finding_kind k);

/* The findings of one compared row (a cell of the comparison). */
struct report_findings {
	unsigned int n;
	struct report_finding *f; /* [n] */
};

/*
 * Where an entry of the legend belongs: the few plain words a reader
 * needs before the tables (at most 5 lines of the text report), what the
 * reader is warned of, or the statistical detail, which the full report
 * gives after its tables and --brief leaves out.
 */
enum report_legend_part {
	REPORT_LEGEND_DETAIL,
	REPORT_LEGEND_PLAIN,
	REPORT_LEGEND_WARN,
};

/*
 * An entry of the legend: a paragraph of words, without a line break or
 * a width; each format lays it out (the text report wraps it, the page
 * makes it a paragraph).
 */
struct report_legend {
	const char *key;
	enum report_legend_part part;
	/*
	 * The words; of a label's replicates ("level"), what follows
	 * "LABEL:", @label its label in the comparison.  "want", what
	 * --want would take, is followed of each label by "want_label"
	 * (with --brief, what its rows would need; else "") and "want_row"
	 * entries, a row each, the words of each after its label.
	 */
	char *words;
	unsigned int label;
};

#define REPORT_AXIS_MAX 64 /* ring sizes, working sets of a grid */

/*
 * lmbench lat_ctx's grid: the rows of label @label (of the comparison)
 * like @like but for their ring size and working set, the sizes sorted.
 */
struct report_grid {
	unsigned int label, mech; /* of compare.r[], compare.mech[] */
	const struct result_row *like; /* the first such row */
	unsigned int procs[REPORT_AXIS_MAX], kb[REPORT_AXIS_MAX], np, nk;
	const struct result_row **at; /* [np * nk], row by row; NULL: none */
};

/*
 * Add @x to the sorted distinct values @v[*@n], an axis of at most
 * REPORT_AXIS_MAX values: beyond that, a new value is left out.
 */
void report_axis_add(unsigned int *v, unsigned int *n, unsigned int x);

/* The row of @g with @procs participants and @kb, or NULL. */
const struct result_row *report_grid_row(const struct report_grid *g,
					 unsigned int procs, unsigned int kb);

/*
 * Several rings at once: the rows of label @label like @like but for
 * their count of rings, by that count.
 */
struct report_series {
	unsigned int label, mech;
	const struct result_row *like; /* the first such row compared */
	unsigned int n;
	const struct result_row **row; /* [n] */
};

/*
 * What a label's kernel says of itself that a harness compares by a
 * number (kv, tsv): each 1 yes, 0 no, -1 unknown (or its invocations say
 * otherwise one from another).
 */
enum report_said {
	SAID_EEVDF, /* the fair class is EEVDF, not CFS */
	SAID_PROXY_EXEC, /* proxy execution on */
	SAID_CORE_SCHED, /* the kernel has core scheduling */
	SAID_TSC_STABLE, /* the TSC is stable */
	REPORT_NSAID
};

struct report_model {
	const struct results *const *r; /* the invocations as given, [n] */
	unsigned int n;
	struct compare cmp; /* of them, merged by label */
	struct report_findings **find; /* [cmp.n][cmp.r[i]->nrows] */
	signed char (*said)[REPORT_NSAID]; /* [cmp.n] */
	unsigned int nlegend;
	struct report_legend *legend; /* [nlegend], with two labels or more */
	/* Of labels that swept rings, in label and row order. */
	unsigned int ngrids;
	struct report_grid *grid;
	/* Of labels of several rings, in the comparison's row order. */
	unsigned int nseries;
	struct report_series *series;
	/* With REPORT_SERIES: the labels as a trend, step by step (trend.h). */
	struct report_trend *trend;
	unsigned int flags; /* REPORT_* */
	unsigned int warn; /* REPORT_WARN_*: what every format warns of */
	/* --profile: a label's profile of a row, cell by cell (profile.h). */
	unsigned int nprof;
	struct report_prof *prof;
};

/* The report-level warnings, each format in its words. */
#define REPORT_WARN_EMULATED 1u /* a label's CPU was emulated */
#define REPORT_WARN_DISTURBED 2u /* a run of a label was disturbed */

#define REPORT_HISTOGRAM 1u /* the text report: each row's histogram too */
#define REPORT_BRIEF 2u /* the text report: differing facts and summary */
#define REPORT_SERIES 4u /* the labels as a trend, in the order given */
#define REPORT_SERIES_START 8u /* with it: by each label's start */

/*
 * The model of the @n invocations @r against invocation @baseline's
 * label, with the @nnoise A/A invocations @noise (compare_build()),
 * rendered with @flags.  Returns 0, or -ENOMEM with nothing to free.
 */
int report_model_build(struct report_model *m, const struct results *const *r,
		       unsigned int n, unsigned int baseline,
		       const struct results *const *noise, unsigned int nnoise,
		       unsigned int flags);

/*
 * The detect @m's rows should reach, @pct percent (COMPARE_WANT_PCT
 * unless called): each cell's want_reps and the legend's "want" entry.
 */
int report_model_want(struct report_model *m, double pct);

/* Free what report_model_build() made. */
void report_model_free(struct report_model *m);

/* The grids and series of @m (series.c): 0, or -ENOMEM; and their end. */
int report_model_series(struct report_model *m);
void report_model_series_free(struct report_model *m);

/*
 * With REPORT_SERIES, the trend of @m's labels (trend.c, in the order
 * REPORT_SERIES_START says), into m->trend, each step judged with the
 * @nnoise A/A invocations @noise as the comparison is: 0, or -ENOMEM;
 * each step's detect to reach @pct (report_model_want()); and its end.
 */
int report_model_trend(struct report_model *m,
		       const struct results *const *noise, unsigned int nnoise);
void report_model_trend_want(struct report_model *m, double pct);
void report_model_trend_free(struct report_model *m);

/* The profiles of @m's cells (profile.c): 0, or -ENOMEM; and their end. */
int report_model_profiles(struct report_model *m);
void report_model_profiles_free(struct report_model *m);

/* The findings of @cell of @m's comparison. */
const struct report_findings *
report_cell_findings(const struct report_model *m,
		     const struct compare_cell *cell);

#endif
