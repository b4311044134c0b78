/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --format html: the page, its style, its overview and tables; the charts in
 * it.
 *
 * The HTML report: the comparison the text report prints, as one page that
 * needs nothing beside it (inline CSS and SVG, no script), to open from a
 * mail attachment or a CI artifact.  Per mechanism a chart of every run
 * and invocation of each label with the mean, its interval and the
 * verdict; the round trip percentiles; several rings against one;
 * lat_ctx's curves; then the text report's tables in its own figures, and
 * the Run information with what differs side by side.  Each chart is an
 * <svg> that stands alone: its own title, legend, fonts and background,
 * drawn by chart_*.c on the canvas of svg.c; this file makes the page
 * around them: its head and style, its warnings, its tables.
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "chart.h"
#include "formats.h"
#include "info.h"
#include "analysis/profile.h"
#include "profview.h"
#include "model/fields.h"
#include "report.h"
#include "analysis/textkit.h"
#include "analysis/trend.h"

/*
 * What the page is made of and what it only shows.  Every string that
 * is not this file's own (a label, a note, a fact, a row's mechanism,
 * title, placement or reason, a run's version and dates: anything a saved
 * file or the command line can hold) reaches the page through
 * svg_esc(), as element text or as an attribute's value in double
 * quotes; an id is never made of such a string but through html_id().
 * A %s in a format below is this file's own text, a colour or a number.
 * The charts keep the same rule: the canvas escapes every text and title
 * it is given, and takes ids made here.
 */

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

/* ---- The tables, in the text report's figures ---- */

/*
 * @s as paragraphs of class @cls: a paragraph a line, or with @join its
 * lines one paragraph, each line without the blanks before it.  *@open
 * says a paragraph is open, for the caller to close with "</p>".
 */
static void html_paras(FILE *f, const char *s, int join, const char *cls,
		       int *open)
{
	for (const char *end; *s; s = *end ? end + 1 : end) {
		char *line;

		end = strchrnul(s, '\n');
		while (*s == ' ' && s < end)
			s++;
		if (s == end)
			continue;
		if (*open && join) {
			fputc(' ', f);
		} else {
			if (*open)
				fputs("</p>", f);
			fprintf(f, "<p class=\"%s\">", cls);
			*open = 1;
		}
		line = strndup(s, (size_t)(end - s));
		svg_esc(f, line ? line : "");
		free(line);
	}
}

/* The findings of a row, as the text report says them: "(...)". */
static void html_findings(FILE *f, const struct report_findings *fs)
{
	int open = 0;

	for (unsigned int k = 0; k < fs->n; k++) {
		char *note;

		if (asprintf(&note, "(%s)", fs->f[k].words) < 0)
			continue;
		html_paras(f, note, 0, "note", &open);
		free(note);
	}
	if (open)
		fputs("</p>\n", f);
}

static void html_td(FILE *f, const char *cls, const char *s)
{
	char buf[128];

	fprintf(f, "<td class=\"%s\">", cls);
	svg_esc(f, html_trim(buf, sizeof(buf), s));
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
		cell->label, svg_colour(cell->label));
	svg_esc(f, name);
	fputs("</th>", f);
}

static void html_loops_row(FILE *f, const struct report_model *m,
			   const struct compare_cell *cell)
{
	const struct report_findings *fs = report_cell_findings(m, cell);
	const struct compare *c = &m->cmp;
	const struct result_row *row = cell->row;
	const struct stats *s = &cell->runs;
	char v[400];

	html_th_row(f, c, cell);
	if (row->nsamples) {
		html_td_num(f, "%.0f", s->min);
		html_td_num(f, "%.0f", s->max);
		html_td_num(f, "%.0f", cell->mean);
		html_td_num(f, "%.1f%%", s->cv * 100);
		if (c->n >= 2) {
			html_td(f,
				cell->mark == COMPARE_MARKED ? "fig marked" :
							       "fig",
				cell->change);
			html_td(f, "fig", cell->detect);
		}
		html_td(f, "fig", row->cpus);
	} else
		fprintf(f, "<td class=\"status\" colspan=\"%d\"></td>",
			c->n >= 2 ? 7 : 5);
	fputs("</tr>\n", f);
	/* The verdict in words and the findings, on a line of their own. */
	if (c->n >= 2 && row->nsamples)
		chart_verdict(v, sizeof(v), c, cell);
	else
		v[0] = '\0';
	if (!v[0] && row->status == RESULT_OK && !fs->n)
		return;
	fprintf(f, "<tr class=\"notes\"><td></td><td colspan=\"%d\">",
		c->n >= 2 ? 7 : 5);
	if (v[0]) {
		fputs("<p class=\"verdict\">", f);
		svg_esc(f, v);
		fputs("</p>", f);
	}
	if (row->status != RESULT_OK) {
		fprintf(f, "<p class=\"status\">%s: ",
			result_status_name(row->status));
		svg_esc(f, row->reason);
		fputs("</p>", f);
	}
	html_findings(f, fs);
	fputs("</td></tr>\n", f);
}

