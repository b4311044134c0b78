/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The report model: the comparison, each row's findings, the legend. */
#include <errno.h>
#include <math.h>
#include <stddef.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "facts/cores.h"
#include "facts/emulation.h"
#include "facts/sched.h"
#include "model.h"
#include "lib/stats.h"
#include "rings.h"
#include "textkit.h"

/*
 * Each finding once: its key, and its words (a format of its figures;
 * @other the words when its kind says it another way).
 */
static const struct {
	const char *key, *words, *other;
} finding_rows[FINDING_KINDS] = {
	[FINDING_EMULATED] = { "emulated",
			       "emulated CPU: the emulator's times, not the "
			       "kernel's",
			       NULL },
	[FINDING_SCHED_EXT] = { "sched_ext",
				"sched_ext: run by the BPF scheduler %s",
				NULL },
	[FINDING_RAN_ON] = { "ran_on", "core types: ran on %s", NULL },
	[FINDING_MIGRATED] = { "migrated",
			       "unpinned: moved between CPUs %lld time%s",
			       "unpinned: moved between CPUs, how often "
			       "unknown" },
	[FINDING_DEGENERATE] = { "degenerate",
				 "degenerate: the spinners share one CPU and "
				 "the token moves\n     only when a time "
				 "slice ends",
				 NULL },
	[FINDING_RINGS] = { "rings",
			    "x%u: slowest ring %.0f, fastest %.0f loops/sec; "
			    "scalability %.2f",
			    "x%u: slowest ring %.0f, fastest %.0f loops/sec; "
			    "no x1 row to scale by" },
	[FINDING_OVERSUBSCRIBED] = { "oversubscribed",
				     "oversubscribed: more of its tasks than "
				     "CPUs for them",
				     NULL },
	[FINDING_DISTURBED] = { "disturbed",
				"disturbed: %u of %u runs; run %u: %s",
				"disturbed: %u of %u runs, averaged anyway; "
				"run %u: %s" },
	[FINDING_DISCARDED] = { "discarded",
				"%u disturbed run%s discarded and run again",
				NULL },
	[FINDING_OUTLIERS] = { "outliers",
			       "outside the Tukey fences:", " run %u %.0f" },
	[FINDING_CLUSTERS] = { "clusters",
			       "two clusters: %u runs near %.0f, %u near %.0f "
			       "loops/sec",
			       NULL },
};

#define FINDING_RUNS_SAID 4 /* outliers named in the words */

const char *report_finding_key(enum report_finding_kind k)
{
	return (unsigned int)k < FINDING_KINDS ? finding_rows[k].key : "";
}

/* A new finding of @kind at the end of @fs; NULL when out of memory. */
static struct report_finding *finding_add(struct report_findings *fs,
					  enum report_finding_kind kind)
{
	struct report_finding *f = realloc(fs->f, (fs->n + 1) * sizeof(*fs->f));

	if (!f)
		return NULL;
	fs->f = f;
	f = &fs->f[fs->n++];
	memset(f, 0, sizeof(*f));
	f->kind = kind;
	f->scale = NAN;
	return f;
}

