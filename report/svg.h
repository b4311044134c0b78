/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTML page's drawing layer: an SVG canvas that keeps its body until
 * it closes, so that its height is the one its content took; shapes,
 * text escaped, linear and log axes with round ticks, a legend's lines.
 */
#ifndef CTXBENCH_REPORT_SVG_H
#define CTXBENCH_REPORT_SVG_H

#include <stddef.h>
#include <stdio.h>

/* The width of every chart, in its own units (pixels when saved alone). */
#define SVG_W 760
#define SVG_PAD 12 /* left and right of the plot */
#define SVG_FONT 12 /* monospace: a character is about 0.6 of it */
#define SVG_CHAR 7.3 /* its width, a little more than that */
#define SVG_LINE 16 /* a line of text */
#define SVG_BASE 12 /* a line's text stands on this, under its top */
#define SVG_TOP 24 /* the first line, under the chart's title */

#define SVG_ALERT "#b00020" /* what went wrong: disturbed, failed, marked */

#if defined(__GNUC__)
#define SVG_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SVG_PRINTF(f, a)
#endif

/*
 * A chart being drawn.  y is how far down it is laid out: the charts
 * move it down line by line, and its value when the canvas closes is the
 * chart's height.
 */
struct svg {
	FILE *page; /* where the chart goes when it closes */
	FILE *f; /* its body until then */
	char *buf;
	size_t len;
	long at_size, at_rect; /* in the body: where the height goes */
	int err; /* 0, or the first error: what svg_close() returns */
	double y;
};

/* The colour of label @i: Okabe and Ito's, told apart by those who see less. */
const char *svg_colour(unsigned int i);

/* @s with the characters HTML gives a meaning to escaped: the page's too. */
void svg_esc(FILE *f, const char *s);

/* The characters of @s, as a width in chart units. */
double svg_text_w(const char *s);

/*
 * A chart of id @id titled "@mech: @title", all three escaped; y at
 * SVG_TOP.  0, or -ENOMEM: then there is nothing to close.
 */
int svg_open(struct svg *s, FILE *page, const char *id, const char *mech,
	     const char *title);

/*
 * The chart, svg->y high, onto the page, under @caption (this program's
 * own words, as they are); 0 or -ENOMEM (nothing written).
 */
int svg_close(struct svg *s, const char *caption);

/*
 * The shapes.  @cls (NULL none) is the element's class; @tip (NULL
 * none), escaped, its title, shown where the pointer rests; @paint,
 * printf's, its other attributes (this program's own: colours, widths).
 * A text, and a shape with a title, end their line of the page's
 * source; a shape without one stays on the line of what follows it (a
 * mark beside its label) until svg_nl().
 */
void svg_line(struct svg *s, const char *cls, double x1, double y1, double x2,
	      double y2, const char *tip, const char *paint, ...)
	SVG_PRINTF(8, 9);
void svg_circle(struct svg *s, const char *cls, double cx, double cy, double r,
		const char *tip, const char *paint, ...) SVG_PRINTF(7, 8);
void svg_rect(struct svg *s, double x, double y, double w, double h,
	      const char *paint, ...) SVG_PRINTF(6, 7);
/* A diamond of half width @r about @x, @y. */
void svg_diamond(struct svg *s, const char *cls, double x, double y, double r,
		 const char *tip, const char *paint, ...) SVG_PRINTF(7, 8);
/* |-| from @x0 to @x1, @h high about @y: an interval. */
void svg_bracket(struct svg *s, const char *cls, double x0, double x1, double y,
		 double h, const char *tip, const char *paint, ...)
	SVG_PRINTF(8, 9);
/* A path of the caller's own @d, made of numbers. */
void svg_path(struct svg *s, const char *d, const char *paint, ...)
	SVG_PRINTF(3, 4);
void svg_nl(struct svg *s);

