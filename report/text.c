/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The text report, shaped after the 2002 ctxbench mails; with two or more
 * invocations every row is also compared with the baseline's.
 */
#include <math.h>
#include <string.h>

#include "report.h"
#include "stats.h"

#define RULE "================================================================"
#define LABEL_W 20 /* a row label wider than this gets a line of its own */
#define WIDTH 80 /* the widest line a table row may print */
#define CHANGE_W 14 /* "(  +1.23%) n/a" */
#define ALPHA 0.05 /* significance level of the comparison */

/* The facts of the Run information block, in the order it prints them. */
enum text_fact {
	FACT_MHZ,
	FACT_TYPE,
	FACT_HOST,
	FACT_KERNEL,
	FACT_NCPU,
	FACT_SECONDS,
	FACT_RUNS,
	FACT_TASKS,
	FACT_COUNT
};

static const char *const text_fact_name[FACT_COUNT] = {
	[FACT_MHZ] = "CPU_MHz",	  [FACT_TYPE] = "CPUtype",
	[FACT_HOST] = "HostName", [FACT_KERNEL] = "KernelName",
	[FACT_NCPU] = "Ncpu",	  [FACT_SECONDS] = "Seconds",
	[FACT_RUNS] = "Runs",	  [FACT_TASKS] = "Tasks",
};

/* The value of fact @k of @in, "unknown" when it could not be read. */
static const char *text_fact(const struct result_info *in, enum text_fact k,
			     char *buf, size_t size)
{
	const char *v = buf;

	buf[0] = '\0';
	switch (k) {
	case FACT_MHZ:
		v = in->cpu_mhz;
		break;
	case FACT_TYPE:
		v = in->cpu_type;
		break;
	case FACT_HOST:
		v = in->hostname;
		break;
	case FACT_KERNEL:
		v = in->kernel;
		break;
	case FACT_NCPU:
		if (in->ncpu > 0)
			snprintf(buf, size, "%d", in->ncpu);
		break;
	case FACT_SECONDS:
		snprintf(buf, size, "%g", in->duration_s);
		break;
	case FACT_RUNS:
		snprintf(buf, size, "%u", in->runs);
		break;
	case FACT_TASKS:
		v = in->threads ? "threads" : "processes";
		break;
	case FACT_COUNT:
		break;
	}
	return v[0] ? v : "unknown";
}

static void text_banner(FILE *f, const char *title)
{
	fprintf(f, "%s\n    %s\n%s\n\n", RULE, title, RULE);
}

static void text_field(FILE *f, const struct result_info *in, enum text_fact k)
{
	char buf[64];

	fprintf(f, "  %-20s %s\n", text_fact_name[k],
		text_fact(in, k, buf, sizeof(buf)));
}

/*
 * One block per invocation.  Facts every invocation shares are printed
 * once, under "Run: ALL", so what differs between them stands out.
 */
static void text_info(FILE *f, const struct results *const *r, unsigned int n)
{
	int common[FACT_COUNT] = { 0 }, any = 0;

	for (int k = 0; n >= 2 && k < FACT_COUNT; k++) {
		char a[64], b[64];

		common[k] = 1;
		for (unsigned int i = 1; i < n; i++)
			if (strcmp(text_fact(&r[0]->info, k, a, sizeof(a)),
				   text_fact(&r[i]->info, k, b, sizeof(b))))
				common[k] = 0;
		any |= common[k];
	}
	if (any) {
		fprintf(f, "Run: ALL\n");
		for (int k = 0; k < FACT_COUNT; k++)
			if (common[k])
				text_field(f, &r[0]->info, k);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct result_info *in = &r[i]->info;
		int fields = 0;

		fprintf(f, "Run: %s%s%s\n", in->label, in->note[0] ? "  " : "",
			in->note);
		for (int k = 0; k < FACT_COUNT; k++) {
			if (!common[k]) {
				text_field(f, in, k);
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
 * of the same mechanism and placement, marked *...* when Welch's t-test
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
	brow = results_find(r[base], row->mech, row->placement);
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

static void text_row(FILE *f, const struct results *const *r, unsigned int n,
		     unsigned int base, unsigned int i,
		     const struct result_row *row)
{
	char label[sizeof(r[i]->info.label) + sizeof(row->placement) + 1];
	char line[128], change[48];
	struct stats s;

	snprintf(label, sizeof(label), "%s%s%s", r[i]->info.label,
		 row->placement[0] ? " " : "", row->placement);
	text_label(f, label);
	result_row_stats(row, &s);
	if (row->nsamples) {
		change[0] = '\0';
		if (n >= 2)
			text_change(change, sizeof(change), r, base, i, row,
				    &s);
		snprintf(line, sizeof(line), "%9.0f%11.0f%11.0f%6.1f%% %-*s%s",
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
}

static int text_match(const struct result_row *row, const char *mech,
		      const char *placement)
{
	return strcmp(row->mech, mech) == 0 &&
	       (!placement || strcmp(row->placement, placement) == 0);
}

/*
 * Does a row of @mech (at @placement, unless NULL) come before row
 * @upto_row of invocation @cur?
 */
static int text_seen(const struct results *const *r, unsigned int cur,
		     unsigned int upto_row, const char *mech,
		     const char *placement)
{
	for (unsigned int i = 0; i <= cur; i++) {
		unsigned int rows = i == cur ? upto_row : r[i]->nrows;

		for (unsigned int j = 0; j < rows; j++)
			if (text_match(&r[i]->row[j], mech, placement))
				return 1;
	}
	return 0;
}

/*
 * One mechanism's table: its rows grouped by placement, so that each row
 * sits under the baseline row it is compared with.
 */
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
	for (unsigned int i = 0; i < n; i++) {
		for (unsigned int j = 0; j < r[i]->nrows; j++) {
			const char *place = r[i]->row[j].placement;

			if (!text_match(&r[i]->row[j], mech, NULL) ||
			    text_seen(r, i, j, mech, place))
				continue;
			for (unsigned int i2 = 0; i2 < n; i2++)
				for (unsigned int j2 = 0; j2 < r[i2]->nrows;
				     j2++)
					if (text_match(&r[i2]->row[j2], mech,
						       place))
						text_row(f, r, n, base, i2,
							 &r[i2]->row[j2]);
		}
	}
	fputc('\n', f);
}

void report_text(FILE *f, const struct results *const *r, unsigned int n,
		 unsigned int baseline)
{
	if (baseline >= n)
		baseline = 0;
	text_banner(f, "Run information");
	text_info(f, r, n);
	text_banner(f, "Results by IPC type");
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
