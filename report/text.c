/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report, shaped after the 2002 ctxbench mails; with two or more
 * invocations every row is also compared with the baseline's.
 */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "fields.h"
#include "report.h"
#include "disturb.h"
#include "stats.h"
#include "text.h"
#include "lib/util.h"

#define RULE "================================================================"
#define LABEL_W 20 /* a row label wider than this gets a line of its own */
#define WIDTH 80 /* the widest line a table row may print */
#define CHANGE_W 14 /* "(  +1.23%) n/a" */
#define ALPHA 0.05 /* significance level of the comparison */

#define FACT_NAME_W 20
#define FACT_VALUE_W (WIDTH - 3 - FACT_NAME_W) /* after "  %-20s " */

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
	default:
		break; /* no fact of the block has another type */
	}
	return s[0] ? s : "unknown";
}

static void text_banner(FILE *f, const char *title)
{
	fprintf(f, "%s\n    %s\n%s\n\n", RULE, title, RULE);
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

		fprintf(f, "Run: %s%s%s\n", in->label, in->note[0] ? "  " : "",
			in->note);
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

static void text_label(FILE *f, const char *label)
{
	if (strlen(label) > LABEL_W)
		fprintf(f, "  %s\n  %-*s", label, LABEL_W, "");
	else
		fprintf(f, "  %-*s", LABEL_W, label);
}

/* A change in percent, in 8 columns or fewer whatever its size. */
static void text_percent(char *buf, size_t size, double pct)
{
	if (fabs(pct) < 0.005)
		pct = 0; /* not "-0.00" */
	if (fabs(pct) < 1e4)
		snprintf(buf, size, "%+7.2f%%", pct);
	else if (fabs(pct) < 1e7)
		snprintf(buf, size, "%+7.0f%%", pct);
	else
		snprintf(buf, size, "%+.1e%%", pct);
}

/*
 * The change of @row's average (invocation @i) against the baseline's row
 * of the same mechanism, placement, ring size and working set
 * (result_row_same()), marked *...* when Welch's t-test
 * finds the difference significant, (...) when not.
 */
static void text_change(char *buf, size_t size, const struct results *const *r,
			unsigned int base, unsigned int i,
			const struct result_row *row, const struct stats *s)
{
	const struct result_row *brow;
	struct stats_welch w;
	struct stats bs;
	char pct[32];

	if (i == base) {
		snprintf(buf, size, " baseline");
		return;
	}
	brow = results_find(r[base], row);
	if (brow)
		result_row_stats(brow, &bs);
	if (!brow || !brow->nsamples || !(bs.mean > 0)) {
		snprintf(buf, size, "%9s", "-"); /* nothing to compare with */
		return;
	}
	text_percent(pct, sizeof(pct), (s->mean - bs.mean) / bs.mean * 100);
	if (stats_welch(&bs, s, &w) < 0)
		snprintf(buf, size, "(%s) n/a", pct);
	else if (w.p < ALPHA)
		snprintf(buf, size, "*%s*", pct);
	else
		snprintf(buf, size, "(%s)", pct);
}

/*
 * End a table line: the CPUs after @line when they fit, else below it;
 * no blanks at the end of a line.
 */
static void text_cpus(FILE *f, char *line, const char *cpus)
{
	size_t len = strlen(line), trim = len;

	while (trim && line[trim - 1] == ' ')
		trim--;
	if (cpus[0] && 2 + LABEL_W + len + strlen(cpus) <= WIDTH) {
		fprintf(f, "%s%s\n", line, cpus);
		return;
	}
	line[trim] = '\0';
	if (cpus[0])
		fprintf(f, "%s\n    (on CPUs %s)\n", line, cpus);
	else
		fprintf(f, "%s\n", line);
}

/* A row's label: the run's, its placement, and its ring when there are. */
static void text_row_label(FILE *f, const struct results *r,
			   const struct result_row *row)
{
	char label[sizeof(r->info.label) + sizeof(row->placement) + 32];

	snprintf(label, sizeof(label), "%s%s%s", r->info.label,
		 row->placement[0] ? " " : "", row->placement);
	if (results_rings(r))
		snprintf(label + strlen(label), sizeof(label) - strlen(label),
			 " %up/%uK", row->procs, row->ws_kb);
	text_label(f, label);
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
	if (bad)
		fprintf(f, "    (disturbed: %u of %u runs; run %u: %.56s)\n",
			bad, row->nsamples, worst + 1, row->sample[worst].why);
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

static void text_row(FILE *f, const struct results *const *r, unsigned int n,
		     unsigned int base, unsigned int i,
		     const struct result_row *row)
{
	char line[128], change[48];
	struct stats s;

	text_row_label(f, r[i], row);
	result_row_stats(row, &s);
	if (row->nsamples) {
		change[0] = '\0';
		if (n >= 2)
			text_change(change, sizeof(change), r, base, i, row,
				    &s);
		snprintf(line, sizeof(line), " %8.0f%11.0f%11.0f%6.1f%% %-*s%s",
			 s.min, s.max, s.mean, s.cv * 100,
			 n >= 2 ? CHANGE_W : 0, change, n >= 2 ? " " : "");
		text_cpus(f, line, row->cpus);
	}
	if (row->status != RESULT_OK) {
		if (row->nsamples)
			fprintf(f, "  %-*s", LABEL_W, "");
		fprintf(f, "  %s: %s\n", result_status_name(row->status),
			row->reason);
	}
	if (row->flags & RESULT_MIGRATED)
		fprintf(f, "    (unpinned: moved between CPUs %lld times)\n",
			row->migrations);
	if (row->flags & RESULT_DEGENERATE)
		fprintf(f,
			"    (degenerate: the spinners share one CPU and "
			"the token moves\n     only when a time slice ends)\n");
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
static void text_latency_row(FILE *f, const struct results *const *r,
			     unsigned int n, unsigned int base, unsigned int i,
			     const struct result_row *row)
{
	static const double q[] = { 0.5, 0.9, 0.99, 0.999 };

	(void)n;
	(void)base;
	if (!row->rtt.count)
		return;
	text_row_label(f, r[i], row);
	text_usec(f, (double)row->rtt.min_ns);
	for (size_t k = 0; k < ARRAY_SIZE(q); k++)
		text_usec(f, hist_quantile(&row->rtt, q[k]));
	text_usec(f, (double)row->rtt.max_ns);
	fputc('\n', f);
}

/* What a loop costs the participants: CPU time, switches, CPUs busy. */
static void text_cpu_row(FILE *f, const struct results *const *r,
			 unsigned int n, unsigned int base, unsigned int i,
			 const struct result_row *row)
{
	const struct result_cpu *c = &row->cpu;
	double loops = (double)c->loops;

	(void)n;
	(void)base;
	if (!c->loops)
		return;
	text_row_label(f, r[i], row);
	fprintf(f, "%9.2f%9.2f%9.2f%9.2f", c->user_s * 1e6 / loops,
		c->sys_s * 1e6 / loops, (double)c->nvcsw / loops,
		(double)c->nivcsw / loops);
	if (c->seconds > 0)
		fprintf(f, "%8.2f\n", (c->user_s + c->sys_s) / c->seconds);
	else
		fprintf(f, "%8s\n", "-");
}

typedef void text_row_fn(FILE *f, const struct results *const *r,
			 unsigned int n, unsigned int base, unsigned int i,
			 const struct result_row *row);

/*
 * Every row of @mech, grouped by placement and ring, so that each row
 * sits under the baseline row it is compared with.
 */
static void text_each_row(FILE *f, const struct results *const *r,
			  unsigned int n, unsigned int base, const char *mech,
			  text_row_fn *fn)
{
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
						fn(f, r, n, base, i2,
						   &r[i2]->row[j2]);
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
static void text_table(FILE *f, const struct results *const *r, unsigned int n,
		       unsigned int base, const char *mech, const char *title)
{
	fprintf(f, "%35s%s\n", "", "loops/sec");
	if (n >= 2)
		fprintf(f, "%-22s%9s%11s%11s%7s %-*s %s\n", title, "low",
			"high", "average", "cv", CHANGE_W, "   change", "cpus");
	else
		fprintf(f, "%-22s%9s%11s%11s%7s %s\n", title, "low", "high",
			"average", "cv", "cpus");
	text_each_row(f, r, n, base, mech, text_row);
	fputc('\n', f);
	if (text_any(r, n, mech, 0)) {
		fprintf(f, "%28s%s\n", "", "round trip, usec (sampled)");
		fprintf(f, "%-22s%8s%8s%8s%8s%8s%8s\n", title, "min", "p50",
			"p90", "p99", "p99.9", "max");
		text_each_row(f, r, n, base, mech, text_latency_row);
		fputc('\n', f);
	}
	if (text_any(r, n, mech, 1)) {
		fprintf(f, "%28s%s\n", "", "CPU per loop, all participants");
		fprintf(f, "%-22s%9s%9s%9s%9s%8s\n", title, "user us", "sys us",
			"vol cs", "invol cs", "CPUs");
		text_each_row(f, r, n, base, mech, text_cpu_row);
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

void report_text(FILE *f, const struct results *const *r, unsigned int n,
		 unsigned int baseline)
{
	if (baseline >= n)
		baseline = 0;
	text_banner(f, "Run information");
	text_info(f, r, n);
	text_banner(f, "Results by IPC type");
	if (text_disturbed(r, n))
		fprintf(f,
			"disturbed: steal or other tasks took over %.0f%% of "
			"a run's CPUs, or a clock moved\nover %.0f%% "
			"(report/disturb.h); the figures still include "
			"those runs.\n\n",
			DISTURB_MAX_SHARE * 100, DISTURB_MAX_FREQ * 100);
	if (n >= 2)
		fprintf(f, "change: the average against the baseline row, "
			   "positive when faster;\n*...* significant at 95 %% "
			   "(Welch's t-test); n/a: fewer than 2 runs.\n\n");
	/* One table per mechanism, in the order they first appear. */
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (!text_seen(r, i, j, r[i]->row[j].mech, NULL))
				text_table(f, r, n, baseline, r[i]->row[j].mech,
					   r[i]->row[j].title);
	for (unsigned int i = 0; i < n; i++)
		if (r[i]->signo)
			fprintf(f,
				"Interrupted by signal %d (%s); partial "
				"results for:\n  %s\n\n",
				r[i]->signo, strsignal(r[i]->signo),
				r[i]->info.label);
}

/* A bound in microseconds, short: "4.25", "130", "1.2e+04". */
static void text_bound(char *buf, size_t size, double ns)
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

/* One row's round trips as bars, within 72 columns. */
static void text_histogram(FILE *f, const struct results *r,
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
	fprintf(f, "%s, %s %s", row->title, r->info.label, row->placement);
	if (results_rings(r))
		fprintf(f, " %up/%uK", row->procs, row->ws_kb);
	fprintf(f, ": %llu round trips timed, usec\n",
		(unsigned long long)h->count);
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
		text_bound(from, sizeof(from), (double)hist_bucket_low(k0));
		text_bound(to, sizeof(to),
			   k1 < HIST_BUCKETS ? (double)hist_bucket_low(k1) :
					       (double)h->max_ns);
		fprintf(f, "  %8s - %-8s |%-*s| %5.1f%%\n", from, to, HIST_BAR,
			bar, 100.0 * (double)c / (double)h->count);
	}
	fputc('\n', f);
}

void report_histograms(FILE *f, const struct results *const *r, unsigned int n)
{
	fprintf(f, "%s\n    Round trips\n%s\n\n", RULE, RULE);
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (r[i]->row[j].rtt.count)
				text_histogram(f, r[i], &r[i]->row[j]);
}
