/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The page's overview: every row's change and interval, log scale.
 *
 * The page's overview, a forest plot: every compared row of every label
 * but the baseline's, its change of loops/sec against the baseline's row
 * with the verdict's interval, on a log scale of loops/sec as the verdict
 * judges them, numbered as a change in percent; the row's verdict in
 * words.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "chart.h"
#include "analysis/textkit.h"

#define FOREST_ROW 18 /* an entry */
#define FOREST_NAME_MAX 220 /* the rows' names' column at most */
#define FOREST_LABEL_MAX 160 /* the labels' column at most */
#define FOREST_VERDICT_W 132 /* "-12.3% not judged", at least */
#define FOREST_VERDICT_MAX 300 /* at most: else the words a column keeps */
#define FOREST_PLOT_MIN 240 /* the plot at least */
#define FOREST_GAP 10 /* between the columns */
#define FOREST_AXIS 4 /* from the last entry to the axis */
#define FOREST_FOOT 40 /* the axis, its numbers and its unit */
#define FOREST_TIP 800 /* an entry's title: its name, label and verdict */

/* Where the columns go, and the axis of the plot. */
struct forest {
	const struct compare *c;
	double label_x; /* 0: no column of labels (two labels) */
	double verdict_w; /* the verdicts' column, on the right */
	struct svg_axis a;
	unsigned int n; /* entries */
};

/*
 * The verdict of @cell after its change, "(-33.8%) slower (CPU/loop)":
 * its words whole where they fit FOREST_VERDICT_MAX, else those a
 * column keeps (the entry's title has them all).
 */
static void forest_verdict(char *buf, size_t size,
			   const struct compare_cell *cell)
{
	char change[sizeof(cell->change)];
	size_t n;

	snprintf(change, sizeof(change), "%s", cell->change);
	n = strlen(change);
	while (n && change[n - 1] == ' ')
		change[--n] = '\0'; /* the mark of a bare change: a blank */
	if (!cell->row->nsamples)
		snprintf(buf, size, "%s",
			 result_status_name(cell->row->status));
	else if (isnan(cell->v.change))
		snprintf(buf, size, "%.*s", (int)cell->verdict_head,
			 cell->verdict);
	else
		snprintf(buf, size, "%s %s", change, cell->verdict);
	if (svg_text_w(buf) > FOREST_VERDICT_MAX && strlen(buf) >= n + 1)
		snprintf(buf, size, "%s %.*s", change, (int)cell->verdict_head,
			 cell->verdict);
}

/* Is @cell an entry: of a label compared with the baseline's? */
static int forest_entry(const struct compare_cell *cell)
{
	return cell->mark != COMPARE_BASELINE;
}

/* The entries of @c, the ratios they reach and their columns, into @g. */
static void forest_scan(struct forest *g, const struct compare *c)
{
	double lo = INFINITY, hi = -INFINITY, name_w = 0, label_w = 0, room;
	char name[160], word[160];

	g->c = c;
	g->n = 0;
	g->verdict_w = FOREST_VERDICT_W;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			const struct verdict *v = &cell->v;

			if (!forest_entry(cell))
				continue;
			g->n++;
			forest_verdict(word, sizeof(word), cell);
			g->verdict_w = fmax(g->verdict_w, svg_text_w(word));
			text_summary_name(name, sizeof(name), c, &c->row[k]);
			name_w = fmax(name_w, svg_text_w(name));
			label_w =
				fmax(label_w,
				     svg_text_w(c->r[cell->label]->info.label));
			if (isnan(v->change))
				continue;
			lo = fmin(lo, fmin(1 + v->change, 1 + v->low));
			hi = fmax(hi, fmax(1 + v->change, 1 + v->high));
		}
	/* The columns as wide as their texts, narrowed to leave the plot. */
	name_w = fmin(name_w, FOREST_NAME_MAX);
	label_w = c->n > 2 ? fmin(label_w, FOREST_LABEL_MAX) : 0;
	g->a.x1 = SVG_W - SVG_PAD - fmin(g->verdict_w, FOREST_VERDICT_MAX);
	room = g->a.x1 - FOREST_PLOT_MIN - SVG_PAD - 2 * FOREST_GAP;
	if (name_w + label_w > room) {
		double k = room / (name_w + label_w);

		name_w *= k;
		label_w *= k;
	}
	g->label_x = label_w > 0 ? SVG_PAD + name_w + FOREST_GAP : 0;
	g->a.x0 = SVG_PAD + name_w + FOREST_GAP +
		  (label_w > 0 ? label_w + FOREST_GAP : 0);
	svg_axis_ratio(&g->a, lo, hi);
}

