/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The profiles of the report model, as the formats show them.
 *
 * The text report's "Where the time went", the page's table and the
 * comparison's JSON, from the model's profiles (analysis/profile.h).
 */
#include <math.h>
#include <string.h>

#include "analysis/profile.h"
#include "profview.h"
#include "report.h"
#include "svg.h"
#include "analysis/textkit.h"
#include "lib/utf8.h"
#include "store/jsonw.h"

/* The key of @p's row, the model's ("pipe.same.2p.0k"). */
static const char *prof_key(const struct compare *c,
			    const struct report_prof *p)
{
	const struct compare_cell *cell =
		c->cell[p->label][p->row - c->r[p->label]->row];

	return cell ? cell->key : "";
}

/*
 * "finish_task_switch [kernel]": a symbol and where it is.  A user
 * symbol is ctxbench's or libc's: its pipe_wait is not the kernel's.
 */
static void prof_name(char *buf, size_t size, const struct report_prof_sym *s)
{
	snprintf(buf, size, "%s %s", s->name,
		 s->kernel ? "[kernel]" : "[user]");
}

/*
 * cpu-clock's skew of @p (struct report_prof), in words: "" none.
 */
static void prof_skew(char *buf, size_t size, const struct report_prof *p)
{
	buf[0] = '\0';
	if (p->skew)
		snprintf(buf, size,
			 "cpu-clock without a PMU: %.0f%% of the samples on "
			 "%s, where interrupts come on again; the time they "
			 "stand for went before it, with interrupts off",
			 p->skew_share * 100, p->skew);
}

/* @s in at most @cols columns of the text report, cut with "..." if longer. */
static void prof_fit(FILE *f, const char *s, size_t cols)
{
	size_t w, n;

	if (utf8_width(s) <= cols) {
		fputs(s, f);
		return;
	}
	n = utf8_fit(s, cols - 3, &w);
	fprintf(f, "%.*s...", (int)n, s);
}

/*
 * "wake-up 2.1 us of a 5.3 us round trip while traced (the row's median
 * 4.2 us)", or "" when nothing traced: the trace slows what it watches.
 */
static void prof_wake(char *buf, size_t size, const struct report_prof *p)
{
	size_t n;

	buf[0] = '\0';
	if (isnan(p->wake_us))
		return;
	if (p->wake_us == 0)
		snprintf(buf, size, "no wake-up traced in a %.2f us round trip",
			 p->trip_us);
	else
		snprintf(buf, size, "wake-up %.2f us of a %.2f us round trip",
			 p->wake_us, p->trip_us);
	n = strlen(buf);
	if (!isnan(p->p50_us) && n < size)
		snprintf(buf + n, size - n,
			 " while traced (the row's median %.2f us)", p->p50_us);
}

void report_profile_text(FILE *f, const struct report_model *m)
{
	const char *info = report_profile_info(m);
	const struct compare *c = &m->cmp;
	char name[256], wake[160], skew[256];

	if (!info)
		return;
	fputs("\nWhere the time went: ", f);
	text_wrap(f, info, 20, 2);
	for (unsigned int k = 0; k < m->nprof; k++) {
		const struct report_prof *p = &m->prof[k];

		if (k == 0 || !result_row_same(m->prof[k - 1].row, p->row)) {
			snprintf(name, sizeof(name), "%s", prof_key(c, p));
			fputc('\n', f);
			prof_fit(f, name, 78);
			fputc('\n', f);
		}
		fputs("  ", f);
		prof_fit(f, c->r[p->label]->info.label, 40);
		fprintf(f, ": %.0f %s samples%s\n", p->samples, p->event,
			p->ninv > 1 ? " an invocation" : "");
		prof_wake(wake, sizeof(wake), p);
		if (wake[0]) {
			fputs("    ", f);
			text_wrap(f, wake, 4, 4);
		}
		prof_skew(skew, sizeof(skew), p);
		if (skew[0]) {
			fputs("    ", f);
			text_wrap(f, skew, 4, 4);
		}
		for (unsigned int i = 0; i < p->ntop; i++) {
			prof_name(name, sizeof(name), &p->top[i]);
			fprintf(f, "    %5.1f%%  ", p->top[i].b * 100);
			prof_fit(f, name, 70);
			fputc('\n', f);
		}
		if (!p->nchg)
			continue;
		fputs("    changed most against ", f);
		prof_fit(f, c->r[c->base]->info.label, 30);
		fputs(p->chg[0].judged ?
			      ":\n" :
			      " (one invocation a label: not judged):\n",
		      f);
		for (unsigned int i = 0; i < p->nchg; i++) {
			const struct report_prof_sym *s = &p->chg[i];

			prof_name(name, sizeof(name), s);
			fprintf(f, "    %+6.1f%%  %5.1f%% -> %5.1f%%  ",
				(s->b - s->a) * 100, s->a * 100, s->b * 100);
			prof_fit(f, name, 30);
			fputs(s->changed ? "  changed\n" :
			      s->judged	 ? "  within the noise\n" :
					   "\n",
			      f);
		}
	}
}

