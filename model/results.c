/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The results, plain data from the runner to the formatters: their helpers. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "results.h"
#include "lib/stats.h"
#include "lib/util.h"

void result_row_stats(const struct result_row *row, struct stats *s)
{
	double *rate = malloc((row->nsamples + 1) * sizeof(*rate));

	if (!rate) {
		stats_summary(NULL, 0, s);
		return;
	}
	for (unsigned int i = 0; i < row->nsamples; i++)
		rate[i] = result_rate(&row->sample[i]);
	stats_summary(rate, row->nsamples, s);
	free(rate);
}

/* Each status as the report names it, and as saved files spell it. */
static const struct {
	const char *name, *key;
} result_statuses[] = {
	[RESULT_OK] = { "ok", "ok" },
	[RESULT_SKIPPED] = { "skipped", "skipped" },
	[RESULT_FAILED] = { "FAILED", "failed" },
	[RESULT_HUNG] = { "HUNG", "hung" },
	[RESULT_INTERRUPTED] = { "interrupted", "interrupted" },
};

#define RESULT_NKEYS ARRAY_SIZE(result_statuses)

const char *result_status_name(enum result_status st)
{
	return (unsigned int)st < RESULT_NKEYS ? result_statuses[st].name : "?";
}

const char *result_status_key(enum result_status st)
{
	return (unsigned int)st < RESULT_NKEYS ? result_statuses[st].key : "?";
}

int result_status_parse(const char *key, enum result_status *st)
{
	for (unsigned int i = 0; i < RESULT_NKEYS; i++) {
		if (strcmp(result_statuses[i].key, key) == 0) {
			*st = (enum result_status)i;
			return 0;
		}
	}
	return -1;
}

void result_row_class(const struct result_row *row, char *buf, size_t size)
{
	const char *policy = row->policy[0] ? row->policy : "other";

	if (row->prio)
		snprintf(buf, size, "%s:%d", policy, row->prio);
	else if (row->nice)
		snprintf(buf, size, "%s:nice%d", policy, row->nice);
	else if (strcmp(policy, "other") != 0)
		snprintf(buf, size, "%s", policy);
	else if (size)
		buf[0] = '\0';
}

int result_row_same_but(const struct result_row *a, const struct result_row *b,
			unsigned int ignore)
{
	char ca[32], cb[32];

	result_row_class(a, ca, sizeof(ca));
	result_row_class(b, cb, sizeof(cb));
	return strcmp(a->mech, b->mech) == 0 &&
	       strcmp(a->placement, b->placement) == 0 && strcmp(ca, cb) == 0 &&
	       ((ignore & RESULT_KEY_RING) ||
		(a->procs == b->procs && a->ws_kb == b->ws_kb)) &&
	       ((ignore & RESULT_KEY_RINGS) ||
		result_row_rings(a) == result_row_rings(b)) &&
	       !a->shared == !b->shared;
}

int result_row_same(const struct result_row *a, const struct result_row *b)
{
	return result_row_same_but(a, b, 0);
}

int results_same_run(const struct results *a, const struct results *b)
{
	if (strcmp(a->info.date, b->info.date) ||
	    strcmp(a->info.hostname, b->info.hostname) ||
	    strcmp(a->info.label, b->info.label) ||
	    strcmp(a->cmdline, b->cmdline) || a->nrows != b->nrows)
		return 0;
	for (unsigned int i = 0; i < a->nrows; i++) {
		const struct result_row *ra = &a->row[i], *rb = &b->row[i];

		if (!result_row_same(ra, rb) || ra->nsamples != rb->nsamples)
			return 0;
		for (unsigned int k = 0; k < ra->nsamples; k++)
			if (ra->sample[k].loops != rb->sample[k].loops ||
			    ra->sample[k].elapsed_s != rb->sample[k].elapsed_s)
				return 0;
	}
	return 1;
}

const struct result_row *results_find(const struct results *r,
				      const struct result_row *like)
{
	for (unsigned int i = 0; i < r->nrows; i++)
		if (result_row_same(&r->row[i], like))
			return &r->row[i];
	return NULL;
}

