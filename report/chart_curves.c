/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The curve charts: several rings at once, lmbench lat_ctx's.
 *
 * The curve charts of a mechanism: several rings at once (loops/sec and
 * the scalability against the count of rings), and lmbench lat_ctx's
 * time of a hop against the ring size or the working set.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "analysis/rings.h"
#include "analysis/textkit.h"

/* The frame both share: plots under a line of title, a legend below. */
#define CURVE_TOP (SVG_LINE + 16) /* from the line above to a plot */
#define CURVE_H 180 /* of a plot, from its top */
#define CURVE_NUMS 194 /* its x axis's numbers, from its top */
#define CURVE_NAME 208 /* the x axis's name */
#define CURVE_KEYS 216 /* the legend, a line a curve */
#define CURVE_FOOT 20 /* under the legend */
#define CURVE_TICKS 4

/* ---- Several rings at once ---- */

#define RINGS_SERIES 64 /* curves of a chart; the rest are left out */
#define RINGS_X0 (SVG_PAD + 50) /* of the first of its two plots */
#define RINGS_STEP 370 /* to the second */
#define RINGS_W 300

/* What the rows of several rings of @m reach, for the axes. */
struct rings_reach {
	unsigned int most; /* rings */
	unsigned int drawn; /* rows of several rings that ran */
	double peak, scale_hi;
};

/* The series of mechanism @m of the model into @s; the reach of its rows. */
static unsigned int rings_series(const struct report_model *mo, unsigned int m,
				 const struct report_series **s,
				 struct rings_reach *w)
{
	const struct compare *c = &mo->cmp;
	unsigned int n = 0;

	for (unsigned int j = 0; j < mo->nseries && n < RINGS_SERIES; j++)
		if (mo->series[j].mech == m)
			s[n++] = &mo->series[j];
	*w = (struct rings_reach){ .most = 1, .scale_hi = 1.1 };
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			const struct results *r = c->r[cell->label];
			double sc;

			if (!results_parallel(r))
				continue;
			if (result_row_rings(cell->row) > w->most)
				w->most = result_row_rings(cell->row);
			if (!cell->row->nsamples)
				continue;
			w->drawn += result_row_rings(cell->row) > 1;
			w->peak = fmax(w->peak, cell->mean);
			sc = rings_scalability(r, cell->row);
			if (isfinite(sc))
				w->scale_hi = fmax(w->scale_hi, sc * 1.05);
		}
	return n;
}

/* Plot @p (0 loops/sec, 1 the scalability) at @top: its axes. */
static void rings_plot(struct svg *s, const struct compare *c, unsigned int m,
		       int p, double top, struct svg_axis *xa,
		       struct svg_axis *ya)
{
	char num[16];

	svg_text(s, xa->x0, top - 4, SVG_START, "#444",
		 p ? "scalability (1.00 perfect)" : "loops/sec, all rings");
	svg_axis_y(s, ya, xa->x0, xa->x1 - xa->x0);
	for (unsigned int r = 1; r <= xa->hi; r++) {
		int shown = 0;

		for (unsigned int k = 0; k < c->nrows; k++)
			shown |= c->row[k].mech == m &&
				 result_row_rings(c->row[k].like) == r;
		if (!shown)
			continue;
		snprintf(num, sizeof(num), "%u", r);
		svg_text(s, svg_at(xa, r), top + CURVE_NUMS, SVG_MIDDLE, NULL,
			 num);
	}
	svg_text(s, xa->x1, top + CURVE_NAME, SVG_END, "#444", "rings (-j)");
	if (p) {
		svg_line(s, NULL, xa->x0, svg_at(ya, 1), xa->x1, svg_at(ya, 1),
			 NULL, "stroke=\"#888\" stroke-dasharray=\"4 3\"");
		svg_nl(s);
	}
}

/* The two curves of series @ser of @r, on plots @xa, @ya. */
static void rings_curves(struct svg *s, const struct results *r,
			 const struct report_series *ser,
			 const struct svg_axis *xa, const struct svg_axis *ya,
			 const char *colour, int dashed)
{
	for (int p = 0; p < 2; p++) {
		struct svg_curve cv;

		svg_curve_begin(&cv, s, colour, dashed);
		for (unsigned int q = 0; q < ser->n; q++) {
			const struct result_row *row = ser->row[q];
			unsigned int ring = result_row_rings(row);
			char tip[48];
			double v;

			if (ring > xa[p].hi || !row->nsamples)
				continue;
			v = p ? rings_scalability(r, row) : verdict_mean(row);
			if (!isfinite(v))
				continue;
			snprintf(tip, sizeof(tip),
				 p ? "x%u: scalability %.2f" :
				     "x%u: %.0f loops/sec",
				 ring, v);
			svg_curve_point(&cv, svg_at(&xa[p], ring),
					svg_at(&ya[p], v), tip);
		}
		svg_curve_end(&cv);
	}
}

