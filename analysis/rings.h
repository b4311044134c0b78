/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What a row of several rings at once (-j) says beyond its loops/sec. */
#ifndef CTXBENCH_RINGS_H
#define CTXBENCH_RINGS_H

#include "model/results.h"

/*
 * The mean loops/sec of @row's slowest and fastest ring over its runs,
 * into *@slow and *@fast; of one ring, its own.  0 when it has no run.
 */
void rings_rates(const struct result_row *row, double *slow, double *fast);

/*
 * How @row's total rate scales: its mean over @row's rings times the mean
 * of the row of one ring of @r with the same mechanism, placement, ring,
 * working set and sharing (1.00 is perfect).  NAN when @r has no such
 * row measured.
 */
double rings_scalability(const struct results *r, const struct result_row *row);

#endif
