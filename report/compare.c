/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The comparison of invocations: labels merged, rows matched and judged. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "group.h"
#include "model/schema.h"
#include "report.h"
#include "lib/util.h"

static const char *const compare_marks[] = {
	[COMPARE_BASELINE] = "baseline",
	[COMPARE_NOT_JUDGED] = "not_judged",
	[COMPARE_NOT_MARKED] = "not_marked",
	[COMPARE_MARKED] = "marked",
};

/*
 * Each reason a row is not judged, once: its key (kv, tsv, JSON), its
 * words (the page's verdict), the mark of its change in the text report
 * (NULL: none, the change has no figure to show) and the legend's entry
 * of that mark.
 */
static const struct {
	const char *key, *words, *mark, *legend;
} compare_whys[] = {
	[COMPARE_JUDGED] = { "", "", NULL, "" },
	[COMPARE_NO_BASE_ROW] = { "no_baseline_row",
				  "the baseline did not measure it", NULL, "" },
	[COMPARE_NO_RUNS] = { "no_runs", "no successful run on one side", NULL,
			      "" },
	[COMPARE_NO_NOISE] = { "no_noise", "one invocation a label, no --noise",
			       " ",
			       "bare change: one invocation a label, not judged (runs of one "
			       "invocation are\nno replicates of a kernel: save 2 or more a "
			       "label, or give --noise);" },
	[COMPARE_DISTURBED] = { "disturbed", "too few replicates undisturbed",
				"!",
				"change!: too few replicates left undisturbed "
				"on a side, not judged." },
	[COMPARE_ONE_BLOCK] = { "one_block", "one block a label, no --noise",
				"?",
				"change?: one block a label (all its invocations in a row, one "
				"boot), not judged:\nthe noise between blocks is unknown.  "
				"Take boots in turn (A B A B), or give\n--noise an A/A set "
				"of blocks or boots of one kernel on this machine." },
	[COMPARE_NO_SPREAD] = { "no_spread", "no spread between replicates",
				"=",
				"change=: no spread at all between the "
				"replicates (every one alike, as quantised\n"
				"values or ties can be), not judged: a spread of 0 "
				"is no certainty." },
};

static const char *const compare_levels[] = {
	[RESULT_LEVEL_INVOCATIONS] = "invocations",
	[RESULT_LEVEL_ONE_BLOCK] = "none",
	[RESULT_LEVEL_BLOCKS] = "blocks",
	[RESULT_LEVEL_BOOTS] = "boots",
};

#define COMPARE_KEY(t, i) ((size_t)(i) < ARRAY_SIZE(t) ? (t)[i] : "")

const char *compare_mark_key(enum compare_mark m)
{
	return COMPARE_KEY(compare_marks, m);
}

#define COMPARE_WHY(w, m) \
	((size_t)(w) < ARRAY_SIZE(compare_whys) ? compare_whys[w].m : "")

const char *compare_why_key(enum compare_why w)
{
	return COMPARE_WHY(w, key);
}

const char *compare_why_words(enum compare_why w)
{
	return COMPARE_WHY(w, words);
}

const char *compare_why_legend(enum compare_why w)
{
	return COMPARE_WHY(w, legend);
}

const char *compare_why_mark(enum compare_why w)
{
	return (size_t)w < ARRAY_SIZE(compare_whys) ? compare_whys[w].mark :
						      NULL;
}

const char *report_level_key(enum result_level l)
{
	return COMPARE_KEY(compare_levels, l);
}

/* The index of @mech in @c's mechanisms, added when new; -1: no room. */
static int compare_mech(struct compare *c, const struct result_row *row,
			unsigned int max)
{
	unsigned int m;

	for (m = 0; m < c->nmechs; m++)
		if (!strcmp(c->mech[m].mech, row->mech))
			return (int)m;
	if (m == max)
		return -1;
	c->mech[m] = (struct compare_mech){ row->mech, row->title };
	c->nmechs++;
	return (int)m;
}

/* The keys of every label's rows, in the order they first appear. */
static int compare_rows(struct compare *c)
{
	unsigned int max = 0;

	for (unsigned int i = 0; i < c->n; i++)
		max += c->r[i]->nrows;
	c->mech = calloc(max ? max : 1, sizeof(*c->mech));
	c->row = calloc(max ? max : 1, sizeof(*c->row));
	if (!c->mech || !c->row)
		return -ENOMEM;
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			const struct result_row *like = &c->r[i]->row[j];
			unsigned int k;
			int m;

			for (k = 0; k < c->nrows; k++)
				if (result_row_same(c->row[k].like, like))
					break;
			if (k < c->nrows)
				continue;
			m = compare_mech(c, like, max);
			if (m < 0)
				return -ENOMEM;
			c->row[c->nrows++] =
				(struct compare_row){ .like = like,
						      .mech = (unsigned int)m };
		}
	return 0;
}

