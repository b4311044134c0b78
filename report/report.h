/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Output formats of results, written to a caller's FILE.  Each function
 * below that compares builds the model of its own report (model.h), for
 * the unit tests; the output phase builds one model and renders the
 * format of report/formats.h that --format names.
 */
#ifndef CTXBENCH_REPORT_H
#define CTXBENCH_REPORT_H

#include <stddef.h>
#include <stdio.h>

#include "model/results.h"

/*
 * The text report of @n invocations side by side, in the original
 * ctxbench's layout: a Run information block, then one table per IPC type
 * with a row per label.  Invocations with the same label are merged into
 * one row, each a replicate.  With two labels or more each row also shows
 * the change of its average against the same row of invocation
 * @baseline's label, judged against the spread between invocations of a
 * label, the @nnoise A/A invocations @noise included (see verdict.h).
 * At most 80 columns.  Returns 0, or -ENOMEM after the Run information.
 */
int report_text(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise);

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
 * The same, and with n >= 2 a "comparison" member after the invocations:
 * every row of every label against invocation @baseline's label, with
 * the verdict the text report shows (docs/json.md).  A reader skips it.
 * Returns 0, or -ENOMEM having written nothing.
 */
int report_json_compared(FILE *f, const struct results *const *r,
			 unsigned int n, unsigned int baseline,
			 const struct results *const *noise,
			 unsigned int nnoise);

/*
 * The same comparison as report_text() as one HTML page that needs
 * nothing beside it: inline SVG charts of every run, the round trips,
 * several rings and lat_ctx's curves, the text report's tables in its
 * figures, and the Run information.  Returns 0, or -ENOMEM: having
 * written nothing, or a page cut short at the chart that failed.
 */
int report_html(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise);

/* The two shapes of the flat formats: "key: value" and "key<TAB>value". */
enum report_flat_shape { REPORT_FLAT_KV, REPORT_FLAT_TSV };

/*
 * The @n invocations as one line per figure, for test harnesses: a key
 * built from the row ("pipe.same.2p.0k") and a number, in @shape.  With
 * n >= 2 the invocations are merged by label as in the text report, each
 * key starts with its label and "/", and each row of a label other than
 * invocation @baseline's gains the verdict on its change (see verdict.h),
 * with the @nnoise A/A invocations @noise.  docs/keys.md holds the
 * grammar and every metric.  Returns 0, or -ENOMEM.
 */
int report_flat(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise, enum report_flat_shape shape);

/*
 * One figure of the flat formats: its label (as given, not as a key),
 * its row and that row's key, its metric and its value as kv writes it.
 */
struct report_flat_fig {
	const char *label;
	const struct result_row *row;
	const char *rowkey, *metric, *value;
};

typedef void report_flat_fn(FILE *f, const struct report_flat_fig *fig);

struct report_model;

/* Every figure of @m that kv writes, in kv's order, to @fn (csv.c): 0, -ENOMEM. */
int report_flat_walk(FILE *f, const struct report_model *m, report_flat_fn *fn);

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
