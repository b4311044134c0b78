/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report: Run information, tables, the comparison.
 *
 * The text report, shaped after the 2002 ctxbench mails; with two or more
 * invocations every row is also compared with the baseline's.
 */
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "analysis/compare.h"
#include "formats.h"
#include "model/fields.h"
#include "report.h"
#include "model/results.h"
#include "facts/emulation.h"
#include "lib/util.h"
#include "info.h"
#include "lib/stats.h"
#include "lib/utf8.h"
#include "analysis/profile.h"
#include "profview.h"
#include "text.h"
#include "analysis/textkit.h"
#include "analysis/trend.h"

#define LABEL_W 20 /* row labels wider than this: keys and a legend */
#define INDENT_W 2 /* every row starts "  ", then its label */

/*
 * The columns of the loops/sec table after the label: low, then high and
 * average (wider when no change and detect follow), the cv, and in a
 * comparison the change and the detect; each number has a space before it.
 */
#define LOW_W 9 /* " %8.0f" */
#define WIDE_ONE_W 11 /* high, average: "%11.0f" */
#define WIDE_CMP_W 10 /* high, average beside a change: "%10.0f" */
#define CV_W 7 /* "%6.1f%%" */
#define CHANGE_W 8 /* "*-16.4%*" */
#define DETECT_W 7 /* "[12.3%]" */
/* Where "loops/sec" starts, counted from the end of the label column. */
#define LOOPS_HEAD_AT 13

/*
 * What a row takes besides its label, in the text of one invocation and
 * in a comparison: a label column up to TEXT_WIDTH less that, and the row
 * still fits (the CPUs go below it when they do not).  The last space is
 * the one before the CPUs.
 */
#define ROW_ONE_W (INDENT_W + LOW_W + 2 * WIDE_ONE_W + CV_W + 1)
#define ROW_CMP_W                                                      \
	(INDENT_W + LOW_W + 2 * WIDE_CMP_W + CV_W + 1 + CHANGE_W + 1 + \
	 DETECT_W + 1)

/* The round trip table: min, the quantiles, max, each "%8.1f" us. */
#define USEC_W 8
/* The CPU table: user and sys usec, voluntary and involuntary switches. */
#define CPU_W 9
#define CPUS_W 8 /* and the CPUs busy */
/* Where the headings of those two tables start, after the label column. */
#define SAMPLED_HEAD_AT 6

/*
 * The report's tables: one row per label (saved runs with one label are
 * merged into one, each invocation a replicate), as the comparison @cmp
 * judged them against the baseline's.
 */
struct text_ctx {
	const struct report_model *m;
	const struct compare *cmp; /* m's */
	const struct results *const *r; /* cmp's labels, [n] */
	unsigned int n;
	int keys; /* rows are named by a key, "#1", with a legend */
	int label_w; /* the row label column: LABEL_W, or wider (text_label_w) */
};

#define FACT_NAME_W 20
#define FACT_AT (3 + FACT_NAME_W) /* a value's column, after "  %-20s " */
#define FACT_VALUE_W (TEXT_WIDTH - FACT_AT)
#define RUN_AT 5 /* the label's column, after "Run: " */

/* A part's title between rules; of --brief's report, on one line. */
static void text_banner(FILE *f, const char *title, int brief)
{
	if (brief)
		fprintf(f, "==== %s ====\n", title);
	else
		fprintf(f, "%s\n    %s\n%s\n\n", TEXT_RULE, title, TEXT_RULE);
}

/* " (2 of 3)" after the label of invocation @i when others share it. */
static void text_invocation(char *buf, size_t size,
			    const struct results *const *r, unsigned int n,
			    unsigned int i)
{
	unsigned int k = 0, of = 0;

	buf[0] = '\0';
	for (unsigned int j = 0; j < n; j++)
		if (!strcmp(r[j]->info.label, r[i]->info.label)) {
			of++;
			k += j <= i;
		}
	if (of > 1)
		snprintf(buf, size, " (%u of %u)", k, of);
}

/*
 * One fact, its value cut to fit 80 columns (the saved run keeps it
 * whole); the kernel version string (up to 64 bytes, its build date
 * last) and the boot command line instead go on over indented lines.
 */
