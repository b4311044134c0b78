/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The loops/sec chart: a panel a row, a strip a label.
 *
 * The loops/sec chart of a mechanism: a panel per compared row, in it a
 * strip per label with its runs, its invocations' means, the mean and
 * its interval, and the verdict in words.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "chart.h"
#include "lib/stats.h"

#define LOOPS_GUTTER 84 /* left of a strip: "disturbed" */
#define LOOPS_RIGHT (SVG_W - SVG_PAD - 24) /* the axis's end */
#define LOOPS_TICKS 5
#define LOOPS_FOOT 6 /* under the last panel */
#define PANEL_AXIS 2 /* from the last strip to the axis */
#define PANEL_FOOT 36 /* from the last strip to the next panel */
#define CELL_STRIP (SVG_LINE + 8) /* from the text's top to the runs' middle */
#define CELL_BAD 12 /* from there to the disturbed runs' */
#define CELL_H (2 * SVG_LINE + 6) /* a cell of one line of text */
#define TIP 256 /* a mark's title: words and two numbers */
/* An interval's ends beyond the runs, on the axis: a factor at most. */
#define LOOPS_REACH 1.25

/* Where the parts of a cell go: one place says it, for drawing and height. */
struct loops_cell {
	double label, verdict; /* where their texts stand */
	double mid, bad; /* the middles of the strips of runs, disturbed runs */
	double h;
	char v[400]; /* the verdict in words */
};

/*
 * The parts of @cell from @y: a second line of text when its label and
 * verdict do not share one, a strip of disturbed runs when it has some.
 */
static double loops_cell_at(struct loops_cell *g, const struct compare *c,
			    const struct compare_cell *cell, double y)
{
	const char *label = c->r[cell->label]->info.label;
	unsigned int bad = 0;
	double top;
	int two;

	chart_verdict(g->v, sizeof(g->v), c, cell);
	two = !(svg_text_w(label) + svg_text_w(g->v) + 3 * SVG_CHAR <=
		SVG_W - 2 * SVG_PAD);
	for (unsigned int s = 0; s < cell->row->nsamples; s++)
		bad += cell->row->sample[s].disturbed != 0;
	top = y + (two ? SVG_LINE : 0);
	g->label = y + SVG_BASE;
	g->verdict = top + SVG_BASE;
	g->mid = top + CELL_STRIP;
	g->bad = g->mid + CELL_BAD;
	g->h = CELL_H + (two ? SVG_LINE : 0) + (bad ? CELL_BAD : 0);
	return g->h;
}

/* Has @row runs, and none of them undisturbed? */
static int loops_all_disturbed(const struct result_row *row)
{
	for (unsigned int s = 0; s < row->nsamples; s++)
		if (!row->sample[s].disturbed)
			return 0;
	return row->nsamples > 0;
}

/*
 * The interval at 1 - VERDICT_ALPHA of the mean of @cell's values, on
 * the scale the verdict judges them (log loops/sec), from *@lo to *@hi:
 * of its invocations' means when it has two or more not left out, else
 * of its runs not disturbed.  *@what says which; NAN when too few.
 */
static void loops_interval(const struct compare_cell *cell, double *lo,
			   double *hi, const char **what)
{
	const struct result_row *row = cell->row;
	unsigned int n = 0, kept = 0;
	struct stats st;
	double *x, half;

	for (unsigned int i = 0; i < row->ninv; i++)
		kept += !row->inv[i].left && row->inv[i].mean > 0;
	*what = kept >= 2 ? "invocations" : "runs";
	*lo = *hi = NAN;
	x = calloc(kept >= 2 ? kept : row->nsamples + 1, sizeof(*x));
	if (!x)
		return;
	for (unsigned int i = 0; kept >= 2 && i < row->ninv; i++)
		if (!row->inv[i].left && row->inv[i].mean > 0)
			x[n++] = log(row->inv[i].mean);
	for (unsigned int i = 0; kept < 2 && i < row->nsamples; i++)
		if (!row->sample[i].disturbed &&
		    result_rate(&row->sample[i]) > 0)
			x[n++] = log(result_rate(&row->sample[i]));
	stats_summary(x, n, &st);
	free(x);
	if (n < 2)
		return;
	half = stats_t_quantile(1 - VERDICT_ALPHA / 2, n - 1) * st.sd / sqrt(n);
	*lo = exp(st.mean - half);
	*hi = exp(st.mean + half);
}

