/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The round trip chart: each row's percentiles, log scale.
 *
 * The round trip chart of a mechanism: each row's sampled round trips,
 * min, the percentiles and max, as marks on a line, on a log scale.
 */
#include <errno.h>
#include <math.h>

#include "chart.h"
#include "analysis/textkit.h"

#define RTT_NMARKS (RESULT_NQUANTILES + 2) /* min, the quantiles, max */
#define RTT_MAX (RESULT_NQUANTILES + 1)
#define RTT_X0 (SVG_PAD + 4)
#define RTT_X1 (SVG_W - SVG_PAD - 24)
#define RTT_KEY_W 80 /* a mark and its name, in the legend */
#define RTT_LEGEND_H (SVG_LINE + 8)
#define RTT_ROW (2 * SVG_LINE + 4) /* a row's name, then its marks */
#define RTT_AXIS 4 /* from the last row to the axis */
#define RTT_FOOT 56 /* from the last row to the end: the axis, its numbers */

/* The round trip at mark @q of @row, in microseconds. */
static double rtt_us(const struct result_row *row, unsigned int q)
{
	if (q == 0)
		return (double)row->rtt.min_ns / 1000;
	if (q == RTT_MAX)
		return (double)row->rtt.max_ns / 1000;
	return hist_quantile(&row->rtt, result_quantiles[q - 1].q) / 1000;
}

static const char *rtt_mark_name(unsigned int q)
{
	return q == 0	    ? "min" :
	       q == RTT_MAX ? "max" :
			      result_quantiles[q - 1].title;
}

/* Mark @q at @x, @y: a bar at the ends, between them shapes. */
static void rtt_mark(struct svg *s, unsigned int q, double x, double y,
		     const char *colour)
{
	char d[64];

	switch (q) {
	case 0:
	case RTT_MAX:
		svg_line(s, NULL, x, y - 5, x, y + 5, NULL,
			 "stroke=\"%s\" stroke-width=\"2\"", colour);
		break;
	case 1:
		svg_circle(s, NULL, x, y, 4, NULL, "fill=\"%s\"", colour);
		break;
	case 2:
		svg_rect(s, x - 3.5, y - 3.5, 7, 7, "fill=\"%s\"", colour);
		break;
	case 3:
		snprintf(d, sizeof(d), "M%.1f %.1fl4 7h-8z", x, y - 4);
		svg_path(s, d, "fill=\"%s\"", colour);
		break;
	default:
		svg_diamond(s, NULL, x, y, 4, NULL,
			    "fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"",
			    colour);
	}
}

/* The rows of @m with round trips, and @a over the decades they span. */
static unsigned int rtt_scan(const struct compare *c, unsigned int m,
			     struct svg_axis *a)
{
	double lo = INFINITY, hi = -INFINITY;
	unsigned int lines = 0;

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct result_row *row = c->row[k].cell[i].row;

			if (!row->rtt.count)
				continue;
			lines++;
			for (unsigned int q = 0; q < RTT_NMARKS; q++) {
				double us = rtt_us(row, q);

				if (us > 0) {
					lo = fmin(lo, log10(us));
					hi = fmax(hi, log10(us));
				}
			}
		}
	svg_axis_decades(a, lo, hi);
	return lines;
}

static void rtt_legend(struct svg *s)
{
	for (unsigned int q = 0; q < RTT_NMARKS; q++) {
		double x = SVG_PAD + 6 + q * RTT_KEY_W;

		rtt_mark(s, q, x, s->y + 8, "#444");
		svg_text(s, x + 9, s->y + SVG_BASE, SVG_START, "#444",
			 rtt_mark_name(q));
	}
	s->y += RTT_LEGEND_H;
}

/* The row of @cell: its name, then its marks on a line, titled. */
static void rtt_row(struct svg *s, const struct compare *c,
		    const struct compare_cell *cell, const struct svg_axis *a)
{
	const struct result_row *row = cell->row;
	const char *colour = svg_colour(cell->label);
	double y = s->y + SVG_LINE + 8;
	char name[512], tip[320];
	size_t n = 0;

	text_row_name(name, sizeof(name), c->r[cell->label], 0, row);
	svg_text(s, SVG_PAD, s->y + SVG_BASE, SVG_START, colour, name);
	for (unsigned int q = 0; q < RTT_NMARKS && n < sizeof(tip); q++)
		n += (size_t)snprintf(tip + n, sizeof(tip) - n, "%s%s %.1f",
				      q ? ", " : "", rtt_mark_name(q),
				      rtt_us(row, q));
	if (n < sizeof(tip))
		snprintf(tip + n, sizeof(tip) - n, " us");
	svg_group(s, "rtt", NULL, tip);
	svg_line(s, NULL, svg_at(a, rtt_us(row, 0)), y,
		 svg_at(a, rtt_us(row, RTT_MAX)), y, NULL, "stroke=\"%s\"",
		 colour);
	for (unsigned int q = 0; q < RTT_NMARKS; q++)
		rtt_mark(s, q, svg_at(a, rtt_us(row, q)), y, colour);
	svg_group_end(s);
	s->y += RTT_ROW;
}

int chart_rtt(FILE *f, const struct compare *c, unsigned int m, const char *mid)
{
	struct svg_axis a = { .x0 = RTT_X0, .x1 = RTT_X1 };
	struct svg s;
	char id[96];

	if (!rtt_scan(c, m, &a))
		return 0;
	snprintf(id, sizeof(id), "rtt-%s", mid);
	if (svg_open(&s, f, id, c->mech[m].title,
		     "round trip, us (sampled, log scale)") < 0)
		return -ENOMEM;
	chart_emulated_line(&s, c);
	rtt_legend(&s);
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++)
			if (c->row[k].cell[i].row->rtt.count)
				rtt_row(&s, c, &c->row[k].cell[i], &a);
	svg_axis_x(&s, &a, s.y + RTT_AXIS, "us, lower is better");
	s.y += RTT_FOOT;
	return svg_close(&s, "Each row's sampled round trips from the fastest "
			     "to the slowest, on a log scale. Lower is "
			     "better.");
}