static void html_rtt_row(FILE *f, const struct report_model *m,
			 const struct compare_cell *cell)
{
	const struct compare *c = &m->cmp;
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

static void html_cpu_row(FILE *f, const struct report_model *m,
			 const struct compare_cell *cell)
{
	const struct compare *c = &m->cmp;
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

typedef void html_row_fn(FILE *f, const struct report_model *m,
			 const struct compare_cell *cell);

static void html_table(FILE *f, const struct report_model *mo, unsigned int m,
		       const char *kind, const char *caption,
		       const char *const *heads, html_row_fn *fn)
{
	const struct compare *c = &mo->cmp;

	fputs("<div class=\"wrap\"><table class=\"figures\" data-table=\"", f);
	svg_esc(f, kind);
	fputs("\" data-mech=\"", f);
	svg_esc(f, c->mech[m].mech);
	fputs("\"><caption>", f);
	svg_esc(f, caption);
	fputs("</caption><thead><tr><th>", f);
	svg_esc(f, c->mech[m].title);
	fputs("</th>", f);
	for (; *heads; heads++) {
		fputs("<th>", f);
		svg_esc(f, *heads);
		fputs("</th>", f);
	}
	fputs("</tr></thead><tbody>\n", f);
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0;
		     c->row[k].mech == m && i < c->row[k].ncells; i++)
			fn(f, mo, &c->row[k].cell[i]);
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

/* Mechanism @m's section: its charts, each beside its table. */
static int html_mech(FILE *f, const struct report_model *mo, unsigned int m)
{
	const struct compare *c = &mo->cmp;
	static const char *const one[] = { "low", "high", "average",
					   "cv",  "cpus", NULL };
	static const char *const cmp[] = {
		"low", "high", "average", "cv", "change", "detect", "cpus", NULL
	};
	static const char *rtt[RESULT_NQUANTILES + 3];
	static const char *const cpu[] = { "user us",  "sys us", "vol cs",
					   "invol cs", "CPUs",	 NULL };
	char id[64];
	int err;

	rtt[0] = "min";
	for (unsigned int q = 0; q < RESULT_NQUANTILES; q++)
		rtt[q + 1] = result_quantiles[q].title;
	rtt[RESULT_NQUANTILES + 1] = "max";
	rtt[RESULT_NQUANTILES + 2] = NULL;

	html_id(id, sizeof(id), c, m);
	fputs("<section class=\"mech\" id=\"mech-", f);
	svg_esc(f, id);
	fputs("\"><h2>", f);
	svg_esc(f, c->mech[m].title);
	fputs(" <small>(", f);
	svg_esc(f, c->mech[m].mech);
	fputs(")</small></h2>\n", f);
	err = chart_loops(f, c, m, id);
	html_table(f, mo, m, "loops", "loops/sec, higher is better",
		   c->n >= 2 ? cmp : one, html_loops_row);
	if (!err && html_any(c, m, 0)) {
		err = chart_rtt(f, c, m, id);
		html_table(f, mo, m, "rtt",
			   "round trip, us (sampled), lower is better", rtt,
			   html_rtt_row);
	}
	if (html_any(c, m, 1))
		html_table(f, mo, m, "cpu", "CPU per loop, all participants",
			   cpu, html_cpu_row);
	if (!err)
		err = chart_rings(f, mo, m, id);
	if (!err)
		err = chart_latctx(f, mo, m, id);
	fputs("</section>\n", f);
	return err;
}

/* ---- The summary, as the text report opens its results with ---- */

/* Label @i's line of compared row @k, the row's name on the first. */
static void html_summary_cell(FILE *f, const struct compare *c,
			      const struct compare_row *k, unsigned int i)
{
	const struct compare_cell *cell = &k->cell[i];
	const char *marked = cell->mark == COMPARE_MARKED ? " marked" : "";
	char name[160], cls[32];

	fprintf(f, "<tr class=\"label-%u\">", cell->label);
	if (!i) {
		text_summary_name(name, sizeof(name), c, k);
		fprintf(f, "<th scope=\"row\" rowspan=\"%u\">", k->ncells);
		svg_esc(f, name);
		fputs("</th>", f);
	}
	fprintf(f,
		"<td class=\"label\"><span class=\"key\" style=\"background:%s\"></span>",
		svg_colour(cell->label));
	svg_esc(f, c->r[cell->label]->info.label);
	fputs("</td>", f);
	if (!cell->row->nsamples) {
		fprintf(f, "<td class=\"status\" colspan=\"%d\">%s</td></tr>\n",
			c->n >= 2 ? 6 : 4,
			result_status_name(cell->row->status));
		return;
	}
	html_td_num(f, "%.0f", cell->mean);
	html_td_num(f, "%.1f%%", cell->runs.cv * 100);
	if (c->n >= 2) {
		snprintf(cls, sizeof(cls), "fig%s", marked);
		html_td(f, cls, cell->change);
	}
	html_td(f, "fig", cell->p50);
	html_td(f, "fig", cell->hop);
	/* The row's verdict, whole: the page has the room. */
	if (c->n >= 2)
		html_td(f,
			compare_cell_marked(cell) ? "fig word marked" :
						    "fig word",
			cell->verdict);
	fputs("</tr>\n", f);
}

/* The summary's columns, each with what it is when the pointer rests. */
static const struct html_col {
	const char *head, *tip;
	int cmp; /* of a comparison only */
} html_summary_cols[] = {
	{ "loops/s",
	  "loops/sec: round trips of the token a second, the average of "
	  "the label's invocations; higher is better",
	  0 },
	{ "cv", "the spread of the runs' loops/sec: sd / mean, percent", 0 },
	{ "change",
	  "loops/sec against the baseline's row, percent, positive when "
	  "faster: *marked*, (not marked), bare: not judged",
	  1 },
	{ "p50 us",
	  "the median round trip, microseconds (sampled); lower is better", 0 },
	{ "us/hop",
	  "microseconds a hand-off of the token, lmbench's unit; lower is "
	  "better",
	  0 },
	{ "verdict",
	  "the row's: slower or faster when marked, by loops/sec or by the "
	  "statistic named (CPU/loop: CPU per loop, RTT: the round trip); "
	  "else not significant, and the replicates a side would need, or "
	  "not judged, and why",
	  1 },
};

/* A line a compared row and label: loops/sec, cv, change, verdict... */
static void html_summary(FILE *f, const struct report_model *mo)
{
	const struct compare *c = &mo->cmp;

	fputs("<div class=\"wrap\"><table class=\"summary\" id=\"summary\" "
	      "data-table=\"summary\"><caption>Summary: a line a row and "
	      "label</caption><thead><tr><th scope=\"col\">row</th>"
	      "<th scope=\"col\">label</th>",
	      f);
	for (size_t k = 0;
	     k < sizeof(html_summary_cols) / sizeof(html_summary_cols[0]); k++)
		if (c->n >= 2 || !html_summary_cols[k].cmp)
			fprintf(f, "<th scope=\"col\" title=\"%s\">%s</th>",
				html_summary_cols[k].tip,
				html_summary_cols[k].head);
	fputs("</tr></thead><tbody>\n", f);
	/* By mechanism, as the details that follow. */
	for (unsigned int m = 0; m < c->nmechs; m++)
		for (unsigned int k = 0; k < c->nrows; k++)
			for (unsigned int i = 0;
			     c->row[k].mech == m && i < c->row[k].ncells; i++)
				html_summary_cell(f, c, &c->row[k], i);
	fputs("</tbody></table></div>\n<p class=\"legend\">loops/sec: higher "
	      "is better. us/hop: microseconds a hand-off of the token, "
	      "lmbench's unit (a ring of N participants hands it on N times "
	      "a round trip).</p>\n",
	      f);
}

/* The overview: every row's change in one chart, then the summary. */
static int html_overview(FILE *f, const struct report_model *mo)
{
	int err;

	fputs("<section id=\"overview\">\n", f);
	err = chart_forest(f, mo);
	html_summary(f, mo);
	fputs("</section>\n", f);
	return err;
}

/* ---- The Run information ---- */

/* The facts the @n invocations @r share (all, when one). */
static void html_info_all(FILE *f, const struct results *const *r,
			  unsigned int n)
{
	struct info_fact k;

	fputs("<div class=\"wrap\"><table class=\"info\" data-table=\"info-all\">"
	      "<caption>",
	      f);
	fputs(n >= 2 ? "the same in every run" : "the run", f);
	fputs("</caption><tbody>\n", f);
	for (unsigned int j = 0; !info_fact_at(j, &k); j++) {
		char buf[64];

		if (n >= 2 && !info_fact_common(r, n, &k))
			continue;
		fputs("<tr><th scope=\"row\">", f);
		svg_esc(f, k.name);
		fputs("</th><td>", f);
		svg_esc(f, info_fact_value(r[0], &k, buf, sizeof(buf)));
		fputs("</td></tr>\n", f);
	}
	fputs("</tbody></table></div>\n", f);
}

/* A column's head: the label, which of its invocations, its note. */
static void html_info_head(FILE *f, const struct results *const *r,
			   unsigned int n, unsigned int i)
{
	unsigned int of = 0, nth = 0;

	for (unsigned int j = 0; j < n; j++)
		if (!strcmp(r[j]->info.label, r[i]->info.label)) {
			of++;
			nth += j <= i;
		}
	fputs("<th scope=\"col\">", f);
	svg_esc(f, r[i]->info.label);
	if (of > 1)
		fprintf(f, " (%u of %u)", nth, of);
	if (r[i]->info.note[0]) {
		fputs("<br><small>", f);
		svg_esc(f, r[i]->info.note);
		fputs("</small>", f);
	}
	fputs("</th>", f);
}

/* The facts that differ between the @n invocations @r, side by side. */
static void html_info_differ(FILE *f, const struct results *const *r,
			     unsigned int n)
{
	struct info_fact k;

	fputs("<div class=\"wrap\"><table class=\"info diff\" data-table=\"info-differ\">"
	      "<caption>what differs, side by side</caption><thead><tr><th></th>",
	      f);
	for (unsigned int i = 0; i < n; i++)
		html_info_head(f, r, n, i);
	fputs("</tr></thead><tbody>\n", f);
	for (unsigned int j = 0; !info_fact_at(j, &k); j++) {
		if (info_fact_common(r, n, &k))
			continue;
		fputs("<tr><th scope=\"row\">", f);
		svg_esc(f, k.name);
		fputs("</th>", f);
		for (unsigned int i = 0; i < n; i++) {
			char buf[64];

			fputs("<td>", f);
			svg_esc(f, info_fact_value(r[i], &k, buf, sizeof(buf)));
			fputs("</td>", f);
		}
		fputs("</tr>\n", f);
	}
	fputs("</tbody></table></div>\n", f);
}

/* The facts of the @n invocations @r: the shared ones, then the others. */
static void html_info(FILE *f, const struct results *const *r, unsigned int n)
{
	struct info_fact k;
	int any = 0;

	fputs("<section id=\"info\"><h2>Run information</h2>\n", f);
	html_info_all(f, r, n);
	for (unsigned int j = 0; n >= 2 && !info_fact_at(j, &k); j++)
		any |= !info_fact_common(r, n, &k);
	if (any)
		html_info_differ(f, r, n);
	fputs("</section>\n", f);
}

/* ---- The page ---- */

static const char html_style[] =
	"body{font:15px/1.4 system-ui,-apple-system,'Segoe UI',sans-serif;"
	"color:#111;background:#fff;max-width:1100px;margin:0 auto;"
	"padding:0 1em 2em;overflow-wrap:break-word}\n"
	"h1{font-size:1.5em;margin:.6em 0 .2em}h2{font-size:1.25em;"
	"border-bottom:1px solid #ccc;margin-top:1.6em}\n"
	"h2 small{font-weight:normal;color:#555}\n"
	".warn{background:#fde8eb;border-left:4px solid #b00020;"
	"padding:.4em .8em}\n"
	".chart{margin:1em 0;overflow-x:auto}\n"
	".chart svg{display:block;width:100%;min-width:560px;height:auto;"
	"max-width:1100px}\n"
	"#overview .chart svg{max-width:900px}\n"
	"figcaption{font-size:.85em;color:#444;margin-top:.3em}\n"
	".wrap{overflow-x:auto}\n"
	"table{border-collapse:collapse;font-size:13px;margin:.6em 0}\n"
	"caption{text-align:left;font-weight:bold;padding:.2em 0}\n"
	"th,td{padding:.2em .6em;border-bottom:1px solid #e4e4e4;"
	"vertical-align:top;text-align:left}\n"
	"td.fig{text-align:right;font-family:'DejaVu Sans Mono',Menlo,"
	"Consolas,monospace;white-space:nowrap}\n"
	"td.marked{color:#b00020;font-weight:bold}\n"
	"table.info td{max-width:40em}\n"
	"table.info th,table.info td,td.label{overflow-wrap:anywhere}\n"
	"td.label{min-width:12em}\n"
	"td.word{text-align:left}\n"
	"tr.notes td{border-bottom:1px solid #ccc;font-size:12px;color:#333}\n"
	"tr.notes p{margin:0}th[scope=row]{white-space:nowrap}\n"
	"p.status{color:#b00020}\n"
	".key{display:inline-block;width:.8em;height:.8em;margin-right:.4em}\n"
	".legend p{margin:.2em 0;font-size:.9em}\n"
	"nav{display:flex;flex-wrap:wrap;gap:.2em 1em}\n"
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
		svg_esc(f, c->r[i]->info.label);
	}
	fprintf(f, "</title>\n<style>\n%s</style>\n</head>\n<body>\n",
		html_style);
}

