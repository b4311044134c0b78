/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Where the time went: each label's profile of a row and the symbols
 * whose share changed most against the baseline's, computed once into
 * the report model (profile.h), and their text, page and JSON.
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
#include "report.h"
#include "svg.h"
#include "textkit.h"
#include "verdict.h"
#include "lib/stats.h"
#include "lib/utf8.h"
#include "model/schema.h"
#include "store/jsonw.h"

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

/* What perf recorded, or why not: an invocation's "profile", or NULL. */
static const char *report_profile_info(const struct report_model *m)
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

/* "finish_task_switch [k]": a symbol and where it is. */
static void prof_name(char *buf, size_t size, const struct report_prof_sym *s)
{
	snprintf(buf, size, "%s %s", s->name, s->kernel ? "[k]" : "[.]");
}

/* @s in at most @cols columns of the text report, cut with "..." if longer. */
static void prof_fit(FILE *f, const char *s, size_t cols)
{
	size_t w, n;

	if (utf8_width(s) <= cols) {
		fputs(s, f);
		return;
	}
	n = utf8_fit(s, cols - 3, &w);
	fprintf(f, "%.*s...", (int)n, s);
}

/* "wake-up 2.1 µs of a 5.3 µs round trip", or "" when nothing traced. */
static void prof_wake(char *buf, size_t size, const struct report_prof *p)
{
	buf[0] = '\0';
	if (isnan(p->wake_us))
		return;
	if (p->wake_us == 0)
		snprintf(buf, size,
			 "no wake-up traced in a %.2f \u00b5s round trip",
			 p->trip_us);
	else
		snprintf(buf, size,
			 "wake-up %.2f \u00b5s of a %.2f \u00b5s round trip",
			 p->wake_us, p->trip_us);
}

void report_profile_text(FILE *f, const struct report_model *m)
{
	const char *info = report_profile_info(m);
	const struct compare *c = &m->cmp;
	char name[160], wake[96];

	if (!info)
		return;
	fputs("\nWhere the time went: ", f);
	text_wrap(f, info, 20, 2);
	for (unsigned int k = 0; k < m->nprof; k++) {
		const struct report_prof *p = &m->prof[k];

		if (k == 0 || !result_row_same(m->prof[k - 1].row, p->row)) {
			if (report_flat_row_key(c->r[p->label], p->row, name,
						sizeof(name)) < 0)
				name[0] = '\0';
			fputc('\n', f);
			prof_fit(f, name, 78);
			fputc('\n', f);
		}
		prof_wake(wake, sizeof(wake), p);
		fputs("  ", f);
		prof_fit(f, c->r[p->label]->info.label, 40);
		fprintf(f, ": %.0f %s samples%s\n", p->samples, p->event,
			p->ninv > 1 ? " an invocation" : "");
		if (wake[0])
			fprintf(f, "    %s\n", wake);
		for (unsigned int i = 0; i < p->ntop; i++) {
			prof_name(name, sizeof(name), &p->top[i]);
			fprintf(f, "    %5.1f%%  ", p->top[i].b * 100);
			prof_fit(f, name, 70);
			fputc('\n', f);
		}
		if (!p->nchg)
			continue;
		fputs("    changed most against ", f);
		prof_fit(f, c->r[c->base]->info.label, 30);
		fputs(p->chg[0].judged ?
			      ":\n" :
			      " (one invocation a label: not judged):\n",
		      f);
		for (unsigned int i = 0; i < p->nchg; i++) {
			const struct report_prof_sym *s = &p->chg[i];

			prof_name(name, sizeof(name), s);
			fprintf(f, "    %+6.1f%%  %5.1f%% -> %5.1f%%  ",
				(s->b - s->a) * 100, s->a * 100, s->b * 100);
			prof_fit(f, name, 30);
			fputs(s->changed ? "  changed\n" :
			      s->judged	 ? "  within the noise\n" :
					   "\n",
			      f);
		}
	}
}

