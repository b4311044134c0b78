/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report's lat_ctx tables of rings and working sets.
 *
 * lmbench's lat_ctx tables of the text report: a row per ring size, a
 * column per working set, the time of one hop in microseconds; with
 * several rings at once (-j), a table per count of rings, each hop timed
 * in its own ring.
 */
#include <stdio.h>
#include <string.h>

#include "analysis/model.h"
#include "report.h"
#include "lib/stats.h"
#include "text.h"
#include "analysis/textkit.h"

static void latctx_us(FILE *f, double us)
{
	if (us < 0)
		fprintf(f, "%10s", "-");
	else if (us < 1000)
		fprintf(f, "%10.2f", us);
	else
		fprintf(f, "%10.0f", us);
}

#define LATCTX_COLS 6 /* sizes per table: 14 + 6 x 10 columns */

/* The hop's own work at each working set from @c0 to @c1, as a last row. */
static void latctx_hop_work(FILE *f, const struct report_grid *a,
			    unsigned int c0, unsigned int c1)
{
	fprintf(f, "  %-12s", "hop work");
	for (unsigned int c = c0; c < c1; c++) {
		const struct result_row *w = NULL;

		for (unsigned int p = 0; p < a->np && !w; p++) {
			w = a->at[p * a->nk + c];
			if (w && !(w->hop_work_ns > 0))
				w = NULL;
		}
		latctx_us(f, w ? w->hop_work_ns / 1000 : -1);
	}
	fputc('\n', f);
}

/* The working sets @c0 to @c1 of one table, less the hop's work if @less. */
static void latctx_table(FILE *f, const struct results *r,
			 const struct report_grid *a, int less, unsigned int c0,
			 unsigned int c1)
{
	char corner[96], cls[32], procs[16];

	result_row_class(a->like, cls, sizeof(cls));
	fprintf(f, "%14s%s%s%s\n", "",
		less ? "us per hop, less the hop's own work" :
		       "us per hop (lat_ctx)",
		cls[0] ? ", " : "", cls);
	snprintf(corner, sizeof(corner), "%s %s", a->like->mech,
		 a->like->placement);
	if (results_parallel(r))
		snprintf(corner + strlen(corner),
			 sizeof(corner) - strlen(corner), " x%u%s",
			 result_row_rings(a->like), a->like->shared ? "s" : "");
	text_pad(f, corner, 14);
	for (unsigned int c = c0; c < c1; c++)
		fprintf(f, "%9uK", a->kb[c]);
	fputc('\n', f);
	for (unsigned int p = 0; p < a->np; p++) {
		snprintf(procs, sizeof(procs), "%up", a->procs[p]);
		fprintf(f, "  %-12s", procs);
		for (unsigned int c = c0; c < c1; c++)
			latctx_us(f, latctx_hop_us(a->at[p * a->nk + c], less));
		fputc('\n', f);
	}
	if (!less)
		latctx_hop_work(f, a, c0, c1);
	fputc('\n', f);
}

void report_latctx(FILE *f, const struct report_model *m, unsigned int label,
		   unsigned int mech)
{
	for (unsigned int g = 0; g < m->ngrids; g++) {
		const struct report_grid *a = &m->grid[g];

		if (a->label != label || a->mech != mech)
			continue;
		for (int less = 0; less < 2; less++)
			for (unsigned int c0 = 0; c0 < a->nk; c0 += LATCTX_COLS)
				latctx_table(f, m->cmp.r[label], a, less, c0,
					     c0 + LATCTX_COLS < a->nk ?
						     c0 + LATCTX_COLS :
						     a->nk);
	}
}
