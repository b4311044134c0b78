/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The comparison of invocations: labels merged, rows matched and judged. */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "facts/emulation.h"
#include "group.h"
#include "model/schema.h"
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
			       "invocation are no replicates of a kernel: save 2 or more a "
			       "label, or give --noise);" },
	[COMPARE_DISTURBED] = { "disturbed", "too few replicates undisturbed",
				"!",
				"change!: too few replicates left undisturbed "
				"on a side, not judged." },
	[COMPARE_ONE_BLOCK] = { "one_block", "one block a label, no --noise",
				"?",
				"change?: one block a label (all its invocations in a row, one "
				"boot), not judged: the noise between blocks is unknown.  "
				"Take boots in turn (A B A B), or give --noise an A/A set "
				"of blocks or boots of one kernel on this machine." },
	[COMPARE_NO_SPREAD] = { "no_spread", "no spread between replicates",
				"=",
				"change=: no spread at all between the "
				"replicates (every one alike, as quantised "
				"values or ties can be), not judged: a spread of 0 "
				"is no certainty." },
};

static const char *const compare_verdicts[] = {
	[COMPARE_VERDICT_NONE] = "",
	[COMPARE_VERDICT_SLOWER] = "slower",
	[COMPARE_VERDICT_FASTER] = "faster",
	[COMPARE_VERDICT_NOT_SIGNIFICANT] = "not_significant",
	[COMPARE_VERDICT_NOT_JUDGED] = "not_judged",
};

