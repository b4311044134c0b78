/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTML report: the comparison the text report prints, as one page that
 * needs nothing beside it (inline CSS and SVG, no script), to open from a
 * mail attachment or a CI artifact.  Per mechanism a chart of every run
 * and invocation of each label with the mean, its interval and the
 * verdict; the round trip percentiles; several rings against one;
 * lat_ctx's curves; then the text report's tables in its own figures, and
 * the Run information with what differs side by side.  Each chart is an
 * <svg> that stands alone: its own title, legend, fonts and background.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "facts/emulation.h"
#include "info.h"
#include "lib/stats.h"
#include "model/fields.h"
#include "report.h"
#include "rings.h"
#include "text.h"

/* The width of every chart, in its own units (pixels when saved alone). */
#define SVG_W 760
#define SVG_PAD 12 /* left and right of the plot */
#define SVG_FONT 12 /* monospace: a character is about 0.6 of it */
#define SVG_CHAR 7.3 /* its width, a little more than that */
#define SVG_LINE 16 /* a line of text */
#define SVG_GUTTER 84 /* left of a strip: "disturbed" */

/* Label colours: Okabe and Ito's, told apart by those who see colour less. */
static const char *const html_colours[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7",
	"#e69f00", "#56b4e9", "#000000",
};

#define NCOLOURS (sizeof(html_colours) / sizeof(html_colours[0]))
#define DISTURBED_COLOUR "#b00020"

static const char *html_colour(unsigned int label)
{
	return html_colours[label % NCOLOURS];
}

/*
 * What the page is made of and what it only shows.  Every string that
 * is not this file's own (a label, a note, a fact, a row's mechanism,
 * title, placement or reason, a run's version and dates: anything a saved
 * file or the command line can hold) reaches the page through
 * html_esc(), as element text or as an attribute's value in double
 * quotes; an id is never made of such a string but through html_id().
 * A %s in a format below is this file's own text, a colour or a number.
 */

/* @s with the characters HTML gives a meaning to escaped. */
static void html_esc(FILE *f, const char *s)
{
	for (; *s; s++)
		switch (*s) {
		case '&':
			fputs("&amp;", f);
			break;
		case '<':
			fputs("&lt;", f);
			break;
		case '>':
			fputs("&gt;", f);
			break;
		case '"':
			fputs("&quot;", f);
			break;
		case '\'':
			fputs("&#39;", f);
			break;
		default:
			fputc(*s, f);
		}
}

/* A byte an id may hold as it is. */
static int html_plain(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z') ||
	       (ch >= '0' && ch <= '9') || ch == '-' || ch == '_';
}

/*
 * The part of an id that names mechanism @m of @c, into @buf: its name
 * when that is a plain one (letters, digits, '-' and '_', no "--"), as
 * every mechanism's is; else the name with each other byte as '_',
 * then "--" and @m.  So an id is always valid and never two elements':
 * no plain name holds "--", and @m tells apart the rest.
 */
static const char *html_id(char *buf, size_t size, const struct compare *c,
			   unsigned int m)
{
	const char *name = c->mech[m].mech;
	size_t n = 0, len = strlen(name);
	int plain = len > 0 && len < size && !strstr(name, "--");

	for (size_t i = 0; i < len && plain; i++)
		plain = html_plain(name[i]);
	if (plain) {
		snprintf(buf, size, "%s", name);
		return buf;
	}
	/* Room kept for "--" and @m. */
	for (size_t i = 0; i < len && n + 16 < size; i++)
		buf[n++] = html_plain(name[i]) ? name[i] : '_';
	snprintf(buf + n, size - n, "--%u", m);
	return buf;
}

/* A coordinate: never NaN or infinite, which a browser refuses. */
static double html_xy(double v)
{
	return isfinite(v) ? v : 0;
}

/* @s without the blanks around it, into @buf. */
static const char *html_trim(char *buf, size_t size, const char *s)
{
	size_t n;

	while (*s == ' ')
		s++;
	n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	snprintf(buf, size, "%.*s", (int)n, s);
	return buf;
}

/* The characters of @s, as a width in chart units. */
static double html_text_w(const char *s)
{
	double n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80; /* a UTF-8 lead */
	return n * SVG_CHAR;
}

/* ---- The scales of the charts ---- */

/* A linear or log10 axis from @lo to @hi onto @x0..@x1. */
struct html_axis {
	double lo, hi, x0, x1;
	int log;
	double step; /* of the ticks of a linear axis */
};

static double html_at(const struct html_axis *a, double v)
{
	double lo = a->lo, hi = a->hi;

	if (a->log) {
		v = log10(v > 0 ? v : a->lo > 0 ? pow(10, a->lo) : 1e-3);
	}
	if (!(hi > lo))
		return (a->x0 + a->x1) / 2;
	if (v < lo)
		v = lo;
	if (v > hi)
		v = hi;
	return html_xy(a->x0 + (v - lo) / (hi - lo) * (a->x1 - a->x0));
}

/* A round step for about @want ticks over @span: 1, 2 or 5 times 10^k. */
static double html_step(double span, int want)
{
	double raw = span / want, p;

	if (!(raw > 0) || !isfinite(raw))
		return 1;
	p = pow(10, floor(log10(raw)));
	if (raw / p < 1.5)
		return p;
	if (raw / p < 3.5)
		return 2 * p;
	if (raw / p < 7.5)
		return 5 * p;
	return 10 * p;
}

/* Loops/sec in few characters: "950", "18.5k", "1.25M". */
static void html_rate(char *buf, size_t size, double v, double step)
{
	double unit = fabs(v) >= 1e6 || step >= 1e6 ? 1e6 :
		      fabs(v) >= 1e3 || step >= 1e3 ? 1e3 :
						      1;
	int dec = 0;

	for (double s = step / unit; s < 1 && dec < 3; s *= 10)
		dec++;
	snprintf(buf, size, "%.*f%s", dec, v / unit,
		 unit == 1e6 ? "M" :
		 unit == 1e3 ? "k" :
			       "");
}

/* A linear axis over [@lo, @hi] widened a little, with round ends. */
static void html_linear(struct html_axis *a, double lo, double hi, double x0,
			double x1, int from_zero, int ticks)
{
	double pad, step;

	if (!(lo <= hi)) {
		lo = 0;
		hi = 1;
	}
	if (from_zero)
		lo = 0;
	pad = (hi - lo) * 0.05;
	if (!(pad > 0))
		pad = hi > 0 ? hi * 0.05 : 1;
	lo = lo - pad < 0 && lo >= 0 ? 0 : lo - pad;
	hi += pad;
	step = html_step(hi - lo, ticks);
	*a = (struct html_axis){ .lo = floor(lo / step) * step,
				 .hi = ceil(hi / step) * step,
				 .x0 = x0,
				 .x1 = x1,
				 .step = step };
}

/* Ticks and their numbers under a horizontal axis at @y. */
static void html_x_ticks(FILE *f, const struct html_axis *a, double y,
			 const char *unit)
{
	fprintf(f,
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
		a->x0, y, a->x1, y);
	if (a->log) {
		for (int e = (int)floor(a->lo); e <= (int)ceil(a->hi); e++)
			for (int m = 1; m <= 5; m += m == 1 ? 1 : 3) {
				double v = m * pow(10, e), x;
				char num[32];

				if (log10(v) < a->lo - 1e-9 ||
				    log10(v) > a->hi + 1e-9)
					continue;
				x = html_at(a, v);
				snprintf(num, sizeof(num), "%g", v);
				fprintf(f,
					"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
					"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%s</text>\n",
					x, y, x, y + 4, x, y + 14, num);
			}
	} else {
		double step = a->step;

		for (double v = a->lo; v <= a->hi + step / 2; v += step) {
			double x = html_at(a, v);
			char num[32];

			html_rate(num, sizeof(num), fabs(v) < step / 2 ? 0 : v,
				  step);
			fprintf(f,
				"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
				"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%s</text>\n",
				x, y, x, y + 4, x, y + 14, num);
		}
	}
	fprintf(f,
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n",
		a->x1, y + 26, unit);
}