/*
 * How far the runs and means of compared row @k reach, and their
 * intervals up to LOOPS_REACH beyond: 0, or -1 none.
 */
static int loops_range(const struct compare_row *k, double *lo, double *hi)
{
	double ilo = INFINITY, ihi = -INFINITY;

	*lo = INFINITY;
	*hi = -INFINITY;
	for (unsigned int i = 0; i < k->ncells; i++) {
		const struct result_row *row = k->cell[i].row;
		double l, h;
		const char *what;

		for (unsigned int s = 0; s < row->nsamples; s++) {
			double x = result_rate(&row->sample[s]);

			if (x > 0) {
				*lo = fmin(*lo, x);
				*hi = fmax(*hi, x);
			}
		}
		if (!row->nsamples || loops_all_disturbed(row))
			continue;
		loops_interval(&k->cell[i], &l, &h, &what);
		if (isfinite(l) && isfinite(h)) {
			ilo = fmin(ilo, l);
			ihi = fmax(ihi, h);
		}
	}
	if (!(*lo <= *hi))
		return -1;
	/* An interval wider than that runs off the axis, its ends said. */
	*lo = fmax(fmin(*lo, ilo), *lo / LOOPS_REACH);
	*hi = fmin(fmax(*hi, ihi), *hi * LOOPS_REACH);
	return 0;
}

/* The runs of @row, each a point; disturbed ones on a strip below. */
static void loops_runs(struct svg *s, const struct result_row *row,
		       const char *colour, const struct svg_axis *a,
		       const struct loops_cell *g)
{
	unsigned int bad = 0;
	char tip[TIP];

	for (unsigned int i = 0; i < row->nsamples; i++) {
		const struct result_sample *smp = &row->sample[i];
		double x = svg_at(a, result_rate(smp));

		if (smp->disturbed) {
			snprintf(tip, sizeof(tip),
				 "run %u: %.0f loops/sec, disturbed: %s", i + 1,
				 result_rate(smp), smp->why);
			svg_circle(s, "run disturbed", x, g->bad, 3, tip,
				   "fill=\"none\" stroke=\"%s\"", SVG_ALERT);
			bad++;
			continue;
		}
		snprintf(tip, sizeof(tip), "run %u: %.0f loops/sec", i + 1,
			 result_rate(smp));
		/* Spread up and down a little, so that equal runs show. */
		svg_circle(s, "run", x,
			   g->mid + (double)((i * 7) % 5) * 1.5 - 3, 2.5, tip,
			   "fill=\"%s\" fill-opacity=\"0.45\"", colour);
	}
	if (bad)
		svg_text(s, SVG_PAD, g->bad + 4, SVG_START, SVG_ALERT,
			 "disturbed");
	svg_text(s, SVG_PAD, g->mid + 4, SVG_START, "#666",
		 row->ninv >= 2 ? "runs, inv." : "runs");
}

/*
 * @cell's interval from @lo to @hi at @mid, in @tip; an end beyond the
 * axis drawn at its end, as an arrow that says it goes on.
 */
static void loops_bracket(struct svg *s, const struct svg_axis *a, double lo,
			  double hi, double mid, const char *tip)
{
	double x0 = svg_at(a, lo), x1 = svg_at(a, hi);
	char d[96];

	svg_bracket(s, "interval", x0, x1, mid, 8, tip,
		    "stroke=\"#000\" fill=\"none\"");
	if (log10(lo) < a->lo) {
		snprintf(d, sizeof(d), "M%.1f %.1fl7 -4v8z", x0 - 7, mid);
		svg_path(s, d, "fill=\"#000\"");
		svg_nl(s);
	}
	if (log10(hi) > a->hi) {
		snprintf(d, sizeof(d), "M%.1f %.1fl-7 -4v8z", x1 + 7, mid);
		svg_path(s, d, "fill=\"#000\"");
		svg_nl(s);
	}
}

