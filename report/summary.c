/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report's summary: a line a row and label, --brief's table.
 *
 * The text report's summary: a line a row and label, its loops/sec, cv,
 * change, p50 round trip and the row's verdict, or alone its
 * microseconds per hand-off.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "lib/utf8.h"
#include "lib/hist.h"
#include "analysis/model.h"
#include "text.h"
#include "analysis/textkit.h"

#define SUM_ROW_W 16 /* the row: mechanism, placement, ring */
#define SUM_LABEL_W 12 /* the label, or its key "#1" when one is wider */
#define SUM_FIGS_AT (SUM_ROW_W + SUM_LABEL_W + 2) /* after both */
/*
 * A comparison's figures: loops/sec, cv, change, p50; then the verdict,
 * last, so that it can run to TEXT_WIDTH (a hop's microseconds are
 * loops/sec's, and have no room beside it).
 */
#define SUM_CMP_FIGS "%9.0f%6.1f%%%9s%7s"
#define SUM_CMP_W (9 + 7 + 9 + 7)
#define SUM_UNDER_W (16 + 9) /* a line under: its statistic, its change */

/* The heading, over the figures. */
static void summary_head(FILE *f, int cmp)
{
	if (cmp)
		fprintf(f, "%-*s%9s%7s%9s%7s %s\n", SUM_FIGS_AT, "", "loops/s",
			"cv", "change", "p50 us", "verdict");
	else
		fprintf(f, "%-*s%9s%7s%7s%7s\n", SUM_FIGS_AT, "", "loops/s",
			"cv", "p50 us", "us/hop");
}

/*
 * The detail of a verdict, its words after those of the column, at the
 * end of a line of @used columns when they fit there, else on a line of
 * their own; ending at TEXT_WIDTH, under the verdict.
 */
static void summary_detail(FILE *f, const char *detail, size_t used)
{
	size_t w = utf8_width(detail);

	if (used && used + 1 + w > TEXT_WIDTH) {
		fputc('\n', f);
		used = 0;
	}
	fprintf(f, "%*s%s\n",
		used + w < TEXT_WIDTH ? (int)(TEXT_WIDTH - used - w) : 0, "",
		detail);
}

/*
 * One label's figures of a compared row, after its row and label
 * columns: the verdict whole where it fits, else the words its column
 * keeps; the rest below, on the line of CPU per loop when it fits there
 * (not with --brief, whose table is a line a label).
 */
static void summary_compared(FILE *f, const struct compare_cell *cell,
			     int brief)
{
	const char *detail = NULL;
	int head = (int)cell->verdict_head;

	fprintf(f, SUM_CMP_FIGS, cell->mean, cell->runs.cv * 100, cell->change,
		cell->p50);
	if (SUM_FIGS_AT + SUM_CMP_W + 1 + utf8_width(cell->verdict) <=
	    TEXT_WIDTH)
		head = (int)strlen(cell->verdict);
	else if (!brief && cell->verdict[head])
		detail = cell->verdict + head + 1;
	fprintf(f, "%s%.*s", head ? " " : "", head, cell->verdict);
	if (!cell->has_cpu || brief) {
		fputc('\n', f);
		if (detail)
			summary_detail(f, detail, 0);
		return;
	}
	/* CPU per loop, on a line of its own, in the same columns. */
	fprintf(f, "\n%*s%16s%9s", SUM_FIGS_AT, "", TEXT_CPU_NAME,
		cell->cpu_change);
	if (detail)
		summary_detail(f, detail, SUM_FIGS_AT + SUM_UNDER_W);
	else
		fputc('\n', f);
}

/* One label's figures of a row, after its row and label columns. */
static void summary_cell(FILE *f, const struct compare *c,
			 const struct compare_cell *cell, int brief)
{
	const struct result_row *row = cell->row;

	if (!row->nsamples)
		fprintf(f, "%9s\n", result_status_name(row->status));
	else if (c->n >= 2)
		summary_compared(f, cell, brief);
	else
		fprintf(f, "%9.0f%6.1f%%%7s%7s\n", cell->mean,
			cell->runs.cv * 100, cell->p50, cell->hop);
}

/*
 * --brief's rows marked by a statistic beside loops/sec: its change,
 * which the table, of loops/sec, does not show, folded into a paragraph
 * after the table (a line under each row would take a line a row: two
 * kernels of every mechanism would not fit in 60 lines), each with its
 * row and label, by mechanism as the table.
 */