/* ---- The parts of a chart ---- */

/* The start of a chart of height @h: its title, for a reader and a tool. */
static void html_svg_open(FILE *f, double h, const char *id, const char *title,
			  const char *mech)
{
	fputs("<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
	      "id=\"",
	      f);
	html_esc(f, id);
	fprintf(f,
		"\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
		"font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
		"font-size=\"%d\" role=\"img\">\n",
		SVG_W, h, SVG_W, h, SVG_FONT);
	fputs("<title>", f);
	html_esc(f, mech);
	fputs(": ", f);
	html_esc(f, title);
	fputs("</title>\n", f);
	fprintf(f, "<rect width=\"%d\" height=\"%.0f\" fill=\"#fff\"/>\n",
		SVG_W, h);
	fprintf(f,
		"<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">",
		SVG_PAD);
	html_esc(f, mech);
	fputs(": ", f);
	html_esc(f, title);
	fputs("</text>\n", f);
}

/* The end of a chart, under a caption of this file's own words. */
static void html_svg_close(FILE *f, const char *caption)
{
	fprintf(f, "</svg><figcaption>%s</figcaption></figure>\n", caption);
}

/* Text at @x, @y, escaped, in @colour ("" the default), anchored @anchor. */
static void html_text(FILE *f, double x, double y, const char *anchor,
		      const char *colour, const char *s)
{
	double room;

	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\"", html_xy(x), html_xy(y));
	if (anchor[0])
		fprintf(f, " text-anchor=\"%s\"", anchor);
	if (colour[0])
		fprintf(f, " fill=\"%s\"", colour);
	/* Text longer than the chart is wide is squeezed in, not cut. */
	room = !strcmp(anchor, "end")	 ? x - SVG_PAD :
	       !strcmp(anchor, "middle") ? SVG_W :
					   SVG_W - SVG_PAD - x;
	if (html_text_w(s) > room && room > 0)
		fprintf(f,
			" textLength=\"%.1f\" lengthAdjust=\"spacingAndGlyphs\"",
			room);
	fputc('>', f);
	html_esc(f, s);
	fputs("</text>\n", f);
}

/* Does any label of @c run on an emulated CPU? */
static int html_emulated(const struct compare *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (emulation_yes(c->r[i]->info.emulated))
			return 1;
	return 0;
}

/* The warning every chart of emulated runs carries, at @y. */
static double html_svg_emulated(FILE *f, const struct compare *c, double y)
{
	if (!html_emulated(c))
		return y;
	html_text(f, SVG_PAD, y + 12, "", DISTURBED_COLOUR,
		  "Emulated CPU (qemu TCG): every time is the emulator's, "
		  "not the kernel's");
	return y + SVG_LINE;
}

/*
 * The name of a compared row's key, as the text report names its rows
 * without the label: "same fifo:80 2p/0K x2 shared".
 */
static void html_key(char *buf, size_t size, const struct compare *c,
		     const struct result_row *row)
{
	int rings = 0, parallel = 0;
	char cls[32];

	for (unsigned int i = 0; i < c->n; i++) {
		rings |= results_rings(c->r[i]);
		parallel |= results_parallel(c->r[i]);
	}
	result_row_class(row, cls, sizeof(cls));
	snprintf(buf, size, "%s%s%s", row->placement[0] ? row->placement : "-",
		 cls[0] ? " " : "", cls);
	if (rings)
		snprintf(buf + strlen(buf), size - strlen(buf), " %up/%uK",
			 row->procs, row->ws_kb);
	if (parallel)
		snprintf(buf + strlen(buf), size - strlen(buf), " x%u%s",
			 result_row_rings(row), row->shared ? " shared" : "");
}

/* ---- The loops/sec chart ---- */

/*
 * The mean of @cell's values and the half width of their interval at
 * 1 - VERDICT_ALPHA: its invocations' means when it has two or more not
 * left out, else its runs not disturbed.  *@what says which.
 */
static void html_interval(const struct compare_cell *cell, double *half,
			  const char **what)
{
	const struct result_row *row = cell->row;
	unsigned int n = 0, kept = 0;
	struct stats st;
	double *x;

	for (unsigned int i = 0; i < row->ninv; i++)
		kept += !row->inv[i].left;
	*what = kept >= 2 ? "invocations" : "runs";
	*half = NAN;
	x = calloc(kept >= 2 ? kept : row->nsamples + 1, sizeof(*x));
	if (!x)
		return;
	for (unsigned int i = 0; kept >= 2 && i < row->ninv; i++)
		if (!row->inv[i].left)
			x[n++] = row->inv[i].mean;
	for (unsigned int i = 0; kept < 2 && i < row->nsamples; i++)
		if (!row->sample[i].disturbed)
			x[n++] = result_rate(&row->sample[i]);
	stats_summary(x, n, &st);
	free(x);
	if (n >= 2)
		*half = stats_t_quantile(1 - VERDICT_ALPHA / 2, n - 1) * st.sd /
			sqrt(n);
}

/* The verdict on @cell in words: "-4.1 % marked, p 0.003, ...". */
static void html_verdict(char *buf, size_t size, const struct compare *c,
			 const struct compare_cell *cell)
{
	static const char *const why[] = {
		[COMPARE_JUDGED] = "",
		[COMPARE_NO_BASE_ROW] = "the baseline did not measure it",
		[COMPARE_NO_RUNS] = "no successful run on one side",
		[COMPARE_NO_NOISE] = "one invocation a label, no --noise",
		[COMPARE_DISTURBED] = "too few replicates undisturbed",
		[COMPARE_ONE_BLOCK] = "one block a label, no --noise",
	};
	const struct verdict *v = &cell->v;
	char pct[32], det[48] = "";
	size_t len;

	if (c->n < 2) {
		buf[0] = '\0';
		return;
	}
	if (cell->mark == COMPARE_BASELINE) {
		snprintf(buf, size, "baseline");
		return;
	}
	if (isnan(v->change)) {
		snprintf(buf, size, "not judged: %s", why[cell->why]);
		return;
	}
	text_percent(pct, sizeof(pct), v->change * 100);
	if (!isnan(v->detect))
		snprintf(det, sizeof(det), "; detect %s%.1f%%",
			 cell->mark == COMPARE_NOT_JUDGED ? ">=" : "",
			 v->detect * 100);
	if (cell->mark == COMPARE_MARKED)
		snprintf(buf, size, "%s marked (p %.3g, %.1f..%.1f%%)%s", pct,
			 v->p, v->low * 100, v->high * 100, det);
	else if (cell->mark == COMPARE_NOT_MARKED)
		snprintf(buf, size, "%s not marked (p %.2g)%s", pct, v->p, det);
	else
		snprintf(buf, size, "%s not judged: %s%s", pct, why[cell->why],
			 det);
	len = strlen(buf);
	if (cell->drifts && len < size)
		snprintf(buf + len, size - len, "; drifts");
}

/* How far the runs and intervals of compared row @k reach: 0, or -1 none. */
static int html_range(const struct compare_row *k, double *lo, double *hi)
{
	*lo = INFINITY;
	*hi = -INFINITY;
	for (unsigned int i = 0; i < k->ncells; i++) {
		const struct result_row *row = k->cell[i].row;

		for (unsigned int s = 0; s < row->nsamples; s++) {
			double x = result_rate(&row->sample[s]);

			*lo = fmin(*lo, x);
			*hi = fmax(*hi, x);
		}
		if (row->nsamples) {
			double half;
			const char *what;

			html_interval(&k->cell[i], &half, &what);
			if (isfinite(half)) {
				*lo = fmin(*lo, k->cell[i].mean - half);
				*hi = fmax(*hi, k->cell[i].mean + half);
			}
		}
	}
	return *lo <= *hi ? 0 : -1;
}

