/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The words every format says alike: a row's name, a change, a verdict.
 *
 * Also its detect, a verdict in a word and a hop's time, in the text's
 * columns they share; the text report, the charts and the page call
 * them, and they call no format back.
 */
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "compare.h"
#include "lib/hist.h"
#include "lib/stats.h"
#include "lib/utf8.h"
#include "textkit.h"

void text_wrap(FILE *f, const char *v, size_t at, size_t indent)
{
	int first = 1;

	do {
		size_t room = first ? at : indent,
		       n = utf8_line(v,
				     room < TEXT_WIDTH ? TEXT_WIDTH - room : 1);

		while (n && v[n - 1] == ' ')
			n--;
		fprintf(f, "%*s%.*s\n", first ? 0 : (int)indent, "", (int)n, v);
		for (v += n; *v == ' '; v++)
			;
		first = 0;
	} while (*v);
}

void text_pad(FILE *f, const char *s, size_t cols)
{
	size_t w, n = utf8_fit(s, cols, &w);

	fprintf(f, "%.*s%*s", (int)n, s, (int)(cols - w), "");
}

/*
 * A row's label into @buf: the run's (or its key, "#2"), its placement,
 * and its ring when there are.
 */
void text_row_name(char *buf, size_t size, const struct results *r,
		   unsigned int key, const struct result_row *row)
{
	char name[16], cls[32];

	snprintf(name, sizeof(name), "#%u", key);
	result_row_class(row, cls, sizeof(cls));
	snprintf(buf, size, "%s%s%s%s%s", key ? name : r->info.label,
		 row->placement[0] ? " " : "", row->placement,
		 cls[0] ? " " : "", cls);
	if (results_rings(r))
		snprintf(buf + strlen(buf), size - strlen(buf), " %up/%uK",
			 row->procs, row->ws_kb);
	if (results_parallel(r))
		snprintf(buf + strlen(buf), size - strlen(buf), " x%u%s",
			 result_row_rings(row), row->shared ? " shared" : "");
}

void text_percent(char *buf, size_t size, double pct)
{
	if (fabs(pct) < 0.05)
		pct = 0; /* not "-0.0" */
	if (fabs(pct) < 100)
		snprintf(buf, size, "%+.1f%%", pct);
	else if (pct < 1e4)
		snprintf(buf, size, "%+.0f%%", pct);
	else
		snprintf(buf, size, ">9999%%");
}

/* A verdict @v of mark @mark, reason @why, into @change and @detect. */
static void text_verdict(const struct verdict *v, enum compare_mark mark,
			 enum compare_why why, int drifts, char *change,
			 char *detect, size_t size)
{
	const char *sign = compare_why_mark(why);
	int runs = sign != NULL;
	char pct[16];

	detect[0] = '\0';
	if (mark == COMPARE_BASELINE) {
		snprintf(change, size, "baseline");
		return;
	}
	if (isnan(v->change)) {
		snprintf(change, size, "-"); /* nothing to compare with */
		return;
	}
	text_percent(pct, sizeof(pct), v->change * 100);
	if (runs)
		snprintf(change, size, "%s%s", pct, sign);
	else if (mark == COMPARE_MARKED)
		snprintf(change, size, "*%s*", pct);
	else
		snprintf(change, size, "(%s)", pct);
	if (drifts)
		snprintf(change + strlen(change), size - strlen(change), "~");
	if (isnan(v->detect))
		snprintf(detect, size, "-");
	else if (v->detect * 100 >= 1e4)
		snprintf(detect, size, ">9999%%");
	else
		snprintf(detect, size, runs ? "[%.*f%%]" : "%.*f%%",
			 v->detect * 100 < 99.95 ? 1 : 0, v->detect * 100);
}

const char *text_rep_unit(const struct results *g)
{
	switch (g->level) {
	case RESULT_LEVEL_BOOTS:
		return "boots";
	case RESULT_LEVEL_BLOCKS:
		return "blocks";
	default:
		return g->blocks ? "invocations in turn" : "invocations";
	}
}

/*
 * A statistic as the row's verdict names it, where it is not loops/sec
 * (the row's own figures): narrow, to fit a table's column.
 */
static const char *const text_stat_short[VERDICT_NSTATS] = {
	[VERDICT_CPU] = "CPU/loop",
	[VERDICT_RTT] = "RTT",
};

/*
 * The row's verdict of @cell in words, for a reader who reads nothing
 * else: marked (by which statistic), not significant (and what it would
 * need to be judged at the detect wanted), or not judged (and why).
 */
static void text_row_verdict(const struct compare *c, struct compare_cell *cell)
{
	const char *stat =
		cell->by < VERDICT_NSTATS ? text_stat_short[cell->by] : NULL;
	const char *word =
		cell->outcome == COMPARE_VERDICT_FASTER ? "faster" : "slower";
	char *w = cell->verdict;
	size_t size = sizeof(cell->verdict);
	unsigned int n = cell->verdict_reps;
	int head = 0;

	w[0] = '\0';
	switch (cell->outcome) {
	case COMPARE_VERDICT_SLOWER:
	case COMPARE_VERDICT_FASTER:
		if (stat)
			head = snprintf(w, size, "%s (%s)", word, stat);
		else
			head = snprintf(w, size, "%s", word);
		break;
	case COMPARE_VERDICT_NOT_SIGNIFICANT:
		head = snprintf(w, size, "not significant");
		if (n)
			snprintf(w + head, size - (size_t)head,
				 " (needs %s%u %s)",
				 n >= VERDICT_MAX_REPLICATES ? ">= " : "~", n,
				 text_rep_unit(c->r[cell->label]));
		break;
	case COMPARE_VERDICT_NOT_JUDGED:
		head = snprintf(w, size, "not judged");
		snprintf(w + head, size - (size_t)head, " (%s)",
			 compare_why_words(cell->why));
		break;
	default:
		break;
	}
	cell->verdict_head = head > 0 ? (unsigned int)head : 0;
}