static void text_field(FILE *f, const struct results *r,
		       const struct info_fact *k)
{
	char buf[64];
	const char *v = info_fact_value(r, k, buf, sizeof(buf));

	fprintf(f, "  %-*s ", FACT_NAME_W, k->name);
	if (k->f->flags & FIELD_WRAP)
		text_wrap(f, v, FACT_AT, FACT_AT);
	else if (utf8_width(v) <= FACT_VALUE_W)
		fprintf(f, "%s\n", v);
	else
		fprintf(f, "%.*s...\n",
			(int)utf8_fit(v, FACT_VALUE_W - 3, NULL), v);
}

/*
 * The facts of the block of invocation @r, in their order: those all @n
 * invocations share when @common, else the others.  Returns how many.
 */
static int text_facts(FILE *f, const struct results *const *r, unsigned int n,
		      unsigned int i, int common)
{
	struct info_fact k;
	int printed = 0;

	for (unsigned int j = 0; !info_fact_at(j, &k); j++) {
		if ((n >= 2 && info_fact_common(r, n, &k)) == common) {
			text_field(f, r[i], &k);
			printed++;
		}
	}
	return printed;
}

/* Does any fact have the same value in all @n invocations? */
static int text_any_common(const struct results *const *r, unsigned int n)
{
	struct info_fact k;

	for (unsigned int j = 0; n >= 2 && !info_fact_at(j, &k); j++)
		if (info_fact_common(r, n, &k))
			return 1;
	return 0;
}

/* Is word @w (@len bytes) a whole word of @s? */
static int text_has_word(const char *s, const char *w, size_t len)
{
	while (*s) {
		s += strspn(s, " ");
		if (*s && !strncmp(s, w, len) && (s[len] == ' ' || !s[len]))
			return 1;
		s += strcspn(s, " ");
	}
	return 0;
}

/*
 * The boot command line of @r[@i] folded for --brief: its words that not
 * all @n runs have, then how many it shares with all of them.
 */
static void text_cmdline_fold(const struct results *const *r, unsigned int n,
			      unsigned int i, char *out, size_t size)
{
	const char *s = r[i]->info.boot_cmdline;
	unsigned int shared = 0;
	size_t at = 0;

	out[0] = '\0';
	for (s += strspn(s, " "); *s; s += strspn(s, " ")) {
		size_t len = strcspn(s, " ");
		unsigned int j;

		for (j = 0;
		     j < n && text_has_word(r[j]->info.boot_cmdline, s, len);
		     j++)
			;
		if (j == n)
			shared++;
		else if (at < size)
			at += (size_t)snprintf(out + at, size - at, "%s%.*s",
					       at ? " " : "", (int)len, s);
		s += len;
	}
	if (shared && at < size)
		snprintf(out + at, size - at, "%s(%s%u word%s all share)",
			 at ? " " : "", at ? "and " : "only the ", shared,
			 shared == 1 ? "" : "s");
}

/*
 * Fact @k of the invocations of label @i among @r[@n], for --brief: its
 * value when they share it, else the first invocation's and the last's
 * ("2026-12-02T04:13:28Z to 04:16:27Z, 8 values": the part of the last
 * up to a 'T' or a space both share left out).
 */
static void text_label_fact(FILE *f, const struct results *const *r,
			    unsigned int n, unsigned int i,
			    const struct info_fact *k)
{
	char buf[64], first[160] = "", last[160] = "", v[360];
	unsigned int values = 0, cut = 0;

	if (!strcmp(k->name, "BootCmdline") && n >= 2) {
		size_t size = sizeof(r[i]->info.boot_cmdline) + 48;
		char *fold = malloc(size);

		if (fold) {
			text_cmdline_fold(r, n, i, fold, size);
			fprintf(f, "  %-*s ", FACT_NAME_W, k->name);
			text_wrap(f, fold, FACT_AT, FACT_AT);
			free(fold);
			return;
		}
	}

	for (unsigned int j = i; j < n; j++) {
		const char *x;

		if (strcmp(r[j]->info.label, r[i]->info.label))
			continue;
		x = info_fact_value(r[j], k, buf, sizeof(buf));
		if (!values++)
			snprintf(first, sizeof(first), "%s", x);
		else if (!strcmp(x, last))
			values--;
		snprintf(last, sizeof(last), "%s", x);
	}
	if (values <= 1) {
		text_field(f, r[i], k);
		return;
	}
	for (unsigned int c = 0; first[c] && first[c] == last[c]; c++)
		if (first[c] == 'T' || first[c] == ' ')
			cut = c + 1;
	snprintf(v, sizeof(v), "%s to %s, %u values", first, last + cut,
		 values);
	fprintf(f, "  %-*s ", FACT_NAME_W, k->name);
	if (utf8_width(v) <= FACT_VALUE_W)
		fprintf(f, "%s\n", v);
	else
		fprintf(f, "%.*s...\n",
			(int)utf8_fit(v, FACT_VALUE_W - 3, NULL), v);
}

