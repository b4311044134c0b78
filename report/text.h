/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the files of the text report share: text.c, latctx.c, histogram.c. */
#ifndef CTXBENCH_TEXT_H
#define CTXBENCH_TEXT_H

#include <stdio.h>

#include "model/results.h"

/* The widest line the report prints. */
#define TEXT_WIDTH 80

/* The rule above and below a banner of the report. */
#define TEXT_RULE \
	"================================================================"

/*
 * A row's label into @buf: the run's (or its key, "#2", when @key is not
 * 0), its placement, and its ring when there are.
 */
void text_row_name(char *buf, size_t size, const struct results *r,
		   unsigned int key, const struct result_row *row);

/*
 * lat_ctx's tables for @mech at each placement of @r: a row per ring
 * size, a column per working set, the time of one hop in microseconds;
 * then the same less the hop's own work (touching the working set and
 * the mechanism's calls, measured in one process without a switch).
 */
void report_latctx(FILE *f, const struct results *r, const char *mech);

#endif