/* The labels, the baseline, and which ctxbench made the runs when. */
static void html_labels(FILE *f, const struct compare *c,
			const struct results *const *r, unsigned int n)
{
	fputs("<header><h1>ctxbench</h1>\n<p class=\"labels\">", f);
	for (unsigned int i = 0; i < c->n; i++) {
		unsigned int inv = c->r[i]->invocations;

		fprintf(f,
			"%s<span class=\"key\" style=\"background:%s\"></span>",
			i ? "<br>" : "", svg_colour(i));
		svg_esc(f, c->r[i]->info.label);
		if (inv > 1)
			fprintf(f, " (%u invocations)", inv);
		if (c->n >= 2 && i == c->base)
			fputs(" <b>baseline</b>", f);
	}
	fputs("</p>\n<p class=\"made\">ctxbench", f);
	if (r[0]->version[0]) {
		fputc(' ', f);
		svg_esc(f, r[0]->version);
	}
	fputs(", ", f);
	svg_esc(f, r[0]->info.date[0] ? r[0]->info.date : "date unknown");
	if (n > 1) {
		fputs(" to ", f);
		svg_esc(f, r[n - 1]->info.date[0] ? r[n - 1]->info.date :
						    "unknown");
	}
	fputs("</p></header>\n", f);
}

