/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the HTML page's charts share: the emulated warning, keys, verdicts. */
#include <math.h>
#include <string.h>

#include "chart.h"
#include "facts/emulation.h"
#include "analysis/textkit.h"

/* Does any label of @c run on an emulated CPU? */
static int chart_emulated(const struct compare *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		if (emulation_yes(c->r[i]->info.emulated))
			return 1;
	return 0;
}

void chart_emulated_line(struct svg *s, const struct compare *c)
{
	if (!chart_emulated(c))
		return;
	svg_text(s, SVG_PAD, s->y + SVG_BASE, SVG_START, SVG_ALERT,
		 "Emulated CPU (qemu TCG): every time is the emulator's, "
		 "not the kernel's");
	s->y += SVG_LINE;
}

void chart_key(char *buf, size_t size, const struct compare *c,
	       const struct result_row *row)
{
	int rings = 0, parallel = 0;
	char cls[32];

	for (unsigned int i = 0; i < c->n; i++) {
		rings |= results_rings(c->r[i]);
		parallel |= results_parallel(c->r[i]);
	}
	result_row_class(row, cls, sizeof(cls));
	snprintf(buf, size, "%s%s%s", row->placement[0] ? row->placement : "-",
		 cls[0] ? " " : "", cls);
	if (rings)
		snprintf(buf + strlen(buf), size - strlen(buf), " %up/%uK",
			 row->procs, row->ws_kb);
	if (parallel)
		snprintf(buf + strlen(buf), size - strlen(buf), " x%u%s",
			 result_row_rings(row), row->shared ? " shared" : "");
}

/*
 * A verdict @v of mark @mark, reason @why, in words, into @buf; @said:
 * the row's words already say that it is not judged and why.
 */
static void chart_words(char *buf, size_t size, const struct verdict *v,
			enum compare_mark mark, enum compare_why why, int said)
{
	char pct[32], det[48] = "";

	if (isnan(v->change)) {
		snprintf(buf, size, "not judged: %s", compare_why_words(why));
		return;
	}
	text_percent(pct, sizeof(pct), v->change * 100);
	if (!isnan(v->detect))
		snprintf(det, sizeof(det), "; detect %s%.1f%%",
			 mark == COMPARE_NOT_JUDGED ? ">=" : "",
			 v->detect * 100);
	if (mark == COMPARE_MARKED)
		snprintf(buf, size, "%s marked (p %.3g, %.1f..%.1f%%)%s", pct,
			 v->p, v->low * 100, v->high * 100, det);
	else if (mark == COMPARE_NOT_MARKED)
		snprintf(buf, size, "%s not marked (p %.2g)%s", pct, v->p, det);
	else if (said)
		snprintf(buf, size, "%s%s", pct, det);
	else
		snprintf(buf, size, "%s not judged: %s%s", pct,
			 compare_why_words(why), det);
}

/*
 * A further statistic @name of @cell after @buf's @len bytes: its
 * verdict in words.  The new length.
 */
static size_t chart_stat(char *buf, size_t size, size_t len, const char *name,
			 const struct compare_cell *cell, enum verdict_stat s)
{
	enum compare_mark mark;
	const struct verdict *v = compare_cell_stat(cell, s, &mark, NULL);
	enum compare_why why = s == VERDICT_CPU ? cell->cpu_why : cell->rtt.why;

	if (len + 2 >= size)
		return len;
	len += (size_t)snprintf(buf + len, size - len, "; %s ", name);
	if (len < size)
		chart_words(buf + len, size - len, v, mark, why, 0);
	return strlen(buf);
}

void chart_verdict(char *buf, size_t size, const struct compare *c,
		   const struct compare_cell *cell)
{
	size_t len;
	int said = cell->outcome == COMPARE_VERDICT_NOT_JUDGED;

	if (c->n < 2) {
		buf[0] = '\0';
		return;
	}
	if (cell->mark == COMPARE_BASELINE) {
		snprintf(buf, size, "baseline");
		return;
	}
	/* The row's verdict, then each statistic's. */
	len = (size_t)snprintf(buf, size, "%s", cell->verdict);
	if (said && isnan(cell->v.change))
		return; /* nothing more to say: no change */
	if (len && len + 2 < size)
		len += (size_t)snprintf(buf + len, size - len, ": ");
	if (len < size)
		chart_words(buf + len, size - len, &cell->v, cell->mark,
			    cell->why, said);
	len = strlen(buf);
	if (cell->drifts && len < size)
		snprintf(buf + len, size - len, "; drifts");
	len = strlen(buf);
	if (cell->has_cpu)
		len = chart_stat(buf, size, len, TEXT_CPU_NAME, cell,
				 VERDICT_CPU);
	if (cell->rtt.has)
		chart_stat(buf, size, len, TEXT_RTT_NAME, cell, VERDICT_RTT);
}
