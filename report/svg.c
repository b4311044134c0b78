/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The charts' canvas: shapes, text, axes, a height known at its end.
 *
 * The SVG canvas of the HTML page's charts: a chart's body is kept in
 * memory until it closes, then written under the <svg> start tag and the
 * background that need its height, the height its content took.
 */
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "svg.h"

static const char *const svg_colours[] = {
	"#0072b2", "#d55e00", "#009e73", "#cc79a7",
	"#e69f00", "#56b4e9", "#000000",
};

#define SVG_NCOLOURS (sizeof(svg_colours) / sizeof(svg_colours[0]))

const char *svg_colour(unsigned int i)
{
	return svg_colours[i % SVG_NCOLOURS];
}

void svg_esc(FILE *f, const char *s)
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

double svg_text_w(const char *s)
{
	double n = 0;

	for (; *s; s++)
		n += ((unsigned char)*s & 0xc0) != 0x80; /* a UTF-8 lead */
	return n * SVG_CHAR;
}

/* A coordinate: never NaN or infinite, which a browser refuses. */
static double svg_xy(double v)
{
	return isfinite(v) ? v : 0;
}

/* ---- The canvas ---- */

int svg_open(struct svg *s, FILE *page, const char *id, const char *mech,
	     const char *title)
{
	memset(s, 0, sizeof(*s));
	s->page = page;
	s->f = open_memstream(&s->buf, &s->len);
	if (!s->f)
		return -ENOMEM;
	fputs("<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" "
	      "id=\"",
	      s->f);
	svg_esc(s->f, id);
	s->at_size = ftell(s->f);
	/* Its title, for a reader and a tool, then for the eye. */
	fputs("<title>", s->f);
	svg_esc(s->f, mech);
	fputs(": ", s->f);
	svg_esc(s->f, title);
	fputs("</title>\n", s->f);
	s->at_rect = ftell(s->f);
	fprintf(s->f,
		"<text x=\"%d\" y=\"18\" font-size=\"14\" font-weight=\"bold\">",
		SVG_PAD);
	svg_esc(s->f, mech);
	fputs(": ", s->f);
	svg_esc(s->f, title);
	fputs("</text>\n", s->f);
	s->y = SVG_TOP;
	return 0;
}

int svg_close(struct svg *s, const char *caption)
{
	int err = s->err;
	double h = s->y;

	if (ferror(s->f))
		err = -ENOMEM;
	if (fclose(s->f) != 0 || !s->buf || s->at_size < 0 || s->at_rect < 0)
		err = err ? err : -ENOMEM;
	s->f = NULL;
	if (!err) {
		fwrite(s->buf, 1, (size_t)s->at_size, s->page);
		fprintf(s->page,
			"\" width=\"%d\" height=\"%.0f\" viewBox=\"0 0 %d %.0f\" "
			"font-family=\"DejaVu Sans Mono, Menlo, Consolas, monospace\" "
			"font-size=\"%d\" role=\"img\">\n",
			SVG_W, h, SVG_W, h, SVG_FONT);
		fwrite(s->buf + s->at_size, 1,
		       (size_t)(s->at_rect - s->at_size), s->page);
		fprintf(s->page,
			"<rect width=\"%d\" height=\"%.0f\" fill=\"#fff\"/>\n",
			SVG_W, h);
		fwrite(s->buf + s->at_rect, 1, s->len - (size_t)s->at_rect,
		       s->page);
		fprintf(s->page, "</svg><figcaption>%s</figcaption></figure>\n",
			caption);
	}
	free(s->buf);
	s->buf = NULL;
	return err;
}

/* ---- Shapes ---- */

/* The start of element @name of class @cls (NULL none), into @f. */
static void svg_start(FILE *f, const char *name, const char *cls)
{
	fprintf(f, "<%s", name);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
}

/* Its paint, then its end: empty, or its title and a line's end. */
static void svg_finish(FILE *f, const char *name, const char *tip,
		       const char *paint, va_list ap)
{
	fputc(' ', f);
	vfprintf(f, paint, ap);
	if (!tip) {
		fputs("/>", f);
		return;
	}
	fputs("><title>", f);
	svg_esc(f, tip);
	fprintf(f, "</title></%s>\n", name);
}

void svg_line(struct svg *s, const char *cls, double x1, double y1, double x2,
	      double y2, const char *tip, const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "line", cls);
	fprintf(s->f, " x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\"",
		svg_xy(x1), svg_xy(y1), svg_xy(x2), svg_xy(y2));
	va_start(ap, paint);
	svg_finish(s->f, "line", tip, paint, ap);
	va_end(ap);
}