/* The mark of @cell, from its verdict against the baseline's row @brow. */
static void compare_judge(struct compare *c, struct compare_cell *cell)
{
	const struct result_row *noise[SAVED_MAX_INVOCATIONS], *brow;
	struct verdict *v;
	int lost;

	memset(&cell->v, 0, sizeof(cell->v));
	cell->v.change = cell->v.p = cell->v.detect = NAN;
	cell->v.low = cell->v.high = NAN;
	if (cell->label == c->base) {
		cell->mark = COMPARE_BASELINE;
		return;
	}
	cell->mark = COMPARE_NOT_JUDGED;
	brow = results_find(c->r[c->base], cell->row);
	if (!brow) {
		cell->why = COMPARE_NO_BASE_ROW;
		return;
	}
	for (unsigned int k = 0; k < c->nnoise; k++)
		noise[k] = results_find(&c->noise[k], cell->row);
	verdict_rows(brow, cell->row, noise, c->nnoise, &cell->v);
	v = &cell->v;
	/*
	 * Fewer than half of a side's replicates left, or fewer than it
	 * takes to judge: what would be judged is the disturbance.
	 */
	lost = v->na < v->ra || v->nb < v->rb;
	if (v->ra && v->rb &&
	    (!v->na || !v->nb || 2 * v->na < v->ra || 2 * v->nb < v->rb ||
	     (lost && v->basis == VERDICT_RUNS)))
		cell->why = COMPARE_DISTURBED;
	else if (v->basis == VERDICT_NONE)
		cell->why = COMPARE_NO_RUNS;
	else if (v->basis == VERDICT_INVOCATIONS && isnan(v->p))
		cell->why = COMPARE_NO_SPREAD;
	else if (v->basis == VERDICT_RUNS)
		cell->why = c->r[c->base]->level == RESULT_LEVEL_ONE_BLOCK ||
					    c->r[cell->label]->level ==
						    RESULT_LEVEL_ONE_BLOCK ?
				    COMPARE_ONE_BLOCK :
				    COMPARE_NO_NOISE;
	else
		cell->mark =
			v->significant ? COMPARE_MARKED : COMPARE_NOT_MARKED;
	if (cell->why == COMPARE_DISTURBED)
		v->significant = 0;
}

/* The replicates @cell's sides would need for detect to reach c->want. */
static void compare_want_cell(const struct compare *c,
			      struct compare_cell *cell)
{
	const struct verdict *v = &cell->v;
	int judged = cell->mark == COMPARE_NOT_MARKED ||
		     cell->mark == COMPARE_MARKED;
	int short_of = cell->mark == COMPARE_NOT_JUDGED ||
		       (judged && v->detect * 100 > c->want);

	cell->want_reps = 0;
	if (short_of && cell->why != COMPARE_NO_BASE_ROW &&
	    cell->why != COMPARE_NO_RUNS)
		cell->want_reps = verdict_replicates_for(v, c->want / 100);
}

void compare_want(struct compare *c, double pct)
{
	c->want = pct;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++)
			compare_want_cell(c, &c->row[k].cell[i]);
}

/* What of @cell's row was left out, and whether its invocations drift. */
static void compare_left(struct compare *c, struct compare_cell *cell)
{
	const struct result_row *row = cell->row;

	for (unsigned int i = 0; row->inv && i < row->ninv; i++) {
		cell->runs_left += row->inv[i].left ? row->inv[i].runs :
						      row->inv[i].disturbed;
		cell->inv_left += row->inv[i].left;
	}
	c->runs_left += cell->runs_left;
	c->runs_all += row->nsamples;
	verdict_drift(row, &cell->drift, &cell->drift_p);
	cell->drifts = cell->drift_p < VERDICT_ALPHA;
	c->drifts += cell->drifts;
}

/*
 * The invocations left out of some row: each once, however many of its
 * rows were left out.
 */