/* A group of class @cls, with more @attrs (NULL none) and a title @tip. */
void svg_group(struct svg *s, const char *cls, const char *attrs,
	       const char *tip);
void svg_group_end(struct svg *s);

enum svg_anchor { SVG_START, SVG_MIDDLE, SVG_END };

/*
 * @text, escaped, standing on @y, from, about or up to @x; in @fill
 * (NULL the chart's).  Longer than the room it has, it is squeezed in.
 */
void svg_text(struct svg *s, double x, double y, enum svg_anchor anchor,
	      const char *fill, const char *text);
/* The same in a column @room wide (from, about or up to @x). */
void svg_text_in(struct svg *s, double x, double y, enum svg_anchor anchor,
		 const char *fill, const char *text, double room);

/* ---- Axes ---- */

/*
 * How an axis's ticks are numbered: a linear one's, and a log one's of
 * round values (svg_axis_log_fit()); a log one's decades are %g.
 */
enum svg_num {
	SVG_NUM_SI, /* "950", "18.5k", "1.25M" */
	SVG_NUM_2F, /* "0.25" */
	SVG_NUM_PCT, /* a log axis of ratios as a change: "-50%", "0%" */
};

/*
 * A linear or log10 axis from lo to hi (a log one's in powers of ten)
 * onto x0..x1, which may run backwards (a y axis, bottom to top).
 */
struct svg_axis {
	double lo, hi, x0, x1;
	int log;
	/*
	 * Of the ticks of a linear axis, or of a log one's round values;
	 * 0 a log one's decades, -1 those numbered as SI.
	 */
	double step;
	enum svg_num num;
};

/* Where @v falls on @a: clamped to its ends, never NaN. */
double svg_at(const struct svg_axis *a, double v);

/*
 * @a linear over [@lo, @hi] widened a little (from 0 when @from_zero)
 * to round ends, about @ticks ticks apart; its x0, x1 and num kept.
 */
void svg_axis_fit(struct svg_axis *a, double lo, double hi, int from_zero,
		  int ticks);

/* @a a log axis over whole decades about 10^@lo to 10^@hi. */
void svg_axis_decades(struct svg_axis *a, double lo, double hi);

/*
 * @a a log axis over [@lo, @hi] (above 0) widened a little, its ticks
 * about @ticks round values (SI), or 1, 2 and 5 of each decade over a
 * wide span: never below zero; its x0 and x1 kept.
 */
void svg_axis_log_fit(struct svg_axis *a, double lo, double hi, int ticks);

/*
 * @a a log axis of ratios (1 + a change) over [@lo, @hi] and 1, at least
 * 5 % each way and at most -90 % to +900 %, numbered as a change in
 * percent ("-50%", "0%", "+100%"); its x0 and x1 kept.
 */
void svg_axis_ratio(struct svg_axis *a, double lo, double hi);

/* A horizontal axis at @y: its line, ticks, numbers and @unit at its end. */
void svg_axis_x(struct svg *s, const struct svg_axis *a, double y,
		const char *unit);

/* A vertical axis at @x: a grid line @w long at each tick, numbered. */
void svg_axis_y(struct svg *s, const struct svg_axis *a, double x, double w);

/* ---- Legends and curves ---- */

/* A legend's line: a stroke of @colour (@dashed) and @text, svg->y down. */
void svg_key(struct svg *s, const char *colour, int dashed, const char *text);

#define SVG_CURVE_MAX 64 /* points of a curve; the rest are left out */

/* A curve being drawn, point by point: a line, then a mark at each. */
struct svg_curve {
	struct svg *s;
	FILE *marks;
	char *buf;
	size_t len;
	const char *colour;
	unsigned int n;
};

void svg_curve_begin(struct svg_curve *c, struct svg *s, const char *colour,
		     int dashed);
/* The next point, whose mark's title @tip says what it is. */
void svg_curve_point(struct svg_curve *c, double x, double y, const char *tip);
void svg_curve_end(struct svg_curve *c);

#endif
