/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The page's trend: a chart and a table a mechanism.
 *
 * The page's trend (--series): a chart a mechanism of each row's average
 * across the labels in the series' order, each step marked as judged
 * against the label before it, and the table of those steps.
 */
#include <errno.h>
#include <math.h>
#include <string.h>

#include "chart.h"
#include "analysis/textkit.h"
#include "analysis/trend.h"

#define TREND_X0 (SVG_PAD + 50)
#define TREND_X1 (SVG_W - SVG_PAD - 20)
#define TREND_TOP (SVG_LINE + 8) /* from the line above to the plot */
#define TREND_H 160 /* of the plot */
#define TREND_NUMS 176 /* the x axis's keys, from the plot's top */
#define TREND_KEYS 196 /* the legend, a line a row */
#define TREND_FOOT 12
#define TREND_TICKS 4

/* The highest average of mechanism @mech's rows: the y axis's end. */
static double trend_peak(const struct compare *c, unsigned int mech)
{
	double hi = 0;

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == mech && i < c->row[k].ncells; i++)
			if (c->row[k].cell[i].row->nsamples)
				hi = fmax(hi, c->row[k].cell[i].mean);
	return hi;
}

/* Row @k's curve: a point a label that measured it, its step's mark. */
static void trend_curve(struct svg *s, const struct report_model *m,
			unsigned int k, unsigned int nth,
			const struct svg_axis *xa, const struct svg_axis *ya)
{
	const struct report_trend *t = m->trend;
	const struct compare_row *row = &m->cmp.row[k];
	const char *colour = svg_colour(nth);
	struct svg_curve cv;
	char key[160]; /* chart_key() */

	chart_key(key, sizeof(key), &m->cmp, row->like);
	svg_curve_begin(&cv, s, colour, 0);
	for (unsigned int p = 0; p < t->n; p++) {
		const struct compare_cell *cell =
			compare_row_cell(row, t->order[p]);
		const struct compare_cell *step =
			p ? t->step[p - 1].at[k] : NULL;
		char tip[640], v[400] = "";

		if (!cell || !cell->row->nsamples)
			continue;
		if (step)
			chart_verdict(v, sizeof(v), &t->step[p - 1].cmp, step);
		snprintf(tip, sizeof(tip),
			 "#%u %.80s, %.100s: %.0f loops/sec%s%s",
			 t->order[p] + 1, m->cmp.r[t->order[p]]->info.label,
			 key, cell->mean, v[0] ? "; step " : "", v);
		svg_curve_point(&cv, svg_at(xa, p), svg_at(ya, cell->mean),
				tip);
	}
	svg_curve_end(&cv);
	/* A step that stands out: a ring about its point. */
	for (unsigned int p = 1; p < t->n; p++) {
		const struct compare_cell *cell =
			compare_row_cell(row, t->order[p]);
		const struct compare_cell *step = t->step[p - 1].at[k];

		if (cell && cell->row->nsamples && step &&
		    step->mark == COMPARE_MARKED)
			svg_circle(s, "step-marked", svg_at(xa, p),
				   svg_at(ya, cell->mean), 7, NULL,
				   "fill=\"none\" stroke=\"%s\" "
				   "stroke-width=\"2\"",
				   SVG_ALERT);
	}
	svg_nl(s);
	svg_key(s, colour, 0, key);
}

/* Mechanism @mech's chart: its rows across the series. */
static int trend_chart(FILE *f, const struct report_model *m, unsigned int mech)
{
	const struct report_trend *t = m->trend;
	const struct compare *c = &m->cmp;
	struct svg_axis xa = { .x0 = TREND_X0, .x1 = TREND_X1, .step = 1 };
	struct svg_axis ya = { 0 };
	unsigned int nth = 0;
	double top, peak = trend_peak(c, mech);
	char id[48], num[16];
	struct svg s;

	if (!(peak > 0))
		return 0;
	snprintf(id, sizeof(id), "trend-%u", mech);
	if (svg_open(&s, f, id, c->mech[mech].title,
		     "loops/sec across the series, higher is better") < 0)
		return -ENOMEM;
	chart_emulated_line(&s, c);
	top = s.y + TREND_TOP;
	xa.hi = t->n > 1 ? t->n - 1 : 1;
	ya.x0 = top + TREND_H;
	ya.x1 = top;
	svg_axis_fit(&ya, 0, peak, 1, TREND_TICKS);
	svg_axis_y(&s, &ya, xa.x0, xa.x1 - xa.x0);
	svg_line(&s, NULL, xa.x0, top + TREND_H, xa.x1, top + TREND_H, NULL,
		 "stroke=\"#888\"");
	svg_nl(&s);
	for (unsigned int p = 0; p < t->n; p++) {
		snprintf(num, sizeof(num), "#%u", t->order[p] + 1);
		svg_text(&s, svg_at(&xa, p), top + TREND_NUMS, SVG_MIDDLE, NULL,
			 num);
	}
	s.y = top + TREND_KEYS;
	for (unsigned int k = 0; k < c->nrows; k++)
		if (c->row[k].mech == mech && c->row[k].ncells)
			trend_curve(&s, m, k, nth++, &xa, &ya);
	s.y += TREND_FOOT;
	return svg_close(&s, "Each row's average loops/sec, a point a label in "
			     "the series' order, from zero; a red ring: the "
			     "step from the label before stands out from "
			     "the noise.");
}

