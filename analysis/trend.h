/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * A series of labels as a trend (report --series): the labels in the
 * order given or by their start, and each step, a label against the one
 * before it, compared and judged as a report of those two alone would
 * (compare_build() of their invocations): a release range or the
 * commits of a bisect log read one step at a time, not against one
 * baseline.  Built once, in the model (model.h); formats render it.
 */
#ifndef CTXBENCH_REPORT_TREND_H
#define CTXBENCH_REPORT_TREND_H

#include <stdio.h>

#include "compare.h"

/* The order of a series. */
enum report_trend_order {
	TREND_GIVEN, /* the labels as they first come on the command line */
	TREND_START, /* by each label's first start; unknown ones last */
	TREND_NORDERS
};

/* One step: label @to against label @from, the one before it. */
struct report_step {
	unsigned int from, to; /* of the model's comparison, cmp.r[] */
	struct compare cmp; /* the two labels' invocations alone */
	/*
	 * [the model's cmp.nrows]: @to's cell of each row of the model's
	 * comparison, as @cmp judged it against @from's; NULL where @to
	 * did not measure the row.
	 */
	const struct compare_cell **at;
};

struct report_trend {
	enum report_trend_order by;
	unsigned int n; /* labels */
	unsigned int *order; /* [n]: the labels (cmp.r[]) in the series */
	unsigned int *pos; /* [n]: the place of label i in the series */
	unsigned int unknown; /* TREND_START: labels without a start */
	unsigned int nsteps; /* n - 1 */
	struct report_step *step; /* [nsteps]: order[k] to order[k + 1] */
};

/* The name of an order, as --series and the JSON spell it. */
const char *report_trend_order_key(enum report_trend_order by);
/* The order named @name; -1 when none is. */
int report_trend_order_parse(const char *name, enum report_trend_order *by);

/*
 * The step into label @label's row @j (of cmp.r[label]->row[]): its cell
 * judged against the label before it in the series, and the step into
 * *@step (may be NULL); NULL for the first label, or no trend.
 */
const struct compare_cell *report_trend_cell(const struct report_model *m,
					     unsigned int label, unsigned int j,
					     const struct report_step **step);

/*
 * The verdict of a step's @cell in words, as a row's (compare.h), but
 * "new" where the label before it did not measure the row.
 */
const char *report_trend_verdict(const struct compare_cell *cell);

/* The text report's trend: a line a row and label in the series' order. */
void text_trend(FILE *f, const struct report_model *m);

/* The page's trend: a chart and a table a mechanism (chart_trend.c). */
int chart_trend(FILE *f, const struct report_model *m);

#endif