void svg_circle(struct svg *s, const char *cls, double cx, double cy, double r,
		const char *tip, const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "circle", cls);
	fprintf(s->f, " cx=\"%.1f\" cy=\"%.1f\" r=\"%g\"", svg_xy(cx),
		svg_xy(cy), r);
	va_start(ap, paint);
	svg_finish(s->f, "circle", tip, paint, ap);
	va_end(ap);
}

void svg_rect(struct svg *s, double x, double y, double w, double h,
	      const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "rect", NULL);
	fprintf(s->f, " x=\"%.1f\" y=\"%.1f\" width=\"%g\" height=\"%g\"",
		svg_xy(x), svg_xy(y), w, h);
	va_start(ap, paint);
	svg_finish(s->f, "rect", NULL, paint, ap);
	va_end(ap);
}

void svg_diamond(struct svg *s, const char *cls, double x, double y, double r,
		 const char *tip, const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "path", cls);
	fprintf(s->f, " d=\"M%.1f %.1fl%g %gl-%g %gl-%g -%gz\"", svg_xy(x),
		svg_xy(y - r), r, r, r, r, r, r);
	va_start(ap, paint);
	svg_finish(s->f, "path", tip, paint, ap);
	va_end(ap);
}

void svg_bracket(struct svg *s, const char *cls, double x0, double x1, double y,
		 double h, const char *tip, const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "path", cls);
	fprintf(s->f, " d=\"M%.1f %.1fv%gm0 -%gH%.1fm0 -%gv%g\"", svg_xy(x0),
		svg_xy(y - h / 2), h, h / 2, svg_xy(x1), h / 2, h);
	va_start(ap, paint);
	svg_finish(s->f, "path", tip, paint, ap);
	va_end(ap);
}

void svg_path(struct svg *s, const char *d, const char *paint, ...)
{
	va_list ap;

	svg_start(s->f, "path", NULL);
	fprintf(s->f, " d=\"%s\"", d);
	va_start(ap, paint);
	svg_finish(s->f, "path", NULL, paint, ap);
	va_end(ap);
}

void svg_nl(struct svg *s)
{
	fputc('\n', s->f);
}

void svg_group(struct svg *s, const char *cls, const char *attrs,
	       const char *tip)
{
	svg_start(s->f, "g", cls);
	if (attrs)
		fprintf(s->f, " %s", attrs);
	fputc('>', s->f);
	if (tip) {
		fputs("<title>", s->f);
		svg_esc(s->f, tip);
		fputs("</title>", s->f);
	}
}

void svg_group_end(struct svg *s)
{
	fputs("</g>\n", s->f);
}

void svg_text_in(struct svg *s, double x, double y, enum svg_anchor anchor,
		 const char *fill, const char *text, double room)
{
	fprintf(s->f, "<text x=\"%.1f\" y=\"%.1f\"", svg_xy(x), svg_xy(y));
	if (anchor != SVG_START)
		fprintf(s->f, " text-anchor=\"%s\"",
			anchor == SVG_END ? "end" : "middle");
	if (fill && fill[0])
		fprintf(s->f, " fill=\"%s\"", fill);
	/* Text longer than its room is squeezed in, not cut. */
	if (svg_text_w(text) > room && room > 0)
		fprintf(s->f,
			" textLength=\"%.1f\" lengthAdjust=\"spacingAndGlyphs\"",
			room);
	fputc('>', s->f);
	svg_esc(s->f, text);
	fputs("</text>\n", s->f);
}

void svg_text(struct svg *s, double x, double y, enum svg_anchor anchor,
	      const char *fill, const char *text)
{
	/* The room up to the chart's edges. */
	svg_text_in(s, x, y, anchor, fill, text,
		    anchor == SVG_END	 ? x - SVG_PAD :
		    anchor == SVG_MIDDLE ? SVG_W :
					   SVG_W - SVG_PAD - x);
}

/* ---- Axes ---- */

double svg_at(const struct svg_axis *a, double v)
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
	return svg_xy(a->x0 + (v - lo) / (hi - lo) * (a->x1 - a->x0));
}

/* A round step for about @want ticks over @span: 1, 2 or 5 times 10^k. */
static double svg_step(double span, int want)
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

void svg_axis_fit(struct svg_axis *a, double lo, double hi, int from_zero,
		  int ticks)
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
	step = svg_step(hi - lo, ticks);
	a->lo = floor(lo / step) * step;
	a->hi = ceil(hi / step) * step;
	a->log = 0;
	a->step = step;
}

