/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report, shaped after the 2002 ctxbench mails; with two or more
 * invocations every row is also compared with the baseline's.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "report.h"
#include "disturb.h"
#include "emulation.h"
#include "group.h"
#include "rings.h"
#include "stats.h"
#include "text.h"
#include "verdict.h"
#include "lib/util.h"

#define LABEL_W 20 /* row labels wider than this: keys and a legend */
/*
 * What a row takes after its label, in the text of one invocation and in
 * a comparison: a label column up to TEXT_WIDTH less that, and the row
 * still fits (the CPUs go below it when they do not).
 */
#define ROW_ONE_W 41 /* "  " ... " %8.0f%11.0f%11.0f%6.1f%% " */
#define ROW_CMP_W 56 /* "  " ... " %8.0f%10.0f%10.0f%6.1f%% %8s %7s " */
#define CHANGE_W 8 /* "*-16.4%*" */
#define DETECT_W 7 /* "[12.3%]" */

/*
 * The report's tables: one row per label (saved runs with one label are
 * merged into one, each invocation a replicate), compared with the
 * baseline's, judged against the noise of @noise's labels.
 */
struct text_ctx {
	const struct results *const *r;
	unsigned int n, base;
	const struct results *noise; /* [nnoise] A/A groups */
	unsigned int nnoise;
	int keys; /* rows are named by a key, "#1", with a legend */
	int label_w; /* the row label column: LABEL_W, or wider (text_label_w) */
};

#define FACT_NAME_W 20
#define FACT_VALUE_W (TEXT_WIDTH - 3 - FACT_NAME_W) /* after "  %-20s " */

/* A fact of the Run information block: its field, and the struct it is in. */
struct text_fact {
	const struct field *f;
	size_t base; /* offset of that struct in struct results */
};

/*
 * The facts of the Run information block in @t (at @base in struct
 * results), each at its line in @out.
 */
static void text_facts_of(const struct field *t, size_t base,
			  struct text_fact *out)
{
	for (; t->key; t++) {
		if (t->type == FIELD_OBJECT)
			text_facts_of(t->sub, base + t->off, out);
		else if (t->line)
			out[t->line - 1] = (struct text_fact){ t, base };
	}
}

/* The value of fact @k of @r, "unknown" when it could not be read. */
static const char *text_fact(const struct results *r, const struct text_fact *k,
			     char *buf, size_t size)
{
	const void *v = field_ptr((const char *)r + k->base, k->f);
	const struct result_info *in;
	const char *s = buf;

	buf[0] = '\0';
	switch (k->f->type) {
	case FIELD_STR:
		s = v;
		break;
	case FIELD_INT:
		if (*(const int *)v > 0 || !(k->f->flags & FIELD_ZERO_UNKNOWN))
			snprintf(buf, size, "%d", *(const int *)v);
		break;
	case FIELD_UINT:
		snprintf(buf, size, "%u", *(const unsigned int *)v);
		break;
	case FIELD_DOUBLE:
		snprintf(buf, size, "%g", *(const double *)v);
		break;
	case FIELD_TASKS:
		s = *(const int *)v ? "threads" : "processes";
		break;
	case FIELD_ORDER:
		/* The seed is beside the order, in struct result_info. */
		in = (const struct result_info *)((const char *)r + k->base);
		if (!strcmp(v, "shuffle"))
			snprintf(buf, size, "shuffle, seed %llu", in->seed);
		else
			s = v;
		break;
	default:
		break; /* no fact of the block has another type */
	}
	return s[0] ? s : "unknown";
}

static void text_banner(FILE *f, const char *title)
{
	fprintf(f, "%s\n    %s\n%s\n\n", TEXT_RULE, title, TEXT_RULE);
}

/* The bytes of @s that fit in @w columns, not splitting a UTF-8 character. */
static size_t text_fit(const char *s, size_t w)
{
	size_t n = strlen(s);

	if (n <= w)
		return n;
	for (n = w; n && ((unsigned char)s[n] & 0xc0) == 0x80; n--)
		;
	return n;
}