/* The page's table of the symbols of @p whose share changed most. */
static void prof_html_changes(FILE *f, const struct compare *c,
			      const struct report_prof *p)
{
	char name[160];

	fputs("<table class=\"profile-change\">\n<tr><th>change</th><th>", f);
	svg_esc(f, c->r[c->base]->info.label);
	fputs("</th><th>", f);
	svg_esc(f, c->r[p->label]->info.label);
	fputs("</th><th>symbol</th><th>verdict</th></tr>\n", f);
	for (unsigned int i = 0; i < p->nchg; i++) {
		const struct report_prof_sym *s = &p->chg[i];

		prof_name(name, sizeof(name), s);
		fprintf(f,
			"<tr><td>%+.1f%%</td><td>%.1f%%</td>"
			"<td>%.1f%%</td><td>",
			(s->b - s->a) * 100, s->a * 100, s->b * 100);
		svg_esc(f, name);
		fprintf(f, "</td><td>%s</td></tr>\n",
			s->changed ? "changed" :
			s->judged  ? "within the noise" :
				     "not judged");
	}
	fputs("</table>\n", f);
}

/* The page's part of profile @p: its row and label, wake-up, symbols. */
static void prof_html_one(FILE *f, const struct compare *c,
			  const struct report_prof *p)
{
	char name[160], wake[96];

	if (report_flat_row_key(c->r[p->label], p->row, name, sizeof(name)) < 0)
		name[0] = '\0';
	fputs("<h3>", f);
	svg_esc(f, name);
	fputs(" \u2014 ", f);
	svg_esc(f, c->r[p->label]->info.label);
	fputs("</h3>\n", f);
	prof_wake(wake, sizeof(wake), p);
	if (wake[0]) {
		fputs("<p class=\"wake\">", f);
		svg_esc(f, wake);
		fputs("</p>\n", f);
	}
	fputs("<table class=\"profile\">\n<tr><th>share</th>"
	      "<th>symbol</th></tr>\n",
	      f);
	for (unsigned int i = 0; i < p->ntop; i++) {
		prof_name(name, sizeof(name), &p->top[i]);
		fprintf(f, "<tr><td>%.1f%%</td><td>", p->top[i].b * 100);
		svg_esc(f, name);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	if (p->nchg)
		prof_html_changes(f, c, p);
}

void report_profile_html(FILE *f, const struct report_model *m)
{
	const char *info = report_profile_info(m);

	if (!info)
		return;
	fputs("<section id=\"profiles\">\n<h2>Where the time went</h2>\n<p>",
	      f);
	svg_esc(f, info);
	fputs("</p>\n", f);
	for (unsigned int k = 0; k < m->nprof; k++)
		prof_html_one(f, &m->cmp, &m->prof[k]);
	fputs("</section>\n", f);
}

void report_profile_json(struct jw *w, const struct report_model *m,
			 unsigned int label, const struct result_row *row)
{
	const struct report_prof *p = report_cell_profile(m, label, row);

	if (!p)
		return;
	jw_break(w);
	jw_object(w, "profile", 0);
	jw_string(w, "event", p->event);
	jw_uint(w, "invocations", p->ninv);
	jw_double(w, "samples", p->samples);
	jw_double(w, "wake_us", p->wake_us);
	jw_double(w, "trip_us", p->trip_us);
	jw_array(w, "top", 0);
	for (unsigned int i = 0; i < p->ntop; i++) {
		jw_object(w, NULL, 1);
		jw_string(w, "symbol", p->top[i].name);
		jw_bool(w, "kernel", p->top[i].kernel);
		jw_double(w, "share", p->top[i].b);
		jw_end(w);
	}
	jw_end(w);
	if (p->nbase) {
		jw_array(w, "changes", 0);
		for (unsigned int i = 0; i < p->nchg; i++) {
			const struct report_prof_sym *s = &p->chg[i];

			jw_object(w, NULL, 1);
			jw_string(w, "symbol", s->name);
			jw_bool(w, "kernel", s->kernel);
			jw_double(w, "baseline_share", s->a);
			jw_double(w, "share", s->b);
			jw_double(w, "change", s->b - s->a);
			jw_bool(w, "judged", s->judged);
			jw_bool(w, "changed", s->changed);
			jw_end(w);
		}
		jw_end(w);
	}
	jw_end(w);
}