/* Is the kernel of every invocation of @r[@i]'s label among @n its label? */
static int text_kernel_is_label(const struct results *const *r, unsigned int n,
				unsigned int i)
{
	for (unsigned int j = i; j < n; j++)
		if (!strcmp(r[j]->info.label, r[i]->info.label) &&
		    strcmp(r[j]->info.kernel, r[i]->info.label))
			return 0;
	return 1;
}

/*
 * --brief: one block a label, of the facts that differ between the
 * invocations, each as text_label_fact() gives it (its kernel left out
 * where the label is its name); its key before it ("#2") when @cmp's
 * table names labels by their keys.
 */
static void text_info_brief(FILE *f, const struct results *const *r,
			    unsigned int n, const struct compare *cmp)
{
	int keys = text_summary_keys(cmp);
	struct info_fact k;

	for (unsigned int i = 0; i < n; i++) {
		unsigned int of = 0, j, key = 0;
		char line[sizeof(r[i]->info.label) + 48];

		for (j = 0; j < i && strcmp(r[j]->info.label, r[i]->info.label);
		     j++)
			;
		if (j < i)
			continue; /* its label's block is printed */
		for (j = i; j < n; j++)
			of += !strcmp(r[j]->info.label, r[i]->info.label);
		for (j = 0; keys && j < cmp->n; j++)
			if (!strcmp(cmp->r[j]->info.label, r[i]->info.label))
				key = j + 1;
		if (key)
			snprintf(line, sizeof(line), "#%u %s", key,
				 r[i]->info.label);
		else
			snprintf(line, sizeof(line), "%s", r[i]->info.label);
		fprintf(f, "%-*s", RUN_AT, "Run:");
		if (of > 1)
			snprintf(line + strlen(line),
				 sizeof(line) - strlen(line),
				 " (%u invocations)", of);
		text_wrap(f, line, RUN_AT, RUN_AT);
		for (j = 0; !info_fact_at(j, &k); j++)
			if (!(n >= 2 && info_fact_common(r, n, &k)) &&
			    !(!strcmp(k.name, "KernelName") &&
			      text_kernel_is_label(r, n, i)))
				text_label_fact(f, r, n, i, &k);
	}
	fputc('\n', f);
}

/*
 * The value of fact @name that all @n runs of @r share, into @buf, cut
 * before its " (" when @cut; NULL when they differ or it is unknown.
 */
static const char *text_head_fact(const struct results *const *r,
				  unsigned int n, const char *name, int cut,
				  char *buf, size_t size)
{
	struct info_fact k;
	char tmp[64];
	const char *v;

	if (info_fact_named(name, &k) ||
	    (n >= 2 && !info_fact_common(r, n, &k)))
		return NULL;
	v = info_fact_value(r[0], &k, tmp, sizeof(tmp));
	if (!strncmp(v, "unknown", 7))
		return NULL;
	snprintf(buf, size, "%s", v);
	if (cut && strstr(buf, " ("))
		*strstr(buf, " (") = '\0';
	return buf;
}

/* The placements of the rows of @r[@n], each once, in their order. */
static void text_head_places(const struct results *const *r, unsigned int n,
			     char *out, size_t size)
{
	size_t at = 0;

	out[0] = '\0';
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++) {
			const char *p = r[i]->row[j].placement;
			size_t len = strlen(p);
			const char *s = out;

			for (; (s = strstr(s, p)); s += len)
				if ((s == out || s[-1] == ',') &&
				    (s[len] == ',' || !s[len]))
					break;
			if (!s && p[0] && at < size)
				at += (size_t)snprintf(out + at, size - at,
						       "%s%s", at ? "," : "",
						       p);
		}
}

/*
 * --brief's head: the facts every run shares that a reader needs first,
 * on a banner (the version, -t, -r, -P) and a line or two (the CPU, how
 * many, HZ, the preemption model, the fair scheduler, a BPF scheduler,
 * an emulated CPU, the kernel).  A fact the runs do not share is left to
 * what differs, an unknown one out.
 */
