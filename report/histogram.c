/* SPDX-License-Identifier: GPL-2.0-or-later */
/* --histogram: each row's sampled round trips as bars, after the report. */
#include <stdio.h>
#include <string.h>

#include "lib/utf8.h"
#include "report.h"
#include "analysis/textkit.h"

/* A bound in microseconds, short: "4.25", "130", "1.2e+04". */
static void histogram_bound(char *buf, size_t size, double ns)
{
	double us = ns / 1000;

	if (us < 10)
		snprintf(buf, size, "%.2f", us);
	else if (us < 1e5)
		snprintf(buf, size, "%.0f", us);
	else
		snprintf(buf, size, "%.1e", us);
}

#define HIST_LINES 24 /* at most this many bins per histogram */
#define HIST_BAR 36 /* the widest bar */

/*
 * The heading of a row's histogram, "pipe, 6.1 same: N round trips timed,
 * us", over two or three lines where a long label would not fit in one.
 */
static void histogram_head(FILE *f, const struct results *r,
			   const struct result_row *row)
{
	char name[sizeof(r->info.label) + sizeof(row->placement) + 32];
	char head[sizeof(name) + sizeof(row->title) + 4], count[64];
	size_t title = utf8_width(row->title) + 2, w;

	text_row_name(name, sizeof(name), r, 0, row);
	w = utf8_width(name);
	snprintf(count, sizeof(count), "%llu round trips timed, us",
		 (unsigned long long)row->rtt.count);
	if (title + w + 2 + strlen(count) <= TEXT_WIDTH) {
		fprintf(f, "%s, %s: %s\n", row->title, name, count);
		return;
	}
	if (title + w + 1 <= TEXT_WIDTH) {
		fprintf(f, "%s, %s:\n", row->title, name);
	} else {
		snprintf(head, sizeof(head), "%s:", row->title);
		text_wrap(f, head, 0, 2);
		snprintf(head, sizeof(head), "%s:", name);
		fprintf(f, "  ");
		text_wrap(f, head, 2, 2);
	}
	fprintf(f, "  %s\n", count);
}

/* One row's round trips as bars, within 72 columns. */
static void histogram_bars(FILE *f, const struct results *r,
			   const struct result_row *row)
{
	const struct hist *h = &row->rtt;
	unsigned int lo = hist_index(h->min_ns), hi = hist_index(h->max_ns);
	unsigned int per = HIST_SUB / 4, nb;
	uint64_t most = 0;

	/* Quarter octaves, or wider until the bins fit. */
	while ((hi / per - lo / per + 1) > HIST_LINES)
		per *= 2;
	lo = lo / per * per;
	nb = hi / per - lo / per + 1;
	for (unsigned int b = 0; b < nb; b++) {
		uint64_t c = 0;

		for (unsigned int k = lo + b * per;
		     k < lo + (b + 1) * per && k < HIST_BUCKETS; k++)
			c += h->bucket[k];
		if (c > most)
			most = c;
	}
	histogram_head(f, r, row);
	for (unsigned int b = 0; b < nb; b++) {
		unsigned int k0 = lo + b * per, k1 = k0 + per;
		char from[16], to[16], bar[HIST_BAR + 1];
		uint64_t c = 0;
		unsigned int len;

		for (unsigned int k = k0; k < k1 && k < HIST_BUCKETS; k++)
			c += h->bucket[k];
		len = most ? (unsigned int)((c * HIST_BAR + most - 1) / most) :
			     0;
		memset(bar, '#', len);
		bar[len] = '\0';
		histogram_bound(from, sizeof(from),
				(double)hist_bucket_low(k0));
		histogram_bound(to, sizeof(to),
				k1 < HIST_BUCKETS ?
					(double)hist_bucket_low(k1) :
					(double)h->max_ns);
		fprintf(f, "  %8s - %-8s |%-*s| %5.1f%%\n", from, to, HIST_BAR,
			bar, 100.0 * (double)c / (double)h->count);
	}
	fputc('\n', f);
}

void report_histograms(FILE *f, const struct results *const *r, unsigned int n)
{
	fprintf(f, "%s\n    Round trips\n%s\n\n", TEXT_RULE, TEXT_RULE);
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (r[i]->row[j].rtt.count)
				histogram_bars(f, r[i], &r[i]->row[j]);
}