/* The lines a cell takes in the loops chart: text, strip, disturbed strip. */
static double html_cell_h(const struct compare_cell *cell)
{
	unsigned int bad = 0;

	for (unsigned int s = 0; s < cell->row->nsamples; s++)
		bad += cell->row->sample[s].disturbed != 0;
	return SVG_LINE * 2 + 6 + (bad ? 12 : 0);
}

/* Does label @label's text and verdict @v fit on one line? */
static int html_one_line(const char *label, const char *v)
{
	return html_text_w(label) + html_text_w(v) + 3 * SVG_CHAR <=
	       SVG_W - 2 * SVG_PAD;
}

/* The line more a cell's text takes when its label and verdict do not fit. */
static double html_cell_text_h(const struct compare *c,
			       const struct compare_cell *cell)
{
	char v[256];

	html_verdict(v, sizeof(v), c, cell);
	return html_one_line(c->r[cell->label]->info.label, v) ? 0 : SVG_LINE;
}

/*
 * One label's strip of compared row: its runs, invocations and mean.  It
 * takes the lines html_loops_h() counts, a second line of text included,
 * whether the row ran or not.
 */
static double html_cell(FILE *f, const struct compare *c,
			const struct compare_cell *cell,
			const struct html_axis *a, double y)
{
	const struct results *r = c->r[cell->label];
	const struct result_row *row = cell->row;
	const char *colour = html_colour(cell->label), *what;
	char v[256], title[192];
	double mid, half, bad_y;
	unsigned int inv = 0, left = 0, bad = 0;

	html_verdict(v, sizeof(v), c, cell);
	html_text(f, SVG_PAD, y + 12, "", colour, r->info.label);
	if (html_one_line(r->info.label, v))
		html_text(f, SVG_W - SVG_PAD, y + 12, "end",
			  cell->mark == COMPARE_MARKED ? DISTURBED_COLOUR : "",
			  v);
	else {
		y += SVG_LINE;
		html_text(f, SVG_W - SVG_PAD, y + 12, "end",
			  cell->mark == COMPARE_MARKED ? DISTURBED_COLOUR : "",
			  v);
	}
	mid = y + SVG_LINE + 8;
	bad_y = mid + 12;
	if (!row->nsamples) {
		snprintf(title, sizeof(title), "%s: %s",
			 result_status_name(row->status), row->reason);
		html_text(f, SVG_PAD, mid + 4, "", DISTURBED_COLOUR, title);
		return html_cell_h(cell) + html_cell_text_h(c, cell);
	}
	/* The runs, each under its invocation; disturbed ones below. */
	for (unsigned int s = 0; s < row->nsamples; s++) {
		const struct result_sample *smp = &row->sample[s];
		double x = html_at(a, result_rate(smp));

		while (row->inv && inv + 1 < row->ninv &&
		       s >= left + row->inv[inv].runs) {
			left += row->inv[inv].runs;
			inv++;
		}
		if (smp->disturbed) {
			fprintf(f,
				"<circle class=\"run disturbed\" cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"none\" stroke=\"%s\">"
				"<title>run %u: %.0f loops/sec, disturbed: ",
				x, bad_y, DISTURBED_COLOUR, s + 1,
				result_rate(smp));
			html_esc(f, smp->why);
			fprintf(f, "</title></circle>\n");
			bad++;
			continue;
		}
		fprintf(f,
			"<circle class=\"run\" cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"%s\" fill-opacity=\"0.45\">"
			"<title>run %u: %.0f loops/sec</title></circle>\n",
			x, mid + (double)((s * 7) % 5) * 1.5 - 3, colour, s + 1,
			result_rate(smp));
	}
	if (bad)
		html_text(f, SVG_PAD, bad_y + 4, "", DISTURBED_COLOUR,
			  "disturbed");
	html_text(f, SVG_PAD, mid + 4, "", "#666",
		  row->ninv >= 2 ? "runs, inv." : "runs");
	/* The invocations' means, as diamonds; those left out hollow. */
	for (unsigned int i = 0; row->ninv >= 2 && i < row->ninv; i++) {
		double x = html_at(a, row->inv[i].mean);

		if (!(row->inv[i].mean > 0))
			continue; /* no run of it undisturbed */
		fprintf(f,
			"<path class=\"invocation\" d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" fill=\"%s\" stroke=\"#000\">"
			"<title>invocation %u: %.0f loops/sec%s</title></path>\n",
			x, mid - 5, row->inv[i].left ? "#fff" : colour, i + 1,
			row->inv[i].mean,
			row->inv[i].left ? ", left out: disturbed" : "");
	}
	/* The mean and its interval. */
	html_interval(cell, &half, &what);
	if (isfinite(half))
		fprintf(f,
			"<path class=\"interval\" d=\"M%.1f %.1fv8m0 -4H%.1fm0 -4v8\" stroke=\"#000\" fill=\"none\">"
			"<title>95%% interval of the mean of its %s: %.0f to %.0f</title></path>\n",
			html_at(a, cell->mean - half), mid - 4,
			html_at(a, cell->mean + half), what, cell->mean - half,
			cell->mean + half);
	fprintf(f,
		"<line class=\"mean\" x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-width=\"2.5\">"
		"<title>mean %.0f loops/sec</title></line>\n",
		html_at(a, cell->mean), mid - 8, html_at(a, cell->mean),
		mid + 8, cell->mean);
	return html_cell_h(cell) + html_cell_text_h(c, cell);
}

/* Every label's runs of compared row @k, on one axis, from @y. */
static double html_loops_panel(FILE *f, const struct compare *c,
			       const struct compare_row *k, double y)
{
	struct html_axis a;
	double lo, hi;
	char key[512];

	html_key(key, sizeof(key), c, k->like);
	fprintf(f, "<g class=\"panel\">\n");
	html_text(f, SVG_PAD, y + 12, "", "", key);
	y += SVG_LINE + 2;
	if (html_range(k, &lo, &hi) < 0)
		lo = hi = 0;
	html_linear(&a, lo, hi, SVG_GUTTER, SVG_W - SVG_PAD - 24, 0, 5);
	/* The baseline's mean, across the panel. */
	for (unsigned int i = 0; c->n >= 2 && i < k->ncells; i++)
		if (k->cell[i].mark == COMPARE_BASELINE &&
		    k->cell[i].row->nsamples) {
			double h = 0;

			for (unsigned int j = 0; j < k->ncells; j++)
				h += html_cell_h(&k->cell[j]) +
				     html_cell_text_h(c, &k->cell[j]);
			fprintf(f,
				"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>\n",
				html_at(&a, k->cell[i].mean), y,
				html_at(&a, k->cell[i].mean), y + h);
		}
	for (unsigned int i = 0; i < k->ncells; i++)
		y += html_cell(f, c, &k->cell[i], &a, y);
	if (html_range(k, &lo, &hi) == 0)
		html_x_ticks(f, &a, y + 2, "loops/sec");
	fprintf(f, "</g>\n");
	return y + 2 + 34;
}

static double html_loops_h(const struct compare *c, unsigned int m)
{
	double h = 30 + SVG_LINE + (html_emulated(c) ? SVG_LINE : 0);

	for (unsigned int k = 0; k < c->nrows; k++) {
		const struct compare_row *row = &c->row[k];

		if (row->mech != m)
			continue;
		h += SVG_LINE + 2 + 36;
		for (unsigned int i = 0; i < row->ncells; i++)
			h += html_cell_h(&row->cell[i]) +
			     html_cell_text_h(c, &row->cell[i]);
	}
	return h + 4;
}

