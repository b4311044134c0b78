/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The model's profiles: each label's symbols and wake-ups, the shares that
 * changed.
 *
 * Where the time went: each label's profile of a row and the symbols
 * whose share changed most against the baseline's, computed once into
 * the report model (profile.h); profview.c renders them.
 *
 * A share is a symbol's samples over its row's in one invocation; a
 * label's share is the mean over its invocations, each a replicate.  A
 * change is called when Student's t on the two labels' shares, with the
 * spread pooled, gives p below VERDICT_ALPHA over the number of symbols
 * compared (Bonferroni: an A/A comparison of 30 symbols would otherwise
 * call one changed in most reports).  A symbol not listed in a profile
 * (past its top RESULT_PROFILE_SYMS) had a share of at most the least
 * listed there: the test is made with it at 0 and at that bound, and a
 * change is called only when both call it, in the same direction.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile.h"
#include "lib/util.h"
#include "lib/hist.h"
#include "verdict.h"
#include "lib/stats.h"
#include "model/schema.h"

/* The distinct symbols of a row's profiles, and their shares in each. */
#define PROF_MAX_SYMS 1024

struct prof_set {
	const struct result_profile *p[SAVED_MAX_INVOCATIONS]; /* [n] */
	unsigned int n;
};

struct prof_syms {
	const struct result_sym *s[PROF_MAX_SYMS];
	unsigned int n;
};

const char *report_profile_info(const struct report_model *m)
{
	for (unsigned int i = 0; i < m->n; i++)
		if (m->r[i]->info.profile[0])
			return m->r[i]->info.profile;
	return NULL;
}

/* The profiles of label @label's invocations of the row like @row. */
static void prof_gather(const struct report_model *m, unsigned int label,
			const struct result_row *row, struct prof_set *set)
{
	const char *name = m->cmp.r[label]->info.label;

	set->n = 0;
	for (unsigned int i = 0; i < m->n && set->n < SAVED_MAX_INVOCATIONS;
	     i++) {
		const struct result_row *r;

		if (strcmp(m->r[i]->info.label, name))
			continue;
		r = results_find(m->r[i], row);
		if (r && r->status == RESULT_OK && r->profile.event[0] &&
		    r->profile.samples)
			set->p[set->n++] = &r->profile;
	}
}

static void prof_union(struct prof_syms *u, const struct prof_set *set)
{
	for (unsigned int i = 0; i < set->n; i++)
		for (unsigned int k = 0; k < set->p[i]->nsyms; k++) {
			const struct result_sym *s = &set->p[i]->sym[k];
			unsigned int j = 0;

			while (j < u->n && (u->s[j]->kernel != s->kernel ||
					    strcmp(u->s[j]->name, s->name)))
				j++;
			if (j == u->n && u->n < PROF_MAX_SYMS)
				u->s[u->n++] = s;
		}
}

/*
 * @s's share in @p: listed, or not (0; with @bound, at most the least
 * listed share when some samples were not listed).
 */
static double prof_share(const struct result_profile *p,
			 const struct result_sym *s, int bound)
{
	double least = 0;

	for (unsigned int k = 0; k < p->nsyms; k++) {
		if (p->sym[k].kernel == s->kernel &&
		    !strcmp(p->sym[k].name, s->name))
			return (double)p->sym[k].samples / (double)p->samples;
		least = (double)p->sym[k].samples / (double)p->samples;
	}
	return bound && p->other ? least : 0;
}

static void prof_stats(const struct prof_set *set, const struct result_sym *s,
		       int bound, struct stats *st)
{
	double x[SAVED_MAX_INVOCATIONS];

	for (unsigned int i = 0; i < set->n; i++)
		x[i] = prof_share(set->p[i], s, bound);
	stats_summary(x, set->n, st);
}

/* -1, 0 or 1: the sign of a change Student's t calls at @alpha, or 0. */
static int prof_called(const struct stats *a, const struct stats *b,
		       double alpha)
{
	double df = (double)a->n + (double)b->n - 2, d = b->mean - a->mean;
	double sp2, se;

	if (a->n < 2 || b->n < 2 || d == 0)
		return 0;
	sp2 = ((double)(a->n - 1) * a->sd * a->sd +
	       (double)(b->n - 1) * b->sd * b->sd) /
	      df;
	se = sqrt(sp2 * (1.0 / (double)a->n + 1.0 / (double)b->n));
	if (se == 0 || stats_t_p(d / se, df) < alpha)
		return d > 0 ? 1 : -1;
	return 0;
}