/* The invocations' means of @cell as diamonds, the mean, its interval. */
static void loops_means(struct svg *s, const struct compare_cell *cell,
			const char *colour, const struct svg_axis *a,
			double mid)
{
	const struct result_row *row = cell->row;
	const char *what;
	double lo, hi, x;
	char tip[TIP];

	/* Those left out hollow. */
	for (unsigned int i = 0; row->ninv >= 2 && i < row->ninv; i++) {
		if (!(row->inv[i].mean > 0))
			continue; /* no run of it undisturbed */
		snprintf(tip, sizeof(tip), "invocation %u: %.0f loops/sec%s",
			 i + 1, row->inv[i].mean,
			 row->inv[i].left ? ", left out: disturbed" : "");
		svg_diamond(s, "invocation", svg_at(a, row->inv[i].mean), mid,
			    5, tip, "fill=\"%s\" stroke=\"#000\"",
			    row->inv[i].left ? "#fff" : colour);
	}
	loops_interval(cell, &lo, &hi, &what);
	if (isfinite(lo) && isfinite(hi)) {
		snprintf(tip, sizeof(tip),
			 "%.0f%% interval of the mean of its %s, of log "
			 "loops/sec: %.0f to %.0f loops/sec",
			 VERDICT_LEVEL_PCT, what, lo, hi);
		loops_bracket(s, a, lo, hi, mid, tip);
	}
	snprintf(tip, sizeof(tip), "mean %.0f loops/sec", cell->mean);
	x = svg_at(a, cell->mean);
	svg_line(s, "mean", x, mid - 8, x, mid + 8, tip,
		 "stroke=\"#000\" stroke-width=\"2.5\"");
}

/* No mean where no run counts: the strip dashed, and why. */
static void loops_none(struct svg *s, const struct svg_axis *a, double mid)
{
	svg_group(s, "none", NULL,
		  "all runs disturbed: no mean, no interval, not judged");
	svg_rect(s, a->x0, mid - 8, a->x1 - a->x0, 16,
		 "fill=\"none\" stroke=\"%s\" stroke-dasharray=\"3 3\"",
		 SVG_ALERT);
	svg_text(s, (a->x0 + a->x1) / 2, mid + 4, SVG_MIDDLE, SVG_ALERT,
		 "all runs disturbed: no mean");
	svg_group_end(s);
}

/* One label's strip of a compared row: its text, its runs or why none. */
static void loops_cell(struct svg *s, const struct compare *c,
		       const struct compare_cell *cell,
		       const struct svg_axis *a)
{
	const struct result_row *row = cell->row;
	const char *colour = svg_colour(cell->label);
	struct loops_cell g;
	char why[192];

	loops_cell_at(&g, c, cell, s->y);
	svg_text(s, SVG_PAD, g.label, SVG_START, colour,
		 c->r[cell->label]->info.label);
	svg_text(s, SVG_W - SVG_PAD, g.verdict, SVG_END,
		 compare_cell_marked(cell) ? SVG_ALERT : NULL, g.v);
	if (row->nsamples) {
		loops_runs(s, row, colour, a, &g);
		if (loops_all_disturbed(row))
			loops_none(s, a, g.mid);
		else
			loops_means(s, cell, colour, a, g.mid);
	} else {
		snprintf(why, sizeof(why), "%s: %s",
			 result_status_name(row->status), row->reason);
		svg_text(s, SVG_PAD, g.mid + 4, SVG_START, SVG_ALERT, why);
	}
	s->y += g.h;
}

