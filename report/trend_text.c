/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report's trend: a line a row and label, each step.
 *
 * The text report's trend (--series): each row across the labels in the
 * series' order, each step's change and verdict against the label
 * before it.
 */
#include <string.h>

#include "lib/utf8.h"
#include "analysis/model.h"
#include "analysis/textkit.h"
#include "analysis/trend.h"

#define TREND_ROW_W 16 /* the row: mechanism, placement, class, ring */
#define TREND_KEY_W 4 /* the label's key, "#12" */
#define TREND_FIGS_AT (TREND_ROW_W + TREND_KEY_W + 2) /* after both */
#define TREND_STEP_W (9 + 8 + 1) /* the step, its detect, a blank */

/*
 * One label's line of a row: its figures (@cell), and its step's (@step,
 * NULL for the first label): its verdict whole where it fits, else the
 * words of the column, the rest on a line of their own under them (not
 * with --brief, @brief).
 */
static void trend_line(FILE *f, const struct compare_cell *cell,
		       const struct compare_cell *step, int brief)
{
	const char *v = report_trend_verdict(step), *detail = NULL;
	char buf[192];
	size_t len;
	int head;

	if (!cell->row->nsamples)
		len = (size_t)snprintf(buf, sizeof(buf), "%9s%7s",
				       result_status_name(cell->row->status),
				       "");
	else
		len = (size_t)snprintf(buf, sizeof(buf), "%9.0f%6.1f%%",
				       cell->mean, cell->runs.cv * 100);
	head = (int)strlen(v);
	if (step &&
	    TREND_FIGS_AT + len + TREND_STEP_W + utf8_width(v) > TEXT_WIDTH &&
	    v == step->verdict) {
		head = (int)step->verdict_head;
		detail = brief || !v[head] ? NULL : v + head + 1;
	}
	if (step && len < sizeof(buf))
		snprintf(buf + len, sizeof(buf) - len, "%9s%8s %.*s",
			 step->change, step->detect, head, v);
	/* No blanks at the end of a line. */
	len = strlen(buf);
	while (len && buf[len - 1] == ' ')
		buf[--len] = '\0';
	fprintf(f, "%s\n", buf);
	if (detail && utf8_width(detail) < TEXT_WIDTH)
		fprintf(f, "%*s%s\n", (int)(TEXT_WIDTH - utf8_width(detail)),
			"", detail);
	else if (detail)
		fprintf(f, "%s\n", detail);
}

/* Row @k of the comparison: a line a label, in the series' order. */
static void trend_rows(FILE *f, const struct report_model *m, unsigned int k)
{
	const struct report_trend *t = m->trend;
	const struct compare_row *row = &m->cmp.row[k];
	char line[160], key[16];

	text_summary_name(line, sizeof(line), &m->cmp, row);
	if (utf8_width(line) > TREND_ROW_W) {
		fprintf(f, "%s\n", line);
		line[0] = '\0';
	}
	for (unsigned int p = 0; p < t->n; p++) {
		unsigned int label = t->order[p];
		const struct compare_cell *cell = compare_row_cell(row, label);
		const struct compare_cell *step =
			p ? t->step[p - 1].at[k] : NULL;

		if (!cell)
			continue; /* not measured: no figure, no step */
		snprintf(key, sizeof(key), "#%u", label + 1);
		text_pad(f, line, TREND_ROW_W);
		line[0] = '\0';
		fputc(' ', f);
		text_pad(f, key, TREND_KEY_W);
		fputc(' ', f);
		trend_line(f, cell, step, !!(m->flags & REPORT_BRIEF));
	}
}

void text_trend(FILE *f, const struct report_model *m)
{
	const struct report_trend *t = m->trend;
	const struct compare *c = &m->cmp;

	if (!t || t->n < 2)
		return;
	fprintf(f,
		"Trend: each label against the one before it (--series %s)\n",
		report_trend_order_key(t->by));
	for (unsigned int p = 0; p < t->n; p++) {
		fprintf(f, "#%-3u ", t->order[p] + 1);
		text_wrap(f, c->r[t->order[p]]->info.label, 5, 5);
	}
	if (t->unknown)
		fprintf(f, "(%u label%s without a start, last as given)\n",
			t->unknown, t->unknown == 1 ? "" : "s");
	fprintf(f, "%-*s%9s%7s%9s%8s %s\n", TREND_ROW_W + TREND_KEY_W + 2, "",
		"loops/s", "cv", "step", "detect", "verdict");
	for (unsigned int mech = 0; mech < c->nmechs; mech++)
		for (unsigned int k = 0; k < c->nrows; k++)
			if (c->row[k].mech == mech && c->row[k].ncells)
				trend_rows(f, m, k);
	fprintf(f, "step: the average against the label before it, judged as "
		   "a report of those\ntwo labels alone judges it (its marks "
		   "and detect as in the change column).\n\n");
}