static int prof_by_change(const void *x, const void *y)
{
	const struct report_prof_sym *a = x, *b = y;
	double da = a->b - a->a, db = b->b - b->a;

	return da < db ? 1 : da > db ? -1 : strcmp(a->name, b->name);
}

static int prof_by_share(const void *x, const void *y)
{
	const struct report_prof_sym *a = x, *b = y;

	return a->b < b->b ? 1 : a->b > b->b ? -1 : strcmp(a->name, b->name);
}

/*
 * The @want of @n symbols @all with the largest @key into @out, in the
 * order @cmp gives (the largest changes by size, shown increases first).
 */
static unsigned int prof_pick(struct report_prof_sym *all, unsigned int n,
			      struct report_prof_sym *out, unsigned int want,
			      int by_change)
{
	unsigned int k = 0;

	/* Selection by size, then sorted as shown. */
	for (; k < want && k < n; k++) {
		unsigned int best = k;

		for (unsigned int j = k + 1; j < n; j++) {
			double vj = by_change ? fabs(all[j].b - all[j].a) :
						all[j].b;
			double vb = by_change ?
					    fabs(all[best].b - all[best].a) :
					    all[best].b;

			if (vj > vb)
				best = j;
		}
		out[k] = all[best];
		all[best] = all[k];
	}
	qsort(out, k, sizeof(*out), by_change ? prof_by_change : prof_by_share);
	return k;
}

/* @out's figures of the invocations of @set: samples, the wake-up. */
static void prof_figures(struct report_prof *out, const struct prof_set *set,
			 const struct result_row *row)
{
	double wake = 0, trip = 0;
	unsigned int traced = 0;

	out->wake_us = out->trip_us = NAN;
	for (unsigned int i = 0; i < set->n; i++) {
		const struct result_profile *p = set->p[i];

		out->samples += (double)p->samples / set->n;
		if (p->trace_trips && p->trace_s > 0) {
			wake += p->wake_ns / 1e3;
			trip += p->trace_s * result_row_rings(row) * 1e6 /
				(double)p->trace_trips;
			traced++;
		}
	}
	if (traced) {
		out->wake_us = wake / traced;
		out->trip_us = trip / traced;
	}
	out->p50_us =
		row->rtt.count ? hist_quantile(&row->rtt, 0.5) / 1e3 : NAN;
}

/*
 * Where a software clock's samples pile up (struct report_prof's skew):
 * @out's own symbols, sampled by cpu-clock, one of the names a kernel
 * gives the place where it enables interrupts again.
 */
static void prof_skew(struct report_prof *out)
{
	static const char *const irq_on[] = { "irq_enable", "irqrestore",
					      "irq_restore", "safe_halt" };

	out->skew = NULL;
	if (!out->event || strcmp(out->event, "cpu-clock"))
		return;
	for (unsigned int i = 0; i < out->ntop; i++) {
		const struct report_prof_sym *s = &out->top[i];

		if (!s->kernel || !(s->b >= REPORT_PROF_SKEW))
			continue;
		for (size_t k = 0; k < ARRAY_SIZE(irq_on); k++)
			if (strstr(s->name, irq_on[k])) {
				out->skew = s->name;
				out->skew_share = s->b;
				return;
			}
	}
}

/* @out's own most sampled symbols, of @set's union @u, in @all. */
static void prof_own(struct report_prof *out, const struct prof_set *set,
		     struct prof_syms *u, struct report_prof_sym *all)
{
	u->n = 0;
	prof_union(u, set);
	for (unsigned int j = 0; j < u->n; j++) {
		struct stats st;

		prof_stats(set, u->s[j], 0, &st);
		all[j] = (struct report_prof_sym){ .name = u->s[j]->name,
						   .kernel = u->s[j]->kernel,
						   .a = st.mean,
						   .b = st.mean };
	}
	out->ntop = prof_pick(all, u->n, out->top, REPORT_PROF_TOP, 0);
}