/* What to beware of: emulated, disturbed, interrupted runs. */
static void html_warnings(FILE *f, const struct report_model *m)
{
	const struct compare *c = &m->cmp;
	const struct results *const *r = m->r;
	unsigned int n = m->n;

	if (m->warn & REPORT_WARN_EMULATED)
		fputs("<p class=\"warn\">Emulated: the CPU was emulated (qemu "
		      "TCG, see Emulated in the Run information): every time "
		      "is the emulator's, not the kernel's; compare such runs "
		      "only with each other.</p>\n",
		      f);
	if (m->warn & REPORT_WARN_DISTURBED)
		fprintf(f,
			"<p class=\"warn\">disturbed: steal or other tasks took over %.0f%% of a run's CPUs, "
			"or a clock moved over %.0f%%, a CPU quota throttled it or its token stood still; "
			"the averages and the verdict %s.</p>\n",
			DISTURB_MAX_SHARE * 100, DISTURB_MAX_FREQ * 100,
			c->kept ?
				"keep those runs, as the labels took turns" :
				"leave those runs out, and so do low, high and cv");
	for (unsigned int i = 0; i < n; i++)
		if (r[i]->signo) {
			fprintf(f,
				"<p class=\"warn\">Interrupted by signal %d (",
				r[i]->signo);
			svg_esc(f, strsignal(r[i]->signo));
			fputs("); partial results for ", f);
			svg_esc(f, r[i]->info.label);
			fputs("</p>\n", f);
		}
}