/* Its words, from @fmt; 0, or -ENOMEM. */
static int finding_say(struct report_finding *f, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static int finding_say(struct report_finding *f, const char *fmt, ...)
{
	va_list ap;
	int rc;

	va_start(ap, fmt);
	rc = vasprintf(&f->words, fmt, ap);
	va_end(ap);
	if (rc < 0) {
		f->words = NULL;
		return -ENOMEM;
	}
	return 0;
}

/* A finding of no figure, or of the migrations. */
static int finding_plain(struct report_findings *fs,
			 enum report_finding_kind kind, long long moves)
{
	struct report_finding *f = finding_add(fs, kind);

	if (!f)
		return -ENOMEM;
	f->moves = moves;
	if (kind == FINDING_MIGRATED && moves < 0)
		return finding_say(f, "%s", finding_rows[kind].other);
	return finding_say(f, finding_rows[kind].words, moves,
			   moves == 1 ? "" : "s");
}

/* Of several rings at once: the slowest and fastest ring, the scale. */
static int finding_rings(struct report_findings *fs, const struct results *r,
			 const struct result_row *row)
{
	struct report_finding *f = finding_add(fs, FINDING_RINGS);

	if (!f)
		return -ENOMEM;
	f->n = result_row_rings(row);
	rings_rates(row, &f->lo, &f->hi);
	f->scale = rings_scalability(r, row);
	if (isnan(f->scale))
		return finding_say(f, finding_rows[FINDING_RINGS].other, f->n,
				   f->lo, f->hi);
	return finding_say(f, finding_rows[FINDING_RINGS].words, f->n, f->lo,
			   f->hi, f->scale);
}

/*
 * Is every invocation of @row (of @bad disturbed runs) left out?  Then
 * its average is that of all its runs (verdict_mean()), disturbed ones
 * and all, and its finding says so.
 */
static int finding_all_left(const struct result_row *row, unsigned int bad)
{
	if (!row->inv || !row->ninv)
		return bad == row->nsamples;
	for (unsigned int i = 0; i < row->ninv; i++)
		if (!row->inv[i].left)
			return 0;
	return 1;
}

/* Disturbed runs: how many, the worst, its reason. */
static int finding_disturbed(struct report_findings *fs,
			     const struct result_row *row)
{
	unsigned int bad = 0, worst = 0;
	double worst_share = -1;
	struct report_finding *f;
	const char *fmt;

	for (unsigned int i = 0; i < row->nsamples; i++) {
		const struct result_sample *smp = &row->sample[i];
		double share = smp->steal_share + smp->other_share;

		if (!smp->disturbed)
			continue;
		bad++;
		if (!(share <= worst_share)) {
			worst_share = share;
			worst = i;
		}
	}
	if (!bad)
		return 0;
	f = finding_add(fs, FINDING_DISTURBED);
	if (!f)
		return -ENOMEM;
	*f = (struct report_finding){ .kind = FINDING_DISTURBED,
				      .n = bad,
				      .of = row->nsamples,
				      .run = worst + 1,
				      .scale = NAN,
				      .why = row->sample[worst].why };
	fmt = finding_all_left(row, bad) ?
		      finding_rows[FINDING_DISTURBED].other :
		      finding_rows[FINDING_DISTURBED].words;
	/* The reason whole: each format lays it out in its own lines. */
	return finding_say(f, fmt, bad, row->nsamples, worst + 1, f->why);
}

/* The runs outside the Tukey fences, the first few named in the words. */
static int finding_outliers(struct report_findings *fs,
			    const struct result_row *row, const double *rate,
			    const unsigned char *out, unsigned int nout)
{
	struct report_finding *f = finding_add(fs, FINDING_OUTLIERS);
	size_t len = strlen(finding_rows[FINDING_OUTLIERS].words);
	unsigned int k = 0;

	if (!f)
		return -ENOMEM;
	f->n = nout;
	f->of = row->nsamples;
	f->runs = calloc(nout, sizeof(*f->runs));
	f->rates = calloc(nout, sizeof(*f->rates));
	f->words = malloc(len + FINDING_RUNS_SAID * 40 + 1);
	if (!f->runs || !f->rates || !f->words)
		return -ENOMEM;
	memcpy(f->words, finding_rows[FINDING_OUTLIERS].words, len + 1);
	for (unsigned int i = 0; i < row->nsamples && k < nout; i++) {
		if (!out[i])
			continue;
		f->runs[k] = i + 1;
		f->rates[k] = rate[i];
		if (k++ < FINDING_RUNS_SAID)
			len += (size_t)snprintf(
				f->words + len, 40,
				finding_rows[FINDING_OUTLIERS].other, i + 1,
				rate[i]);
	}
	return 0;
}

/* Outliers and two clusters of the loops/sec of @row's runs. */
static int finding_spread(struct report_findings *fs,
			  const struct result_row *row)
{
	double *rate, lo, hi;
	unsigned char *out;
	int nout, rc = -ENOMEM;
	size_t nlo;

	if (row->nsamples < 4)
		return 0;
	rate = malloc(row->nsamples * sizeof(*rate));
	out = calloc(row->nsamples, 1);
	if (!rate || !out)
		goto out;
	for (unsigned int i = 0; i < row->nsamples; i++)
		rate[i] = result_rate(&row->sample[i]);
	nout = stats_tukey(rate, row->nsamples, out);
	rc = 0;
	if (nout > 0)
		rc = finding_outliers(fs, row, rate, out, (unsigned int)nout);
	if (!rc &&
	    stats_two_clusters(rate, row->nsamples, &lo, &hi, &nlo) == 1) {
		struct report_finding *f = finding_add(fs, FINDING_CLUSTERS);

		if (!f) {
			rc = -ENOMEM;
			goto out;
		}
		f->n = (unsigned int)nlo;
		f->of = row->nsamples;
		f->lo = lo;
		f->hi = hi;
		rc = finding_say(f, finding_rows[FINDING_CLUSTERS].words, f->n,
				 lo, f->of - f->n, hi);
	}
out:
	free(rate);
	free(out);
	return rc;
}

/*
 * A BPF scheduler ran @row of @r: one ran every task (switch_all), and
 * the participants' class is one it takes (not fifo or rr).
 */
static int finding_sched_ext(struct report_findings *fs,
			     const struct results *r,
			     const struct result_row *row)
{
	struct report_finding *f;
	char name[72];

	if (sched_ext_all(r->info.sched_ext, name, sizeof(name)) != 1 ||
	    !strcmp(row->policy, "fifo") || !strcmp(row->policy, "rr"))
		return 0;
	f = finding_add(fs, FINDING_SCHED_EXT);
	if (!f)
		return -ENOMEM;
	snprintf(f->name, sizeof(f->name), "%s", name);
	return finding_say(f, finding_rows[FINDING_SCHED_EXT].words, name);
}

/*
 * The core types @types ("P-core+E-core", "capacity 1024+capacity 414")
 * in words: "P-cores and E-cores", "CPUs of capacity 1024 and 414".
 */
static void finding_types(const char *types, char *out, size_t size)
{
	static const char cap[] = "capacity ";
	int caps = !strncmp(types, cap, strlen(cap));
	size_t len = 0;

	out[0] = '\0';
	if (caps)
		len = (size_t)snprintf(out, size, "CPUs of capacity ");
	for (const char *p = types; *p && len < size;) {
		size_t n = strcspn(p, "+"), skip = caps ? strlen(cap) : 0;
		int k;

		skip = n > skip && !strncmp(p, cap, skip) ? skip : 0;
		k = snprintf(out + len, size - len, "%s%.*s%s",
			     p == types ? "" : " and ", (int)(n - skip),
			     p + skip, caps ? "" : "s");
		len += k > 0 ? (size_t)k : 0;
		p += n + (p[n] == '+');
	}
}

/* Of a machine of several core types: the types @row's CPUs were. */
static int finding_ran_on(struct report_findings *fs, const struct results *r,
			  const struct result_row *row)
{
	struct report_finding *f;
	unsigned int big, little;
	char types[72], words[128];

	if (!cores_of(&r->info, row->cpus, &big, &little, types, sizeof(types)))
		return 0;
	f = finding_add(fs, FINDING_RAN_ON);
	if (!f)
		return -ENOMEM;
	f->n = big;
	f->of = little;
	snprintf(f->name, sizeof(f->name), "%s", types);
	finding_types(types, words, sizeof(words));
	return finding_say(f, finding_rows[FINDING_RAN_ON].words, words);
}

/* Every finding of @row of @r, in the order the text report says them. */
static int findings_of(struct report_findings *fs, const struct results *r,
		       const struct result_row *row)
{
	int rc = 0;

	if (row->nsamples && emulation_yes(r->info.emulated))
		rc = finding_plain(fs, FINDING_EMULATED, 0);
	if (!rc && row->nsamples)
		rc = finding_sched_ext(fs, r, row);
	if (!rc && row->nsamples)
		rc = finding_ran_on(fs, r, row);
	/* Merged with an invocation that could not count them: unknown. */
	if (!rc && (row->flags & RESULT_MIGRATED))
		rc = finding_plain(fs, FINDING_MIGRATED,
				   row->migrations > 0 ? row->migrations : -1);
	if (!rc && (row->flags & RESULT_DEGENERATE))
		rc = finding_plain(fs, FINDING_DEGENERATE, 0);
	/* One ring is its own slowest and fastest, and the scale itself. */
	if (!rc && results_parallel(r) && row->nsamples &&
	    result_row_rings(row) > 1)
		rc = finding_rings(fs, r, row);
	if (!rc && results_parallel(r) && row->nsamples &&
	    (row->flags & RESULT_OVERSUB))
		rc = finding_plain(fs, FINDING_OVERSUBSCRIBED, 0);
	if (!rc)
		rc = finding_disturbed(fs, row);
	if (!rc && row->discarded) {
		struct report_finding *f = finding_add(fs, FINDING_DISCARDED);

		if (!f)
			return -ENOMEM;
		f->n = row->discarded;
		rc = finding_say(f, finding_rows[FINDING_DISCARDED].words, f->n,
				 f->n == 1 ? "" : "s");
	}
	return rc ? rc : finding_spread(fs, row);
}

static void findings_free(struct report_findings *fs)
{
	for (unsigned int i = 0; i < fs->n; i++) {
		free(fs->f[i].runs);
		free(fs->f[i].rates);
		free(fs->f[i].words);
	}
	free(fs->f);
}

const struct report_findings *
report_cell_findings(const struct report_model *m,
		     const struct compare_cell *cell)
{
	const struct results *r = m->cmp.r[cell->label];

	return &m->find[cell->label][cell->row - r->row];
}

/* The findings of every row of every label of @m's comparison. */
static int model_findings(struct report_model *m)
{
	const struct compare *c = &m->cmp;

	m->find = calloc(c->n ? c->n : 1, sizeof(*m->find));
	if (!m->find)
		return -ENOMEM;
	for (unsigned int i = 0; i < c->n; i++) {
		m->find[i] = calloc(c->r[i]->nrows ? c->r[i]->nrows : 1,
				    sizeof(*m->find[i]));
		if (!m->find[i])
			return -ENOMEM;
		for (unsigned int j = 0; j < c->r[i]->nrows; j++)
			if (findings_of(&m->find[i][j], c->r[i],
					&c->r[i]->row[j]) < 0)
				return -ENOMEM;
	}
	return 0;
}

/* What each of enum report_said reads: a fact, its words for yes and no. */
static const struct {
	size_t off;
	const char *yes, *no;
} said_rows[REPORT_NSAID] = {
	[SAID_EEVDF] = { offsetof(struct result_info, fair_sched), "EEVDF",
			 "CFS neither" },
	[SAID_PROXY_EXEC] = { offsetof(struct result_info, proxy_exec), "on",
			      "off no" },
	[SAID_CORE_SCHED] = { offsetof(struct result_info, core_sched), "yes",
			      "no" },
	[SAID_TSC_STABLE] = { offsetof(struct result_info, tsc), "stable",
			      "unstable variable" },
};

/* What the invocations of label @label say of @k alike: 1, 0 or -1. */
static signed char model_said_of(const struct report_model *m,
				 const char *label, enum report_said k)
{
	int said = -2;

	for (unsigned int j = 0; j < m->n; j++) {
		const char *info = (const char *)&m->r[j]->info;
		int x;

		if (strcmp(m->r[j]->info.label, label))
			continue;
		x = sched_said(info + said_rows[k].off, said_rows[k].yes,
			       said_rows[k].no);
		said = said == -2 || said == x ? x : -1;
	}
	return (signed char)(said == -2 ? -1 : said);
}

/* What each label's kernel says of itself, as numbers. */
static int model_said(struct report_model *m)
{
	m->said = calloc(m->cmp.n ? m->cmp.n : 1, sizeof(*m->said));
	if (!m->said)
		return -ENOMEM;
	for (unsigned int i = 0; i < m->cmp.n; i++)
		for (int k = 0; k < REPORT_NSAID; k++)
			m->said[i][k] =
				model_said_of(m, m->cmp.r[i]->info.label,
					      (enum report_said)k);
	return 0;
}

/* ---- The legend ---- */

/* An entry of @key, its words from @fmt; 0, or -ENOMEM. */
static int legend_add(struct report_model *m, const char *key,
		      unsigned int label, const char *fmt, ...)
	__attribute__((format(printf, 4, 5)));

static int legend_add(struct report_model *m, const char *key,
		      unsigned int label, const char *fmt, ...)
{
	struct report_legend *e;
	va_list ap;
	int rc;

	e = realloc(m->legend, (m->nlegend + 1) * sizeof(*m->legend));
	if (!e)
		return -ENOMEM;
	m->legend = e;
	e = &m->legend[m->nlegend];
	va_start(ap, fmt);
	rc = vasprintf(&e->words, fmt, ap);
	va_end(ap);
	if (rc < 0)
		return -ENOMEM;
	e->key = key;
	e->part = REPORT_LEGEND_DETAIL;
	e->label = label;
	m->nlegend++;
	return 0;
}

/* The last entry added, moved to part @part of the legend. */
static void legend_part(struct report_model *m, enum report_legend_part part)
{
	m->legend[m->nlegend - 1].part = part;
}

/* @x as "N times in D", the smallest such D up to 20; else a percent. */
static void legend_times(char *buf, size_t size, double x)
{
	for (unsigned int d = 1; d <= 20; d++) {
		double t = x * d;

		if (fabs(t - round(t)) < 1e-9) {
			snprintf(buf, size, "%.0f times in %u", t, d);
			return;
		}
	}
	snprintf(buf, size, "%.0f %% of the time", x * 100);
}

/* What a label's replicates are: "3 invocations, 2 boots, took turns...". */
static int legend_level(struct report_model *m, unsigned int i)
{
	const struct results *g = m->cmp.r[i];
	char boots[32], how[80];

	if (g->boots)
		snprintf(boots, sizeof(boots), "%u boot%s", g->boots,
			 g->boots == 1 ? "" : "s");
	else
		snprintf(boots, sizeof(boots), "boots unknown");
	if (!g->blocks)
		snprintf(how, sizeof(how),
			 "order unknown: replicates are invocations");
	else if (g->level == RESULT_LEVEL_ONE_BLOCK)
		snprintf(how, sizeof(how), "one block: no replicates");
	else
		snprintf(how, sizeof(how),
			 "took turns (%u blocks): replicates are %s", g->blocks,
			 report_level_key(g->level));
	return legend_add(m, "level", i, "%u invocations, %s, %s",
			  g->invocations, boots, how);
}

/* The reasons not to judge that @c's rows have, each in its words. */
static int legend_whys(struct report_model *m)
{
	static const enum compare_why whys[] = { COMPARE_NO_NOISE,
						 COMPARE_ONE_BLOCK,
						 COMPARE_DISTURBED,
						 COMPARE_NO_SPREAD };
	const struct compare *c = &m->cmp;
	int rc = 0;

	unsigned int runs = 0;

	for (size_t k = 0; k < sizeof(whys) / sizeof(whys[0]) && !rc; k++) {
		if (!(c->whys & 1u << whys[k]))
			continue;
		runs = 1;
		rc = legend_add(m, compare_why_key(whys[k]), 0, "%s",
				compare_why_legend(whys[k]));
	}
	/* Each of those rows has its detect in brackets. */
	if (!rc && runs)
		rc = legend_add(m, "detect_runs", 0,
				"[detect]: what its runs alone could see, a "
				"lower bound.");
	return rc;
}

/* Does a row of @c with runs show no change ("-"), or no detect? */
static void legend_dashes(const struct compare *c, int *change, int *detect)
{
	*change = *detect = 0;
	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];

			if (!cell->row->nsamples ||
			    cell->mark == COMPARE_BASELINE)
				continue;
			if (isnan(cell->v.change))
				*change = 1;
			else if (isnan(cell->v.detect))
				*detect = 1;
		}
}