/*
 * The symbols whose share changed most from @bset's to @set's, each
 * called changed only when it stands out at both bounds of a missing
 * symbol's share.
 */
static void prof_changes(struct report_prof *out, const struct prof_set *set,
			 const struct prof_set *bset, struct prof_syms *u,
			 struct report_prof_sym *all)
{
	out->nbase = bset->n;
	prof_union(u, bset);
	for (unsigned int j = 0; j < u->n; j++) {
		struct stats a0, b0, a1, b1;
		double alpha = VERDICT_ALPHA / u->n;
		int lo, hi;

		prof_stats(bset, u->s[j], 0, &a0);
		prof_stats(set, u->s[j], 0, &b0);
		prof_stats(bset, u->s[j], 1, &a1);
		prof_stats(set, u->s[j], 1, &b1);
		lo = prof_called(&a0, &b0, alpha);
		hi = prof_called(&a1, &b1, alpha);
		all[j] = (struct report_prof_sym){
			.name = u->s[j]->name,
			.kernel = u->s[j]->kernel,
			.a = a0.mean,
			.b = b0.mean,
			.judged = bset->n >= 2 && set->n >= 2,
			.changed = lo && lo == hi,
		};
	}
	out->nchg = prof_pick(all, u->n, out->chg, REPORT_PROF_CHG, 1);
}

/* Label @label's profile of the row of cell @cell; 0, 1 made, -ENOMEM. */
static int prof_cell(const struct report_model *m,
		     const struct compare_cell *cell,
		     const struct compare_cell *base, struct report_prof *out)
{
	struct prof_set *set = malloc(sizeof(*set)), *bset = NULL;
	struct prof_syms *u = malloc(sizeof(*u));
	struct report_prof_sym *all = malloc(PROF_MAX_SYMS * sizeof(*all));
	int made = -ENOMEM;

	if (!set || !u || !all)
		goto out;
	made = 0;
	prof_gather(m, cell->label, cell->row, set);
	if (!set->n)
		goto out;
	made = 1;
	memset(out, 0, sizeof(*out));
	out->label = cell->label;
	out->row = cell->row;
	out->event = set->p[0]->event;
	out->ninv = set->n;
	prof_figures(out, set, cell->row);
	prof_own(out, set, u, all);
	prof_skew(out);
	if (!base || base == cell)
		goto out;
	bset = malloc(sizeof(*bset));
	if (!bset) {
		made = -ENOMEM;
		goto out;
	}
	prof_gather(m, base->label, base->row, bset);
	if (bset->n)
		prof_changes(out, set, bset, u, all);
out:
	free(bset);
	free(all);
	free(u);
	free(set);
	return made;
}

int report_model_profiles(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	unsigned int cells = 0;

	m->nprof = 0;
	m->prof = NULL;
	for (unsigned int k = 0; k < c->nrows; k++)
		cells += c->row[k].ncells;
	if (!cells || !report_profile_info(m))
		return 0;
	m->prof = calloc(cells, sizeof(*m->prof));
	if (!m->prof)
		return -ENOMEM;
	for (unsigned int k = 0; k < c->nrows; k++) {
		const struct compare_row *row = &c->row[k];
		const struct compare_cell *base = NULL;

		for (unsigned int i = 0; i < row->ncells; i++)
			if (row->cell[i].label == c->base)
				base = &row->cell[i];
		for (unsigned int i = 0; i < row->ncells; i++) {
			int made = prof_cell(m, &row->cell[i], base,
					     &m->prof[m->nprof]);

			if (made < 0) {
				report_model_profiles_free(m);
				return -ENOMEM;
			}
			m->nprof += (unsigned int)made;
		}
	}
	return 0;
}

void report_model_profiles_free(struct report_model *m)
{
	free(m->prof);
	m->prof = NULL;
	m->nprof = 0;
}

const struct report_prof *report_cell_profile(const struct report_model *m,
					      unsigned int label,
					      const struct result_row *row)
{
	for (unsigned int i = 0; i < m->nprof; i++)
		if (m->prof[i].label == label &&
		    result_row_same(m->prof[i].row, row))
			return &m->prof[i];
	return NULL;
}