/* The marks of the plot, on a line. */
static void forest_legend(struct svg *s, const struct forest *g)
{
	double x = SVG_PAD + 6, y = s->y + 8, zero, half;
	char d[96];

	svg_group(s, "legend", "font-size=\"11\" fill=\"#444\"", NULL);
	svg_diamond(s, NULL, x, y, 6, NULL, "fill=\"#444\" stroke=\"#000\"");
	svg_text(s, x + 9, y + 4, SVG_START, NULL, "marked");
	x += 70;
	svg_circle(s, NULL, x, y, 4, NULL, "fill=\"#444\"");
	svg_text(s, x + 8, y + 4, SVG_START, NULL, "not significant");
	x += 140;
	svg_circle(s, NULL, x, y, 4, NULL,
		   "fill=\"#fff\" stroke=\"#444\" stroke-width=\"1.5\"");
	svg_text(s, x + 8, y + 4, SVG_START, NULL, "not judged");
	x += 100;
	snprintf(d, sizeof(d), "M%.1f %.1fv8m0 -4h24m0 -4v8", x, y - 4);
	svg_path(s, d, "stroke=\"#000\" fill=\"none\"");
	snprintf(d, sizeof(d), "%.0f %% interval", VERDICT_LEVEL_PCT);
	svg_text(s, x + 30, y + 4, SVG_START, NULL, d);
	svg_group_end(s);
	s->y += SVG_LINE + 4;
	/* Which way is better, over the plot's ends; 0 % where it fits. */
	zero = svg_at(&g->a, 1);
	half = svg_text_w("baseline") / 2 + SVG_CHAR;
	svg_text(s, g->a.x0, s->y + SVG_BASE, SVG_START, "#444",
		 "\xe2\x86\x90 slower");
	if (zero - half > g->a.x0 + svg_text_w("<- slower") &&
	    zero + half < g->a.x1 - svg_text_w("faster ->"))
		svg_text(s, zero, s->y + SVG_BASE, SVG_MIDDLE, "#444",
			 "baseline");
	svg_text(s, g->a.x1, s->y + SVG_BASE, SVG_END, "#444",
		 "faster \xe2\x86\x92");
	s->y += SVG_LINE + 2;
}

/* The mark of @cell's change at @x, @y: its shape says its verdict. */
static void forest_mark(struct svg *s, const struct compare_cell *cell,
			double x, double y)
{
	const char *colour = svg_colour(cell->label);

	if (cell->mark == COMPARE_MARKED)
		svg_diamond(s, "marked", x, y, 6, NULL,
			    "fill=\"%s\" stroke=\"#000\"", colour);
	else if (cell->mark == COMPARE_NOT_MARKED)
		svg_circle(s, "noise", x, y, 4, NULL,
			   "fill=\"%s\" stroke=\"#000\" stroke-width=\"0.5\"",
			   colour);
	else
		svg_circle(s, "not-judged", x, y, 4, NULL,
			   "fill=\"#fff\" stroke=\"%s\" stroke-width=\"1.5\"",
			   colour);
	svg_nl(s);
}

/* @cell's change, interval and mark on its line at @y, or why none. */
static void forest_plot(struct svg *s, const struct forest *g,
			const struct compare_cell *cell, double y)
{
	const struct verdict *v = &cell->v;
	char why[96];

	if (isnan(v->change)) {
		snprintf(why, sizeof(why), "not judged: %s",
			 compare_why_words(cell->why));
		svg_text_in(s, g->a.x0 + 4, y + 4, SVG_START, "#666", why,
			    g->a.x1 - g->a.x0 - 4);
		return;
	}
	if (isfinite(v->low) && isfinite(v->high))
		svg_bracket(s, "interval", svg_at(&g->a, 1 + v->low),
			    svg_at(&g->a, 1 + v->high), y, 8, NULL,
			    "stroke=\"#000\" fill=\"none\"");
	forest_mark(s, cell, svg_at(&g->a, 1 + v->change), y);
}