/*
 * @v over lines of at most FACT_VALUE_W columns, the later ones indented
 * under the first, broken between words where a blank fits.
 */
static void text_wrap(FILE *f, const char *v)
{
	for (int first = 1; *v; first = 0) {
		size_t n = text_fit(v, FACT_VALUE_W);

		if (!n) /* not UTF-8 at all: go on a byte at a time */
			n = 1;
		else if (v[n]) { /* more follows: end at a blank if one fits */
			size_t cut = n;

			while (cut && v[cut] != ' ')
				cut--;
			if (cut)
				n = cut;
		}
		while (n > 1 && v[n - 1] == ' ')
			n--;
		fprintf(f, "%*s%.*s\n", first ? 0 : 3 + FACT_NAME_W, "", (int)n,
			v);
		for (v += n; *v == ' '; v++)
			;
	}
}

/* " (2 of 3)" after the label of invocation @i when others share it. */
static void text_invocation(FILE *f, const struct results *const *r,
			    unsigned int n, unsigned int i)
{
	unsigned int k = 0, of = 0;

	for (unsigned int j = 0; j < n; j++)
		if (!strcmp(r[j]->info.label, r[i]->info.label)) {
			of++;
			k += j <= i;
		}
	if (of > 1)
		fprintf(f, " (%u of %u)", k, of);
}

/*
 * One fact, its value cut to fit 80 columns (the saved run keeps it
 * whole); the kernel version string (up to 64 bytes, its build date
 * last) and the boot command line instead go on over indented lines.
 */
static void text_field(FILE *f, const struct results *r,
		       const struct text_fact *k)
{
	char buf[64];
	const char *v = text_fact(r, k, buf, sizeof(buf));

	fprintf(f, "  %-*s ", FACT_NAME_W, k->f->name);
	if (k->f->flags & FIELD_WRAP)
		text_wrap(f, v);
	else if (strlen(v) <= FACT_VALUE_W)
		fprintf(f, "%s\n", v);
	else
		fprintf(f, "%.*s...\n", (int)text_fit(v, FACT_VALUE_W - 3), v);
}

/* Is fact @k the same in all @n invocations of @r? */
static int text_common(const struct results *const *r, unsigned int n,
		       const struct text_fact *k)
{
	char a[64], b[64];

	for (unsigned int i = 1; i < n; i++)
		if (strcmp(text_fact(r[0], k, a, sizeof(a)),
			   text_fact(r[i], k, b, sizeof(b))))
			return 0;
	return 1;
}

/*
 * One block per invocation.  Facts every invocation shares are printed
 * once, under "Run: ALL", so what differs between them stands out.
 */
static void text_info(FILE *f, const struct results *const *r, unsigned int n)
{
	struct text_fact facts[FIELD_INFO_LINES] = { 0 };
	int common[FIELD_INFO_LINES] = { 0 }, any = 0;

	text_facts_of(invocation_fields, 0, facts);
	for (int k = 0; n >= 2 && k < FIELD_INFO_LINES; k++) {
		common[k] = text_common(r, n, &facts[k]);
		any |= common[k];
	}
	if (any) {
		fprintf(f, "Run: ALL\n");
		for (int k = 0; k < FIELD_INFO_LINES; k++)
			if (common[k])
				text_field(f, r[0], &facts[k]);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct result_info *in = &r[i]->info;
		int fields = 0;

		fprintf(f, "Run: %s", in->label);
		text_invocation(f, r, n, i);
		fprintf(f, "%s%s\n", in->note[0] ? "  " : "", in->note);
		for (int k = 0; k < FIELD_INFO_LINES; k++) {
			if (!common[k]) {
				text_field(f, r[i], &facts[k]);
				fields++;
			}
		}
		if (fields || i == n - 1)
			fputc('\n', f);
	}
	fputc('\n', f);
}