/* What "-" means where the change or the detect column has it. */
static int legend_none(struct report_model *m)
{
	int change, detect, rc = 0;

	legend_dashes(&m->cmp, &change, &detect);
	if (change)
		rc = legend_add(m, "no_change", 0,
				"-: no change: the baseline did not measure "
				"the row, or a side has no run, or none left "
				"undisturbed, to compare.");
	if (!rc && detect)
		rc = legend_add(m, "no_detect", 0,
				"detect -: too few replicates to tell what "
				"change could be seen.");
	return rc;
}

/*
 * Labels that ran in one boot (the same boot ID): one kernel build and
 * boot, so what differs between them is not the kernel.
 */
static int legend_same_boot(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	int rc = 0;

	/* Each label once, with the first label before it of its boot. */
	for (unsigned int j = 1; j < c->n && !rc; j++)
		for (unsigned int i = 0; i < j; i++) {
			const struct result_info *a = &c->r[i]->info,
						 *b = &c->r[j]->info;

			if (!a->boot_id[0] || strcmp(a->boot_id, b->boot_id))
				continue;
			rc = legend_add(m, "same_boot", j,
					"same boot: %s and %s ran in "
					"one boot of one kernel build: "
					"what differs between them is "
					"not the kernel.",
					a->label, b->label);
			if (!rc)
				legend_part(m, REPORT_LEGEND_WARN);
			break;
		}
	return rc;
}