static void text_brief_head(FILE *f, const struct results *const *r,
			    unsigned int n)
{
	static const struct {
		const char *fact, *fmt;
		int cut;
	} machine[] = {
		{ "CPUtype", "%s", 0 },
		{ "Ncpu", "%s CPUs", 0 },
		{ "CONFIG_HZ", "HZ %s", 1 },
		{ "Preemption", "preemption %s", 1 },
		{ "FairScheduler", "%s", 1 },
		{ "SchedExt", "sched_ext %s", 0 },
		{ "Emulated", "Emulated %s", 0 },
		{ "KernelName", "kernel %s", 0 },
	};
	char v[160], places[256], line[640], head[TEXT_WIDTH + 1], say[192];
	const char *x;
	size_t at = 0;

	x = text_head_fact(r, n, "CtxbenchVersion", 0, v, sizeof(v));
	at += (size_t)snprintf(line, sizeof(line), "ctxbench%s%s", x ? " " : "",
			       x ? x : "");
	if ((x = text_head_fact(r, n, "Seconds", 0, v, sizeof(v))))
		at += (size_t)snprintf(line + at, sizeof(line) - at, "%s -t %s",
				       at > 8 ? "," : ":", x);
	if ((x = text_head_fact(r, n, "Runs", 0, v, sizeof(v))))
		at += (size_t)snprintf(line + at, sizeof(line) - at, " -r %s",
				       x);
	text_head_places(r, n, places, sizeof(places));
	if (places[0] && at < sizeof(line))
		snprintf(line + at, sizeof(line) - at, " -P %s", places);
	/* The banner in 80 columns, its words cut where they must be. */
	snprintf(head, sizeof(head), "%.*s",
		 (int)utf8_fit(line, TEXT_WIDTH - 10, NULL), line);
	fprintf(f, "==== %s%s ====\n", head,
		strlen(head) < strlen(line) ? "..." : "");
	at = 0;
	line[0] = '\0';
	for (size_t k = 0; k < ARRAY_SIZE(machine); k++) {
		x = text_head_fact(r, n, machine[k].fact, machine[k].cut, v,
				   sizeof(v));
		if (!x || (!strcmp(machine[k].fact, "SchedExt") &&
			   !strncmp(x, "none", 4)))
			continue;
		if (!strcmp(machine[k].fact, "Emulated") && !emulation_yes(x))
			continue;
		if (!strcmp(machine[k].fact, "Ncpu") && !strcmp(x, "1"))
			snprintf(say, sizeof(say), "1 CPU");
		else
			snprintf(say, sizeof(say), machine[k].fmt, x);
		if (at < sizeof(line) - 1)
			at += (size_t)snprintf(line + at, sizeof(line) - at,
					       "%s%s", at ? ", " : "", say);
	}
	if (line[0])
		text_wrap(f, line, 0, 0);
}

/*
 * One block per invocation.  Facts every invocation shares are printed
 * once, under "Run: ALL", so what differs between them stands out.
 */
static void text_info(FILE *f, const struct results *const *r, unsigned int n,
		      int brief, const struct compare *cmp)
{
	if (brief) {
		text_info_brief(f, r, n, cmp);
		return;
	}
	if (text_any_common(r, n)) {
		fprintf(f, "Run: ALL\n");
		text_facts(f, r, n, 0, 1);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct result_info *in = &r[i]->info;
		char line[sizeof(in->label) + 32 + sizeof(in->note)], of[32];

		/* The label, which of its invocations, the note: wrapped. */
		text_invocation(of, sizeof(of), r, n, i);
		snprintf(line, sizeof(line), "%s%s%s%s", in->label, of,
			 in->note[0] ? "  " : "", in->note);
		fprintf(f, "%-*s", RUN_AT, "Run:");
		text_wrap(f, line, RUN_AT, RUN_AT);
		if (text_facts(f, r, n, i, 0) || i == n - 1)
			fputc('\n', f);
	}
	fputc('\n', f);
}

