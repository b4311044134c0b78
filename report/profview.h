/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The profiles of the report model, rendered (profview.c). */
#ifndef CTXBENCH_REPORT_PROFVIEW_H
#define CTXBENCH_REPORT_PROFVIEW_H

#include <stdio.h>

struct jw;
struct report_model;
struct result_row;

/* The formats' parts: text after the tables, the page's section, JSON. */
void report_profile_text(FILE *f, const struct report_model *m);
void report_profile_html(FILE *f, const struct report_model *m);
void report_profile_json(struct jw *w, const struct report_model *m,
			 unsigned int label, const struct result_row *row);

#endif