/*
 * --brief's entry of label @l of the want entries: how many rows, and
 * the fewest and most replicates they would need.
 */
static int legend_want_brief(struct report_model *m, unsigned int l)
{
	const struct compare *c = &m->cmp;
	unsigned int rows = 0, lo = 0, hi = 0;

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++) {
			unsigned int n = c->row[k].cell[i].verdict_reps;

			if (c->row[k].cell[i].label != l || !n)
				continue;
			lo = rows++ ? (n < lo ? n : lo) : n;
			hi = n > hi ? n : hi;
		}
	if (!rows)
		return 0;
	return legend_add(m, "want_label", l, "%u to %s%u %s, %u %s", lo,
			  hi >= VERDICT_MAX_REPLICATES ? ">= " : "", hi,
			  text_rep_unit(c->r[l]), rows,
			  rows > 1 ? "rows" : "row");
}

/* The want entries of label @l: its label, then one a row it has. */
static int legend_want_rows(struct report_model *m, unsigned int l)
{
	const struct compare *c = &m->cmp;
	int named = 0, rc = 0;

	for (unsigned int k = 0; k < c->nrows && !rc; k++)
		for (unsigned int i = 0; i < c->row[k].ncells && !rc; i++) {
			const struct compare_cell *cell = &c->row[k].cell[i];
			const struct verdict *v =
				compare_cell_stat(cell, cell->by, NULL, NULL);

			if (cell->label != l || !cell->verdict_reps)
				continue;
			if (!named++)
				rc = legend_add(m, "want_label", l, "%s", "");
			if (!rc)
				rc = legend_add(
					m, "want_row", l,
					"%s%u %s for %.16s %.12s (has %u and %u)",
					cell->verdict_reps >=
							VERDICT_MAX_REPLICATES ?
						">= " :
						"",
					cell->verdict_reps,
					text_rep_unit(c->r[l]), cell->row->mech,
					cell->row->placement, v->na, v->nb);
		}
	return rc;
}