static void text_label(FILE *f, const char *label, int w)
{
	if (strlen(label) > (size_t)w)
		fprintf(f, "  %s\n  %-*s", label, w, "");
	else
		fprintf(f, "  %-*s", w, label);
}

/* A change in percent, in 6 columns at most: "-16.4%", "+1.2%", "+1234%". */
static void text_percent(char *buf, size_t size, double pct)
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

/*
 * The change of @row's average (label @i) against the baseline's row of
 * the same mechanism, placement and ring, into @change: *...* when it
 * stands out from the invocations' noise, (...) when not, bare when there
 * is no such noise to judge by; and into @detect the smallest change the
 * comparison could have marked ([...]: what the runs alone could, a lower
 * bound).  Returns the verdict's basis.
 */
static enum verdict_basis text_change(const struct text_ctx *c, unsigned int i,
				      const struct result_row *row,
				      char *change, char *detect, size_t size)
{
	const struct result_row *noise[REPORT_MAX_INVOCATIONS], *brow;
	struct verdict v;
	char pct[32];

	detect[0] = '\0';
	if (i == c->base) {
		snprintf(change, size, "baseline");
		return VERDICT_NONE;
	}
	brow = results_find(c->r[c->base], row);
	for (unsigned int k = 0; k < c->nnoise; k++)
		noise[k] = results_find(&c->noise[k], row);
	if (brow)
		verdict_rows(brow, row, noise, c->nnoise, &v);
	if (!brow || isnan(v.change)) {
		snprintf(change, size, "-"); /* nothing to compare with */
		return VERDICT_NONE;
	}
	text_percent(pct, sizeof(pct), v.change * 100);
	if (v.basis == VERDICT_RUNS)
		snprintf(change, size, "%s ", pct);
	else if (v.significant)
		snprintf(change, size, "*%s*", pct);
	else
		snprintf(change, size, "(%s)", pct);
	if (isnan(v.detect))
		snprintf(detect, size, "-");
	else if (v.detect * 100 >= 1e4)
		snprintf(detect, size, ">9999%%");
	else
		snprintf(detect, size,
			 v.basis == VERDICT_RUNS ? "[%.*f%%]" : "%.*f%%",
			 v.detect * 100 < 99.95 ? 1 : 0, v.detect * 100);
	return v.basis;
}

/*
 * End a table line: the CPUs after @line when they fit, else below it;
 * no blanks at the end of a line.
 */
static void text_cpus(FILE *f, char *line, const char *cpus, int label_w)
{
	size_t len = strlen(line), trim = len;

	while (trim && line[trim - 1] == ' ')
		trim--;
	if (cpus[0] && 2 + (size_t)label_w + len + strlen(cpus) <= TEXT_WIDTH) {
		fprintf(f, "%s%s\n", line, cpus);
		return;
	}
	line[trim] = '\0';
	if (cpus[0])
		fprintf(f, "%s\n    (on CPUs %s)\n", line, cpus);
	else
		fprintf(f, "%s\n", line);
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

static void text_row_label(FILE *f, const struct text_ctx *c, unsigned int i,
			   const struct result_row *row)
{
	char label[sizeof(c->r[i]->info.label) + sizeof(row->placement) + 64];

	text_row_name(label, sizeof(label), c->r[i], c->keys ? i + 1 : 0, row);
	text_label(f, label, c->label_w);
}

/*
 * The row label column: LABEL_W, or as wide as the widest label (keys
 * already chosen) as long as a row still fits in TEXT_WIDTH; a label
 * wider than that has a line of its own.
 */
static int text_label_w(const struct text_ctx *c)
{
	size_t w = LABEL_W,
	       most = TEXT_WIDTH - (c->n >= 2 ? ROW_CMP_W : ROW_ONE_W);

	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			char label[sizeof(c->r[i]->info.label) + 96];
			size_t len;

			text_row_name(label, sizeof(label), c->r[i],
				      c->keys ? i + 1 : 0, &c->r[i]->row[j]);
			len = strlen(label);
			if (len > w && len <= most)
				w = len;
		}
	return (int)w;
}

