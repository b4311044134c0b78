/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The flat formats: one line per figure, "key: value" or "key<TAB>value",
 * with a stable key built from the row, for the harnesses that run
 * ctxbench on many machines.  docs/keys.md is the contract.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "compare.h"
#include "formats.h"
#include "report.h"
#include "rings.h"
#include "lib/stats.h"

/* Where the lines go, and the two parts of every key before the metric. */
struct flat_out {
	FILE *f;
	enum report_flat_shape shape;
	const char *run; /* "LABEL/" with several invocations, else "" */
	const char *row; /* "pipe.same.2p.0k" */
};

/* A character of a key: letters, digits and "_-", else "_". */
static char flat_char(char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') ||
	    (c >= '0' && c <= '9') || c == '_' || c == '-')
		return c;
	return '_';
}

int report_flat_row_key(const struct results *r, const struct result_row *row,
			char *buf, size_t size)
{
	char mech[sizeof(row->mech)], place[sizeof(row->placement)], cls[32];
	size_t i;
	int len;

	/* As they are today; a saved file could hold other characters. */
	for (i = 0; row->mech[i] && i + 1 < sizeof(mech); i++)
		mech[i] = flat_char(row->mech[i]);
	mech[i] = '\0';
	for (i = 0; row->placement[i] && i + 1 < sizeof(place); i++)
		place[i] = flat_char(row->placement[i]);
	place[i] = '\0';
	/*
	 * The dimensions every row has, then those that are appended only
	 * when not at their default, in a fixed order, so that the keys of
	 * the default stay what they always were.
	 */
	result_row_class(row, cls, sizeof(cls));
	for (i = 0; cls[i]; i++)
		cls[i] = flat_char(cls[i]);
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

/*
 * A value in fixed notation with about four significant digits or all
 * its whole digits, and no trailing zeros: "130256", "12.5", "0.0021".
 * Harnesses read it as a number, so never "nan", "inf" or an exponent.
 */
static int flat_number(char *buf, size_t size, double v)
{
	double a = fabs(v);
	int dec = a >= 1000 ? 0 : a >= 100 ? 1 : a >= 10 ? 2 : a >= 1 ? 3 : 6;
	char *end;

	if (!isfinite(v) || a >= 1e18)
		return -1;
	snprintf(buf, size, "%.*f", dec, v);
	if (strchr(buf, '.')) {
		end = buf + strlen(buf) - 1;
		while (*end == '0')
			*end-- = '\0';
		if (*end == '.')
			*end = '\0';
	}
	if (strcmp(buf, "-0") == 0)
		memcpy(buf, "0", 2);
	return 0;
}

/* One line: the run, the row, @metric and the value @v. */
static void flat_put(const struct flat_out *o, const char *metric, double v)
{
	char num[64];

	if (flat_number(num, sizeof(num), v) < 0)
		return; /* no figure rather than a word where a number goes */
	fprintf(o->f, "%s%s.%s%s%s\n", o->run, o->row, metric,
		o->shape == REPORT_FLAT_TSV ? "\t" : ": ", num);
}

/*
 * The loops/sec of every run, their summary, and what they were part of.
 * A row of several invocations of one label has their runs one after the
 * other, and as its average the mean of the invocations' means, as the
 * text report and the comparison have it.
 */
static void flat_rate(const struct flat_out *o, const struct result_row *row,
		      const struct stats *s)
{
	unsigned int disturbed = 0;
	char metric[48];

	flat_put(o, "loops_per_sec", verdict_mean(row));
	if (row->ninv >= 2)
		flat_put(o, "invocations", row->ninv);
	flat_put(o, "loops_per_sec_low", s->min);
	flat_put(o, "loops_per_sec_high", s->max);
	flat_put(o, "cv_pct", s->cv * 100);
	flat_put(o, "runs", row->nsamples);
	for (unsigned int k = 0; k < row->nsamples; k++) {
		snprintf(metric, sizeof(metric), "loops_per_sec_run%u", k + 1);
		flat_put(o, metric, result_rate(&row->sample[k]));
		disturbed += row->sample[k].disturbed != 0;
	}
	flat_put(o, "disturbed_runs", disturbed);
	flat_put(o, "discarded_runs", row->discarded);
}

/* The sampled round trips, in nanoseconds. */
static void flat_rtt(const struct flat_out *o, const struct hist *h)
{
	char metric[32];

	if (!h->count)
		return;
	flat_put(o, "rtt_samples", (double)h->count);
	flat_put(o, "rtt_min_ns", (double)h->min_ns);
	for (size_t k = 0; k < RESULT_NQUANTILES; k++) {
		snprintf(metric, sizeof(metric), "rtt_%s_ns",
			 result_quantiles[k].key);
		flat_put(o, metric, hist_quantile(h, result_quantiles[k].q));
	}
	flat_put(o, "rtt_max_ns", (double)h->max_ns);
}

/* What a loop cost all the participants. */
static void flat_cpu(const struct flat_out *o, const struct result_cpu *c)
{
	double loops = (double)c->loops;

	if (!c->loops)
		return;
	flat_put(o, "cpu_user_ns_per_loop", c->user_s * 1e9 / loops);
	flat_put(o, "cpu_sys_ns_per_loop", c->sys_s * 1e9 / loops);
	flat_put(o, "cpu_vol_cs_per_loop", (double)c->nvcsw / loops);
	flat_put(o, "cpu_invol_cs_per_loop", (double)c->nivcsw / loops);
	if (c->seconds > 0)
		flat_put(o, "cpu_busy_cpus",
			 (c->user_s + c->sys_s) / c->seconds);
}

/*
 * The verdict on @cell against the baseline label's same row, as the
 * text report gives it: the change, the smallest change the comparison
 * could mark when known, and only when judged against the noise between
 * invocations its p-value and whether it is marked.
 */
static void flat_change(const struct flat_out *o,
			const struct compare_cell *cell)
{
	if (cell->mark == COMPARE_BASELINE || isnan(cell->v.change))
		return;
	flat_put(o, "change_pct", cell->v.change * 100);
	flat_put(o, "detect_pct", cell->v.detect * 100); /* none when NAN */
	if (cell->mark != COMPARE_NOT_JUDGED) {
		flat_put(o, "p", cell->v.p);
		flat_put(o, "marked", cell->mark == COMPARE_MARKED);
	} else if (compare_why_mark(cell->why) &&
		   strcmp(compare_why_mark(cell->why), " ")) {
		/* A reason with a mark of its own: not_judged_disturbed... */
		char metric[48];

		snprintf(metric, sizeof(metric), "not_judged_%s",
			 compare_why_key(cell->why));
		flat_put(o, metric, 1);
	}
	if (cell->want_reps)
		flat_put(o, "replicates_for_want", cell->want_reps);
	if (cell->runs_left)
		flat_put(o, "left_out_runs", cell->runs_left);
	if (cell->drifts)
		flat_put(o, "drift_pct_per_hour", cell->drift * 100);
}

/* Of a run with -j or --shared: each ring's rates and the scalability. */
static void flat_rings(const struct flat_out *o, const struct results *r,
		       const struct result_row *row)
{
	double slow, fast;

	rings_rates(row, &slow, &fast);
	flat_put(o, "ring_slowest_loops_per_sec", slow);
	flat_put(o, "ring_fastest_loops_per_sec", fast);
	flat_put(o, "scalability", rings_scalability(r, row));
	if (row->flags & RESULT_OVERSUB)
		flat_put(o, "oversubscribed", 1);
}

/*
 * The findings of @row that its figures above do not already say: an
 * emulated CPU, a row unpinned, the outliers and the two clusters.  The
 * disturbed, discarded, degenerate and oversubscribed runs and the rings
 * have their keys among the figures.
 */
static void flat_finding(const struct flat_out *o,
			 const struct report_finding *f)
{
	const char *key = report_finding_key(f->kind);
	char metric[64];

	switch (f->kind) {
	case FINDING_EMULATED:
	case FINDING_MIGRATED:
		flat_put(o, key, 1);
		break;
	case FINDING_OUTLIERS:
		flat_put(o, key, f->n);
		for (unsigned int k = 0; k < f->n; k++) {
			snprintf(metric, sizeof(metric), "outlier_run%u",
				 f->runs[k]);
			flat_put(o, metric, f->rates[k]);
		}
		break;
	case FINDING_CLUSTERS:
		snprintf(metric, sizeof(metric), "%s_low_runs", key);
		flat_put(o, metric, f->n);
		snprintf(metric, sizeof(metric), "%s_low_loops_per_sec", key);
		flat_put(o, metric, f->lo);
		snprintf(metric, sizeof(metric), "%s_high_runs", key);
		flat_put(o, metric, f->of - f->n);
		snprintf(metric, sizeof(metric), "%s_high_loops_per_sec", key);
		flat_put(o, metric, f->hi);
		break;
	default:
		break;
	}
}

/* The findings of @row of label @label of @m's comparison, or NULL. */
static const struct report_findings *flat_findings(const struct report_model *m,
						   unsigned int label,
						   const struct result_row *row)
{
	const struct results *g = m->cmp.r[label];

	for (unsigned int k = 0; label < m->cmp.n && k < g->nrows; k++)
		if (result_row_same(&g->row[k], row))
			return &m->find[label][k];
	return NULL;
}

/*
 * Every row of @r: its status, and its figures when it was measured
 * whole, with the verdict of its cell in @cell (NULL: no comparison).  A
 * row that failed, hung or was interrupted keeps no figure, even of the
 * runs that ended well: a harness would compare them as if they were a
 * whole measurement.
 */
static void flat_invocation(struct flat_out *o, const struct report_model *m,
			    unsigned int label, const struct results *r,
			    struct compare_cell *const *cell)
{
	const struct report_findings *fs;
	char key[256];

	for (unsigned int j = 0; j < r->nrows; j++) {
		const struct result_row *row = &r->row[j];
		struct stats s;

		if (report_flat_row_key(r, row, key, sizeof(key)) < 0)
			continue;
		o->row = key;
		flat_put(o, result_status_key(row->status), 1);
		if (row->status != RESULT_OK || !row->nsamples)
			continue;
		result_row_stats(row, &s);
		flat_rate(o, row, &s);
		flat_rtt(o, &row->rtt);
		flat_cpu(o, &row->cpu);
		if (results_rings(r)) {
			flat_put(o, "hop_ns",
				 1e9 * result_row_rings(row) /
					 (s.mean * row->procs));
			if (row->hop_work_ns > 0)
				flat_put(o, "hop_work_ns", row->hop_work_ns);
		}
		if (row->migrations >= 0)
			flat_put(o, "migrations", (double)row->migrations);
		if (row->flags & RESULT_DEGENERATE)
			flat_put(o, "degenerate", 1);
		if (results_parallel(r))
			flat_rings(o, r, row);
		if (cell)
			flat_change(o, cell[j]);
		fs = flat_findings(m, label, row);
		for (unsigned int k = 0; fs && k < fs->n; k++)
			flat_finding(o, &fs->f[k]);
	}
}

/* @label as the first part of a key: "." and "+" kept, as in "6.1+". */
static void flat_label(const char *label, char *buf, size_t size)
{
	size_t k;

	for (k = 0; label[k] && k + 1 < size; k++)
		buf[k] = label[k] == '.' || label[k] == '+' ?
				 label[k] :
				 flat_char(label[k]);
	buf[k] = '\0';
	if (!k && size > 1)
		memcpy(buf, "_", 2);
}

/*
 * The prefix of label @i's keys, "6.1/"; a label that reads as an earlier
 * one once made a key ("6.2 rc1", "6.2_rc1") gets _2, _3...
 */
static void flat_run(const struct results *const *g, unsigned int i, char *buf,
		     size_t size)
{
	char mine[sizeof(g[i]->info.label)], other[sizeof(mine)];
	unsigned int seen = 1;

	flat_label(g[i]->info.label, mine, sizeof(mine));
	for (unsigned int j = 0; j < i; j++) {
		flat_label(g[j]->info.label, other, sizeof(other));
		seen += strcmp(mine, other) == 0;
	}
	if (seen > 1)
		snprintf(buf, size, "%s_%u/", mine, seen);
	else
		snprintf(buf, size, "%s/", mine);
}

/* The flat format of @m in @shape. */
static int flat_render(FILE *f, const struct report_model *m,
		       enum report_flat_shape shape)
{
	struct flat_out o = { .f = f, .shape = shape, .run = "" };
	const struct compare *c = &m->cmp;
	char run[sizeof(c->r[0]->info.label) + 16];

	if (m->n < 2) {
		if (m->n)
			flat_invocation(&o, m, 0, m->r[0], NULL);
		return 0;
	}
	for (unsigned int i = 0; i < c->n; i++) {
		flat_run(c->r, i, run, sizeof(run));
		o.run = run;
		flat_invocation(&o, m, i, c->r[i], c->cell[i]);
	}
	return 0;
}

static int flat_kv(FILE *f, const struct report_model *m)
{
	return flat_render(f, m, REPORT_FLAT_KV);
}

static int flat_tsv(FILE *f, const struct report_model *m)
{
	return flat_render(f, m, REPORT_FLAT_TSV);
}

const struct report_format report_format_kv = { "kv", flat_kv };
const struct report_format report_format_tsv = { "tsv", flat_tsv };

int report_flat(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise, enum report_flat_shape shape)
{
	struct report_model m;

	if (report_model_build(&m, r, n, baseline, noise, nnoise, 0) < 0)
		return -ENOMEM;
	flat_render(f, &m, shape);
	report_model_free(&m);
	return 0;
}