int results_rings(const struct results *r)
{
	for (unsigned int i = 0; i < r->nrows; i++)
		if (r->row[i].procs != 2 || r->row[i].ws_kb != 0)
			return 1;
	return 0;
}

int results_parallel(const struct results *r)
{
	for (unsigned int i = 0; i < r->nrows; i++)
		if (r->row[i].rings > 1 || r->row[i].shared)
			return 1;
	return 0;
}

void results_free(struct results *r)
{
	for (unsigned int i = 0; i < r->nrows; i++) {
		free(r->row[i].sample);
		free(r->row[i].inv);
	}
	free(r->row);
	r->row = NULL;
	r->nrows = 0;
}

const struct result_quantile result_quantiles[RESULT_NQUANTILES] = {
	{ .q = 0.5, .key = "p50", .title = "p50" },
	{ .q = 0.9, .key = "p90", .title = "p90" },
	{ .q = 0.99, .key = "p99", .title = "p99" },
	{ .q = 0.999, .key = "p999", .title = "p99.9" },
};

static const char *const result_orders[RESULT_NORDERS] = {
	[RESULT_ORDER_NONE] = "",
	[RESULT_ORDER_INTERLEAVE] = "interleave",
	[RESULT_ORDER_SHUFFLE] = "shuffle",
	[RESULT_ORDER_SEQUENTIAL] = "sequential",
};

const char *result_order_name(enum result_order o)
{
	return (unsigned int)o < RESULT_NORDERS ? result_orders[o] : "";
}

int result_order_parse(const char *name, enum result_order *o)
{
	for (unsigned int k = RESULT_ORDER_NONE + 1; k < RESULT_NORDERS; k++)
		if (!strcmp(name, result_orders[k])) {
			*o = (enum result_order)k;
			return 0;
		}
	return -1;
}

void result_order_list(char *buf, size_t size, const char *quote,
		       const char *last)
{
	size_t len = 0;

	buf[0] = '\0';
	for (unsigned int k = RESULT_ORDER_NONE + 1; k < RESULT_NORDERS; k++) {
		const char *sep = k == RESULT_ORDER_NONE + 1 ? "" :
				  k + 1 == RESULT_NORDERS    ? last :
							       ", ";
		int w = snprintf(buf + len, size - len, "%s%s%s%s", sep, quote,
				 result_orders[k], quote);

		if (w < 0 || (size_t)w >= size - len)
			return;
		len += (size_t)w;
	}
}

void result_note_fit(char *dst, size_t size, const char *src)
{
	static const char more[] = " ...";
	size_t len = strlen(src), room, cut = 0;

	if (!size)
		return;
	if (len < size) {
		memcpy(dst, src, len + 1);
		return;
	}
	/* What is kept, then " ..." and the NUL. */
	room = size > sizeof(more) ? size - sizeof(more) : 0;
	/* After the last whole note that fits, else the last whole word. */
	for (size_t i = room; i > 1 && !cut; i--)
		if (src[i] == ' ' && src[i - 1] == ';')
			cut = i;
	for (size_t i = room; i > 0 && !cut; i--)
		if (src[i] == ' ')
			cut = i;
	while (cut && src[cut - 1] == ' ')
		cut--;
	if (cut) {
		snprintf(dst, size, "%.*s%s", (int)cut, src, more);
		return;
	}
	/* One word, longer than the room: cut between UTF-8 characters. */
	cut = size >= sizeof(more) ? size - sizeof(more) + 1 : 0;
	while (cut && ((unsigned char)src[cut] & 0xc0) == 0x80)
		cut--;
	snprintf(dst, size, "%.*s%s", (int)cut, src, more + 1);
}

double result_row_rtt(const struct result_row *row, int clean)
{
	double sum = 0;
	unsigned int n = 0;

	for (unsigned int i = 0; i < row->nsamples; i++) {
		const struct result_sample *s = &row->sample[i];

		if (clean && s->disturbed)
			continue;
		if (!(s->rtt_p50_ns > 0))
			return hist_quantile_within(&row->rtt, 0.5);
		sum += log(s->rtt_p50_ns);
		n++;
	}
	return n ? exp(sum / n) : hist_quantile_within(&row->rtt, 0.5);
}