static void compare_inv_left(struct compare *c)
{
	for (unsigned int i = 0; i < c->n; i++) {
		unsigned char left[SAVED_MAX_INVOCATIONS] = { 0 };

		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			const struct result_row *row = &c->r[i]->row[j];

			for (unsigned int k = 0; row->inv && k < row->ninv; k++)
				if (row->inv[k].left &&
				    row->inv[k].of < SAVED_MAX_INVOCATIONS)
					left[row->inv[k].of] = 1;
		}
		for (unsigned int k = 0; k < SAVED_MAX_INVOCATIONS; k++)
			c->inv_left += left[k];
	}
}

/* The cells of row @k: one per label that measured it. */
static int compare_cells(struct compare *c, struct compare_row *row)
{
	row->cell = calloc(c->n, sizeof(*row->cell));
	if (!row->cell)
		return -ENOMEM;
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			struct compare_cell *cell = &row->cell[row->ncells];

			if (!result_row_same(&c->r[i]->row[j], row->like))
				continue;
			row->ncells++;
			c->cell[i][j] = cell;
			cell->label = i;
			cell->row = &c->r[i]->row[j];
			result_row_stats(cell->row, &cell->runs);
			cell->mean = verdict_mean(cell->row);
			compare_judge(c, cell);
			compare_want_cell(c, cell);
			compare_left(c, cell);
			if (cell->row->nsamples) {
				c->marks |= 1u << cell->mark;
				c->whys |= 1u << cell->why;
			}
		}
	return 0;
}

int compare_build(struct compare *c, const struct results *const *r,
		  unsigned int n, unsigned int baseline,
		  const struct results *const *noise, unsigned int nnoise)
{
	unsigned int *gi = calloc(n ? n : 1, sizeof(*gi));
	const struct results **t =
		calloc(n + nnoise ? n + nnoise : 1, sizeof(*t));

	memset(c, 0, sizeof(*c));
	c->want = COMPARE_WANT_PCT;
	if (!gi || !t)
		goto fail;
	/* One timeline for both: a noise run between two ends a block. */
	if (n)
		memcpy(t, r, n * sizeof(*t));
	if (nnoise)
		memcpy(t + n, noise, nnoise * sizeof(*t));
	if (report_group(r, n, t, n + nnoise, &c->group, &c->n, gi) < 0 ||
	    report_group(noise, nnoise, t, n + nnoise, &c->noise, &c->nnoise,
			 NULL) < 0)
		goto fail;
	c->base = n ? gi[baseline < n ? baseline : 0] : 0;
	for (unsigned int k = 0; k < c->nnoise; k++)
		c->noise_invocations += c->noise[k].invocations;
	c->r = calloc(c->n ? c->n : 1, sizeof(*c->r));
	c->cell = calloc(c->n ? c->n : 1, sizeof(*c->cell));
	if (!c->r || !c->cell)
		goto fail;
	for (unsigned int i = 0; i < c->n; i++) {
		c->r[i] = &c->group[i];
		c->cell[i] = calloc(c->group[i].nrows ? c->group[i].nrows : 1,
				    sizeof(*c->cell[i]));
		if (!c->cell[i])
			goto fail;
	}
	if (compare_rows(c) < 0)
		goto fail;
	for (unsigned int k = 0; k < c->nrows; k++)
		if (compare_cells(c, &c->row[k]) < 0)
			goto fail;
	compare_inv_left(c);
	free(gi);
	free(t);
	return 0;
fail:
	free(gi);
	free(t);
	compare_free(c);
	return -ENOMEM;
}

int compare_bisect(const struct compare *c, double pct)
{
	unsigned int last = c->n ? c->n - 1 : 0, judged = 0, unjudged = 0;

	if (c->n < 2 || last == c->base)
		return 125;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];

			if (cell->label != last ||
			    cell->why == COMPARE_NO_BASE_ROW)
				continue;
			if (cell->mark == COMPARE_MARKED &&
			    cell->v.change * 100 < -pct)
				return 1;
			/* Not judged, or not at the detect wanted. */
			if (cell->mark == COMPARE_NOT_JUDGED || cell->want_reps)
				unjudged++;
			else
				judged++;
		}
	return unjudged || !judged ? 125 : 0;
}

void compare_free(struct compare *c)
{
	for (unsigned int k = 0; c->row && k < c->nrows; k++)
		free(c->row[k].cell);
	for (unsigned int i = 0; c->cell && i < c->n; i++)
		free(c->cell[i]);
	free(c->cell);
	free(c->row);
	free(c->mech);
	free(c->r);
	report_group_free(c->group, c->n);
	report_group_free(c->noise, c->nnoise);
	memset(c, 0, sizeof(*c));
}