/* Every label's runs of compared row @k, on one axis. */
static void loops_panel(struct svg *s, const struct compare *c,
			const struct compare_row *k)
{
	struct svg_axis a = { .x0 = LOOPS_GUTTER,
			      .x1 = LOOPS_RIGHT,
			      .num = SVG_NUM_SI };
	struct loops_cell g;
	double lo, hi, h = 0;
	char key[160]; /* a placement (48), a class, a ring: chart_key() */
	int any;

	chart_key(key, sizeof(key), c, k->like);
	svg_group(s, "panel", NULL, NULL);
	svg_nl(s);
	svg_text(s, SVG_PAD, s->y + SVG_BASE, SVG_START, NULL, key);
	s->y += SVG_LINE + 2;
	any = loops_range(k, &lo, &hi) == 0;
	svg_axis_log_fit(&a, lo, hi, LOOPS_TICKS);
	/* The baseline's mean, across the panel's strips. */
	for (unsigned int i = 0; i < k->ncells; i++)
		h += loops_cell_at(&g, c, &k->cell[i], s->y);
	for (unsigned int i = 0; c->n >= 2 && i < k->ncells; i++)
		if (k->cell[i].mark == COMPARE_BASELINE &&
		    k->cell[i].row->nsamples &&
		    !loops_all_disturbed(k->cell[i].row)) {
			double x = svg_at(&a, k->cell[i].mean);

			svg_line(s, NULL, x, s->y, x, s->y + h, NULL,
				 "stroke=\"#999\" stroke-dasharray=\"4 3\"");
			svg_nl(s);
		}
	for (unsigned int i = 0; i < k->ncells; i++)
		loops_cell(s, c, &k->cell[i], &a);
	if (any)
		svg_axis_x(s, &a, s->y + PANEL_AXIS,
			   "loops/sec, log scale: higher is better");
	svg_group_end(s);
	s->y += PANEL_FOOT;
}

/* What the marks of the chart are, on a line; the baseline's if @compared. */
static void loops_legend(struct svg *s, int compared)
{
	double x = SVG_PAD + 4, y = s->y + 8;
	char d[64];

	svg_group(s, "legend", "font-size=\"11\" fill=\"#444\"", NULL);
	svg_circle(s, NULL, x, y, 2.5, NULL, "fill=\"#444\"");
	svg_text(s, x + 6, y + 4, SVG_START, NULL, "run");
	x += 44;
	svg_diamond(s, NULL, x, y, 5, NULL, "fill=\"#888\" stroke=\"#000\"");
	svg_text(s, x + 8, y + 4, SVG_START, NULL, "invocation's mean");
	x += 160;
	snprintf(d, sizeof(d), "M%.1f %.1fv8m0 -4h24m0 -4v8", x, y - 4);
	svg_path(s, d, "stroke=\"#000\" fill=\"none\"");
	svg_line(s, NULL, x + 12, y - 8, x + 12, y + 8, NULL,
		 "stroke=\"#000\" stroke-width=\"2.5\"");
	snprintf(d, sizeof(d), "mean, %.0f%% interval", VERDICT_LEVEL_PCT);
	svg_text(s, x + 30, y + 4, SVG_START, NULL, d);
	x += 180;
	svg_circle(s, NULL, x, y, 3, NULL, "fill=\"none\" stroke=\"%s\"",
		   SVG_ALERT);
	svg_text(s, x + 6, y + 4, SVG_START, NULL, "disturbed");
	x += 90;
	if (compared) {
		svg_line(s, NULL, x, y - 8, x, y + 8, NULL,
			 "stroke=\"#999\" stroke-dasharray=\"4 3\"");
		svg_text(s, x + 6, y + 4, SVG_START, NULL, "baseline's mean");
	}
	svg_group_end(s);
	s->y += SVG_LINE + 4;
}

int chart_loops(FILE *f, const struct compare *c, unsigned int m,
		const char *mid)
{
	char id[96], caption[400];
	struct svg s;

	snprintf(id, sizeof(id), "loops-%s", mid);
	if (svg_open(&s, f, id, c->mech[m].title, "loops/sec") < 0)
		return -ENOMEM;
	chart_emulated_line(&s, c);
	loops_legend(&s, c->n >= 2);
	for (unsigned int k = 0; k < c->nrows; k++)
		if (c->row[k].mech == m)
			loops_panel(&s, c, &c->row[k]);
	s.y += LOOPS_FOOT;
	snprintf(caption, sizeof(caption),
		 c->n >= 2 ? "Each run of each label as a point, each "
			     "invocation's mean as a diamond, the label's "
			     "mean with the %.0f %% interval of its log "
			     "loops/sec, on a log scale; the dashed line is "
			     "the baseline's mean. Over each label's runs, its "
			     "verdict: the row's in words, then each "
			     "statistic's change, p and detect. Higher is "
			     "better." :
			     "Each run as a point, each invocation's mean "
			     "as a diamond, the mean with the %.0f %% "
			     "interval of its log loops/sec, on a log scale. "
			     "Higher is better.",
		 VERDICT_LEVEL_PCT);
	return svg_close(&s, caption);
}
