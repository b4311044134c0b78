/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The comparison of invocations, computed once: the invocations merged by
 * label, every row of every label set against the same row of the
 * baseline's label, with its verdict.  Built once per report, in the
 * model every format renders (model.h); no format judges a row itself.
 */
#ifndef CTXBENCH_COMPARE_H
#define CTXBENCH_COMPARE_H

#include "model/results.h"
#include "lib/stats.h"
#include "verdict.h"
#include "method.h"

/* What the comparison says of a row. */
enum compare_mark {
	COMPARE_BASELINE, /* the baseline's own row */
	COMPARE_NOT_JUDGED, /* the change, if any, shown but not judged: why */
	COMPARE_NOT_MARKED, /* judged: within the noise between invocations */
	COMPARE_MARKED, /* judged: stands out from that noise */
};

/*
 * The row's verdict, one whatever statistics judged it: slower or faster
 * when one of them marks it (the one that decides it, compare_cell.by),
 * not significant when judged and none marks it, else not judged.
 */
enum compare_verdict {
	COMPARE_VERDICT_NONE, /* the baseline's own row, or a row with no run */
	COMPARE_VERDICT_SLOWER,
	COMPARE_VERDICT_FASTER,
	COMPARE_VERDICT_NOT_SIGNIFICANT,
	COMPARE_VERDICT_NOT_JUDGED,
};

/* Why a row is not judged. */
enum compare_why {
	COMPARE_JUDGED, /* it is (or it is the baseline) */
	COMPARE_NO_BASE_ROW, /* the baseline's label did not measure it */
	COMPARE_NO_RUNS, /* no successful run on one side */
	COMPARE_NO_NOISE, /* one invocation a label and no --noise */
	COMPARE_DISTURBED, /* too few replicates left with runs undisturbed */
	COMPARE_ONE_BLOCK, /* one block a label and no --noise */
	COMPARE_NO_SPREAD, /* every replicate alike: no noise to judge by */
};

/*
 * A statistic's test of a row beyond loops/sec and CPU per loop, where
 * the method tests it (method.h): its verdict, mark, reason when not
 * judged, and replicates for compare.want.
 */
struct compare_stat {
	int has; /* tested: both rows have it */
	struct verdict v;
	enum compare_mark mark;
	enum compare_why why;
	unsigned int want_reps;
	/* Its words, as the cell's: its change and its detect. */
	char change[32], detect[32];
};

/* One label's row of one key: its figures and their verdict. */
struct compare_cell {
	unsigned int label; /* of compare.r[] */
	const struct result_row *row; /* its invocations merged */
	struct stats runs; /* of the loops/sec of all its runs */
	double mean; /* the average: the mean of its invocations' means */
	enum compare_mark mark;
	enum compare_why why;
	/* Against the baseline's row: change, interval, p, detect... */
	struct verdict v;
	/*
	 * The second verdict, on CPU per loop, where the labels took turns
	 * (compare.kept) and both rows have it (has_cpu): its mark, its
	 * reason when not judged, its replicates for compare.want.
	 */
	int has_cpu;
	struct verdict cv;
	enum compare_mark cpu_mark;
	enum compare_why cpu_why;
	unsigned int cpu_want_reps;
	/* The round trip's test (VERDICT_RTT), where the method has it. */
	struct compare_stat rtt;
	/*
	 * Each statistic's weight in the report's level, scaled over the
	 * tests the row has (0: not tested); and the statistic that decided
	 * the row: of its marked tests the one of the least p over its
	 * weight, else of its judged ones the least detect.
	 */
	double w[VERDICT_NSTATS];
	enum verdict_stat by;
	/* Its invocations' trend inside their replicates: verdict_drift(). */
	double drift, drift_p;
	int drifts; /* drift_p < VERDICT_ALPHA */
	/* Left out of the average and the verdict: disturbed. */
	unsigned int runs_left, inv_left;
	/*
	 * Not judged, or judged with detect above compare.want: the
	 * replicates a side would need for detect to reach it, from the
	 * spread measured (verdict_replicates_for()); 0 none or unknown.
	 */
	unsigned int want_reps;
	/*
	 * The row's verdict (compare_level()), and the replicates a side
	 * would need for the detect of the statistic that decides it to
	 * reach compare.want (that statistic's want_reps; 0 none or
	 * unknown).
	 */
	enum compare_verdict outcome;
	unsigned int verdict_reps;
	/*
	 * Its words, as every format says them (report_model_build() and
	 * its trend fill them, textkit.h): the change and detect of each
	 * verdict ("*-38.9%*", "12.3%"), the p50 round trip and a hop in
	 * microseconds ("-" none).  @verdict is the row's verdict in words:
	 * "slower" or "faster", the statistic that decided it named unless
	 * loops/sec ("slower (CPU/loop)"); "not significant", with what it
	 * would need when known ("not significant (needs ~68 boots)"); "not
	 * judged (why)"; "" of the baseline's row and a row with no run.
	 * Its first @verdict_head bytes are the words a narrow column keeps,
	 * the rest (after a blank) the detail.
	 */
	char change[32], detect[32], cpu_change[32], cpu_detect[32];
	char verdict[80];
	unsigned int verdict_head;
	char p50[16], hop[16];
	/*
	 * Its row's key, as kv, tsv, csv and JSON name it
	 * ("pipe.same.2p.0k"; report_row_key()), "" when too long.
	 */
	char key[256];
};

