/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The HTML page's SVG canvas: a chart's height is the one its content
 * took, written where the start tag and the background need it; text and
 * titles escaped, text too long squeezed in; axes of round numbers; a
 * curve's marks after its line.
 */
#include <stdlib.h>

#include "check.h"
#include "report/svg.h"

/* What a chart drawn by @draw writes onto the page; NULL on failure. */
static char *chart(void (*draw)(struct svg *s))
{
	struct svg s;
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	if (!f)
		return NULL;
	CHECK_EQ_INT(svg_open(&s, f, "id-\"1", "pipe", "loops/sec"), 0);
	CHECK_EQ_INT(s.y, SVG_TOP);
	draw(&s);
	CHECK_EQ_INT(svg_close(&s, "a caption"), 0);
	fclose(f);
	return buf;
}

static void draw_rows(struct svg *s)
{
	for (int i = 0; i < 3; i++) {
		svg_text(s, SVG_PAD, s->y + SVG_BASE, SVG_START, NULL,
			 "<b>&'\"");
		s->y += SVG_LINE;
	}
	svg_circle(s, "run", 10, 20, 2.5, "run 1: <x>", "fill=\"%s\"", "#000");
	svg_diamond(s, NULL, 10, 20, 5, NULL, "fill=\"#888\"");
	svg_nl(s);
	s->y += 4.4;
}

static void test_height(void)
{
	char *page = chart(draw_rows);

	CHECK(page != NULL);
	if (!page)
		return;
	/* 24 under the title, three lines, 4.4 more: 76.4, written whole. */
	CHECK(strstr(page,
		     "<figure class=\"chart\"><svg xmlns=\"http://www.w3.org/2000/svg\" id=\"id-&quot;1\" width=\"760\" height=\"76\" viewBox=\"0 0 760 76\" ") ==
	      page);
	CHECK(strstr(page,
		     "<title>pipe: loops/sec</title>\n<rect width=\"760\" height=\"76\" fill=\"#fff\"/>\n<text x=\"12\" y=\"18\" ") !=
	      NULL);
	CHECK(strstr(page,
		     "<text x=\"12.0\" y=\"68.0\">&lt;b&gt;&amp;&#39;&quot;</text>\n") !=
	      NULL);
	CHECK(strstr(page,
		     "<circle class=\"run\" cx=\"10.0\" cy=\"20.0\" r=\"2.5\" fill=\"#000\"><title>run 1: &lt;x&gt;</title></circle>\n"
		     "<path d=\"M10.0 15.0l5 5l-5 5l-5 -5z\" fill=\"#888\"/>\n") !=
	      NULL);
	CHECK(strstr(page,
		     "</svg><figcaption>a caption</figcaption></figure>\n") !=
	      NULL);
	CHECK(strstr(page, "<script") == NULL);
	free(page);
}

static void draw_long(struct svg *s)
{
	char text[200];

	memset(text, 'x', sizeof(text) - 1);
	text[sizeof(text) - 1] = '\0';
	svg_text(s, SVG_W - SVG_PAD, s->y, SVG_END, SVG_ALERT, text);
	svg_text(s, SVG_PAD, s->y, SVG_START, NULL, "short");
}

static void test_text(void)
{
	char *page = chart(draw_long);

	CHECK(page != NULL);
	if (!page)
		return;
	/* Too long for the room left of 748: squeezed into 736. */
	CHECK(strstr(page,
		     "<text x=\"748.0\" y=\"24.0\" text-anchor=\"end\" fill=\"#b00020\" textLength=\"736.0\" lengthAdjust=\"spacingAndGlyphs\">xxx") !=
	      NULL);
	CHECK(strstr(page, "<text x=\"12.0\" y=\"24.0\">short</text>\n") !=
	      NULL);
	free(page);
}

static void test_axis(void)
{
	struct svg_axis a = { .x0 = 100, .x1 = 200, .num = SVG_NUM_SI };

	svg_axis_fit(&a, 12000, 98000, 0, 5);
	CHECK_NEAR(a.lo, 0, 1e-9);
	CHECK_NEAR(a.hi, 120000, 1e-9);
	CHECK_NEAR(a.step, 20000, 1e-9);
	CHECK_NEAR(svg_at(&a, 60000), 150, 1e-9);
	CHECK_NEAR(svg_at(&a, 1e9), 200, 1e-9); /* clamped */
	CHECK_NEAR(svg_at(&a, NAN), 0, 1e-9); /* never NaN */
	svg_axis_decades(&a, 0.3, 2.1);
	CHECK(a.log);
	CHECK_NEAR(a.lo, 0, 1e-9);
	CHECK_NEAR(a.hi, 3, 1e-9);
	CHECK_NEAR(svg_at(&a, 10), 100 + 100.0 / 3, 1e-9);
}

static void draw_curve(struct svg *s)
{
	struct svg_curve c;

	svg_curve_begin(&c, s, "#0072b2", 1);
	for (int i = 0; i < SVG_CURVE_MAX + 5; i++)
		svg_curve_point(&c, i, 2 * i, "a <point>");
	svg_curve_end(&c);
	svg_key(s, "#0072b2", 1, "the curve");
}

static void test_curve(void)
{
	char *page = chart(draw_curve), *path, *mark;
	unsigned int n = 0;

	CHECK(page != NULL);
	if (!page)
		return;
	path = strstr(
		page,
		"<path fill=\"none\" stroke=\"#0072b2\" stroke-width=\"1.5\" stroke-dasharray=\"6 3\" d=\"M0.0 0.0L1.0 2.0L");
	mark = strstr(
		page,
		"<circle cx=\"0.0\" cy=\"0.0\" r=\"3\" fill=\"#0072b2\"><title>a &lt;point&gt;</title></circle>\n");
	CHECK(path != NULL && mark != NULL && path < mark);
	for (char *p = page; (p = strstr(p, "<circle ")); p++)
		n++;
	CHECK_EQ_INT(n, SVG_CURVE_MAX);
	/* The legend's line took a line: 24 + 16. */
	CHECK(strstr(page, " height=\"40\" ") != NULL);
	CHECK(strstr(page,
		     "<line x1=\"12\" y1=\"32.0\" x2=\"36\" y2=\"32.0\" stroke=\"#0072b2\" stroke-width=\"2\" stroke-dasharray=\"6 3\"/>\n"
		     "<text x=\"42.0\" y=\"36.0\" fill=\"#0072b2\">the curve</text>\n") !=
	      NULL);
	free(page);
}

int main(void)
{
	test_height();
	test_text();
	test_axis();
	test_curve();
	return check_summary();
}
