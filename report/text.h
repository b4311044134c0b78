/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The parts of the text report that live in files of their own. */
#ifndef CTXBENCH_TEXT_H
#define CTXBENCH_TEXT_H

#include <stdio.h>

#include "results.h"

/*
 * lat_ctx's tables for @mech at each placement of @r: a row per ring
 * size, a column per working set, the time of one hop in microseconds;
 * then the same less the hop's own work (touching the working set and
 * the mechanism's calls, measured in one process without a switch).
 */
void report_latctx(FILE *f, const struct results *r, const char *mech);

#endif