/*
 * The rows not judged, or judged with detect above the detect wanted
 * (of the statistic that decides the row, compare_cell.verdict_reps),
 * and the replicates a side would need to reach it: the entry "want",
 * then of each label one "want_label" and (without --brief) one
 * "want_row" a row, last of the legend (report_model_want() replaces
 * them).
 */
static int legend_want(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	unsigned int rows = 0;
	int rc;

	for (unsigned int k = 0; k < c->nrows; k++)
		for (unsigned int i = 0; i < c->row[k].ncells; i++)
			rows += c->row[k].cell[i].verdict_reps > 0;
	if (!rows)
		return 0;
	if (m->flags & REPORT_BRIEF)
		rc = legend_add(m, "want", 0,
				"want %g %%: for detect to reach it a side "
				"would need (rows: without --brief):",
				c->want);
	else
		rc = legend_add(m, "want", 0,
				"want %g %%: for detect to reach it, from the "
				"spread they measured, a side would need:",
				c->want);
	for (unsigned int l = 0; l < c->n && !rc; l++)
		rc = m->flags & REPORT_BRIEF ? legend_want_brief(m, l) :
					       legend_want_rows(m, l);
	return rc;
}

int report_model_want(struct report_model *m, double pct)
{
	compare_want(&m->cmp, pct);
	text_cell_words(&m->cmp); /* "needs ~N" of the new want */
	report_model_trend_want(m, pct);
	if (!m->legend)
		return 0;
	/* The want entries are the last. */
	for (unsigned int k = 0; k < m->nlegend; k++)
		if (!strncmp(m->legend[k].key, "want", 4)) {
			while (m->nlegend > k)
				free(m->legend[--m->nlegend].words);
			break;
		}
	return legend_want(m);
}