/* What the marks of the loops/sec chart are, on a line at @y. */
static void html_loops_legend(FILE *f, double y, int compared)
{
	double x = SVG_PAD + 4;

	fprintf(f,
		"<g class=\"legend\" font-size=\"11\" fill=\"#444\">"
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"2.5\" fill=\"#444\"/>",
		x, y);
	html_text(f, x + 6, y + 4, "", "", "run");
	x += 44;
	fprintf(f,
		"<path d=\"M%.1f %.1fl5 5l-5 5l-5 -5z\" fill=\"#888\" stroke=\"#000\"/>",
		x, y - 5);
	html_text(f, x + 8, y + 4, "", "", "invocation's mean");
	x += 160;
	fprintf(f,
		"<path d=\"M%.1f %.1fv8m0 -4h24m0 -4v8\" stroke=\"#000\" fill=\"none\"/>"
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#000\" stroke-width=\"2.5\"/>",
		x, y - 4, x + 12, y - 8, x + 12, y + 8);
	html_text(f, x + 30, y + 4, "", "", "mean, 95% interval");
	x += 180;
	fprintf(f,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"none\" stroke=\"%s\"/>",
		x, y, DISTURBED_COLOUR);
	html_text(f, x + 6, y + 4, "", "", "disturbed");
	x += 90;
	if (compared) {
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#999\" stroke-dasharray=\"4 3\"/>",
			x, y - 8, x, y + 8);
		html_text(f, x + 6, y + 4, "", "", "baseline's mean");
	}
	fputs("</g>\n", f);
}

static void html_loops_chart(FILE *f, const struct compare *c, unsigned int m)
{
	const struct compare_mech *mech = &c->mech[m];
	double y = 24;
	char id[96], name[64];

	snprintf(id, sizeof(id), "loops-%s", html_id(name, sizeof(name), c, m));
	html_svg_open(f, html_loops_h(c, m), id, "loops/sec", mech->title);
	y = html_svg_emulated(f, c, y);
	html_loops_legend(f, y + 8, c->n >= 2);
	y += SVG_LINE + 4;
	for (unsigned int k = 0; k < c->nrows; k++)
		if (c->row[k].mech == m)
			y = html_loops_panel(f, c, &c->row[k], y);
	html_svg_close(
		f, c->n >= 2 ? "Each run of each label as a point, each "
			       "invocation's mean as a diamond, the label's "
			       "mean with its 95 % interval; the dashed line "
			       "is the baseline's mean. The verdict on the "
			       "right is the text report's change column in "
			       "words." :
			       "Each run as a point, each invocation's mean "
			       "as a diamond, the mean with its 95 % "
			       "interval.");
}

/* ---- The round trips ---- */

/* The quantiles of the round trip chart, as marks: min, p50..., max. */
static void html_mark(FILE *f, unsigned int q, double x, double y,
		      const char *colour)
{
	switch (q) {
	case 0: /* min */
	case RESULT_NQUANTILES + 1: /* max */
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"/>",
			x, y - 5, x, y + 5, colour);
		break;
	case 1:
		fprintf(f,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"4\" fill=\"%s\"/>",
			x, y, colour);
		break;
	case 2:
		fprintf(f,
			"<rect x=\"%.1f\" y=\"%.1f\" width=\"7\" height=\"7\" fill=\"%s\"/>",
			x - 3.5, y - 3.5, colour);
		break;
	case 3:
		fprintf(f, "<path d=\"M%.1f %.1fl4 7h-8z\" fill=\"%s\"/>", x,
			y - 4, colour);
		break;
	default:
		fprintf(f,
			"<path d=\"M%.1f %.1fl4 4l-4 4l-4 -4z\" fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"/>",
			x, y - 4, colour);
	}
}

/* The round trip at mark @q of @row, in microseconds. */
static double html_rtt_us(const struct result_row *row, unsigned int q)
{
	if (q == 0)
		return (double)row->rtt.min_ns / 1000;
	if (q == RESULT_NQUANTILES + 1)
		return (double)row->rtt.max_ns / 1000;
	return hist_quantile(&row->rtt, result_quantiles[q - 1].q) / 1000;
}

static const char *html_mark_name(unsigned int q)
{
	return q == 0			  ? "min" :
	       q == RESULT_NQUANTILES + 1 ? "max" :
					    result_quantiles[q - 1].title;
}

static void html_rtt_chart(FILE *f, const struct compare *c, unsigned int m)
{
	const struct compare_mech *mech = &c->mech[m];
	struct html_axis a = { INFINITY,    -INFINITY,
			       SVG_PAD + 4, SVG_W - SVG_PAD - 24,
			       1,	    0 };
	unsigned int lines = 0;
	double y = 24, h;
	char id[96], mid[64];

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct result_row *row = c->row[k].cell[i].row;

			if (!row->rtt.count)
				continue;
			lines++;
			for (unsigned int q = 0; q < RESULT_NQUANTILES + 2;
			     q++) {
				double us = html_rtt_us(row, q);

				if (us > 0) {
					a.lo = fmin(a.lo, log10(us));
					a.hi = fmax(a.hi, log10(us));
				}
			}
		}
	if (!lines)
		return;
	if (!(a.lo <= a.hi))
		a.lo = a.hi = 0;
	a.lo = floor(a.lo);
	a.hi = ceil(a.hi);
	if (a.hi <= a.lo)
		a.hi = a.lo + 1;
	h = 24 + SVG_LINE * 2 + (html_emulated(c) ? SVG_LINE : 0) +
	    lines * (SVG_LINE * 2 + 4) + 48;
	snprintf(id, sizeof(id), "rtt-%s", html_id(mid, sizeof(mid), c, m));
	html_svg_open(f, h, id, "round trip, usec (sampled, log scale)",
		      mech->title);
	y = html_svg_emulated(f, c, y);
	/* The legend of the marks. */
	for (unsigned int q = 0; q < RESULT_NQUANTILES + 2; q++) {
		double x = SVG_PAD + 6 + q * 80;

		html_mark(f, q, x, y + 8, "#444");
		html_text(f, x + 9, y + 12, "", "#444", html_mark_name(q));
	}
	y += SVG_LINE + 8;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			const struct result_row *row = cell->row;
			const char *colour = html_colour(cell->label);
			char name[512];
			double x0, x1;

			if (!row->rtt.count)
				continue;
			text_row_name(name, sizeof(name), c->r[cell->label], 0,
				      row);
			html_text(f, SVG_PAD, y + 12, "", colour, name);
			y += SVG_LINE + 8;
			x0 = html_at(&a, html_rtt_us(row, 0));
			x1 = html_at(&a,
				     html_rtt_us(row, RESULT_NQUANTILES + 1));
			fprintf(f, "<g class=\"rtt\"><title>");
			for (unsigned int q = 0; q < RESULT_NQUANTILES + 2; q++)
				fprintf(f, "%s%s %.1f", q ? ", " : "",
					html_mark_name(q), html_rtt_us(row, q));
			fprintf(f,
				" usec</title><line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"%s\"/>",
				x0, y, x1, y, colour);
			for (unsigned int q = 0; q < RESULT_NQUANTILES + 2; q++)
				html_mark(f, q,
					  html_at(&a, html_rtt_us(row, q)), y,
					  colour);
			fprintf(f, "</g>\n");
			y += 4 + SVG_LINE - 8;
		}
	html_x_ticks(f, &a, y + 4, "usec");
	html_svg_close(f, "Each row's sampled round trips from the fastest "
			  "to the slowest, on a log scale.");
}

/* A line of a chart, point by point, each with what it is. */
struct html_line {
	unsigned int n;
	double x[64], y[64];
	char tip[64][48];
};