/* A series' name: its row's, without its count of rings ("x2"). */
static void rings_name(char *buf, size_t size, const struct results *r,
		       const struct result_row *like)
{
	char *x;

	text_row_name(buf, size, r, 0, like);
	for (x = strstr(buf, " x"); x; x = strstr(x + 1, " x"))
		if (x[2] >= '0' && x[2] <= '9' &&
		    strspn(x + 2, "0123456789") ==
			    strcspn(x + 2, " ")) { /* " x2" to its end */
			size_t len = strspn(x + 2, "0123456789") + 2;

			memmove(x, x + len, strlen(x + len) + 1);
			break;
		}
}

/* The chart of the @n series @ser, which reach @w. */
static int rings_chart(struct svg *s, const struct compare *c, unsigned int m,
		       const struct report_series *const *ser, unsigned int n,
		       const struct rings_reach *w)
{
	struct svg_axis xa[2], ya[2];
	double top = s->y + CURVE_TOP;
	char name[512];

	for (int p = 0; p < 2; p++) {
		double x0 = RINGS_X0 + p * RINGS_STEP;

		xa[p] = (struct svg_axis){
			.lo = 1, .hi = w->most, .x0 = x0, .x1 = x0 + RINGS_W
		};
		ya[p] = (struct svg_axis){ .x0 = top + CURVE_H,
					   .x1 = top,
					   .num = p ? SVG_NUM_2F : SVG_NUM_SI };
		svg_axis_fit(&ya[p], 0, p ? w->scale_hi : w->peak, 1,
			     CURVE_TICKS);
		rings_plot(s, c, m, p, top, &xa[p], &ya[p]);
	}
	s->y = top + CURVE_KEYS;
	for (unsigned int j = 0; j < n; j++) {
		const struct results *r = c->r[ser[j]->label];
		const char *colour = svg_colour(ser[j]->label);

		rings_curves(s, r, ser[j], xa, ya, colour, j % 2);
		rings_name(name, sizeof(name), r, ser[j]->like);
		svg_key(s, colour, j % 2, name);
	}
	s->y += CURVE_FOOT;
	return svg_close(s, "Loops/sec of all rings at once and the "
			    "scalability (the total over the count of rings "
			    "times one ring's) against the count of rings.");
}

int chart_rings(FILE *f, const struct report_model *mo, unsigned int m,
		const char *mid)
{
	const struct report_series **ser = calloc(RINGS_SERIES, sizeof(*ser));
	const struct compare *c = &mo->cmp;
	struct rings_reach w;
	unsigned int n;
	struct svg s;
	char id[96];
	int err = 0;

	if (!ser)
		return -ENOMEM;
	n = rings_series(mo, m, ser, &w);
	/* Drawn when a row of several rings ran. */
	if (n && w.most >= 2 && w.drawn) {
		snprintf(id, sizeof(id), "rings-%s", mid);
		err = svg_open(&s, f, id, c->mech[m].title,
			       "rings at once (-j)");
		if (!err) {
			chart_emulated_line(&s, c);
			err = rings_chart(&s, c, m, ser, n, &w);
		}
	}
	free(ser);
	return err;
}

/* ---- lat_ctx's curves ---- */

#define LATCTX_X0 (SVG_PAD + 60)
#define LATCTX_X1 (SVG_W - SVG_PAD - 20)

/* Are @a and @b the same row but for their ring size and working set? */
static int same_but_ring(const struct result_row *a, const struct result_row *b)
{
	return result_row_same_but(a, b, RESULT_KEY_RING);
}

/* What the rows like one swept: ring sizes and working sets, in order. */
struct latctx_sweep {
	unsigned int procs[REPORT_AXIS_MAX], kb[REPORT_AXIS_MAX], np, nk;
	int by_kb; /* against the working set, else the ring size */
	unsigned int nx; /* values of that */
	double hi; /* usec per hop */
};

/* The grid of label @i like @like, or NULL. */
static const struct report_grid *latctx_grid(const struct report_model *m,
					     unsigned int i,
					     const struct result_row *like)
{
	for (unsigned int g = 0; g < m->ngrids; g++)
		if (m->grid[g].label == i &&
		    same_but_ring(like, m->grid[g].like))
			return &m->grid[g];
	return NULL;
}

/* What the grids like @like swept, of every label. */
static void latctx_sweep(struct latctx_sweep *w, const struct report_model *m,
			 const struct result_row *like)
{
	memset(w, 0, sizeof(*w));
	for (unsigned int g = 0; g < m->ngrids; g++) {
		const struct report_grid *a = &m->grid[g];

		if (!same_but_ring(like, a->like))
			continue;
		for (unsigned int p = 0; p < a->np; p++)
			report_axis_add(w->procs, &w->np, a->procs[p]);
		for (unsigned int k = 0; k < a->nk; k++)
			report_axis_add(w->kb, &w->nk, a->kb[k]);
		for (unsigned int q = 0; q < a->np * a->nk; q++)
			w->hi = fmax(w->hi, latctx_hop_us(a->at[q], 0));
	}
	w->by_kb = w->nk >= 2;
	w->nx = w->by_kb ? w->nk : w->np;
}