/* A cell of the table: @s escaped, in class @cls. */
static void trend_td(FILE *f, const char *cls, const char *s)
{
	fprintf(f, "<td class=\"%s\">", cls);
	svg_esc(f, s);
	fputs("</td>", f);
}

/* Mechanism @mech's table: a line a row and label, its step. */
static void trend_table(FILE *f, const struct report_model *m,
			unsigned int mech)
{
	const struct report_trend *t = m->trend;
	const struct compare *c = &m->cmp;
	char buf[400], change[48], detect[48];

	fputs("<div class=\"wrap\"><table class=\"trend\"><caption>", f);
	svg_esc(f, c->mech[mech].title);
	fputs(": each step</caption>\n<tr><th>row</th><th>label</th>"
	      "<th>loops/sec</th><th>step</th><th>detect</th>"
	      "<th>verdict</th></tr>\n",
	      f);
	for (unsigned int k = 0; k < c->nrows; k++) {
		const struct compare_row *row = &c->row[k];

		if (row->mech != mech)
			continue;
		for (unsigned int p = 0; p < t->n; p++) {
			const struct compare_cell *cell =
				compare_row_cell(row, t->order[p]);
			const struct compare_cell *step =
				p ? t->step[p - 1].at[k] : NULL;

			if (!cell)
				continue;
			fputs("<tr><th scope=\"row\">", f);
			chart_key(buf, sizeof(buf), c, row->like);
			svg_esc(f, buf);
			fputs("</th>", f);
			snprintf(buf, sizeof(buf), "#%u %s", t->order[p] + 1,
				 c->r[t->order[p]]->info.label);
			trend_td(f, "label", buf);
			if (cell->row->nsamples)
				snprintf(buf, sizeof(buf), "%.0f", cell->mean);
			else
				snprintf(buf, sizeof(buf), "%s",
					 result_status_name(cell->row->status));
			trend_td(f, "fig", buf);
			change[0] = detect[0] = buf[0] = '\0';
			if (step) {
				snprintf(change, sizeof(change), "%s",
					 step->change);
				snprintf(detect, sizeof(detect), "%s",
					 step->detect);
				chart_verdict(buf, sizeof(buf),
					      &t->step[p - 1].cmp, step);
			}
			trend_td(f,
				 step && step->mark == COMPARE_MARKED ?
					 "fig marked" :
					 "fig",
				 change);
			trend_td(f, "fig", detect);
			trend_td(f, "verdict", buf);
			fputs("</tr>\n", f);
		}
	}
	fputs("</table></div>\n", f);
}

int chart_trend(FILE *f, const struct report_model *m)
{
	const struct report_trend *t = m->trend;
	int err = 0;

	if (!t || t->n < 2)
		return 0;
	fprintf(f,
		"<section id=\"trend\"><h2>Trend <small>each label against "
		"the one before it (--series %s)</small></h2>\n<p>",
		report_trend_order_key(t->by));
	for (unsigned int p = 0; p < t->n; p++) {
		fprintf(f, "%s#%u ", p ? "<br>" : "", t->order[p] + 1);
		svg_esc(f, m->cmp.r[t->order[p]]->info.label);
	}
	fputs("</p>\n<p>step: the average against the label before it, "
	      "judged as a report of those two labels alone judges it; "
	      "higher loops/sec is better.</p>\n",
	      f);
	for (unsigned int mech = 0; mech < m->cmp.nmechs && !err; mech++) {
		err = trend_chart(f, m, mech);
		if (!err)
			trend_table(f, m, mech);
	}
	fputs("</section>\n", f);
	return err;
}