/* An entry: compared row @k's @cell on its line, titled with its verdict. */
static void forest_line(struct svg *s, const struct forest *g,
			const struct compare_row *k,
			const struct compare_cell *cell, int first)
{
	const char *label = g->c->r[cell->label]->info.label;
	char name[160], tip[FOREST_TIP], word[160];
	double y = s->y + FOREST_ROW / 2;
	int len;

	text_summary_name(name, sizeof(name), g->c, k);
	len = snprintf(tip, sizeof(tip), "%.159s, %.127s: ", name, label);
	chart_verdict(tip + len, sizeof(tip) - (size_t)len, g->c, cell);
	svg_group(s, "entry", NULL, tip);
	if (first)
		svg_text_in(s, SVG_PAD, y + 4, SVG_START, NULL, name,
			    (g->label_x ? g->label_x : g->a.x0) - SVG_PAD -
				    FOREST_GAP);
	if (g->label_x)
		svg_text_in(s, g->label_x, y + 4, SVG_START,
			    svg_colour(cell->label), label,
			    g->a.x0 - g->label_x - FOREST_GAP);
	forest_plot(s, g, cell, y);
	forest_verdict(word, sizeof(word), cell);
	svg_text(s, SVG_W - SVG_PAD, y + 4, SVG_END,
		 compare_cell_marked(cell) ? SVG_ALERT : NULL, word);
	svg_group_end(s);
	s->y += FOREST_ROW;
}

/* The entries, by mechanism as the tables, each row's labels together. */
static void forest_entries(struct svg *s, const struct forest *g)
{
	const struct compare *c = g->c;
	unsigned int line = 0;

	for (unsigned int m = 0; m < c->nmechs; m++)
		for (unsigned int k = 0; k < c->nrows; k++) {
			const struct compare_row *row = &c->row[k];
			int first = 1;

			for (unsigned int i = 0;
			     row->mech == m && i < row->ncells; i++) {
				if (!forest_entry(&row->cell[i]))
					continue;
				/* Every other line shaded, to follow it across. */
				if (line++ % 2)
					svg_rect(s, SVG_PAD / 2, s->y,
						 SVG_W - SVG_PAD, FOREST_ROW,
						 "fill=\"#f2f2f2\"");
				forest_line(s, g, row, &row->cell[i], first);
				first = 0;
			}
		}
}

int chart_forest(FILE *f, const struct report_model *mo)
{
	const struct compare *c = &mo->cmp;
	struct forest g;
	struct svg s;
	char title[400];
	double top, zero;

	if (c->n < 2)
		return 0;
	forest_scan(&g, c);
	if (!g.n)
		return 0;
	snprintf(title, sizeof(title), "loops/sec of each row against %s",
		 c->r[c->base]->info.label);
	if (svg_open(&s, f, "forest", "Overview", title) < 0)
		return -ENOMEM;
	chart_emulated_line(&s, c);
	forest_legend(&s, &g);
	top = s.y;
	zero = svg_at(&g.a, 1);
	forest_entries(&s, &g);
	/* No change: the baseline's own loops/sec, across the entries. */
	svg_line(&s, NULL, zero, top - 2, zero, s.y + FOREST_AXIS, NULL,
		 "stroke=\"#000\" stroke-dasharray=\"4 3\"");
	svg_nl(&s);
	svg_axis_x(&s, &g.a, s.y + FOREST_AXIS,
		   "change of loops/sec, log scale: higher is better");
	s.y += FOREST_FOOT;
	snprintf(title, sizeof(title),
		 "Each row's change of loops/sec against the baseline, its "
		 "%.0f %% interval where its label and the baseline's have "
		 "replicates to judge by, on a log scale of loops/sec, its "
		 "mark loops/sec's; on the right, the change and the row's "
		 "verdict, as the summary's, of whichever statistic decided "
		 "it. Higher is better.",
		 VERDICT_LEVEL_PCT);
	return svg_close(&s, title);
}
