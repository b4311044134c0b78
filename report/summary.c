/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report's summary: a line a row and label, --brief's table.
 *
 * The text report's summary: a line a row and label, its loops/sec, cv,
 * change, verdict, p50 round trip and microseconds per hand-off.
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

/* The heading, over the figures; a comparison's has change and verdict. */
#define SUM_HEAD(cmp)                                                   \
	"%-*s%9s%7s%9s %-10s%7s%7s\n", SUM_ROW_W + SUM_LABEL_W + 2, "", \
		"loops/s", "cv", (cmp) ? "change" : "",                 \
		(cmp) ? "verdict" : "", "p50 us", "us/hop"

/* One label's figures of a row, after its row and label columns. */
static void summary_cell(FILE *f, const struct compare *c,
			 const struct compare_cell *cell, int brief)
{
	const struct result_row *row = cell->row;
	int cmp = c->n >= 2;

	if (!row->nsamples) {
		fprintf(f, "%9s\n", result_status_name(row->status));
		return;
	}
	fprintf(f, "%9.0f%6.1f%%%9s %-10s%7s%7s\n", cell->mean,
		cell->runs.cv * 100, cmp ? cell->change : "",
		cmp ? cell->verdict : "", cell->p50, cell->hop);
	/* --brief's says it after the table, where it differs. */
	if (!cell->has_cpu || brief)
		return;
	/* The second verdict, on a line of its own, in the same columns. */
	fprintf(f, "%*s%16s%9s %s\n", SUM_ROW_W + SUM_LABEL_W + 2, "",
		TEXT_CPU_NAME, cell->cpu_change, cell->cpu_verdict);
}

/* Does the CPU per loop verdict of @cell say other than loops/sec's? */
static int summary_cpu_differs(const struct compare *c,
			       const struct compare_cell *cell)
{
	return cell->has_cpu && cell->row->nsamples &&
	       strcmp(cell->cpu_verdict, c->n >= 2 ? cell->verdict : "");
}

/*
 * --brief's CPU per loop: the verdicts that say other than loops/sec's,
 * folded into a paragraph after the table (a line under each row would
 * take a line a row: two kernels of every mechanism would not fit in 60
 * lines), each with its row and label, by mechanism as the table.
 */
static void summary_cpu_brief(FILE *f, const struct compare *c, int keys)
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

			if (row->mech != mech)
				continue;
			for (unsigned int i = 0; i < row->ncells; i++) {
				const struct compare_cell *cell = &row->cell[i];
				const char *ch = cell->cpu_change;

				if (!summary_cpu_differs(c, cell))
					continue;
				text_summary_name(name, sizeof(name), c, row);
				while (*ch == ' ')
					ch++;
				fprintf(p, "%s%s ", said++ ? "; " : "", name);
				if (keys)
					fprintf(p, "#%u", cell->label + 1);
				else
					fputs(c->r[cell->label]->info.label, p);
				fprintf(p, " %s %s", ch, cell->cpu_verdict);
			}
		}
	fputc('.', p);
	if (fclose(p) == 0 && said) {
		/* The lead-in takes the first line's start. */
		int at =
			fprintf(f, "%s, where its verdict is not loops/sec's: ",
				TEXT_CPU_NAME);

		text_wrap(f, buf, at > 0 ? (size_t)at : 0, 2);
	} else
		fprintf(f, "%s: the verdict of loops/sec in every row.\n",
			TEXT_CPU_NAME);
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

/* Are the labels of @c too wide for the column: named by their keys? */
static int summary_keys(const struct compare *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (utf8_width(c->r[i]->info.label) > SUM_LABEL_W)
			return 1;
	return 0;
}

void text_summary(FILE *f, const struct report_model *m, int listed)
{
	const struct compare *c = &m->cmp;
	int keys = summary_keys(c), brief = !!(m->flags & REPORT_BRIEF);
	int cpu = 0;

	/* The keys, unless the labels' list above gave them. */
	for (unsigned int i = 0; keys && !listed && i < c->n; i++) {
		fprintf(f, "#%-3u ", i + 1);
		text_wrap(f, c->r[i]->info.label, 5, 5);
	}
	fprintf(f, SUM_HEAD(c->n >= 2));
	/* By mechanism, as the tables that follow. */
	for (unsigned int mech = 0; mech < c->nmechs; mech++)
		for (unsigned int k = 0; k < c->nrows; k++)
			if (c->row[k].mech == mech && c->row[k].ncells)
				summary_rows(f, c, &c->row[k], keys, brief);
	for (unsigned int k = 0; brief && k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++)
			cpu |= c->row[k].cell[i].has_cpu;
	if (cpu)
		summary_cpu_brief(f, c, keys);
	fprintf(f, "us/hop: microseconds a hand-off of the token, lmbench's "
		   "unit (a ring of N\nparticipants hands it on N times a "
		   "round trip).\n\n");
}