/* What a row of the comparison is: its mechanism, placement, ring. */
void text_summary_name(char *line, size_t size, const struct compare *c,
		       const struct compare_row *row)
{
	const struct result_row *like = row->like;
	const struct results *r = c->r[row->cell[0].label];
	char cls[32];

	result_row_class(like, cls, sizeof(cls));
	snprintf(line, size, "%s%s%s%s%s", c->mech[row->mech].title,
		 like->placement[0] ? " " : "", like->placement,
		 cls[0] ? " " : "", cls);
	if (results_rings(r))
		snprintf(line + strlen(line), size - strlen(line), " %up/%uK",
			 like->procs, like->ws_kb);
	if (results_parallel(r))
		snprintf(line + strlen(line), size - strlen(line), " x%u%s",
			 result_row_rings(like), like->shared ? " shared" : "");
}

/* Microseconds in 7 columns at most, "-" for none (@us < 0). */
static void summary_us(char *buf, size_t size, double us)
{
	if (!(us >= 0))
		snprintf(buf, size, "-");
	else if (us < 1000)
		snprintf(buf, size, us < 100 ? "%.2f" : "%.1f", us);
	else
		snprintf(buf, size, "%.0f", us);
}

/*
 * @cell's words: the change of its average against the baseline's row of
 * the same mechanism, placement and ring: *...* when it stands out from
 * the invocations' noise, (...) when not, bare when there is no such
 * noise to judge by; its detect, the smallest change the comparison could
 * have marked ([...]: what the runs alone could, a lower bound); the same
 * of the second verdict; the row's verdict in words; p50 and a hop.
 */
static void text_cell(const struct compare *c, struct compare_cell *cell)
{
	const struct result_row *row = cell->row;

	text_verdict(&cell->v, cell->mark, cell->why, cell->drifts,
		     cell->change, cell->detect, sizeof(cell->change));
	text_verdict(&cell->cv, cell->cpu_mark, cell->cpu_why, 0,
		     cell->cpu_change, cell->cpu_detect,
		     sizeof(cell->cpu_change));
	text_verdict(&cell->rtt.v, cell->rtt.mark, cell->rtt.why, 0,
		     cell->rtt.change, cell->rtt.detect,
		     sizeof(cell->rtt.change));
	text_row_verdict(c, cell);
	summary_us(cell->p50, sizeof(cell->p50),
		   row->rtt.count ? hist_quantile(&row->rtt, 0.5) / 1000 : -1);
	summary_us(cell->hop, sizeof(cell->hop),
		   cell->mean > 0 ? 1e6 * result_row_rings(row) /
					    (cell->mean * row->procs) :
				    -1);
}

void text_cell_words(struct compare *c)
{
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			struct compare_cell *cell = &c->row[k].cell[i];

			text_cell(c, cell);
			if (report_row_key(c->r[cell->label], cell->row,
					   cell->key, sizeof(cell->key)) < 0)
				cell->key[0] = '\0';
		}
}

/*
 * The time of one hop in microseconds, less the hop's own work when
 * @less; never negative (a hop cannot take less than nothing), and
 * negative only to say "no value".
 */
double latctx_hop_us(const struct result_row *row, int less)
{
	double us, mean;

	if (!row || !row->nsamples)
		return -1;
	mean = verdict_mean(row); /* the row's average */
	if (!(mean > 0))
		return -1;
	/* A hop of one ring: the loops of all shared among them. */
	us = 1e6 * result_row_rings(row) / (mean * row->procs);
	if (less) {
		if (!(row->hop_work_ns > 0))
			return -1;
		us -= row->hop_work_ns / 1000;
	}
	return us < 0 ? 0 : us;
}

char report_key_char(char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-')
		return c;
	return '_';
}

int report_row_key(const struct results *r, const struct result_row *row,
		   char *buf, size_t size)
{
	char mech[sizeof(row->mech)], place[sizeof(row->placement)], cls[32];
	size_t i;
	int len;

	/* As they are today; a saved file could hold other characters. */
	for (i = 0; row->mech[i] && i + 1 < sizeof(mech); i++)
		mech[i] = report_key_char(row->mech[i]);
	mech[i] = '\0';
	for (i = 0; row->placement[i] && i + 1 < sizeof(place); i++)
		place[i] = report_key_char(row->placement[i]);
	place[i] = '\0';
	/*
	 * The dimensions every row has, then those that are appended only
	 * when not at their default, in a fixed order, so that the keys of
	 * the default stay what they always were.
	 */
	result_row_class(row, cls, sizeof(cls));
	for (i = 0; cls[i]; i++)
		cls[i] = report_key_char(cls[i]);
	len = snprintf(buf, size, "%s.%s.%up.%uk%s%s%s", mech,
		       place[0] ? place : "any", row->procs, row->ws_kb,
		       r->info.threads ? ".threads" : "", cls[0] ? "." : "",
		       cls);
	if (len >= 0 && (size_t)len < size && result_row_rings(row) > 1)
		len += snprintf(buf + len, size - (size_t)len, ".x%u",
				result_row_rings(row));
	if (len >= 0 && (size_t)len < size && row->shared)
		len += snprintf(buf + len, size - (size_t)len, ".shared");
	return len < 0 || (size_t)len >= size ? -1 : len;
}
