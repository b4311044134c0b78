/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The one list of formats, a line each, in --format's order.
 *
 * Every format of the report, one line each, in the order --format lists
 * them.  X(id, name) is a struct report_format report_format_id, defined
 * in the file of that format with the same name, as --format takes it;
 * formats.c makes the table of this list.
 */
#ifndef CTXBENCH_REPORT_FORMATS_H
#define CTXBENCH_REPORT_FORMATS_H

#include <stdio.h>

#include "analysis/model.h"

/*
 * A format: its name, as --format takes it, and its renderer, a pure
 * function of the model.  Returns 0, or -ENOMEM.
 */
struct report_format {
	const char *name;
	int (*render)(FILE *f, const struct report_model *m);
};

/* clang-format off */
#define REPORT_FORMATS(X) \
	X(text, "text") \
	X(json, "json") \
	X(kv, "kv") \
	X(tsv, "tsv") \
	X(html, "html") \
	X(csv, "csv") \
	X(csv_compare, "csv-compare") \
	/* end of the list */
/* clang-format on */

#define REPORT_FORMAT_EXTERN(id, name) \
	extern const struct report_format report_format_##id;
REPORT_FORMATS(REPORT_FORMAT_EXTERN)
#undef REPORT_FORMAT_EXTERN

#define REPORT_FORMAT_ONE(id, name) +1
/* How many formats there are. */
enum { REPORT_NFORMATS = 0 REPORT_FORMATS(REPORT_FORMAT_ONE) };
#undef REPORT_FORMAT_ONE

/* All formats, in the order of the list; NULL-terminated. */
extern const struct report_format *const report_formats[];

#endif