static void html_line_add(struct html_line *l, double x, double y,
			  const char *tip)
{
	if (l->n == 64)
		return;
	l->x[l->n] = x;
	l->y[l->n] = y;
	snprintf(l->tip[l->n], sizeof(l->tip[0]), "%s", tip);
	l->n++;
}

/* The line and a mark at each point, whose title says its value. */
static void html_line_draw(FILE *f, const struct html_line *l,
			   const char *colour, const char *dash)
{
	fprintf(f,
		"<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s d=\"",
		colour, dash);
	for (unsigned int i = 0; i < l->n; i++)
		fprintf(f, "%c%.1f %.1f", i ? 'L' : 'M', l->x[i], l->y[i]);
	fputs("\"/>\n", f);
	for (unsigned int i = 0; i < l->n; i++) {
		fprintf(f,
			"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>",
			l->x[i], l->y[i], colour);
		html_esc(f, l->tip[i]);
		fputs("</title></circle>\n", f);
	}
}

/* ---- Several rings at once ---- */

/* Are @a and @b the same row but for their count of rings? */
static int html_same_but_rings(const struct result_row *a,
			       const struct result_row *b)
{
	return result_row_same_but(a, b, RESULT_KEY_RINGS);
}

/* The series of -j rows of mechanism @m: one per label and row but rings. */
struct html_series {
	unsigned int label;
	const struct result_row *like;
};

static unsigned int html_rings_series(const struct compare *c, unsigned int m,
				      struct html_series *s, unsigned int max,
				      unsigned int *most)
{
	unsigned int n = 0;

	*most = 1;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			unsigned int j;

			if (!results_parallel(c->r[cell->label]))
				continue;
			if (result_row_rings(cell->row) > *most)
				*most = result_row_rings(cell->row);
			for (j = 0; j < n; j++)
				if (s[j].label == cell->label &&
				    html_same_but_rings(s[j].like, cell->row))
					break;
			if (j == n && n < max)
				s[n++] = (struct html_series){ cell->label,
							       cell->row };
		}
	return n;
}

/* A y axis of @a (its x0..x1 the bottom and top) with ticks, left. */
static void html_y_ticks(FILE *f, const struct html_axis *a, double x, double w,
			 int rate)
{
	double step = a->step;

	for (double v = a->lo; v <= a->hi + step / 2; v += step) {
		double y = html_at(a, v);
		char num[32];

		if (rate)
			html_rate(num, sizeof(num), v, step);
		else
			snprintf(num, sizeof(num), "%.2f", v);
		fprintf(f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n",
			x, y, x + w, y, x - 3, y + 3, num);
	}
}

/* A series' name: its row's, without its count of rings ("x2"). */
static void html_series_name(char *buf, size_t size, const struct results *r,
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

static void html_rings_chart(FILE *f, const struct compare *c, unsigned int m)
{
	struct html_series s[64];
	struct html_axis xa[2], ya[2];
	unsigned int n, most, drawn = 0;
	double top, h, peak = 0, scale_hi = 1.1;
	char id[96], mid[64];

	n = html_rings_series(c, m, s, 64, &most);
	if (!n || most < 2)
		return;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			double sc;

			if (!results_parallel(c->r[cell->label]) ||
			    !cell->row->nsamples)
				continue;
			drawn += result_row_rings(cell->row) > 1;
			peak = fmax(peak, cell->mean);
			sc = rings_scalability(c->r[cell->label], cell->row);
			if (isfinite(sc))
				scale_hi = fmax(scale_hi, sc * 1.05);
		}
	if (!drawn)
		return; /* no row of several rings ran */
	top = 24 + SVG_LINE + (html_emulated(c) ? SVG_LINE : 0) + 16;
	h = top + 220 + n * SVG_LINE + 16;
	snprintf(id, sizeof(id), "rings-%s", html_id(mid, sizeof(mid), c, m));
	html_svg_open(f, h, id, "rings at once (-j)", c->mech[m].title);
	html_svg_emulated(f, c, 24);
	for (int p = 0; p < 2; p++) {
		double x0 = SVG_PAD + 50 + p * 370, x1 = x0 + 300;

		xa[p] = (struct html_axis){ 1, most, x0, x1, 0, 1 };
		html_linear(&ya[p], 0, p ? scale_hi : peak, top + 180, top, 1,
			    4);
		html_text(f, x0, top - 4, "", "#444",
			  p ? "scalability (1.00 perfect)" :
			      "loops/sec, all rings");
		html_y_ticks(f, &ya[p], x0, x1 - x0, !p);
		for (unsigned int r = 1; r <= most; r++) {
			char num[16];
			int shown = 0;

			for (unsigned int k = 0; k < c->nrows; k++)
				shown |= c->row[k].mech == m &&
					 result_row_rings(c->row[k].like) == r;
			if (!shown)
				continue;
			snprintf(num, sizeof(num), "%u", r);
			html_text(f, html_at(&xa[p], r), top + 194, "middle",
				  "", num);
		}
		html_text(f, x1, top + 208, "end", "#444", "rings (-j)");
		if (p)
			fprintf(f,
				"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\" stroke-dasharray=\"4 3\"/>\n",
				x0, html_at(&ya[p], 1), x1, html_at(&ya[p], 1));
	}
	for (unsigned int j = 0; j < n; j++) {
		const struct results *r = c->r[s[j].label];
		const char *colour = html_colour(s[j].label);
		const char *dash = j % 2 ? " stroke-dasharray=\"6 3\"" : "";
		char name[512];

		for (int p = 0; p < 2; p++) {
			struct html_line l = { 0 };

			for (unsigned int ring = 1; ring <= most; ring++)
				for (unsigned int q = 0; q < r->nrows; q++) {
					const struct result_row *row =
						&r->row[q];
					char tip[48];
					double v;

					if (result_row_rings(row) != ring ||
					    !row->nsamples ||
					    !html_same_but_rings(s[j].like,
								 row))
						continue;
					v = p ? rings_scalability(r, row) :
						verdict_mean(row);
					if (!isfinite(v))
						continue;
					snprintf(tip, sizeof(tip),
						 p ? "x%u: scalability %.2f" :
						     "x%u: %.0f loops/sec",
						 ring, v);
					html_line_add(&l, html_at(&xa[p], ring),
						      html_at(&ya[p], v), tip);
				}
			html_line_draw(f, &l, colour, dash);
		}
		html_series_name(name, sizeof(name), r, s[j].like);
		fprintf(f,
			"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
			SVG_PAD, top + 224 + j * SVG_LINE, SVG_PAD + 24,
			top + 224 + j * SVG_LINE, colour, dash);
		html_text(f, SVG_PAD + 30, top + 228 + j * SVG_LINE, "", colour,
			  name);
	}
	html_svg_close(f, "Loops/sec of all rings at once and the "
			  "scalability (the total over the count of rings "
			  "times one ring's) against the count of rings.");
}

/* ---- lat_ctx's curves ---- */

/* Are @a and @b the same row but for their ring size and working set? */
static int html_same_but_ring(const struct result_row *a,
			      const struct result_row *b)
{
	return result_row_same_but(a, b, RESULT_KEY_RING);
}

/* Add @v to the sorted distinct values @v[*@n] (of room @max). */
static void html_axis_add(unsigned int *v, unsigned int *n, unsigned int max,
			  unsigned int x)
{
	unsigned int k;

	for (k = 0; k < *n; k++)
		if (v[k] == x)
			return;
	if (*n == max)
		return;
	for (k = (*n)++; k > 0 && v[k - 1] > x; k--)
		v[k] = v[k - 1];
	v[k] = x;
}

/*
 * One chart of the rows like @like (of any label that swept ring sizes
 * or working sets): the time of a hop against the working set, a line
 * per label and ring size; or against the ring size when one working
 * set, a line per label.
 */
