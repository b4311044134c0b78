/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the files of the text report share (text.c, summary.c, latctx.c),
 * besides the words of textkit.h.
 */
#ifndef CTXBENCH_TEXT_H
#define CTXBENCH_TEXT_H

#include <stdio.h>

struct report_model;

/*
 * The summary of @m (summary.c): a line per row and label, its loops/sec,
 * cv, change, verdict, p50 round trip and microseconds per hand-off;
 * labels named by their keys ("#1") when @keys.
 */
void text_summary(FILE *f, const struct report_model *m, int keys);

/* Are the labels of @c too wide for the summary: named by their keys? */
int text_summary_keys(const struct compare *c);

/*
 * lat_ctx's tables of label @label of @m for mechanism @mech (of its
 * comparison), from its grids: a row per ring
 * size, a column per working set, the time of one hop in microseconds;
 * then the same less the hop's own work (touching the working set and
 * the mechanism's calls, measured in one process without a switch).
 */
void report_latctx(FILE *f, const struct report_model *m, unsigned int label,
		   unsigned int mech);

#endif