/* Does any row label of @c not fit its column? */
static int text_need_keys(const struct text_ctx *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			char label[sizeof(c->r[i]->info.label) + 96];

			text_row_name(label, sizeof(label), c->r[i], 0,
				      &c->r[i]->row[j]);
			if (strlen(label) > LABEL_W)
				return 1;
		}
	return 0;
}

/*
 * What the reader must not average away: disturbed runs (the worst one
 * named), runs run again, outliers and runs that fall in two clusters.
 */
static void text_notes(FILE *f, const struct result_row *row)
{
	unsigned int bad = 0, worst = 0;
	double worst_share = -1;
	double *rate;

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
	if (bad) {
		char head[64], why[TEXT_WIDTH];
		int w = snprintf(head, sizeof(head),
				 "    (disturbed: %u of %u runs; run %u: ", bad,
				 row->nsamples, worst + 1);

		/* The reason, cut between words to keep within TEXT_WIDTH. */
		w = w > 0 && w < TEXT_WIDTH - 1 ? TEXT_WIDTH - w : 1;
		disturb_fit(why, (size_t)w, row->sample[worst].why);
		fprintf(f, "%s%s)\n", head, why);
	}
	if (row->discarded)
		fprintf(f, "    (%u disturbed run%s discarded and run again)\n",
			row->discarded, row->discarded == 1 ? "" : "s");
	rate = malloc((row->nsamples + 1) * sizeof(*rate));
	if (!rate)
		return;
	for (unsigned int i = 0; i < row->nsamples; i++)
		rate[i] = result_rate(&row->sample[i]);
	if (row->nsamples >= 4) {
		unsigned char *out = calloc(row->nsamples, 1);
		double lo, hi;
		size_t nlo;

		if (out && stats_tukey(rate, row->nsamples, out) > 0) {
			fprintf(f, "    (outside the Tukey fences:");
			for (unsigned int i = 0, k = 0; i < row->nsamples; i++)
				if (out[i] && k++ < 4)
					fprintf(f, " run %u %.0f", i + 1,
						rate[i]);
			fprintf(f, ")\n");
		}
		free(out);
		if (stats_two_clusters(rate, row->nsamples, &lo, &hi, &nlo) ==
		    1)
			fprintf(f,
				"    (two clusters: %zu runs near %.0f, %zu near %.0f loops/sec)\n",
				nlo, lo, row->nsamples - nlo, hi);
	}
	free(rate);
}

static void text_row(FILE *f, const struct text_ctx *c, unsigned int i,
		     const struct result_row *row)
{
	char line[192], change[48], detect[48];
	struct stats s;

	text_row_label(f, c, i, row);
	result_row_stats(row, &s);
	if (row->nsamples && c->n >= 2) {
		text_change(c, i, row, change, detect, sizeof(change));
		snprintf(line, sizeof(line),
			 " %8.0f%10.0f%10.0f%6.1f%% %*s %*s ", s.min, s.max,
			 verdict_mean(row), s.cv * 100, CHANGE_W, change,
			 DETECT_W, detect);
		text_cpus(f, line, row->cpus, c->label_w);
	} else if (row->nsamples) {
		snprintf(line, sizeof(line), " %8.0f%11.0f%11.0f%6.1f%% ",
			 s.min, s.max, s.mean, s.cv * 100);
		text_cpus(f, line, row->cpus, c->label_w);
	}
	if (row->status != RESULT_OK) {
		if (row->nsamples)
			fprintf(f, "  %-*s", c->label_w, "");
		fprintf(f, "  %s: %s\n", result_status_name(row->status),
			row->reason);
	}
	if (row->nsamples && emulation_yes(c->r[i]->info.emulated))
		fprintf(f, "    (emulated CPU: the emulator's times, not the "
			   "kernel's)\n");
	if (row->flags & RESULT_MIGRATED)
		fprintf(f, "    (unpinned: moved between CPUs %lld times)\n",
			row->migrations);
	if (row->flags & RESULT_DEGENERATE)
		fprintf(f,
			"    (degenerate: the spinners share one CPU and "
			"the token moves\n     only when a time slice ends)\n");
	rings_note(f, c->r[i], row);
	text_notes(f, row);
}