/* The plot at @top: its y axis and grid, its x axis and its numbers. */
static void latctx_plot(struct svg *s, const struct latctx_sweep *w,
			const struct svg_axis *xa, const struct svg_axis *ya,
			double top)
{
	char num[32];

	svg_axis_y(s, ya, xa->x0, xa->x1 - xa->x0);
	svg_line(s, NULL, xa->x0, top + CURVE_H, xa->x1, top + CURVE_H, NULL,
		 "stroke=\"#888\"");
	svg_nl(s);
	for (unsigned int k = 0; k < w->nx; k++) {
		snprintf(num, sizeof(num), w->by_kb ? "%uK" : "%up",
			 w->by_kb ? w->kb[k] : w->procs[k]);
		svg_text(s, svg_at(xa, k), top + CURVE_NUMS, SVG_MIDDLE, NULL,
			 num);
	}
	svg_text(s, xa->x1, top + CURVE_NAME, SVG_END, "#444",
		 w->by_kb ? "working set per participant (-s), ordinal" :
			    "participants per ring (-p)");
}

/* Label @i's curve of ring size @p (by working set), or its only one. */
static void latctx_curve(struct svg *s, const struct report_model *m,
			 unsigned int i, unsigned int p,
			 const struct result_row *like,
			 const struct latctx_sweep *w,
			 const struct svg_axis *xa, const struct svg_axis *ya)
{
	const struct report_grid *g = latctx_grid(m, i, like);
	const struct results *r = m->cmp.r[i];
	struct svg_curve cv;
	char what[160];

	svg_curve_begin(&cv, s, svg_colour(i), p % 2);
	for (unsigned int k = 0; g && k < w->nx; k++) {
		const struct result_row *row =
			w->by_kb ? report_grid_row(g, w->procs[p], w->kb[k]) :
				   report_grid_row(g, w->procs[k],
						   w->nk ? w->kb[0] : 0);
		char tip[48];
		double us = latctx_hop_us(row, 0);

		if (us < 0)
			continue;
		snprintf(tip, sizeof(tip), "%up %uK: %.2f us per hop",
			 row->procs, row->ws_kb, us);
		svg_curve_point(&cv, svg_at(xa, k), svg_at(ya, us), tip);
	}
	svg_curve_end(&cv);
	if (w->by_kb)
		snprintf(what, sizeof(what), "%s %up", r->info.label,
			 w->procs[p]);
	else
		snprintf(what, sizeof(what), "%s", r->info.label);
	svg_key(s, svg_colour(i), p % 2, what);
}

/*
 * One chart of the rows like @like (of any label that swept ring sizes
 * or working sets): the time of a hop against the working set, a curve
 * per label and ring size; or against the ring size when one working
 * set, a curve per label.
 */
static int latctx_chart(FILE *f, const struct report_model *m,
			const struct result_row *like, const char *id)
{
	const struct compare *c = &m->cmp;
	struct svg_axis xa = { .x0 = LATCTX_X0, .x1 = LATCTX_X1, .step = 1 };
	struct svg_axis ya = { .num = SVG_NUM_2F };
	struct latctx_sweep w;
	char title[160], key[512];
	struct svg s;
	double top;

	latctx_sweep(&w, m, like);
	if (w.nx < 2)
		return 0;
	chart_key(key, sizeof(key), c, like);
	snprintf(title, sizeof(title), "us per hop (lat_ctx), %.100s", key);
	if (svg_open(&s, f, id, like->title, title) < 0)
		return -ENOMEM;
	chart_emulated_line(&s, c);
	top = s.y + CURVE_TOP;
	xa.hi = w.nx - 1;
	ya.x0 = top + CURVE_H;
	ya.x1 = top;
	svg_axis_fit(&ya, 0, w.hi, 1, CURVE_TICKS);
	latctx_plot(&s, &w, &xa, &ya, top);
	s.y = top + CURVE_KEYS;
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int p = 0;
		     results_rings(c->r[i]) && p < (w.by_kb ? w.np : 1); p++)
			latctx_curve(&s, m, i, p, like, &w, &xa, &ya);
	s.y += CURVE_FOOT;
	return svg_close(&s, "The time of one hop, as lmbench's lat_ctx "
			     "tables give it, against the ring size or the "
			     "working set each participant touches.");
}

int chart_latctx(FILE *f, const struct report_model *mo, unsigned int m,
		 const char *mid)
{
	const struct compare *c = &mo->cmp;
	unsigned int nth = 0;
	int err = 0;

	for (unsigned int k = 0; k < c->nrows && !err; k++) {
		const struct result_row *like = c->row[k].like;
		int done = 0;
		char id[96];

		if (c->row[k].mech != m)
			continue;
		for (unsigned int j = 0; j < k && !done; j++)
			done = c->row[j].mech == m &&
			       same_but_ring(c->row[j].like, like);
		if (done)
			continue;
		snprintf(id, sizeof(id), "latctx-%s-%u", mid, nth);
		err = latctx_chart(f, mo, like, id);
		nth++;
	}
	return err;
}
