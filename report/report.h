/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the formats offer besides their renderers.
 *
 * Written to a caller's FILE.  A report is rendered from the model
 * (analysis/model.h) by the format of report/formats.h that --format
 * names, the model built once.
 */
#ifndef CTXBENCH_REPORT_H
#define CTXBENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "model/results.h"

/*
 * An ASCII histogram of each row's sampled round trips, 72 columns wide
 * at most, as --histogram prints after the report.
 */
void report_histograms(FILE *f, const struct results *const *r, unsigned int n);

/*
 * The @n invocations as one JSON document (the saved-run format; see
 * docs/json.md), as store_write() writes it beside its reader.
 */
void report_json(FILE *f, const struct results *const *r, unsigned int n);

/*
 * Member @i of the comparison of --format json, from 0 in the order
 * docs/json.md gives them: the path of its object (@table,
 * "comparison.rows[]."), its name and its type as the docs name it.
 * Returns -1 past the last.
 */
int report_json_member(unsigned int i, const char **table, const char **member,
		       const char **type);

/*
 * A metric of the flat formats, the last part of a key: its name (a
 * trailing "N" stands for a number from 1: "loops_per_sec_runN"), the
 * table of docs/keys.md it is in, its unit (NULL for a status) and what
 * it is, as docs/keys.md says it.  The flat formats write no metric that
 * is not in report_flat_keys[], which ends with a NULL name.
 */
struct report_flat_key {
	const char *name, *group, *unit, *what;
};

extern const struct report_flat_key report_flat_keys[];

#endif