/* A row's label in its column of @w; a wider one on lines of its own. */
static void text_label(FILE *f, const char *label, int w)
{
	fprintf(f, "%*s", INDENT_W, "");
	if (utf8_width(label) > (size_t)w) {
		text_wrap(f, label, INDENT_W, INDENT_W);
		fprintf(f, "%*s", INDENT_W + w, "");
	} else {
		text_pad(f, label, (size_t)w);
	}
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
	if (cpus[0] &&
	    INDENT_W + (size_t)label_w + len + utf8_width(cpus) <= TEXT_WIDTH) {
		fprintf(f, "%s%s\n", line, cpus);
		return;
	}
	line[trim] = '\0';
	if (cpus[0])
		fprintf(f, "%s\n    (on CPUs %s)\n", line, cpus);
	else
		fprintf(f, "%s\n", line);
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
			len = utf8_width(label);
			if (len > w && len <= most)
				w = len;
		}
	return (int)w;
}

/*
 * A further verdict of a row (CPU per loop, the round trip) on a line of
 * its own, under the first's columns.
 */
static void text_row_under(FILE *f, const struct text_ctx *c, const char *name,
			   const char *change, const char *detect)
{
	char line[192];

	fprintf(f, "%*s%-*s", INDENT_W, "", c->label_w, "");
	snprintf(line, sizeof(line), "%*s %*s %*s ",
		 LOW_W + 2 * WIDE_CMP_W + CV_W, name, CHANGE_W, change,
		 DETECT_W, detect);
	text_cpus(f, line, "", c->label_w);
}

/*
 * A finding's @words as "    (...)", over lines of TEXT_WIDTH columns,
 * each after the first under its "(", where they are wider (a
 * disturbance's reason, whole); words with line breaks of their own as
 * they are.
 */
static void text_finding(FILE *f, const char *words)
{
	char *p;

	if (strchr(words, '\n') || utf8_width(words) + 6 <= TEXT_WIDTH ||
	    asprintf(&p, "(%s)", words) < 0) {
		fprintf(f, "    (%s)\n", words);
		return;
	}
	fputs("    ", f);
	text_wrap(f, p, 4, 5);
	free(p);
}

/* Does any row label of @c not fit its column? */
static int text_need_keys(const struct text_ctx *c)
{
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int j = 0; j < c->r[i]->nrows; j++) {
			char label[sizeof(c->r[i]->info.label) + 96];

			text_row_name(label, sizeof(label), c->r[i], 0,
				      &c->r[i]->row[j]);
			if (utf8_width(label) > LABEL_W)
				return 1;
		}
	return 0;
}

static void text_row(FILE *f, const struct text_ctx *c,
		     const struct compare_cell *cell)
{
	const struct result_row *row = cell->row;
	const struct stats *s = &cell->runs;
	unsigned int i = cell->label;
	const struct report_findings *fs;
	char line[192];

	text_row_label(f, c, i, row);
	if (row->nsamples && c->n >= 2) {
		snprintf(line, sizeof(line), "%*.0f%*.0f%*.0f%*.1f%% %*s %*s ",
			 LOW_W, s->min, WIDE_CMP_W, s->max, WIDE_CMP_W,
			 cell->mean, CV_W - 1, s->cv * 100, CHANGE_W,
			 cell->change, DETECT_W, cell->detect);
		text_cpus(f, line, row->cpus, c->label_w);
		if (cell->has_cpu)
			text_row_under(f, c, TEXT_CPU_NAME ":",
				       cell->cpu_change, cell->cpu_detect);
		if (cell->rtt.has)
			text_row_under(f, c, TEXT_RTT_NAME ":",
				       cell->rtt.change, cell->rtt.detect);
	} else if (row->nsamples) {
		snprintf(line, sizeof(line), "%*.0f%*.0f%*.0f%*.1f%% ", LOW_W,
			 s->min, WIDE_ONE_W, s->max, WIDE_ONE_W, cell->mean,
			 CV_W - 1, s->cv * 100);
		text_cpus(f, line, row->cpus, c->label_w);
	}
	if (row->status != RESULT_OK) {
		/* The reason goes on under itself, within TEXT_WIDTH. */
		size_t at = INDENT_W + (size_t)c->label_w + 2;
		char *why = NULL;

		if (row->nsamples)
			fprintf(f, "%*s%-*s", INDENT_W, "", c->label_w, "");
		fputs("  ", f);
		if (asprintf(&why, "%s: %s", result_status_name(row->status),
			     row->reason) < 0)
			why = NULL;
		if (why)
			text_wrap(f, why, at,
				  at + strlen(result_status_name(row->status)) +
					  2);
		else
			fprintf(f, "%s: %s\n", result_status_name(row->status),
				row->reason);
		free(why);
	}
	/* What the reader must not average away, a paragraph each. */
	fs = report_cell_findings(c->m, cell);
	for (unsigned int k = 0; k < fs->n; k++)
		text_finding(f, fs->f[k].words);
}