/* What a mark and detect mean: the t-test, its level, its power. */
static int legend_marks(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	char times[48];
	int rc;

	legend_times(times, sizeof(times), VERDICT_POWER);
	if (c->noise_invocations)
		rc = legend_add(m, "marked", 0,
				"*...*: stands out from the noise "
				"between replicates (t-test of their "
				"means; the noise: their spread within "
				"each label and within --noise's labels) "
				"at the report's level, "
				"Benjamini-Hochberg at %.0f %% over its "
				"%u test%s (A/A: a mark at most %.0f %% "
				"of the time); (...): not.",
				VERDICT_FAMILY_PCT, c->tests,
				c->tests == 1 ? "" : "s", VERDICT_FAMILY_PCT);
	else
		rc = legend_add(m, "marked", 0,
				"*...*: stands out from the noise "
				"between replicates (t-test of their "
				"means; the noise: their spread within "
				"each label) at the report's level, "
				"Benjamini-Hochberg at %.0f %% over its "
				"%u test%s (A/A: a mark at most %.0f %% "
				"of the time); (...): not.",
				VERDICT_FAMILY_PCT, c->tests,
				c->tests == 1 ? "" : "s", VERDICT_FAMILY_PCT);
	if (!rc && c->rtt_tests)
		rc = legend_add(m, "detect_weighted", 0,
				"detect: the smallest change so marked "
				"%s (at its test's level).",
				times);
	else if (!rc && c->cpu_tests)
		rc = legend_add(m, "detect", 0,
				"detect: the smallest change so marked "
				"%s (a test alone at %.2g %% for "
				"loops/sec, %.2g %% for " TEXT_CPU_NAME
				", where it has both).",
				times, c->alpha * VERDICT_LOOPS_WEIGHT * 100,
				c->alpha * VERDICT_CPU_WEIGHT * 100);
	else if (!rc)
		rc = legend_add(m, "detect", 0,
				"detect: the smallest change so marked "
				"%s (a test alone at %.2g %%).",
				times, c->alpha * 100);
	return rc;
}