/* Is @row of @mech and, unless @like is NULL, the same as @like? */
static int text_match(const struct result_row *row, const char *mech,
		      const struct result_row *like)
{
	return like ? result_row_same(row, like) : strcmp(row->mech, mech) == 0;
}

/*
 * Does a row of @mech (the same as @like, unless NULL) come before row
 * @upto_row of invocation @cur?
 */
static int text_seen(const struct results *const *r, unsigned int cur,
		     unsigned int upto_row, const char *mech,
		     const struct result_row *like)
{
	for (unsigned int i = 0; i <= cur; i++) {
		unsigned int rows = i == cur ? upto_row : r[i]->nrows;

		for (unsigned int j = 0; j < rows; j++)
			if (text_match(&r[i]->row[j], mech, like))
				return 1;
	}
	return 0;
}

/* Microseconds in 8 columns, "-" for no value (@ns < 0). */
static void text_usec(FILE *f, double ns)
{
	if (ns < 0)
		fprintf(f, "%8s", "-");
	else if (ns < 1e6)
		fprintf(f, "%8.1f", ns / 1000);
	else
		fprintf(f, "%8.0f", ns / 1000);
}

/* The sampled round trips of a row: min, p50, p90, p99, p99.9, max. */
static void text_latency_row(FILE *f, const struct text_ctx *c, unsigned int i,
			     const struct result_row *row)
{
	static const double q[] = { 0.5, 0.9, 0.99, 0.999 };

	if (!row->rtt.count)
		return;
	text_row_label(f, c, i, row);
	text_usec(f, (double)row->rtt.min_ns);
	for (size_t k = 0; k < ARRAY_SIZE(q); k++)
		text_usec(f, hist_quantile(&row->rtt, q[k]));
	text_usec(f, (double)row->rtt.max_ns);
	fputc('\n', f);
}

/* What a loop costs the participants: CPU time, switches, CPUs busy. */
static void text_cpu_row(FILE *f, const struct text_ctx *c, unsigned int i,
			 const struct result_row *row)
{
	const struct result_cpu *u = &row->cpu;
	double loops = (double)u->loops;

	if (!u->loops)
		return;
	text_row_label(f, c, i, row);
	fprintf(f, "%9.2f%9.2f%9.2f%9.2f", u->user_s * 1e6 / loops,
		u->sys_s * 1e6 / loops, (double)u->nvcsw / loops,
		(double)u->nivcsw / loops);
	if (u->seconds > 0)
		fprintf(f, "%8.2f\n", (u->user_s + u->sys_s) / u->seconds);
	else
		fprintf(f, "%8s\n", "-");
}

typedef void text_row_fn(FILE *f, const struct text_ctx *c, unsigned int i,
			 const struct result_row *row);

/*
 * Every row of @mech, grouped by placement and ring, so that each row
 * sits under the baseline row it is compared with.
 */
static void text_each_row(FILE *f, const struct text_ctx *c, const char *mech,
			  text_row_fn *fn)
{
	const struct results *const *r = c->r;
	unsigned int n = c->n;

	for (unsigned int i = 0; i < n; i++) {
		for (unsigned int j = 0; j < r[i]->nrows; j++) {
			const struct result_row *like = &r[i]->row[j];

			if (!text_match(like, mech, NULL) ||
			    text_seen(r, i, j, mech, like))
				continue;
			for (unsigned int i2 = 0; i2 < n; i2++)
				for (unsigned int j2 = 0; j2 < r[i2]->nrows;
				     j2++)
					if (text_match(&r[i2]->row[j2], mech,
						       like))
						fn(f, c, i2, &r[i2]->row[j2]);
		}
	}
}

