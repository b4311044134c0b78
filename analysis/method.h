/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The ways a compared row may be judged, one table: each method's name,
 * its judging function and the weight each statistic's test carries in
 * the report's level where the labels took turns.  One is shipped
 * (VERDICT_METHOD_SHIPPED); the others are candidates that the verdict
 * lab (bench/lab.py) replays through the binary with CTXBENCH_METHOD
 * (cli/report_cmd.c), so that the lab and the report judge with one
 * implementation.
 */
#ifndef CTXBENCH_METHOD_H
#define CTXBENCH_METHOD_H

#include "verdict.h"

/* One statistic's test of a row against the baseline's: verdict.h. */
typedef void verdict_judge_fn(const struct result_row *a,
			      const struct result_row *b,
			      const struct result_row *const *noise,
			      unsigned int nnoise, enum verdict_stat stat,
			      struct verdict *v);

struct verdict_method {
	const char *name;
	const char *about; /* one line, for `ctxbench dump methods` */
	/* Where the labels took turns: how each statistic is tested. */
	verdict_judge_fn *judge;
	/*
	 * Each statistic's weight in the level where the labels took turns
	 * (weighted Benjamini-Hochberg; a row's weights are scaled so that
	 * their mean over the statistics it has is 1); 0: not tested.
	 * Loops/sec is always tested; in blocks it is the only test.
	 */
	double w[VERDICT_NSTATS];
};

/* The methods, the shipped one first; NULL name ends the table. */
extern const struct verdict_method verdict_methods[];

#define VERDICT_METHOD_SHIPPED (&verdict_methods[0])

/* The method named @name, or NULL. */
const struct verdict_method *verdict_method_find(const char *name);

/*
 * The method every comparison of this process judges with, the shipped
 * one unless verdict_method_use() chose another (CTXBENCH_METHOD).
 */
const struct verdict_method *verdict_method(void);
void verdict_method_use(const struct verdict_method *m);

#endif
