/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The model's lat_ctx grids and series of several rings at once.
 *
 * The model's grids and series: lmbench lat_ctx's grid of a label's rows
 * (ring sizes down, working sets across), and a label's rows of several
 * rings at once by their count of rings; the text report's tables and
 * the page's curves both draw them.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"

void report_axis_add(unsigned int *v, unsigned int *n, unsigned int x)
{
	unsigned int k;

	for (k = 0; k < *n; k++)
		if (v[k] == x)
			return;
	if (*n == REPORT_AXIS_MAX)
		return;
	for (k = (*n)++; k > 0 && v[k - 1] > x; k--)
		v[k] = v[k - 1];
	v[k] = x;
}

/* The index of @row's mechanism in @c. */
static unsigned int grid_mech(const struct compare *c,
			      const struct result_row *row)
{
	unsigned int m = 0;

	while (m < c->nmechs && strcmp(c->mech[m].mech, row->mech))
		m++;
	return m;
}

const struct result_row *report_grid_row(const struct report_grid *g,
					 unsigned int procs, unsigned int kb)
{
	unsigned int p = 0, k = 0;

	while (p < g->np && g->procs[p] != procs)
		p++;
	while (k < g->nk && g->kb[k] != kb)
		k++;
	return p < g->np && k < g->nk ? g->at[p * g->nk + k] : NULL;
}

/* The grid of the rows of label @i like @like. */
static int grid_make(struct report_grid *g, const struct compare *c,
		     unsigned int i, const struct result_row *like)
{
	const struct results *r = c->r[i];

	*g = (struct report_grid){ .label = i,
				   .mech = grid_mech(c, like),
				   .like = like };
	for (unsigned int j = 0; j < r->nrows; j++)
		if (result_row_same_but(&r->row[j], like, RESULT_KEY_RING)) {
			report_axis_add(g->procs, &g->np, r->row[j].procs);
			report_axis_add(g->kb, &g->nk, r->row[j].ws_kb);
		}
	g->at = calloc(g->np && g->nk ? g->np * g->nk : 1, sizeof(*g->at));
	if (!g->at)
		return -ENOMEM;
	for (unsigned int p = 0; p < g->np; p++)
		for (unsigned int k = 0; k < g->nk; k++)
			for (unsigned int j = 0; j < r->nrows; j++) {
				const struct result_row *row = &r->row[j];

				if (result_row_same_but(row, like,
							RESULT_KEY_RING) &&
				    row->procs == g->procs[p] &&
				    row->ws_kb == g->kb[k]) {
					g->at[p * g->nk + k] = row;
					break;
				}
			}
	return 0;
}

/* lat_ctx's grids: of each label that swept rings, a grid a key. */
static int model_grids(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	unsigned int max = 0;

	for (unsigned int i = 0; i < c->n; i++)
		max += c->r[i]->nrows;
	m->grid = calloc(max ? max : 1, sizeof(*m->grid));
	if (!m->grid)
		return -ENOMEM;
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0;
		     results_rings(c->r[i]) && j < c->r[i]->nrows; j++) {
			const struct result_row *like = &c->r[i]->row[j];
			int done = 0;

			for (unsigned int k = 0; k < j && !done; k++)
				done = result_row_same_but(&c->r[i]->row[k],
							   like,
							   RESULT_KEY_RING);
			if (!done &&
			    grid_make(&m->grid[m->ngrids++], c, i, like) < 0)
				return -ENOMEM;
		}
	return 0;
}

/* The series of label @i like @like: its rows by their count of rings. */
static int series_make(struct report_series *s, const struct compare *c,
		       unsigned int i, const struct result_row *like)
{
	const struct results *r = c->r[i];

	*s = (struct report_series){ .label = i,
				     .mech = grid_mech(c, like),
				     .like = like };
	s->row = calloc(r->nrows ? r->nrows : 1, sizeof(*s->row));
	if (!s->row)
		return -ENOMEM;
	for (unsigned int j = 0; j < r->nrows; j++) {
		const struct result_row *row = &r->row[j];
		unsigned int k;

		if (!result_row_same_but(row, like, RESULT_KEY_RINGS))
			continue;
		for (k = s->n++; k > 0 && result_row_rings(s->row[k - 1]) >
						  result_row_rings(row);
		     k--)
			s->row[k] = s->row[k - 1];
		s->row[k] = row;
	}
	return 0;
}

/*
 * The series of several rings at once: one a label and row of the
 * comparison but for the count of rings, in the order they appear.
 */
static int model_series(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	unsigned int max = 0;

	for (unsigned int k = 0; k < c->nrows; k++)
		max += c->row[k].ncells;
	m->series = calloc(max ? max : 1, sizeof(*m->series));
	if (!m->series)
		return -ENOMEM;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			unsigned int j = 0;

			if (!results_parallel(c->r[cell->label]))
				continue;
			while (j < m->nseries &&
			       !(m->series[j].label == cell->label &&
				 result_row_same_but(m->series[j].like,
						     cell->row,
						     RESULT_KEY_RINGS)))
				j++;
			if (j == m->nseries &&
			    series_make(&m->series[m->nseries++], c,
					cell->label, cell->row) < 0)
				return -ENOMEM;
		}
	return 0;
}

int report_model_series(struct report_model *m)
{
	return model_grids(m) < 0 || model_series(m) < 0 ? -ENOMEM : 0;
}

void report_model_series_free(struct report_model *m)
{
	for (unsigned int k = 0; m->grid && k < m->ngrids; k++)
		free(m->grid[k].at);
	for (unsigned int k = 0; m->series && k < m->nseries; k++)
		free(m->series[k].row);
	free(m->grid);
	free(m->series);
}