/* Does any row of @mech have sampled round trips (@cpu: CPU usage)? */
static int text_any(const struct results *const *r, unsigned int n,
		    const char *mech, int cpu)
{
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (!strcmp(r[i]->row[j].mech, mech) &&
			    (cpu ? r[i]->row[j].cpu.loops != 0 :
				   r[i]->row[j].rtt.count != 0))
				return 1;
	return 0;
}

/* One mechanism's tables: loops/sec, round trips, CPU cost, lat_ctx. */
static void text_table(FILE *f, const struct text_ctx *c, const char *mech,
		       const char *title)
{
	const struct results *const *r = c->r;
	unsigned int n = c->n;
	int more = c->label_w - LABEL_W, w = c->label_w + 2;

	fprintf(f, "%*s%s\n", 35 + more, "", "loops/sec");
	if (n >= 2)
		fprintf(f, "%-*s%9s%10s%10s%7s %*s %*s %s\n", w, title, "low",
			"high", "average", "cv", CHANGE_W, "change", DETECT_W,
			"detect", "cpus");
	else
		fprintf(f, "%-*s%9s%11s%11s%7s %s\n", w, title, "low", "high",
			"average", "cv", "cpus");
	text_each_row(f, c, mech, text_row);
	fputc('\n', f);
	if (text_any(r, n, mech, 0)) {
		fprintf(f, "%*s%s\n", 28 + more, "",
			"round trip, usec (sampled)");
		fprintf(f, "%-*s%8s%8s%8s%8s%8s%8s\n", w, title, "min", "p50",
			"p90", "p99", "p99.9", "max");
		text_each_row(f, c, mech, text_latency_row);
		fputc('\n', f);
	}
	if (text_any(r, n, mech, 1)) {
		fprintf(f, "%*s%s\n", 28 + more, "",
			"CPU per loop, all participants");
		fprintf(f, "%-*s%9s%9s%9s%9s%8s\n", w, title, "user us",
			"sys us", "vol cs", "invol cs", "CPUs");
		text_each_row(f, c, mech, text_cpu_row);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++)
		if (results_rings(r[i]))
			report_latctx(f, r[i], mech);
}

static int text_disturbed(const struct results *const *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			for (unsigned int k = 0; k < r[i]->row[j].nsamples; k++)
				if (r[i]->row[j].sample[k].disturbed)
					return 1;
	return 0;
}

static int text_emulated(const struct results *const *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		if (emulation_yes(r[i]->info.emulated))
			return 1;
	return 0;
}

/* Which verdicts the compared rows of @c have, as a mask of their bases. */
static unsigned int text_bases(const struct text_ctx *c)
{
	unsigned int mask = 0;

	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			char change[48], detect[48];

			if (c->r[i]->row[j].nsamples)
				mask |= 1u << text_change(
						c, i, &c->r[i]->row[j], change,
						detect, sizeof(change));
		}
	return mask;
}

/* What the change column and its marks mean, from what the rows have. */
static void text_legend(FILE *f, const struct text_ctx *c)
{
	unsigned int bases = text_bases(c), noise = 0;

	for (unsigned int k = 0; k < c->nnoise; k++)
		noise += c->noise[k].invocations;
	fprintf(f, "change: the average against the baseline row, positive "
		   "when faster.\n");
	if (bases & 1u << VERDICT_INVOCATIONS) {
		fprintf(f,
			"*...*: it stands out from the noise between "
			"invocations at 95 %% (t-test of\ntheir means; "
			"the noise is their spread within each label%s); "
			"(...): not.\n",
			noise ? " and\nwithin --noise's labels" : "");
		fprintf(f, "detect: the smallest change so marked 4 times in "
			   "5.\n");
	}
	if (bases & 1u << VERDICT_RUNS)
		fprintf(f, "bare change: one invocation a label, not judged "
			   "(runs of one invocation are\nno replicates of a "
			   "kernel: save 2 or more a label, or give --noise);"
			   "\n[detect]: what its runs alone could see, a lower "
			   "bound.\n");
	if (noise)
		fprintf(f, "noise: %u invocation%s of --noise.\n", noise,
			noise == 1 ? "" : "s");
}