static void summary_marked_by(FILE *f, const struct compare *c, int keys)
{
	char *buf = NULL, name[160];
	size_t len = 0;
	FILE *p = open_memstream(&buf, &len);
	unsigned int said = 0;

	if (!p)
		return;
	for (unsigned int mech = 0; mech < c->nmechs; mech++)
		for (unsigned int k = 0; k < c->nrows; k++) {
			const struct compare_row *row = &c->row[k];

			for (unsigned int i = 0;
			     row->mech == mech && i < row->ncells; i++) {
				const struct compare_cell *cell = &row->cell[i];
				const char *ch = cell->by == VERDICT_RTT ?
							 cell->rtt.change :
							 cell->cpu_change;

				if ((cell->outcome != COMPARE_VERDICT_SLOWER &&
				     cell->outcome != COMPARE_VERDICT_FASTER) ||
				    cell->by == VERDICT_LOOPS)
					continue;
				text_summary_name(name, sizeof(name), c, row);
				while (*ch == ' ')
					ch++;
				fprintf(p, "%s%s ", said++ ? "; " : "", name);
				if (keys)
					fprintf(p, "#%u", cell->label + 1);
				else
					fputs(c->r[cell->label]->info.label, p);
				fprintf(p, " %s %s",
					cell->by == VERDICT_RTT ?
						TEXT_RTT_NAME :
						TEXT_CPU_NAME,
					ch);
			}
		}
	fputc('.', p);
	if (fclose(p) == 0 && said) {
		/* The lead-in takes the first line's start. */
		int at = fprintf(f, "Marked by another statistic than "
				    "loops/sec: ");

		text_wrap(f, buf, at > 0 ? (size_t)at : 0, 2);
	}
	free(buf);
}

/* The width of the widest key of @c, "#12". */
static size_t summary_key_w(const struct compare *c)
{
	char key[16];

	return (size_t)snprintf(key, sizeof(key), "#%u", c->n);
}

/*
 * A row of the comparison: its name on the first label's line (on a line
 * of its own when wider than its column), then a line a label.
 */
static void summary_rows(FILE *f, const struct compare *c,
			 const struct compare_row *row, int keys, int brief)
{
	char line[160], key[16];
	/*
	 * --brief's keys ("#2") leave the row's name the label's column
	 * but their own width, so that "POSIX semaphore any" needs no line
	 * of its own; the figures stay in their columns.
	 */
	size_t label_w = brief && keys ? summary_key_w(c) : SUM_LABEL_W;
	size_t row_w = SUM_ROW_W + SUM_LABEL_W - label_w;

	text_summary_name(line, sizeof(line), c, row);
	if (utf8_width(line) > row_w) {
		fprintf(f, "%s\n", line);
		line[0] = '\0';
	}
	for (unsigned int i = 0; i < row->ncells; i++) {
		const struct compare_cell *cell = &row->cell[i];

		snprintf(key, sizeof(key), "#%u", cell->label + 1);
		text_pad(f, i ? "" : line, row_w);
		fputc(' ', f);
		text_pad(f, keys ? key : c->r[cell->label]->info.label,
			 label_w);
		fputc(' ', f);
		summary_cell(f, c, cell, brief);
	}
}

int text_summary_keys(const struct compare *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (utf8_width(c->r[i]->info.label) > SUM_LABEL_W)
			return 1;
	return 0;
}

/*
 * The mechanisms whose report title is not their -b name ("SIGUSR1",
 * "semaphore"), each with that name, on a paragraph after the table.
 */
static void summary_names(FILE *f, const struct compare *c)
{
	char line[1024];
	size_t at = 0;

	for (unsigned int k = 0; k < c->nmechs && at < sizeof(line); k++)
		if (strcmp(c->mech[k].title, c->mech[k].mech))
			at += (size_t)snprintf(
				line + at, sizeof(line) - at, "%s%s = %s",
				at ? ", " : "-b names: ", c->mech[k].title,
				c->mech[k].mech);
	if (at && at < sizeof(line) - 1) {
		line[at++] = '.';
		line[at] = '\0';
		text_wrap(f, line, 0, 2);
	}
}

void text_summary(FILE *f, const struct report_model *m, int listed)
{
	const struct compare *c = &m->cmp;
	int keys = text_summary_keys(c), brief = !!(m->flags & REPORT_BRIEF);

	/* The keys, unless the labels' list above gave them. */
	for (unsigned int i = 0; keys && !listed && i < c->n; i++) {
		fprintf(f, "#%-3u ", i + 1);
		text_wrap(f, c->r[i]->info.label, 5, 5);
	}
	summary_head(f, c->n >= 2);
	/* By mechanism, as the tables that follow. */
	for (unsigned int mech = 0; mech < c->nmechs; mech++)
		for (unsigned int k = 0; k < c->nrows; k++)
			if (c->row[k].mech == mech && c->row[k].ncells)
				summary_rows(f, c, &c->row[k], keys, brief);
	if (brief && c->n >= 2)
		summary_marked_by(f, c, keys);
	if (c->n < 2)
		fprintf(f, "us/hop: microseconds a hand-off of the token, "
			   "lmbench's unit (a ring of N\nparticipants hands it "
			   "on N times a round trip).\n");
	if (!brief)
		summary_names(f, c);
	fputc('\n', f);
}