/* Microseconds in USEC_W columns, "-" for no value (@ns < 0). */
static void text_usec(FILE *f, double ns)
{
	if (ns < 0)
		fprintf(f, "%*s", USEC_W, "-");
	else if (ns < 1e6)
		fprintf(f, "%*.1f", USEC_W, ns / 1000);
	else
		fprintf(f, "%*.0f", USEC_W, ns / 1000);
}

/* The sampled round trips of a row: min, p50, p90, p99, p99.9, max. */
static void text_latency_row(FILE *f, const struct text_ctx *c,
			     const struct compare_cell *cell)
{
	const struct result_row *row = cell->row;

	if (!row->rtt.count)
		return;
	text_row_label(f, c, cell->label, row);
	text_usec(f, (double)row->rtt.min_ns);
	for (size_t k = 0; k < RESULT_NQUANTILES; k++)
		text_usec(f, hist_quantile(&row->rtt, result_quantiles[k].q));
	text_usec(f, (double)row->rtt.max_ns);
	fputc('\n', f);
}

/* What a loop costs the participants: CPU time, switches, CPUs busy. */
static void text_cpu_row(FILE *f, const struct text_ctx *c,
			 const struct compare_cell *cell)
{
	const struct result_cpu *u = &cell->row->cpu;
	double loops = (double)u->loops;

	if (!u->loops)
		return;
	text_row_label(f, c, cell->label, cell->row);
	fprintf(f, "%*.2f%*.2f%*.2f%*.2f", CPU_W, u->user_s * 1e6 / loops,
		CPU_W, u->sys_s * 1e6 / loops, CPU_W, (double)u->nvcsw / loops,
		CPU_W, (double)u->nivcsw / loops);
	if (u->seconds > 0)
		fprintf(f, "%*.2f\n", CPUS_W,
			(u->user_s + u->sys_s) / u->seconds);
	else
		fprintf(f, "%*s\n", CPUS_W, "-");
}

typedef void text_row_fn(FILE *f, const struct text_ctx *c,
			 const struct compare_cell *cell);

/*
 * Every row of mechanism @m, grouped by placement and ring, so that each
 * row sits under the baseline row it is compared with.
 */