void svg_axis_decades(struct svg_axis *a, double lo, double hi)
{
	if (!(lo <= hi))
		lo = hi = 0;
	a->lo = floor(lo);
	a->hi = ceil(hi);
	if (a->hi <= a->lo)
		a->hi = a->lo + 1;
	a->log = 1;
	a->step = 0;
}

void svg_axis_log_fit(struct svg_axis *a, double lo, double hi, int ticks)
{
	double pad, span;

	if (!(lo > 0) || !(hi >= lo) || !isfinite(hi)) {
		lo = 1;
		hi = 10;
	}
	a->lo = log10(lo);
	a->hi = log10(hi);
	pad = (a->hi - a->lo) * 0.05;
	if (!(pad > 0))
		pad = 0.02; /* about 5 % each way */
	a->lo -= pad;
	a->hi += pad;
	a->log = 1;
	a->num = SVG_NUM_SI;
	span = pow(10, a->hi) - pow(10, a->lo);
	/* Round values while they spread; the decades' 1, 2, 5 beyond. */
	a->step = a->hi - a->lo <= log10(20) ? svg_step(span, ticks) : -1;
}

#define SVG_RATIO_MIN 0.1 /* -90 % */
#define SVG_RATIO_MAX 10.0 /* +900 % */
#define SVG_RATIO_SPAN 1.05 /* at least 5 % each way */

void svg_axis_ratio(struct svg_axis *a, double lo, double hi)
{
	double pad;

	lo = isfinite(lo) && lo > 0 ? fmin(lo, 1 / SVG_RATIO_SPAN) :
				      1 / SVG_RATIO_SPAN;
	hi = isfinite(hi) && hi > 0 ? fmax(hi, SVG_RATIO_SPAN) : SVG_RATIO_SPAN;
	a->lo = log10(fmax(lo, SVG_RATIO_MIN));
	a->hi = log10(fmin(hi, SVG_RATIO_MAX));
	pad = (a->hi - a->lo) * 0.06;
	a->lo = fmax(a->lo - pad, log10(SVG_RATIO_MIN));
	a->hi = fmin(a->hi + pad, log10(SVG_RATIO_MAX));
	a->log = 1;
	a->step = 0;
	a->num = SVG_NUM_PCT;
}

/* A number in few characters: "950", "18.5k", "1.25M". */
static void svg_si(char *buf, size_t size, double v, double step)
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

/* The number of the tick at @v of linear axis @a. */
static void svg_tick_num(char *buf, size_t size, const struct svg_axis *a,
			 double v)
{
	if (a->num == SVG_NUM_2F)
		snprintf(buf, size, "%.2f", v);
	else
		svg_si(buf, size, fabs(v) < a->step / 2 ? 0 : v, a->step);
}

#define SVG_TICK_GAP 36 /* between two ticks' numbers, at least */

/*
 * A tick of a horizontal axis at @x, @y, and its number, unless it
 * stands closer than SVG_TICK_GAP to the one at *@last (NAN none).
 */
static void svg_x_tick(struct svg *s, double x, double y, const char *num,
		       double *last)
{
	if (fabs(x - *last) < SVG_TICK_GAP)
		return;
	*last = x;
	fprintf(s->f,
		"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#888\"/>"
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" font-size=\"10\">%s</text>\n",
		x, y, x, y + 4, x, y + 14, num);
}

/* The ticks of log axis @a over its decades: 1, 2 and 5 of each. */
static void svg_ticks_decades(struct svg *s, const struct svg_axis *a, double y)
{
	double last = NAN;
	char num[32];

	for (int e = (int)floor(a->lo); e <= (int)ceil(a->hi); e++)
		for (int m = 1; m <= 5; m += m == 1 ? 1 : 3) {
			double v = m * pow(10, e);

			if (log10(v) < a->lo - 1e-9 || log10(v) > a->hi + 1e-9)
				continue;
			if (a->step < 0)
				svg_si(num, sizeof(num), v, v);
			else
				snprintf(num, sizeof(num), "%g", v);
			/* Each numbered, as the round trips' always were. */
			last = NAN;
			svg_x_tick(s, svg_at(a, v), y, num, &last);
		}
}