/*
 * The entries of part @part of the legend of @m, a paragraph an entry
 * (a want entry's labels and rows on its paragraph).
 */
static void html_legend_part(FILE *f, const struct report_model *m,
			     enum report_legend_part part)
{
	int open = 0;

	for (unsigned int k = 0; k < m->nlegend; k++) {
		const struct report_legend *e = &m->legend[k];
		const char *label = m->cmp.r[e->label]->info.label;
		int more = !strncmp(e->key, "want_", 5);
		char *words = NULL;

		if (e->part != part)
			continue;
		if (!strcmp(e->key, "level"))
			words = asprintf(&words, "%s: %s", label, e->words) <
						0 ?
					NULL :
					words;
		else if (!strcmp(e->key, "want_label"))
			words = asprintf(&words, "%.76s:%s%s", label,
					 e->words[0] ? " " : "", e->words) < 0 ?
					NULL :
					words;
		else
			words = strdup(e->words);
		if (!words)
			continue;
		if (open && !more)
			fputs("</p>", f);
		open = open && more;
		html_paras(f, words, 1, "legend", &open);
		free(words);
	}
	if (open)
		fputs("</p>", f);
}

/* The plain words of the legend of @m, and what it warns of. */
static void html_legend(FILE *f, const struct report_model *m)
{
	fputs("<div class=\"legend\">", f);
	html_legend_part(f, m, REPORT_LEGEND_PLAIN);
	html_legend_part(f, m, REPORT_LEGEND_WARN);
	fputs("</div>\n", f);
}