/* What was kept, left out, drifted, and the A/A invocations. */
static int legend_runs(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	unsigned int noise = c->noise_invocations;
	int rc = 0;

	if (c->runs_kept)
		rc = legend_add(
			m, "kept", 0,
			"kept: %u of %u runs disturbed, kept in the "
			"averages and the verdict: the labels took "
			"turns, so a disturbance fell on either side at "
			"random, noise the test sees.",
			c->runs_kept, c->runs_all);
	if (!rc)
		rc = legend_whys(m);
	if (!rc)
		rc = legend_none(m);
	if (!rc && c->runs_left)
		rc = legend_add(m, "left_out", 0,
				"left out: %u of %u runs disturbed (%u "
				"invocation%s with fewer than half its runs "
				"undisturbed), from the averages and the "
				"verdict.",
				c->runs_left, c->runs_all, c->inv_left,
				c->inv_left == 1 ? "" : "s");
	if (!rc && c->drifts)
		rc = legend_add(m, "drift", 0,
				"change~: the label's invocations drift over "
				"time inside their blocks or boots (slope of "
				"their mean logs, p < %g).",
				VERDICT_ALPHA);
	if (!rc && noise)
		rc = legend_add(m, "noise", 0,
				"noise: %u invocation%s of --noise.", noise,
				noise == 1 ? "" : "s");
	return rc;
}

/*
 * The verdicts beside loops/sec where the method has the round trip's:
 * what each statistic is, the method, the weights of a row's shares.
 */
static int legend_tests(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	const double *w = c->method->w;

	return legend_add(
		m, "rtt", 0,
		TEXT_RTT_NAME
		": each invocation's median round trip; " TEXT_CPU_NAME
		": its participants' CPU time a loop; each a "
		"rate (positive: faster) and a test of its own where the "
		"labels took turns, beside loops/sec (method %s, %s, weights "
		"%.2g, %.2g, %.2g).",
		c->method->name,
		c->method->judge == verdict_rows ? "unpaired" : "paired",
		w[VERDICT_LOOPS], w[VERDICT_CPU], w[VERDICT_RTT]);
}

/*
 * The few plain words a reader needs before the tables: the change and
 * its marks, the verdict's words, detect where the table has it, and
 * where the statistics are.  Each a plain entry; the full report gives
 * the detail after its tables, --brief leaves it out.
 */
static int legend_plain(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	int brief = m->flags & REPORT_BRIEF, rc;
	char times[48];

	legend_times(times, sizeof(times), VERDICT_POWER);
	rc = legend_add(
		m, "change", 0,
		"change: the average against the baseline's, + "
		"when faster%s",
		c->marks & (1u << COMPARE_MARKED | 1u << COMPARE_NOT_MARKED) ?
			"; *...*: stands out from the spread "
			"between replicates, (...): does not." :
			".");
	if (!rc)
		rc = legend_add(m, "verdict", 0,
				"verdict: slower or faster where marked, by "
				"loops/sec or the statistic named; else not "
				"significant%s or not judged%s.",
				brief ? "" : " (needs ~N replicates a side)",
				brief ? "" : " (why)");
	if (!rc && !brief)
		rc = legend_add(m, "power", 0,
				"detect: the least change so marked %s.",
				times);
	if (!rc)
		rc = legend_add(m, "method", 0, "%s ctxbench(1), Comparisons.",
				brief ? "What each needs and why: without "
					"--brief; the statistics:" :
					"The statistics: How it was judged, "
					"below;");
	for (unsigned int k = 0; k < m->nlegend; k++)
		m->legend[k].part = REPORT_LEGEND_PLAIN;
	return rc;
}