/*
 * A row key (mechanism, placement, class, ring, working set, rings,
 * sharing) and the labels that measured it, in label order.
 */
struct compare_row {
	const struct result_row *like; /* the first row of the key */
	unsigned int mech; /* of compare.mech[] */
	unsigned int ncells;
	struct compare_cell *cell; /* [ncells] */
};

/* A mechanism: one table of the text report. */
struct compare_mech {
	const char *mech;
	const char *title;
};

struct compare {
	unsigned int n; /* labels */
	unsigned int base; /* the baseline's label */
	const struct results **r; /* [n]: each label, its invocations merged */
	struct compare_cell ***cell; /* [n][r[i]->nrows]: the cell of a row */
	unsigned int nmechs, nrows;
	struct compare_mech *mech; /* [nmechs], in the order they appear */
	struct compare_row *row; /* [nrows], in the order they appear */
	unsigned int noise_invocations; /* of the A/A runs given */
	/*
	 * The rule for disturbed runs: kept, when every label compared took
	 * turns (invocations or boots in turn: a disturbance falls on either
	 * side at random); else left out, as in blocks.
	 */
	int kept;
	/*
	 * The report's level (VERDICT_FAMILY, Benjamini-Hochberg): its
	 * tests (each row's loops/sec and CPU per loop with both sides
	 * measured, the second's count too), the p over its weight at or below which a test is
	 * marked (0: none), and the level of every test's detect over its
	 * weight (VERDICT_FAMILY / tests).
	 */
	unsigned int tests, tests_marked, cpu_tests, rtt_tests;
	/*
	 * Rows whose round trip the method would test but does not: a label
	 * ran on an emulated CPU, whose clock is the emulator's (the lab's
	 * boots under TCG have not shown that it keeps its level there).
	 */
	unsigned int rtt_emulated;
	const struct verdict_method *method; /* verdict_method() when built */
	double threshold, alpha;
	double want; /* percent: the detect wanted, COMPARE_WANT_PCT unless set */
	/*
	 * Which marks (1u << enum compare_mark) and reasons (1u << enum
	 * compare_why) the cells with runs have, for a legend.
	 */
	unsigned int marks, whys;
	/* Runs and invocations left out (disturbed), of how many runs. */
	unsigned int runs_left, inv_left, runs_all;
	unsigned int runs_kept; /* disturbed, and kept (compare.kept) */
	unsigned int drifts; /* cells whose invocations drift */
	/* What the above points into. */
	struct results *group, *noise;
	unsigned int nnoise;
};

/*
 * Compare the @n invocations @r, merged by label, against invocation
 * @baseline's label (the first when out of range), judged against the
 * noise of the @nnoise A/A invocations @noise too (see verdict.h).
 * Returns 0, or -ENOMEM with nothing to free.
 */
int compare_build(struct compare *c, const struct results *const *r,
		  unsigned int n, unsigned int baseline,
		  const struct results *const *noise, unsigned int nnoise);

/*
 * For git bisect run: of the last label against the baseline's, 1 when
 * some row is marked slower by more than @pct percent (on loops/sec or on
 * CPU per loop), else 125 when some row shared with the baseline is
 * judged by neither statistic at the detect wanted (not judged, or judged
 * with detect above @c's want: it cannot tell), or there is no other
 * label, or no such row; else 0.
 */
int compare_bisect(const struct compare *c, double pct);

/* Free what compare_build() made. */
void compare_free(struct compare *c);

/* The names of a mark and of a reason, as the JSON spells them. */
/*
 * The detect a row should reach unless --want says otherwise: 5 %, a
 * change a kernel's context switch can make and a quiet machine taking
 * turns can see in 8 rounds (docs/accuracy.md).
 */
#define COMPARE_WANT_PCT 5.0

/* Set @c's wanted detect to @pct percent, and each cell's want_reps. */
void compare_want(struct compare *c, double pct);

const char *compare_mark_key(enum compare_mark m);
const char *compare_why_key(enum compare_why w);
/* The same in words ("one block a label, no --noise"). */
const char *compare_why_words(enum compare_why w);
/* What the legend says of the mark of such a row; "" when none. */
const char *compare_why_legend(enum compare_why w);
/*
 * The mark after the change of such a row in the text report: " " for a
 * bare change, "!", "?"; NULL when the reason shows no change to mark
 * (the row is judged, or there is nothing to compare).  A row with a
 * mark is judged by its runs alone, if at all: its detect is [...].
 */
const char *compare_why_mark(enum compare_why w);
/* What a label's replicates are, as the JSON spells it ("boots"). */
const char *report_level_key(enum result_level l);
/* The row's verdict as keys spell it: "slower", "not_significant"... */
const char *compare_verdict_key(enum compare_verdict v);
/* Is @cell's row marked, slower or faster, by some statistic? */
int compare_cell_marked(const struct compare_cell *cell);
/*
 * Statistic @s as the tidy CSV and the keys name it: "loops_per_sec",
 * "cpu_per_loop", "rtt".
 */
const char *compare_stat_name(enum verdict_stat s);
/*
 * Statistic @s of @cell: its verdict; its mark and the replicates its
 * detect would want into *@mark and *@reps (either may be NULL).
 */
const struct verdict *compare_cell_stat(const struct compare_cell *cell,
					enum verdict_stat s,
					enum compare_mark *mark,
					unsigned int *reps);

/* Label @label's cell of @row, or NULL when it did not measure the row. */
const struct compare_cell *compare_row_cell(const struct compare_row *row,
					    unsigned int label);

#endif