static void html_latctx_chart(FILE *f, const struct compare *c, unsigned int m,
			      const struct result_row *like, unsigned int nth)
{
	unsigned int procs[64], kb[64], np = 0, nk = 0, nx, lines = 0;
	struct html_axis xa, ya;
	double top, h, hi = 0;
	char id[96], mid[64], title[160], name[512];
	int by_kb;

	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0;
		     results_rings(c->r[i]) && j < c->r[i]->nrows; j++) {
			const struct result_row *row = &c->r[i]->row[j];

			if (!html_same_but_ring(like, row))
				continue;
			html_axis_add(procs, &np, 64, row->procs);
			html_axis_add(kb, &nk, 64, row->ws_kb);
			hi = fmax(hi, latctx_hop_us(row, 0));
		}
	by_kb = nk >= 2;
	nx = by_kb ? nk : np;
	if (nx < 2)
		return;
	for (unsigned int i = 0; i < c->n; i++)
		lines += results_rings(c->r[i]) ? (by_kb ? np : 1) : 0;
	top = 24 + SVG_LINE + (html_emulated(c) ? SVG_LINE : 0) + 16;
	h = top + 220 + lines * SVG_LINE + 16;
	snprintf(id, sizeof(id), "latctx-%s-%u",
		 html_id(mid, sizeof(mid), c, m), nth);
	html_key(name, sizeof(name), c, like);
	snprintf(title, sizeof(title), "usec per hop (lat_ctx), %.100s", name);
	html_svg_open(f, h, id, title, like->title);
	html_svg_emulated(f, c, 24);
	xa = (struct html_axis){ .lo = 0,
				 .hi = nx - 1,
				 .x0 = SVG_PAD + 60,
				 .x1 = SVG_W - SVG_PAD - 20,
				 .step = 1 };
	html_linear(&ya, 0, hi, top + 180, top, 1, 4);
	html_y_ticks(f, &ya, xa.x0, xa.x1 - xa.x0, 0);
	fprintf(f,
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>\n",
		xa.x0, top + 180, xa.x1, top + 180);
	for (unsigned int k = 0; k < nx; k++) {
		char num[32];

		snprintf(num, sizeof(num), by_kb ? "%uK" : "%up",
			 by_kb ? kb[k] : procs[k]);
		html_text(f, html_at(&xa, k), top + 194, "middle", "", num);
	}
	html_text(f, xa.x1, top + 208, "end", "#444",
		  by_kb ? "working set per participant (-s), ordinal" :
			  "participants per ring (-p)");
	lines = 0;
	for (unsigned int i = 0; i < c->n; i++) {
		const struct results *r = c->r[i];

		if (!results_rings(r))
			continue;
		for (unsigned int p = 0; p < (by_kb ? np : 1); p++) {
			const char *dash =
				p % 2 ? " stroke-dasharray=\"6 3\"" : "";
			struct html_line l = { 0 };
			char what[600];

			for (unsigned int k = 0; k < nx; k++)
				for (unsigned int j = 0; j < r->nrows; j++) {
					const struct result_row *row =
						&r->row[j];
					char tip[48];
					double us;

					if (!html_same_but_ring(like, row) ||
					    (by_kb ? row->ws_kb != kb[k] ||
							     row->procs !=
								     procs[p] :
						     row->procs != procs[k]))
						continue;
					us = latctx_hop_us(row, 0);
					if (us < 0)
						continue;
					snprintf(tip, sizeof(tip),
						 "%up %uK: %.2f usec per hop",
						 row->procs, row->ws_kb, us);
					html_line_add(&l, html_at(&xa, k),
						      html_at(&ya, us), tip);
				}
			html_line_draw(f, &l, html_colour(i), dash);
			if (by_kb)
				snprintf(what, sizeof(what), "%s %up",
					 r->info.label, procs[p]);
			else
				snprintf(what, sizeof(what), "%s",
					 r->info.label);
			fprintf(f,
				"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
				SVG_PAD, top + 224 + lines * SVG_LINE,
				SVG_PAD + 24, top + 224 + lines * SVG_LINE,
				html_colour(i), dash);
			html_text(f, SVG_PAD + 30, top + 228 + lines * SVG_LINE,
				  "", html_colour(i), what);
			lines++;
		}
	}
	html_svg_close(f, "The time of one hop, as lmbench's lat_ctx "
			  "tables give it, against the ring size or the "
			  "working set each participant touches.");
}

static void html_latctx_charts(FILE *f, const struct compare *c, unsigned int m)
{
	unsigned int nth = 0;

	for (unsigned int k = 0; k < c->nrows; k++) {
		const struct result_row *like = c->row[k].like;
		int done = 0;

		if (c->row[k].mech != m)
			continue;
		for (unsigned int j = 0; j < k && !done; j++)
			done = c->row[j].mech == m &&
			       html_same_but_ring(c->row[j].like, like);
		if (!done)
			html_latctx_chart(f, c, m, like, nth++);
	}
}

/* ---- The tables, in the text report's figures ---- */

/* Text a format wrote to a FILE, caught: the caller frees it. */
struct html_caught {
	FILE *f;
	char *buf;
	size_t len;
};

static FILE *html_catch(struct html_caught *k)
{
	k->buf = NULL;
	k->len = 0;
	k->f = open_memstream(&k->buf, &k->len);
	return k->f;
}

/*
 * Does caught line @line start an entry of its own: its first word or
 * two end with a colon ("detect:", "bare change:", "6.1-base:")?  Else
 * it goes on the entry before it, which the text report wrapped.
 */
static int html_entry(const char *line)
{
	const char *sp = strchr(line, ' ');

	if (!sp)
		return line[0] && line[strlen(line) - 1] == ':';
	if (sp > line && sp[-1] == ':')
		return 1;
	sp = strchr(sp + 1, ' ');
	return sp ? sp[-1] == ':' : line[strlen(line) - 1] == ':';
}

/*
 * What was caught, a paragraph of class @cls per line, or per entry when
 * @join (wrapped lines joined); then freed.
 */
static void html_caught_lines(FILE *f, struct html_caught *k, int join,
			      const char *cls)
{
	int open = 0;

	if (!k->f)
		return;
	if (fclose(k->f) == 0 && k->buf)
		for (char *line = k->buf, *end; *line; line = end) {
			end = strchr(line, '\n');
			if (!end)
				end = line + strlen(line);
			else
				*end++ = '\0';
			while (*line == ' ')
				line++;
			if (!*line)
				continue;
			if (open && join && !html_entry(line)) {
				fputc(' ', f);
			} else {
				if (open)
					fputs("</p>", f);
				fprintf(f, "<p class=\"%s\">", cls);
				open = 1;
			}
			html_esc(f, line);
		}
	if (open)
		fputs("</p>\n", f);
	free(k->buf);
	k->buf = NULL;
}

static void html_td(FILE *f, const char *cls, const char *s)
{
	char buf[128];

	fprintf(f, "<td class=\"%s\">", cls);
	html_esc(f, html_trim(buf, sizeof(buf), s));
	fputs("</td>", f);
}

static void html_td_num(FILE *f, const char *fmt, double v)
{
	char buf[64];

	snprintf(buf, sizeof(buf), fmt, v);
	html_td(f, "fig", buf);
}

/* The round trip in microseconds as the text report prints it. */
static void html_td_usec(FILE *f, double ns)
{
	if (ns < 0)
		html_td(f, "fig", "-");
	else
		html_td_num(f, ns < 1e6 ? "%.1f" : "%.0f", ns / 1000);
}

static void html_th_row(FILE *f, const struct compare *c,
			const struct compare_cell *cell)
{
	char name[512];

	text_row_name(name, sizeof(name), c->r[cell->label], 0, cell->row);
	fprintf(f,
		"<tr class=\"label-%u\"><th scope=\"row\"><span class=\"key\" style=\"background:%s\"></span>",
		cell->label, html_colour(cell->label));
	html_esc(f, name);
	fputs("</th>", f);
}