/* The ticks of a log axis of ratios: 0 %, then outwards each way. */
static void svg_ticks_pct(struct svg *s, const struct svg_axis *a, double y)
{
	/* Each way from 0 in order, a tick too close to the last one left out. */
	static const double pct[] = {
		1,   -1, 2,   -2,  5,	-5,  10,  -10, 20,
		-20, 50, -50, -80, 100, -90, 200, 500, 900
	};
	double none = NAN, zero = svg_at(a, 1), last[2] = { zero, zero };
	char num[32];

	svg_x_tick(s, zero, y, "0%", &none);
	for (size_t i = 0; i < sizeof(pct) / sizeof(pct[0]); i++) {
		double v = 1 + pct[i] / 100;

		if (log10(v) < a->lo - 1e-9 || log10(v) > a->hi + 1e-9)
			continue;
		snprintf(num, sizeof(num), "%+g%%", pct[i]);
		svg_x_tick(s, svg_at(a, v), y, num, &last[pct[i] > 0]);
	}
}

void svg_axis_x(struct svg *s, const struct svg_axis *a, double y,
		const char *unit)
{
	double last = NAN;
	char num[32];

	svg_line(s, NULL, a->x0, y, a->x1, y, NULL, "stroke=\"#888\"");
	svg_nl(s);
	if (a->log && a->num == SVG_NUM_PCT) {
		svg_ticks_pct(s, a, y);
	} else if (a->log && a->step > 0) {
		for (double v = ceil(pow(10, a->lo) / a->step) * a->step;
		     log10(v) <= a->hi + 1e-9; v += a->step) {
			svg_tick_num(num, sizeof(num), a, v);
			svg_x_tick(s, svg_at(a, v), y, num, &last);
		}
	} else if (a->log) {
		svg_ticks_decades(s, a, y);
	} else {
		for (double v = a->lo; v <= a->hi + a->step / 2; v += a->step) {
			svg_tick_num(num, sizeof(num), a, v);
			svg_x_tick(s, svg_at(a, v), y, num, &last);
		}
	}
	fprintf(s->f,
		"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n",
		a->x1, y + 26, unit);
}

void svg_axis_y(struct svg *s, const struct svg_axis *a, double x, double w)
{
	for (double v = a->lo; v <= a->hi + a->step / 2; v += a->step) {
		double y = svg_at(a, v);
		char num[32];

		svg_tick_num(num, sizeof(num), a, v);
		fprintf(s->f,
			"<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" stroke=\"#ddd\"/>"
			"<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\" font-size=\"10\">%s</text>\n",
			x, y, x + w, y, x - 3, y + 3, num);
	}
}

/* ---- Legends and curves ---- */

#define SVG_DASH " stroke-dasharray=\"6 3\""
#define SVG_KEY_W 24 /* a legend's stroke */

void svg_key(struct svg *s, const char *colour, int dashed, const char *text)
{
	double y = s->y + SVG_BASE - 4;

	fprintf(s->f,
		"<line x1=\"%d\" y1=\"%.1f\" x2=\"%d\" y2=\"%.1f\" stroke=\"%s\" stroke-width=\"2\"%s/>\n",
		SVG_PAD, y, SVG_PAD + SVG_KEY_W, y, colour,
		dashed ? SVG_DASH : "");
	svg_text(s, SVG_PAD + SVG_KEY_W + 6, s->y + SVG_BASE, SVG_START, colour,
		 text);
	s->y += SVG_LINE;
}

void svg_curve_begin(struct svg_curve *c, struct svg *s, const char *colour,
		     int dashed)
{
	memset(c, 0, sizeof(*c));
	c->s = s;
	c->colour = colour;
	c->marks = open_memstream(&c->buf, &c->len);
	if (!c->marks)
		s->err = -ENOMEM;
	fprintf(s->f,
		"<path fill=\"none\" stroke=\"%s\" stroke-width=\"1.5\"%s d=\"",
		colour, dashed ? SVG_DASH : "");
}

void svg_curve_point(struct svg_curve *c, double x, double y, const char *tip)
{
	if (c->n == SVG_CURVE_MAX || !c->marks)
		return;
	fprintf(c->s->f, "%c%.1f %.1f", c->n ? 'L' : 'M', x, y);
	fprintf(c->marks,
		"<circle cx=\"%.1f\" cy=\"%.1f\" r=\"3\" fill=\"%s\"><title>",
		x, y, c->colour);
	svg_esc(c->marks, tip);
	fputs("</title></circle>\n", c->marks);
	c->n++;
}

void svg_curve_end(struct svg_curve *c)
{
	int bad;

	fputs("\"/>\n", c->s->f);
	if (!c->marks)
		return;
	bad = ferror(c->marks);
	if (fclose(c->marks) != 0 || bad || !c->buf)
		c->s->err = -ENOMEM;
	else
		fwrite(c->buf, 1, c->len, c->s->f);
	free(c->buf);
	c->buf = NULL;
	c->marks = NULL;
}