static void text_each_row(FILE *f, const struct text_ctx *c, unsigned int m,
			  text_row_fn *fn)
{
	for (unsigned int k = 0; k < c->cmp->nrows; k++) {
		const struct compare_row *row = &c->cmp->row[k];

		for (unsigned int i = 0; row->mech == m && i < row->ncells; i++)
			fn(f, c, &row->cell[i]);
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
static void text_table(FILE *f, const struct text_ctx *c, unsigned int m)
{
	const char *mech = c->cmp->mech[m].mech, *title = c->cmp->mech[m].title;
	const struct results *const *r = c->r;
	unsigned int n = c->n;
	int w = INDENT_W + c->label_w;

	fprintf(f, "%*s%s\n", w + LOOPS_HEAD_AT, "", "loops/sec");
	if (n >= 2)
		fprintf(f, "%-*s%*s%*s%*s%*s %*s %*s %s\n", w, title, LOW_W,
			"low", WIDE_CMP_W, "high", WIDE_CMP_W, "average", CV_W,
			"cv", CHANGE_W, "change", DETECT_W, "detect", "cpus");
	else
		fprintf(f, "%-*s%*s%*s%*s%*s %s\n", w, title, LOW_W, "low",
			WIDE_ONE_W, "high", WIDE_ONE_W, "average", CV_W, "cv",
			"cpus");
	text_each_row(f, c, m, text_row);
	fputc('\n', f);
	if (text_any(r, n, mech, 0)) {
		fprintf(f, "%*s%s\n", w + SAMPLED_HEAD_AT, "",
			"round trip, us (sampled)");
		fprintf(f, "%-*s%*s", w, title, USEC_W, "min");
		for (size_t k = 0; k < RESULT_NQUANTILES; k++)
			fprintf(f, "%*s", USEC_W, result_quantiles[k].title);
		fprintf(f, "%*s\n", USEC_W, "max");
		text_each_row(f, c, m, text_latency_row);
		fputc('\n', f);
	}
	if (text_any(r, n, mech, 1)) {
		fprintf(f, "%*s%s\n", w + SAMPLED_HEAD_AT, "",
			"CPU per loop, all participants");
		fprintf(f, "%-*s%*s%*s%*s%*s%*s\n", w, title, CPU_W, "user us",
			CPU_W, "sys us", CPU_W, "vol cs", CPU_W, "invol cs",
			CPUS_W, "CPUs");
		text_each_row(f, c, m, text_cpu_row);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++)
		report_latctx(f, c->m, i, m);
}

/*
 * What a label's replicates are, after its label: on one line, or a long
 * label on a line of its own.
 */
static void text_level(FILE *f, const struct compare *c,
		       const struct report_legend *e)
{
	const struct results *g = c->r[e->label];
	char head[sizeof(g->info.label) + 2], line[sizeof(head) + 160];

	snprintf(head, sizeof(head), "%s:", g->info.label);
	if (utf8_width(g->info.label) > 24) {
		text_wrap(f, head, 0, INDENT_W);
		fprintf(f, "%*s", INDENT_W, "");
		text_wrap(f, e->words, INDENT_W, INDENT_W);
	} else {
		snprintf(line, sizeof(line), "%s %s", head, e->words);
		text_wrap(f, line, 0, INDENT_W);
	}
}

/*
 * A want entry of label @e->label: its label, and with --brief what it
 * would need, on the label's line or on a line of its own under a label
 * too wide for both.
 */
static void text_want_label(FILE *f, const struct compare *c,
			    const struct report_legend *e)
{
	const char *label = c->r[e->label]->info.label;

	fprintf(f, "  %.76s:", label);
	if (!e->words[0])
		fputc('\n', f);
	else if (strlen(label) + strlen(e->words) + 4 > TEXT_WIDTH)
		fprintf(f, "\n    %s\n", e->words);
	else
		fprintf(f, " %s\n", e->words);
}

/*
 * The plain part of the legend of @m, one paragraph, then what it warns
 * of: before the tables, in both reports.
 */
static void text_legend(FILE *f, const struct report_model *m)
{
	char para[1024];
	size_t at = 0;

	para[0] = '\0';
	for (unsigned int k = 0; k < m->nlegend; k++) {
		const struct report_legend *e = &m->legend[k];

		if (e->part == REPORT_LEGEND_PLAIN && at < sizeof(para))
			at += (size_t)snprintf(para + at, sizeof(para) - at,
					       "%s%s", at ? " " : "", e->words);
	}
	if (para[0])
		text_wrap(f, para, 0, 0);
	for (unsigned int k = 0; k < m->nlegend; k++)
		if (m->legend[k].part == REPORT_LEGEND_WARN)
			text_wrap(f, m->legend[k].words, 0, INDENT_W);
}

/*
 * The detail of the legend of @m, after the full report's tables: what
 * the marks' test is, what was kept or left out, each label's
 * replicates, what --want would take.
 */
static void text_judged(FILE *f, const struct report_model *m)
{
	int any = 0;

	for (unsigned int k = 0; k < m->nlegend; k++) {
		const struct report_legend *e = &m->legend[k];

		if (e->part != REPORT_LEGEND_DETAIL)
			continue;
		if (!any++)
			text_banner(f, "How it was judged", 0);
		if (!strcmp(e->key, "level"))
			text_level(f, &m->cmp, e);
		else if (!strcmp(e->key, "want_label"))
			text_want_label(f, &m->cmp, e);
		else if (!strcmp(e->key, "want_row"))
			fprintf(f, "    %s\n", e->words);
		else
			text_wrap(f, e->words, 0, 0);
	}
	if (any)
		fputc('\n', f);
}

/* The labels: their keys when rows use them, and how often each ran. */
static void text_labels(FILE *f, const struct text_ctx *c)
{
	int many = 0;

	/* --brief's Run information says how often each ran. */
	for (unsigned int i = 0; !(c->m->flags & REPORT_BRIEF) && i < c->n; i++)
		many |= c->r[i]->invocations > 1;
	if (!c->keys && !many)
		return;
	fprintf(f, "%s%s%s\n", c->keys ? "key  " : "", many ? " inv  " : "",
		"label");
	for (unsigned int i = 0; i < c->n; i++) {
		unsigned int inv = c->r[i]->invocations;
		size_t at = 0; /* the label's column */

		if (c->keys)
			at += (size_t)fprintf(f, "#%-3u ", i + 1);
		if (many)
			at += (size_t)fprintf(f, "%4u  ", inv ? inv : 1);
		text_wrap(f, c->r[i]->info.label, at, at);
	}
	fputc('\n', f);
}

/* What the report warns of: disturbed runs, an emulated CPU. */
static void text_warnings(FILE *f, const struct report_model *m)
{
	int brief = !!(m->flags & REPORT_BRIEF);

	if ((m->warn & REPORT_WARN_DISTURBED) && brief) {
		text_wrap(
			f,
			m->cmp.kept ?
				"disturbed: other tasks, steal, a clock or a "
				"quota disturbed some runs; the labels took "
				"turns: the averages and the verdict keep "
				"them." :
				"disturbed: other tasks, steal, a clock or a "
				"quota disturbed some runs; the averages and "
				"the verdict leave them out, as low, high and "
				"cv do.",
			0, 0);
		fputc('\n', f);
	} else if (m->warn & REPORT_WARN_DISTURBED)
		fprintf(f,
			"disturbed: steal or other tasks took over %.0f%% of "
			"a run's CPUs, or a clock moved\nover %.0f%% "
			"(run/disturb.h), a CPU quota throttled it or its "
			"token stood still;\n%s",
			DISTURB_MAX_SHARE * 100, DISTURB_MAX_FREQ * 100,
			m->cmp.kept ?
				"the labels took turns, so a disturbance fell on "
				"either side at random: the\naverages and the "
				"verdict keep them.\n\n" :
				"the averages, low, high, cv and the verdict "
				"leave those runs out (a row\nwith too few left "
				"says so under it, and keeps them all).\n\n");
	if (m->warn & REPORT_WARN_EMULATED)
		fprintf(f, "emulated: the CPU was emulated (qemu TCG, see "
			   "Emulated above): every time is the\nemulator's, "
			   "not the kernel's; compare such runs only with "
			   "each other.\n\n");
}

/* The tables of @c, and the signals that cut invocations short. */
static void text_results(FILE *f, const struct text_ctx *c)
{
	const struct results *const *r = c->r;
	int brief = !!(c->m->flags & REPORT_BRIEF);

	text_banner(f, "Results by IPC type", brief);
	text_warnings(f, c->m);
	/* --brief's Run information lists the labels, with their keys. */
	if (!brief || c->m->n < 2)
		text_labels(f, c);
	if (c->n >= 2) {
		text_legend(f, c->m);
		fputc('\n', f);
	}
	text_summary(f, c->m, c->keys || (brief && c->m->n >= 2));
	text_trend(f, c->m); /* --series: each step, against the one before */
	/* One table per mechanism, in the order they first appear. */
	for (unsigned int m = 0;
	     !(c->m->flags & REPORT_BRIEF) && m < c->cmp->nmechs; m++)
		text_table(f, c, m);
	if (!(c->m->flags & REPORT_BRIEF))
		text_judged(f, c->m);
	for (unsigned int i = 0; i < c->n; i++) {
		if (!r[i]->signo)
			continue;
		fprintf(f,
			"Interrupted by signal %d (%s); partial results "
			"for:\n%*s",
			r[i]->signo, strsignal(r[i]->signo), INDENT_W, "");
		text_wrap(f, r[i]->info.label, INDENT_W, INDENT_W);
		fputc('\n', f);
	}
}

/* The text report of @m, and each row's histogram when it asks. */
static int text_render(FILE *f, const struct report_model *m)
{
	struct text_ctx c = { .m = m, .cmp = &m->cmp };

	if (!(m->flags & REPORT_BRIEF)) {
		text_banner(f, "Run information", 0);
		text_info(f, m->r, m->n, 0, &m->cmp);
	} else {
		/* The head, then what differs: a single run's is the head. */
		text_brief_head(f, m->r, m->n);
		if (m->n >= 2) {
			text_banner(f,
				    "Run information: what differs (all of it "
				    "without --brief)",
				    1);
			text_info(f, m->r, m->n, 1, &m->cmp);
		}
	}
	c.r = m->cmp.r;
	c.n = m->cmp.n;
	c.keys = text_need_keys(&c);
	c.label_w = text_label_w(&c);
	text_results(f, &c);
	report_profile_text(f, m);
	if (m->flags & REPORT_HISTOGRAM)
		report_histograms(f, m->r, m->n);
	return 0;
}

const struct report_format report_format_text = { "text", text_render };