/* What the change column and its marks mean, from what @c's rows have. */
static int model_legend(struct report_model *m)
{
	const struct compare *c = &m->cmp;
	int rc;

	rc = legend_plain(m);
	if (!rc && c->marks & (1u << COMPARE_MARKED | 1u << COMPARE_NOT_MARKED))
		rc = legend_marks(m);
	if (!rc && c->rtt_tests)
		rc = legend_tests(m);
	else if (!rc && c->cpu_tests)
		rc = legend_add(
			m, "cpu", 0,
			TEXT_CPU_NAME
			": the second verdict, as the "
			"labels took turns: the participants' CPU time "
			"over their loops, as a rate (positive: faster), "
			"judged as loops/sec; of a row's share of the "
			"level, %.0f %% is its and %.0f %% loops/sec's "
			"(weighted).",
			VERDICT_CPU_WEIGHT * 50, VERDICT_LOOPS_WEIGHT * 50);
	if (!rc && c->rtt_emulated)
		rc = legend_add(m, "rtt_emulated", 0,
				TEXT_RTT_NAME
				": not judged on %u row%s, a label's CPU "
				"emulated: its clock is the emulator's, and "
				"the lab has not shown that the round trip "
				"keeps its level there.",
				c->rtt_emulated,
				c->rtt_emulated == 1 ? "" : "s");
	if (!rc)
		rc = legend_runs(m);
	for (unsigned int i = 0; i < c->n && !rc; i++)
		if (c->r[i]->invocations >= 2)
			rc = legend_level(m, i);
	if (!rc)
		rc = legend_same_boot(m);
	if (!rc)
		rc = legend_want(m);
	return rc;
}

/* What the report warns of, from every label of @m's comparison. */
static void model_warnings(struct report_model *m)
{
	const struct compare *c = &m->cmp;

	for (unsigned int i = 0; i < c->n; i++) {
		const struct results *g = c->r[i];

		if (emulation_yes(g->info.emulated))
			m->warn |= REPORT_WARN_EMULATED;
		for (unsigned int j = 0; j < g->nrows; j++)
			for (unsigned int k = 0; k < g->row[j].nsamples; k++)
				if (g->row[j].sample[k].disturbed)
					m->warn |= REPORT_WARN_DISTURBED;
	}
}

int report_model_build(struct report_model *m, const struct results *const *r,
		       unsigned int n, unsigned int baseline,
		       const struct results *const *noise, unsigned int nnoise,
		       unsigned int flags)
{
	memset(m, 0, sizeof(*m));
	m->r = r;
	m->n = n;
	m->flags = flags;
	if (compare_build(&m->cmp, r, n, baseline, noise, nnoise) < 0)
		return -ENOMEM;
	text_cell_words(&m->cmp);
	model_warnings(m);
	if (model_findings(m) < 0 || model_said(m) < 0 ||
	    report_model_series(m) < 0 || report_model_profiles(m) < 0 ||
	    (m->cmp.n >= 2 && model_legend(m) < 0) ||
	    ((flags & REPORT_SERIES) &&
	     report_model_trend(m, noise, nnoise) < 0)) {
		report_model_free(m);
		return -ENOMEM;
	}
	return 0;
}

void report_model_free(struct report_model *m)
{
	for (unsigned int i = 0; m->find && i < m->cmp.n; i++) {
		for (unsigned int j = 0; m->find[i] && j < m->cmp.r[i]->nrows;
		     j++)
			findings_free(&m->find[i][j]);
		free(m->find[i]);
	}
	free(m->find);
	free(m->said);
	for (unsigned int k = 0; m->legend && k < m->nlegend; k++)
		free(m->legend[k].words);
	free(m->legend);
	report_model_series_free(m);
	report_model_trend_free(m);
	report_model_profiles_free(m);
	compare_free(&m->cmp);
	memset(m, 0, sizeof(*m));
}