/* The page's table of the symbols of @p whose share changed most. */
static void prof_html_changes(FILE *f, const struct compare *c,
			      const struct report_prof *p)
{
	char name[160];

	fputs("<table class=\"profile-change\">\n<tr><th>change</th><th>", f);
	svg_esc(f, c->r[c->base]->info.label);
	fputs("</th><th>", f);
	svg_esc(f, c->r[p->label]->info.label);
	fputs("</th><th>symbol</th><th>verdict</th></tr>\n", f);
	for (unsigned int i = 0; i < p->nchg; i++) {
		const struct report_prof_sym *s = &p->chg[i];

		prof_name(name, sizeof(name), s);
		fprintf(f,
			"<tr><td>%+.1f%%</td><td>%.1f%%</td>"
			"<td>%.1f%%</td><td>",
			(s->b - s->a) * 100, s->a * 100, s->b * 100);
		svg_esc(f, name);
		fprintf(f, "</td><td>%s</td></tr>\n",
			s->changed ? "changed" :
			s->judged  ? "within the noise" :
				     "not judged");
	}
	fputs("</table>\n", f);
}

/* The page's part of profile @p: its row and label, wake-up, symbols. */
static void prof_html_one(FILE *f, const struct compare *c,
			  const struct report_prof *p)
{
	char name[256], wake[160], skew[256];

	snprintf(name, sizeof(name), "%s", prof_key(c, p));
	fputs("<h3>", f);
	svg_esc(f, name);
	fputs(" \u2014 ", f);
	svg_esc(f, c->r[p->label]->info.label);
	fputs("</h3>\n", f);
	prof_wake(wake, sizeof(wake), p);
	if (wake[0]) {
		fputs("<p class=\"wake\">", f);
		svg_esc(f, wake);
		fputs("</p>\n", f);
	}
	prof_skew(skew, sizeof(skew), p);
	if (skew[0]) {
		fputs("<p class=\"warn\">", f);
		svg_esc(f, skew);
		fputs("</p>\n", f);
	}
	fputs("<table class=\"profile\">\n<tr><th>share</th>"
	      "<th>symbol</th></tr>\n",
	      f);
	for (unsigned int i = 0; i < p->ntop; i++) {
		prof_name(name, sizeof(name), &p->top[i]);
		fprintf(f, "<tr><td>%.1f%%</td><td>", p->top[i].b * 100);
		svg_esc(f, name);
		fputs("</td></tr>\n", f);
	}
	fputs("</table>\n", f);
	if (p->nchg)
		prof_html_changes(f, c, p);
}

void report_profile_html(FILE *f, const struct report_model *m)
{
	const char *info = report_profile_info(m);

	if (!info)
		return;
	fputs("<section id=\"profiles\">\n<h2>Where the time went</h2>\n<p>",
	      f);
	svg_esc(f, info);
	fputs("</p>\n", f);
	for (unsigned int k = 0; k < m->nprof; k++)
		prof_html_one(f, &m->cmp, &m->prof[k]);
	fputs("</section>\n", f);
}

void report_profile_json(struct jw *w, const struct report_model *m,
			 unsigned int label, const struct result_row *row)
{
	const struct report_prof *p = report_cell_profile(m, label, row);

	if (!p)
		return;
	jw_break(w);
	jw_object(w, "profile", 0);
	jw_string(w, "event", p->event);
	jw_uint(w, "invocations", p->ninv);
	jw_double(w, "samples", p->samples);
	jw_double(w, "wake_us", p->wake_us);
	jw_double(w, "trip_us", p->trip_us);
	jw_double(w, "p50_us", p->p50_us);
	if (p->skew) {
		jw_object(w, "skew", 1);
		jw_string(w, "symbol", p->skew);
		jw_double(w, "share", p->skew_share);
		jw_end(w);
	}
	jw_array(w, "top", 0);
	for (unsigned int i = 0; i < p->ntop; i++) {
		jw_object(w, NULL, 1);
		jw_string(w, "symbol", p->top[i].name);
		jw_bool(w, "kernel", p->top[i].kernel);
		jw_double(w, "share", p->top[i].b);
		jw_end(w);
	}
	jw_end(w);
	if (p->nbase) {
		jw_array(w, "changes", 0);
		for (unsigned int i = 0; i < p->nchg; i++) {
			const struct report_prof_sym *s = &p->chg[i];

			jw_object(w, NULL, 1);
			jw_string(w, "symbol", s->name);
			jw_bool(w, "kernel", s->kernel);
			jw_double(w, "baseline_share", s->a);
			jw_double(w, "share", s->b);
			jw_double(w, "change", s->b - s->a);
			jw_bool(w, "judged", s->judged);
			jw_bool(w, "changed", s->changed);
			jw_end(w);
		}
		jw_end(w);
	}
	jw_end(w);
}