static void html_loops_row(FILE *f, const struct compare *c,
			   const struct compare_cell *cell)
{
	const struct result_row *row = cell->row;
	const struct stats *s = &cell->runs;
	struct html_caught notes;
	char change[48], detect[48], v[256];

	html_th_row(f, c, cell);
	if (row->nsamples) {
		html_td_num(f, "%.0f", s->min);
		html_td_num(f, "%.0f", s->max);
		html_td_num(f, "%.0f", c->n >= 2 ? cell->mean : s->mean);
		html_td_num(f, "%.1f%%", s->cv * 100);
		if (c->n >= 2) {
			text_change(cell, change, detect, sizeof(change));
			html_td(f,
				cell->mark == COMPARE_MARKED ? "fig marked" :
							       "fig",
				change);
			html_td(f, "fig", detect);
		}
		html_td(f, "fig", row->cpus);
	} else
		fprintf(f, "<td class=\"status\" colspan=\"%d\"></td>",
			c->n >= 2 ? 7 : 5);
	fputs("</tr>\n", f);
	/* The verdict in words and the notes, on a line of their own. */
	notes.f = NULL;
	if (html_catch(&notes)) {
		text_row_notes(notes.f, c->r[cell->label], row);
		fflush(notes.f);
	}
	if (c->n >= 2 && row->nsamples)
		html_verdict(v, sizeof(v), c, cell);
	else
		v[0] = '\0';
	if (v[0] || row->status != RESULT_OK || (notes.f && notes.len)) {
		fprintf(f, "<tr class=\"notes\"><td></td><td colspan=\"%d\">",
			c->n >= 2 ? 7 : 5);
		if (v[0]) {
			fputs("<p class=\"verdict\">", f);
			html_esc(f, v);
			fputs("</p>", f);
		}
		if (row->status != RESULT_OK) {
			fprintf(f, "<p class=\"status\">%s: ",
				result_status_name(row->status));
			html_esc(f, row->reason);
			fputs("</p>", f);
		}
		html_caught_lines(f, &notes, 0, "note");
		fputs("</td></tr>\n", f);
	} else
		html_caught_lines(f, &notes, 0, "note"); /* nothing: freed */
}

static void html_rtt_row(FILE *f, const struct compare *c,
			 const struct compare_cell *cell)
{
	const struct result_row *row = cell->row;

	if (!row->rtt.count)
		return;
	html_th_row(f, c, cell);
	html_td_usec(f, (double)row->rtt.min_ns);
	for (size_t k = 0; k < RESULT_NQUANTILES; k++)
		html_td_usec(f,
			     hist_quantile(&row->rtt, result_quantiles[k].q));
	html_td_usec(f, (double)row->rtt.max_ns);
	fputs("</tr>\n", f);
}

static void html_cpu_row(FILE *f, const struct compare *c,
			 const struct compare_cell *cell)
{
	const struct result_cpu *u = &cell->row->cpu;
	double loops = (double)u->loops;

	if (!u->loops)
		return;
	html_th_row(f, c, cell);
	html_td_num(f, "%.2f", u->user_s * 1e6 / loops);
	html_td_num(f, "%.2f", u->sys_s * 1e6 / loops);
	html_td_num(f, "%.2f", (double)u->nvcsw / loops);
	html_td_num(f, "%.2f", (double)u->nivcsw / loops);
	if (u->seconds > 0)
		html_td_num(f, "%.2f", (u->user_s + u->sys_s) / u->seconds);
	else
		html_td(f, "fig", "-");
	fputs("</tr>\n", f);
}

typedef void html_row_fn(FILE *f, const struct compare *c,
			 const struct compare_cell *cell);

static void html_table(FILE *f, const struct compare *c, unsigned int m,
		       const char *kind, const char *caption,
		       const char *const *heads, html_row_fn *fn)
{
	fputs("<div class=\"wrap\"><table class=\"figures\" data-table=\"", f);
	html_esc(f, kind);
	fputs("\" data-mech=\"", f);
	html_esc(f, c->mech[m].mech);
	fputs("\"><caption>", f);
	html_esc(f, caption);
	fputs("</caption><thead><tr><th>", f);
	html_esc(f, c->mech[m].title);
	fputs("</th>", f);
	for (; *heads; heads++) {
		fputs("<th>", f);
		html_esc(f, *heads);
		fputs("</th>", f);
	}
	fputs("</tr></thead><tbody>\n", f);
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++)
			fn(f, c, &c->row[k].cell[i]);
	fputs("</tbody></table></div>\n", f);
}

/* Does any row of mechanism @m have sampled round trips (@cpu: usage)? */
static int html_any(const struct compare *c, unsigned int m, int cpu)
{
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++) {
			const struct result_row *row = c->row[k].cell[i].row;

			if (cpu ? row->cpu.loops != 0 : row->rtt.count != 0)
				return 1;
		}
	return 0;
}

static void html_mech(FILE *f, const struct compare *c, unsigned int m)
{
	static const char *const one[] = { "low", "high", "average",
					   "cv",  "cpus", NULL };
	static const char *const cmp[] = {
		"low", "high", "average", "cv", "change", "detect", "cpus", NULL
	};
	static const char *rtt[RESULT_NQUANTILES + 3];
	static const char *const cpu[] = { "user us",  "sys us", "vol cs",
					   "invol cs", "CPUs",	 NULL };
	char id[64];

	rtt[0] = "min";
	for (unsigned int q = 0; q < RESULT_NQUANTILES; q++)
		rtt[q + 1] = result_quantiles[q].title;
	rtt[RESULT_NQUANTILES + 1] = "max";
	rtt[RESULT_NQUANTILES + 2] = NULL;

	fputs("<section class=\"mech\" id=\"mech-", f);
	html_esc(f, html_id(id, sizeof(id), c, m));
	fputs("\"><h2>", f);
	html_esc(f, c->mech[m].title);
	fputs(" <small>(", f);
	html_esc(f, c->mech[m].mech);
	fputs(")</small></h2>\n", f);
	html_loops_chart(f, c, m);
	html_table(f, c, m, "loops", "loops/sec", c->n >= 2 ? cmp : one,
		   html_loops_row);
	if (html_any(c, m, 0)) {
		html_rtt_chart(f, c, m);
		html_table(f, c, m, "rtt", "round trip, usec (sampled)", rtt,
			   html_rtt_row);
	}
	if (html_any(c, m, 1))
		html_table(f, c, m, "cpu", "CPU per loop, all participants",
			   cpu, html_cpu_row);
	html_rings_chart(f, c, m);
	html_latctx_charts(f, c, m);
	fputs("</section>\n", f);
}

/* ---- The Run information ---- */