/* The statistical detail of the legend of @m, folded, after the tables. */
static void html_judged(FILE *f, const struct report_model *m)
{
	unsigned int k;

	for (k = 0; k < m->nlegend; k++)
		if (m->legend[k].part == REPORT_LEGEND_DETAIL)
			break;
	if (k == m->nlegend)
		return;
	fputs("<details id=\"judged\" class=\"legend\"><summary>How it was "
	      "judged</summary>",
	      f);
	html_legend_part(f, m, REPORT_LEGEND_DETAIL);
	fputs("</details>\n", f);
}

/* The labels, what they are, and the way to each part of the page. */
static void html_intro(FILE *f, const struct report_model *mo)
{
	const struct compare *c = &mo->cmp;

	html_labels(f, c, mo->r, mo->n);
	fputs("<nav><a href=\"#summary\">Summary</a>", f);
	if (mo->trend && mo->trend->n >= 2)
		fputs("<a href=\"#trend\">Trend</a>", f);
	for (unsigned int m = 0; m < c->nmechs; m++) {
		char id[64];

		fputs("<a href=\"#mech-", f);
		svg_esc(f, html_id(id, sizeof(id), c, m));
		fputs("\">", f);
		svg_esc(f, c->mech[m].title);
		fputs("</a>", f);
	}
	fputs("<a href=\"#info\">Run information</a></nav>\n", f);
}

/*
 * The page of @m: the overview first, then what to beware of and what
 * the marks mean, each mechanism's details, the Run information.
 */
static int html_render(FILE *f, const struct report_model *m)
{
	int err;

	html_head(f, &m->cmp);
	html_intro(f, m);
	err = html_overview(f, m);
	html_warnings(f, m);
	if (m->cmp.n >= 2)
		html_legend(f, m);
	if (!err) /* --series: the steps, before the details */
		err = chart_trend(f, m);
	for (unsigned int k = 0; k < m->cmp.nmechs && !err; k++)
		err = html_mech(f, m, k);
	report_profile_html(f, m);
	if (m->cmp.n >= 2)
		html_judged(f, m);
	html_info(f, m->r, m->n);
	fputs("</body>\n</html>\n", f);
	return err;
}

const struct report_format report_format_html = { "html", html_render };
