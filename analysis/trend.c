/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The trend of a series of labels: each step compared as a pair alone. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "model.h"
#include "textkit.h"
#include "trend.h"

static const char *const trend_orders[TREND_NORDERS] = {
	[TREND_GIVEN] = "given",
	[TREND_START] = "start",
};

const char *report_trend_order_key(enum report_trend_order by)
{
	return (unsigned int)by < TREND_NORDERS ? trend_orders[by] : "";
}

int report_trend_order_parse(const char *name, enum report_trend_order *by)
{
	for (unsigned int k = 0; k < TREND_NORDERS; k++)
		if (!strcmp(name, trend_orders[k])) {
			*by = (enum report_trend_order)k;
			return 0;
		}
	return -1;
}

const char *report_trend_verdict(const struct compare_cell *cell)
{
	if (!cell)
		return "";
	/* The label before it did not measure the row: new here. */
	if (cell->outcome == COMPARE_VERDICT_NOT_JUDGED &&
	    cell->why == COMPARE_NO_BASE_ROW)
		return "new";
	return cell->verdict;
}

/* The first start of label @label's invocations among @m's; 0 unknown. */
static double trend_start(const struct report_model *m, const char *label)
{
	double first = 0;

	for (unsigned int i = 0; i < m->n; i++) {
		double s = m->r[i]->info.start_s;

		if (!strcmp(m->r[i]->info.label, label) && s > 0 &&
		    (!first || s < first))
			first = s;
	}
	return first;
}

/* The labels in the series' order: as given, or by start (stable). */
static void trend_order(struct report_trend *t, const struct report_model *m,
			double *start)
{
	unsigned int n = t->n;

	for (unsigned int i = 0; i < n; i++) {
		t->order[i] = i;
		start[i] = t->by == TREND_START ?
				   trend_start(m, m->cmp.r[i]->info.label) :
				   0;
		t->unknown += t->by == TREND_START && !(start[i] > 0);
	}
	/* Insertion sort: a few labels, and equal starts keep their order. */
	for (unsigned int i = 1; t->by == TREND_START && i < n; i++) {
		unsigned int x = t->order[i], k = i;

		while (k > 0) {
			double a = start[t->order[k - 1]], b = start[x];
			int later = a > 0 && (!(b > 0) ? 0 : a > b);

			if (!(a > 0) && b > 0)
				later = 1; /* unknown starts go last */
			if (!later)
				break;
			t->order[k] = t->order[k - 1];
			k--;
		}
		t->order[k] = x;
	}
	for (unsigned int i = 0; i < n; i++)
		t->pos[t->order[i]] = i;
}

/* The label of @c named @label, or c->n. */
static unsigned int trend_label(const struct compare *c, const char *label)
{
	unsigned int i = 0;

	while (i < c->n && strcmp(c->r[i]->info.label, label))
		i++;
	return i;
}

/*
 * Step @s of @m: the invocations of its two labels, in the order given,
 * compared with @from's as the baseline, exactly as `ctxbench report`
 * of those files alone would compare them.
 */
static int trend_step(struct report_step *s, const struct report_model *m,
		      const struct results *const *noise, unsigned int nnoise)
{
	const char *from = m->cmp.r[s->from]->info.label;
	const char *to = m->cmp.r[s->to]->info.label;
	const struct results **sub = calloc(m->n ? m->n : 1, sizeof(*sub));
	unsigned int nsub = 0, base = 0, lt;
	int rc = -ENOMEM;

	s->at = calloc(m->cmp.nrows ? m->cmp.nrows : 1, sizeof(*s->at));
	if (!sub || !s->at)
		goto out;
	for (unsigned int i = 0; i < m->n; i++) {
		const char *l = m->r[i]->info.label;

		if (strcmp(l, from) && strcmp(l, to))
			continue;
		sub[nsub++] = m->r[i];
	}
	/* The baseline: the first invocation of @from. */
	for (base = 0; base < nsub && strcmp(sub[base]->info.label, from);
	     base++)
		;
	if (compare_build(&s->cmp, sub, nsub, base, noise, nnoise) < 0)
		goto out;
	text_cell_words(&s->cmp);
	rc = 0;
	lt = trend_label(&s->cmp, to);
	for (unsigned int k = 0; lt < s->cmp.n && k < m->cmp.nrows; k++) {
		const struct results *g = s->cmp.r[lt];
		const struct result_row *row =
			results_find(g, m->cmp.row[k].like);

		if (row)
			s->at[k] = s->cmp.cell[lt][row - g->row];
	}
out:
	free(sub);
	return rc;
}

int report_model_trend(struct report_model *m,
		       const struct results *const *noise, unsigned int nnoise)
{
	enum report_trend_order by =
		m->flags & REPORT_SERIES_START ? TREND_START : TREND_GIVEN;
	struct report_trend *t = calloc(1, sizeof(*t));
	unsigned int n = m->cmp.n;
	double *start = calloc(n ? n : 1, sizeof(*start));
	int rc = -ENOMEM;

	m->trend = t;
	if (!t || !start)
		goto out;
	t->by = by;
	t->n = n;
	t->order = calloc(n ? n : 1, sizeof(*t->order));
	t->pos = calloc(n ? n : 1, sizeof(*t->pos));
	t->nsteps = n > 1 ? n - 1 : 0;
	t->step = calloc(t->nsteps ? t->nsteps : 1, sizeof(*t->step));
	if (!t->order || !t->pos || !t->step)
		goto out;
	trend_order(t, m, start);
	rc = 0;
	for (unsigned int k = 0; k < t->nsteps && !rc; k++) {
		t->step[k].from = t->order[k];
		t->step[k].to = t->order[k + 1];
		rc = trend_step(&t->step[k], m, noise, nnoise);
	}
out:
	free(start);
	return rc;
}

void report_model_trend_free(struct report_model *m)
{
	struct report_trend *t = m->trend;

	if (!t)
		return;
	for (unsigned int k = 0; t->step && k < t->nsteps; k++) {
		compare_free(&t->step[k].cmp);
		free(t->step[k].at);
	}
	free(t->step);
	free(t->order);
	free(t->pos);
	free(t);
	m->trend = NULL;
}

const struct compare_cell *report_trend_cell(const struct report_model *m,
					     unsigned int label, unsigned int j,
					     const struct report_step **step)
{
	const struct report_trend *t = m->trend;
	const struct compare_cell *cell;
	const struct report_step *s;

	if (!t || label >= t->n || !t->pos[label] ||
	    j >= m->cmp.r[label]->nrows)
		return NULL;
	s = &t->step[t->pos[label] - 1];
	cell = m->cmp.cell[label][j];
	for (unsigned int k = 0; cell && k < m->cmp.nrows; k++) {
		const struct compare_row *row = &m->cmp.row[k];

		if (cell >= row->cell && cell < row->cell + row->ncells) {
			if (step)
				*step = s;
			return s->at[k];
		}
	}
	return NULL;
}

void report_model_trend_want(struct report_model *m, double pct)
{
	for (unsigned int k = 0; m->trend && k < m->trend->nsteps; k++) {
		compare_want(&m->trend->step[k].cmp, pct);
		text_cell_words(&m->trend->step[k].cmp);
	}
}