/* Sized by its entries: a statistic without a name has "". */
static const char *const compare_stats[] = {
	[VERDICT_LOOPS] = "loops_per_sec",
	[VERDICT_CPU] = "cpu_per_loop",
	[VERDICT_RTT] = "rtt",
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

const char *compare_verdict_key(enum compare_verdict v)
{
	return COMPARE_KEY(compare_verdicts, v);
}

int compare_cell_marked(const struct compare_cell *cell)
{
	return cell->outcome == COMPARE_VERDICT_SLOWER ||
	       cell->outcome == COMPARE_VERDICT_FASTER;
}

const char *compare_stat_name(enum verdict_stat s)
{
	return COMPARE_KEY(compare_stats, s);
}

const struct verdict *compare_cell_stat(const struct compare_cell *cell,
					enum verdict_stat s,
					enum compare_mark *mark,
					unsigned int *reps)
{
	const struct verdict *v = &cell->v;
	enum compare_mark m = cell->mark;
	unsigned int n = cell->want_reps;

	if (s == VERDICT_CPU) {
		v = &cell->cv;
		m = cell->cpu_mark;
		n = cell->cpu_want_reps;
	} else if (s == VERDICT_RTT) {
		v = &cell->rtt.v;
		m = cell->rtt.mark;
		n = cell->rtt.want_reps;
	}
	if (mark)
		*mark = m;
	if (reps)
		*reps = n;
	return v;
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

/* Why a verdict @v, judged against noise or not, cannot be judged. */
static enum compare_why compare_why_of(const struct compare *c,
				       const struct compare_cell *cell,
				       const struct verdict *v)
{
	/*
	 * Fewer than half of a side's replicates left, or fewer than it
	 * takes to judge: what would be judged is the disturbance.
	 */
	int lost = v->na < v->ra || v->nb < v->rb;

	if (v->ra && v->rb &&
	    (!v->na || !v->nb || 2 * v->na < v->ra || 2 * v->nb < v->rb ||
	     (lost && v->basis == VERDICT_RUNS)))
		return COMPARE_DISTURBED;
	if (v->basis == VERDICT_NONE)
		return COMPARE_NO_RUNS;
	if (v->basis == VERDICT_INVOCATIONS && isnan(v->p))
		return COMPARE_NO_SPREAD;
	if (v->basis == VERDICT_RUNS)
		return c->r[c->base]->level == RESULT_LEVEL_ONE_BLOCK ||
				       c->r[cell->label]->level ==
					       RESULT_LEVEL_ONE_BLOCK ?
			       COMPARE_ONE_BLOCK :
			       COMPARE_NO_NOISE;
	return COMPARE_JUDGED;
}

/*
 * The verdicts of @cell against the baseline's row: judged or not, and
 * why not; marked or not is the report's level's (compare_level()).
 * Where the labels took turns, the method judges (method.h), with the
 * statistics it weighs; in blocks, loops/sec alone against its noise.
 */
static void compare_judge(struct compare *c, struct compare_cell *cell)
{
	const struct result_row *noise[SAVED_MAX_INVOCATIONS], *brow;
	const struct verdict_method *m = c->method;
	verdict_judge_fn *judge = c->kept ? m->judge : verdict_rows;

	memset(&cell->v, 0, sizeof(cell->v));
	cell->v.change = cell->v.p = cell->v.detect = NAN;
	cell->v.low = cell->v.high = NAN;
	cell->cv = cell->rtt.v = cell->v;
	cell->cpu_mark = cell->rtt.mark = COMPARE_NOT_JUDGED;
	cell->by = VERDICT_LOOPS;
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
	judge(brow, cell->row, noise, c->nnoise, VERDICT_LOOPS, &cell->v);
	cell->why = compare_why_of(c, cell, &cell->v);
	if (cell->why == COMPARE_JUDGED)
		cell->mark = COMPARE_NOT_MARKED; /* until the level's */
	if (!c->kept)
		return;
	if (m->w[VERDICT_CPU] > 0) {
		judge(brow, cell->row, noise, c->nnoise, VERDICT_CPU,
		      &cell->cv);
		cell->has_cpu = cell->cv.na && cell->cv.nb;
		cell->cpu_why = compare_why_of(c, cell, &cell->cv);
		if (cell->has_cpu && cell->cpu_why == COMPARE_JUDGED)
			cell->cpu_mark = COMPARE_NOT_MARKED;
	}
	if (m->w[VERDICT_RTT] > 0 &&
	    (emulation_yes(c->r[c->base]->info.emulated) ||
	     emulation_yes(c->r[cell->label]->info.emulated)))
		c->rtt_emulated++;
	else if (m->w[VERDICT_RTT] > 0) {
		judge(brow, cell->row, noise, c->nnoise, VERDICT_RTT,
		      &cell->rtt.v);
		cell->rtt.has = cell->rtt.v.na && cell->rtt.v.nb;
		cell->rtt.why = compare_why_of(c, cell, &cell->rtt.v);
		if (cell->rtt.has && cell->rtt.why == COMPARE_JUDGED)
			cell->rtt.mark = COMPARE_NOT_MARKED;
	}
}

/* The replicates @cell's sides would need for detect to reach c->want. */
static unsigned int compare_want_of(const struct compare *c,
				    const struct verdict *v,
				    enum compare_mark mark,
				    enum compare_why why)
{
	int judged = mark == COMPARE_NOT_MARKED || mark == COMPARE_MARKED;
	int short_of = mark == COMPARE_NOT_JUDGED ||
		       (judged && v->detect * 100 > c->want);

	if (short_of && why != COMPARE_NO_BASE_ROW && why != COMPARE_NO_RUNS)
		return verdict_replicates_for(v, c->want / 100);
	return 0;
}

static void compare_want_cell(const struct compare *c,
			      struct compare_cell *cell)
{
	cell->want_reps =
		cell->mark == COMPARE_BASELINE ?
			0 :
			compare_want_of(c, &cell->v, cell->mark, cell->why);
	cell->cpu_want_reps =
		cell->has_cpu ? compare_want_of(c, &cell->cv, cell->cpu_mark,
						cell->cpu_why) :
				0;
	cell->rtt.want_reps =
		cell->rtt.has ? compare_want_of(c, &cell->rtt.v, cell->rtt.mark,
						cell->rtt.why) :
				0;
	compare_cell_stat(cell, cell->by, NULL, &cell->verdict_reps);
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

	for (unsigned int i = 0; c->kept && row->inv && i < row->ninv; i++)
		c->runs_kept += row->inv[i].disturbed;
	for (unsigned int i = 0; !c->kept && row->inv && i < row->ninv; i++) {
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

/* A test of the report: a verdict, and the mark it gets. */
struct compare_test {
	struct verdict *v;
	enum compare_mark *mark;
	double w; /* its weight: of the level's share of a test */
};

/* By p over the weight: weighted Benjamini-Hochberg's order. */
static int compare_by_p(const void *x, const void *y)
{
	const struct compare_test *s = x, *t = y;
	double a = s->v->p / s->w, b = t->v->p / t->w;

	return (a > b) - (a < b);
}

/* Add @v to @t (of *@n) when both its sides were measured. */
static void compare_test_add(struct compare_test *t, unsigned int *n,
			     struct verdict *v, enum compare_mark *mark,
			     double w)
{
	if (!v->ra || !v->rb)
		return;
	if (t)
		t[*n] = (struct compare_test){ v, mark, w };
	++*n;
}

/*
 * The weights of @cell's tests in @c's level: the method's, scaled so
 * that their mean over the statistics the row has is 1; loops/sec alone
 * weighs 1.
 */
static void compare_weights(const struct compare *c, struct compare_cell *cell)
{
	const double *w = c->method->w;
	double sum = w[VERDICT_LOOPS];
	unsigned int n = 1;

	memset(cell->w, 0, sizeof(cell->w));
	if (cell->has_cpu) {
		sum += w[VERDICT_CPU];
		n++;
	}
	if (cell->rtt.has) {
		sum += w[VERDICT_RTT];
		n++;
	}
	if (n == 1 || !(sum > 0)) {
		cell->w[VERDICT_LOOPS] = 1;
		return;
	}
	cell->w[VERDICT_LOOPS] = w[VERDICT_LOOPS] * n / sum;
	if (cell->has_cpu)
		cell->w[VERDICT_CPU] = w[VERDICT_CPU] * n / sum;
	if (cell->rtt.has)
		cell->w[VERDICT_RTT] = w[VERDICT_RTT] * n / sum;
}

/* Every test of @c into @t (NULL: counted only); their count. */
static unsigned int compare_tests(struct compare *c, struct compare_test *t)
{
	unsigned int n = 0;

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			struct compare_cell *cell = &c->row[k].cell[i];

			if (cell->mark == COMPARE_BASELINE ||
			    cell->why == COMPARE_NO_BASE_ROW)
				continue;
			compare_weights(c, cell);
			compare_test_add(t, &n, &cell->v, &cell->mark,
					 cell->w[VERDICT_LOOPS]);
			if (cell->has_cpu)
				compare_test_add(t, &n, &cell->cv,
						 &cell->cpu_mark,
						 cell->w[VERDICT_CPU]);
			if (cell->rtt.has)
				compare_test_add(t, &n, &cell->rtt.v,
						 &cell->rtt.mark,
						 cell->w[VERDICT_RTT]);
		}
	return n;
}

/* @v's detect and mark at the level, with weight @w; marked or not. */
static void compare_level_test(const struct compare *c, struct verdict *v,
			       enum compare_mark *mark, double w)
{
	int judged = *mark == COMPARE_NOT_MARKED;

	verdict_at(v, c->alpha * w, judged ? c->threshold * w : 0);
	if (judged && v->significant)
		*mark = COMPARE_MARKED;
}

/*
 * The statistic that decides @cell: of its marked tests the one of the
 * least p over its weight, else of the judged ones the least detect.
 */
static void compare_by(struct compare_cell *cell)
{
	const struct {
		enum verdict_stat s;
		const struct verdict *v;
		enum compare_mark mark;
		int has;
	} t[] = {
		{ VERDICT_LOOPS, &cell->v, cell->mark, 1 },
		{ VERDICT_CPU, &cell->cv, cell->cpu_mark, cell->has_cpu },
		{ VERDICT_RTT, &cell->rtt.v, cell->rtt.mark, cell->rtt.has },
	};
	double best = HUGE_VAL;
	int marked = 0;

	cell->by = VERDICT_LOOPS;
	for (size_t i = 0; i < sizeof(t) / sizeof(t[0]); i++) {
		double x;

		if (!t[i].has || (marked && t[i].mark != COMPARE_MARKED))
			continue;
		if (t[i].mark == COMPARE_MARKED && !marked) {
			marked = 1;
			best = HUGE_VAL;
		}
		if (t[i].mark == COMPARE_MARKED)
			x = t[i].v->p / cell->w[t[i].s];
		else if (t[i].mark == COMPARE_NOT_MARKED)
			x = t[i].v->detect;
		else
			continue;
		if (x < best) {
			best = x;
			cell->by = t[i].s;
		}
	}
}

/* The row's verdict of @cell, from the statistic that decides it. */
static enum compare_verdict compare_outcome(const struct compare_cell *cell)
{
	enum compare_mark mark;
	const struct verdict *v =
		compare_cell_stat(cell, cell->by, &mark, NULL);

	if (cell->mark == COMPARE_BASELINE || !cell->row->nsamples)
		return COMPARE_VERDICT_NONE;
	if (mark == COMPARE_MARKED)
		return v->change > 0 ? COMPARE_VERDICT_FASTER :
				       COMPARE_VERDICT_SLOWER;
	return mark == COMPARE_NOT_MARKED ? COMPARE_VERDICT_NOT_SIGNIFICANT :
					    COMPARE_VERDICT_NOT_JUDGED;
}

/* @cell's tests at the report's level, and what they add to its legend. */
static void compare_level_cell(struct compare *c, struct compare_cell *cell)
{
	compare_level_test(c, &cell->v, &cell->mark,
			   cell->w[VERDICT_LOOPS] > 0 ? cell->w[VERDICT_LOOPS] :
							1);
	if (cell->has_cpu) {
		c->cpu_tests++;
		compare_level_test(c, &cell->cv, &cell->cpu_mark,
				   cell->w[VERDICT_CPU]);
	}
	if (cell->rtt.has) {
		c->rtt_tests++;
		compare_level_test(c, &cell->rtt.v, &cell->rtt.mark,
				   cell->w[VERDICT_RTT]);
	}
	compare_by(cell);
	cell->outcome = compare_outcome(cell);
	if (cell->row->nsamples) {
		c->marks |= 1u << cell->mark;
		c->whys |= 1u << cell->why;
	}
}

/*
 * The report's level: Benjamini-Hochberg at VERDICT_FAMILY over every
 * test of the report, judged or not (a test not judged is one the
 * report could have marked had it had the noise), weighted where the
 * labels took turns (verdict.h).  Of the judged tests by p / weight, the
 * k-th is marked, with all before it, when some test from it on has
 * p / weight <= FAMILY * its rank / tests.  Every test's detect is at
 * the first step, FAMILY / tests times its weight.
 */
static int compare_level(struct compare *c)
{
	unsigned int n = compare_tests(c, NULL), nj = 0, top = 0;
	struct compare_test *t = calloc(n ? n : 1, sizeof(*t));

	if (!t)
		return -ENOMEM;
	compare_tests(c, t);
	c->tests = n;
	c->alpha = n ? VERDICT_FAMILY / n : VERDICT_FAMILY;
	for (unsigned int i = 0; i < n; i++)
		if (*t[i].mark == COMPARE_NOT_MARKED)
			t[nj++] = t[i];
	qsort(t, nj, sizeof(*t), compare_by_p);
	for (unsigned int i = 0; i < nj; i++)
		if (t[i].v->p / t[i].w <= VERDICT_FAMILY * (i + 1) / n)
			top = i + 1;
	c->threshold = top ? VERDICT_FAMILY * top / n : 0;
	c->tests_marked = top;
	free(t);
	c->marks = c->whys = 0;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++)
			compare_level_cell(c, &c->row[k].cell[i]);
	return 0;
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
			verdict_averaged(cell->row, &cell->runs);
			cell->mean = verdict_mean(cell->row);
			compare_judge(c, cell);
			compare_left(c, cell);
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
	c->method = verdict_method();
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
	c->kept = c->n >= 2;
	for (unsigned int i = 0; i < c->n; i++)
		c->kept &= c->r[i]->kept;
	for (unsigned int k = 0; k < c->nrows; k++)
		if (compare_cells(c, &c->row[k]) < 0)
			goto fail;
	if (compare_level(c) < 0)
		goto fail;
	compare_want(c, c->want);
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

			int tells;

			if (cell->label != last ||
			    cell->why == COMPARE_NO_BASE_ROW)
				continue;
			if ((cell->mark == COMPARE_MARKED &&
			     cell->v.change * 100 < -pct) ||
			    (cell->cpu_mark == COMPARE_MARKED &&
			     cell->cv.change * 100 < -pct) ||
			    (cell->rtt.mark == COMPARE_MARKED &&
			     cell->rtt.v.change * 100 < -pct))
				return 1;
			/* Judged at the detect wanted, by some statistic. */
			tells = (cell->mark != COMPARE_NOT_JUDGED &&
				 !cell->want_reps) ||
				(cell->cpu_mark != COMPARE_NOT_JUDGED &&
				 cell->has_cpu && !cell->cpu_want_reps) ||
				(cell->rtt.mark != COMPARE_NOT_JUDGED &&
				 cell->rtt.has && !cell->rtt.want_reps);
			if (tells)
				judged++;
			else
				unjudged++;
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

const struct compare_cell *compare_row_cell(const struct compare_row *row,
					    unsigned int label)
{
	for (unsigned int i = 0; i < row->ncells; i++)
		if (row->cell[i].label == label)
			return &row->cell[i];
	return NULL;
}
