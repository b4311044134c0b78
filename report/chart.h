/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTML page's charts, each drawn on the canvas of svg.h from the
 * comparison: the charts the page calls, and what they share with it.
 */
#ifndef CTXBENCH_REPORT_CHART_H
#define CTXBENCH_REPORT_CHART_H

#include <stddef.h>
#include <stdio.h>

#include "analysis/compare.h"
#include "analysis/model.h"
#include "svg.h"

/*
 * The charts of mechanism @m of @c onto @f, each an <svg> whose id is
 * made of @mid, the part of an id that names @m: 0, or -ENOMEM.  A chart
 * with nothing to show is not drawn.  Loops/sec: every run and
 * invocation of each label, the mean, its interval and the verdict.
 */
int chart_loops(FILE *f, const struct compare *c, unsigned int m,
		const char *mid);
/* Each row's sampled round trips, from the fastest to the slowest. */
int chart_rtt(FILE *f, const struct compare *c, unsigned int m,
	      const char *mid);
/* Several rings at once (-j): loops/sec and the scalability. */
int chart_rings(FILE *f, const struct report_model *mo, unsigned int m,
		const char *mid);
/* lat_ctx's curves: a chart per key of rows that swept ring sizes. */
int chart_latctx(FILE *f, const struct report_model *mo, unsigned int m,
		 const char *mid);

/*
 * The overview of @mo with two labels or more: every compared row's
 * change against the baseline, its interval and verdict, one chart of
 * id "forest": 0, or -ENOMEM.
 */
int chart_forest(FILE *f, const struct report_model *mo);

/*
 * The verdict on @cell in words: the row's, then each statistic's,
 * "slower: -4.1% marked (p 0.003, ...); detect 2.1%; CPU per loop ...".
 */
void chart_verdict(char *buf, size_t size, const struct compare *c,
		   const struct compare_cell *cell);

/* Of the charts: the warning every chart of emulated runs carries. */
void chart_emulated_line(struct svg *s, const struct compare *c);

/*
 * The name of a compared row's key, as the text report names its rows
 * without the label: "same fifo:80 2p/0K x2 shared".
 */
void chart_key(char *buf, size_t size, const struct compare *c,
	       const struct result_row *row);

#endif