/* The facts of the @n invocations @r: the shared ones, then the others. */
static void html_info(FILE *f, const struct results *const *r, unsigned int n)
{
	struct info_fact k;
	int any = 0;

	fputs("<section id=\"info\"><h2>Run information</h2>\n", f);
	fputs("<div class=\"wrap\"><table class=\"info\" data-table=\"info-all\">"
	      "<caption>",
	      f);
	fputs(n >= 2 ? "the same in every run" : "the run", f);
	fputs("</caption><tbody>\n", f);
	for (const struct field_fact *ff = field_facts; ff->name; ff++) {
		char buf[64];

		if (info_fact_of(ff, &k) < 0 ||
		    (n >= 2 && !info_fact_common(r, n, &k)))
			continue;
		fputs("<tr><th scope=\"row\">", f);
		html_esc(f, k.name);
		fputs("</th><td>", f);
		html_esc(f, info_fact_value(r[0], &k, buf, sizeof(buf)));
		fputs("</td></tr>\n", f);
	}
	fputs("</tbody></table></div>\n", f);
	for (const struct field_fact *ff = field_facts; n >= 2 && ff->name;
	     ff++)
		any |= !info_fact_of(ff, &k) && !info_fact_common(r, n, &k);
	if (any) {
		fputs("<div class=\"wrap\"><table class=\"info diff\" data-table=\"info-differ\">"
		      "<caption>what differs, side by side</caption><thead><tr><th></th>",
		      f);
		for (unsigned int i = 0; i < n; i++) {
			unsigned int of = 0, nth = 0;

			for (unsigned int j = 0; j < n; j++)
				if (!strcmp(r[j]->info.label,
					    r[i]->info.label)) {
					of++;
					nth += j <= i;
				}
			fputs("<th scope=\"col\">", f);
			html_esc(f, r[i]->info.label);
			if (of > 1)
				fprintf(f, " (%u of %u)", nth, of);
			if (r[i]->info.note[0]) {
				fputs("<br><small>", f);
				html_esc(f, r[i]->info.note);
				fputs("</small>", f);
			}
			fputs("</th>", f);
		}
		fputs("</tr></thead><tbody>\n", f);
		for (const struct field_fact *ff = field_facts; ff->name;
		     ff++) {
			if (info_fact_of(ff, &k) < 0 ||
			    info_fact_common(r, n, &k))
				continue;
			fputs("<tr><th scope=\"row\">", f);
			html_esc(f, k.name);
			fputs("</th>", f);
			for (unsigned int i = 0; i < n; i++) {
				char buf[64];

				fputs("<td>", f);
				html_esc(f, info_fact_value(r[i], &k, buf,
							    sizeof(buf)));
				fputs("</td>", f);
			}
			fputs("</tr>\n", f);
		}
		fputs("</tbody></table></div>\n", f);
	}
	fputs("</section>\n", f);
}

/* ---- The page ---- */

static const char html_style[] =
	"body{font:15px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;"
	"color:#111;background:#fff;max-width:1100px;margin:0 auto;"
	"padding:0 1em 2em}\n"
	"h1{font-size:1.5em;margin:.8em 0 .2em}h2{font-size:1.25em;"
	"border-bottom:1px solid #ccc;margin-top:1.6em}\n"
	"h2 small{font-weight:normal;color:#555}\n"
	".warn{background:#fde8eb;border-left:4px solid #b00020;"
	"padding:.4em .8em}\n"
	".chart{margin:1em 0;overflow-x:auto}\n"
	".chart svg{display:block;width:100%;min-width:560px;height:auto;"
	"max-width:1100px}\n"
	"figcaption{font-size:.85em;color:#444;margin-top:.3em}\n"
	".wrap{overflow-x:auto}\n"
	"table{border-collapse:collapse;font-size:13px;margin:.6em 0}\n"
	"caption{text-align:left;font-weight:bold;padding:.2em 0}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #e4e4e4;"
	"vertical-align:top;text-align:left}\n"
	"td.fig{text-align:right;font-family:'DejaVu Sans Mono',Menlo,"
	"Consolas,monospace;white-space:nowrap}\n"
	"td.marked{color:#b00020;font-weight:bold}\n"
	"table.info td{overflow-wrap:anywhere;max-width:40em}\n"
	"tr.notes td{border-bottom:1px solid #ccc;font-size:12px;color:#333}\n"
	"tr.notes p{margin:0}th[scope=row]{white-space:nowrap}\n"
	"p.status{color:#b00020}\n"
	".key{display:inline-block;width:.8em;height:.8em;margin-right:.4em}\n"
	".legend p{margin:.2em 0;font-size:.9em}\n"
	"nav a{margin-right:1em}\n"
	"@media (max-width:600px){body{padding:0 .4em}}\n";

static void html_head(FILE *f, const struct compare *c)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n"
	      "<meta charset=\"utf-8\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
	      "<title>ctxbench: ",
	      f);
	for (unsigned int i = 0; i < c->n; i++) {
		fputs(i ? " vs " : "", f);
		html_esc(f, c->r[i]->info.label);
	}
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		html_style);
}

/* The labels, what they are, and what the report's marks mean. */
static void html_intro(FILE *f, const struct compare *c,
		       const struct results *const *r, unsigned int n)
{
	struct html_caught k;

	fputs("<header><h1>ctxbench</h1>\n<p class=\"labels\">", f);
	for (unsigned int i = 0; i < c->n; i++) {
		unsigned int inv = c->r[i]->invocations;

		fprintf(f,
			"%s<span class=\"key\" style=\"background:%s\"></span>",
			i ? "<br>" : "", html_colour(i));
		html_esc(f, c->r[i]->info.label);
		if (inv > 1)
			fprintf(f, " (%u invocations)", inv);
		if (c->n >= 2 && i == c->base)
			fputs(" <b>baseline</b>", f);
	}
	fputs("</p>\n<p class=\"made\">ctxbench", f);
	if (r[0]->version[0]) {
		fputc(' ', f);
		html_esc(f, r[0]->version);
	}
	fputs(", ", f);
	html_esc(f, r[0]->info.date[0] ? r[0]->info.date : "date unknown");
	if (n > 1) {
		fputs(" to ", f);
		html_esc(f, r[n - 1]->info.date[0] ? r[n - 1]->info.date :
						     "unknown");
	}
	fputs("</p></header>\n", f);
	if (html_emulated(c))
		fputs("<p class=\"warn\">Emulated: the CPU was emulated (qemu "
		      "TCG, see Emulated in the Run information): every time "
		      "is the emulator's, not the kernel's; compare such runs "
		      "only with each other.</p>\n",
		      f);
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++)
			for (unsigned int s = 0; s < c->r[i]->row[j].nsamples;
			     s++)
				if (c->r[i]->row[j].sample[s].disturbed) {
					fprintf(f,
						"<p class=\"warn\">disturbed: steal or other tasks took over %.0f%% of a run's CPUs, "
						"or a clock moved over %.0f%%, a CPU quota throttled it or its token stood still; "
						"the averages and the verdict leave those runs out, low, high and cv do not.</p>\n",
						DISTURB_MAX_SHARE * 100,
						DISTURB_MAX_FREQ * 100);
					i = c->n - 1;
					j = c->r[i]->nrows;
					break;
				}
	for (unsigned int i = 0; i < n; i++)
		if (r[i]->signo) {
			fprintf(f,
				"<p class=\"warn\">Interrupted by signal %d (",
				r[i]->signo);
			html_esc(f, strsignal(r[i]->signo));
			fputs("); partial results for ", f);
			html_esc(f, r[i]->info.label);
			fputs("</p>\n", f);
		}
	if (c->n >= 2 && html_catch(&k)) {
		text_legend(k.f, c);
		fputs("<div class=\"legend\">", f);
		html_caught_lines(f, &k, 1, "legend");
		fputs("</div>\n", f);
	}
	fputs("<nav>", f);
	for (unsigned int m = 0; m < c->nmechs; m++) {
		char id[64];

		fputs("<a href=\"#mech-", f);
		html_esc(f, html_id(id, sizeof(id), c, m));
		fputs("\">", f);
		html_esc(f, c->mech[m].title);
		fputs("</a>", f);
	}
	fputs("<a href=\"#info\">Run information</a></nav>\n", f);
}

int report_html(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise)
{
	struct compare c;

	if (compare_build(&c, r, n, baseline, noise, nnoise) < 0)
		return -ENOMEM;
	html_head(f, &c);
	html_intro(f, &c, r, n);
	for (unsigned int m = 0; m < c.nmechs; m++)
		html_mech(f, &c, m);
	html_info(f, r, n);
	fputs("</body>\n</html>\n", f);
	compare_free(&c);
	return 0;
}