/* The labels: their keys when rows use them, and how often each ran. */
static void text_labels(FILE *f, const struct text_ctx *c)
{
	int many = 0;

	for (unsigned int i = 0; i < c->n; i++)
		many |= c->r[i]->invocations > 1;
	if (!c->keys && !many)
		return;
	fprintf(f, "%s%s%s\n", c->keys ? "key  " : "", many ? " inv  " : "",
		"label");
	for (unsigned int i = 0; i < c->n; i++) {
		unsigned int inv = c->r[i]->invocations;

		if (c->keys)
			fprintf(f, "#%-3u ", i + 1);
		if (many)
			fprintf(f, "%4u  ", inv ? inv : 1);
		fprintf(f, "%s\n", c->r[i]->info.label);
	}
	fputc('\n', f);
}

/* The tables of @c, and the signals that cut invocations short. */
static void text_results(FILE *f, const struct text_ctx *c)
{
	const struct results *const *r = c->r;

	text_banner(f, "Results by IPC type");
	if (text_disturbed(r, c->n))
		fprintf(f,
			"disturbed: steal or other tasks took over %.0f%% of "
			"a run's CPUs, or a clock moved\nover %.0f%% "
			"(report/disturb.h), a CPU quota throttled it or its "
			"token stood still;\nthe figures still include "
			"those runs.\n\n",
			DISTURB_MAX_SHARE * 100, DISTURB_MAX_FREQ * 100);
	if (text_emulated(r, c->n))
		fprintf(f, "emulated: the CPU was emulated (qemu TCG, see "
			   "Emulated above): every time is the\nemulator's, "
			   "not the kernel's; compare such runs only with "
			   "each other.\n\n");
	text_labels(f, c);
	if (c->n >= 2) {
		text_legend(f, c);
		fputc('\n', f);
	}
	/* One table per mechanism, in the order they first appear. */
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (!text_seen(r, i, j, r[i]->row[j].mech, NULL))
				text_table(f, c, r[i]->row[j].mech,
					   r[i]->row[j].title);
	for (unsigned int i = 0; i < c->n; i++)
		if (r[i]->signo)
			fprintf(f,
				"Interrupted by signal %d (%s); partial "
				"results for:\n  %s\n\n",
				r[i]->signo, strsignal(r[i]->signo),
				r[i]->info.label);
}

int report_text(FILE *f, const struct results *const *r, unsigned int n,
		unsigned int baseline, const struct results *const *noise,
		unsigned int nnoise)
{
	struct results *g = NULL, *ng = NULL;
	const struct results **gp = NULL;
	unsigned int ngroups = 0, nng = 0, *gi = NULL;
	struct text_ctx c = { 0 };
	int rc = -ENOMEM;

	if (baseline >= n)
		baseline = 0;
	text_banner(f, "Run information");
	text_info(f, r, n);
	gi = calloc(n ? n : 1, sizeof(*gi));
	if (!gi || report_group(r, n, &g, &ngroups, gi) < 0 ||
	    report_group(noise, nnoise, &ng, &nng, NULL) < 0)
		goto out;
	gp = calloc(ngroups ? ngroups : 1, sizeof(*gp));
	if (!gp)
		goto out;
	for (unsigned int i = 0; i < ngroups; i++)
		gp[i] = &g[i];
	c.r = gp;
	c.n = ngroups;
	c.base = n ? gi[baseline] : 0;
	c.noise = ng;
	c.nnoise = nng;
	c.keys = text_need_keys(&c);
	c.label_w = text_label_w(&c);
	text_results(f, &c);
	rc = 0;
out:
	report_group_free(g, ngroups);
	report_group_free(ng, nng);
	free(gp);
	free(gi);
	return rc;
}
