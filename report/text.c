/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The text report, shaped after the 2002 ctxbench mails. */
#include <string.h>

#include "report.h"
#include "stats.h"

#define RULE "================================================================"
#define LABEL_W 20 /* a row label wider than this gets a line of its own */

static void text_banner(FILE *f, const char *title)
{
	fprintf(f, "%s\n    %s\n%s\n\n", RULE, title, RULE);
}

static void text_field(FILE *f, const char *name, const char *value)
{
	fprintf(f, "  %-20s %s\n", name, value[0] ? value : "unknown");
}

static void text_info(FILE *f, const struct result_info *in)
{
	char buf[64];

	fprintf(f, "Run: %s%s%s\n", in->label, in->note[0] ? "  " : "",
		in->note);
	text_field(f, "CPU_MHz", in->cpu_mhz);
	text_field(f, "CPUtype", in->cpu_type);
	text_field(f, "HostName", in->hostname);
	text_field(f, "KernelName", in->kernel);
	if (in->ncpu > 0)
		snprintf(buf, sizeof(buf), "%d", in->ncpu);
	else
		buf[0] = '\0';
	text_field(f, "Ncpu", buf);
	snprintf(buf, sizeof(buf), "%g", in->duration_s);
	text_field(f, "Seconds", buf);
	snprintf(buf, sizeof(buf), "%u", in->runs);
	text_field(f, "Runs", buf);
	text_field(f, "Tasks", in->threads ? "threads" : "processes");
	fputc('\n', f);
}

static void text_label(FILE *f, const char *label)
{
	if (strlen(label) > LABEL_W)
		fprintf(f, "  %s\n  %-*s", label, LABEL_W, "");
	else
		fprintf(f, "  %-*s", LABEL_W, label);
}

static void text_row(FILE *f, const struct results *r,
		     const struct result_row *row)
{
	struct stats s;

	char label[sizeof(r->info.label) + sizeof(row->placement) + 1];

	snprintf(label, sizeof(label), "%s%s%s", r->info.label,
		 row->placement[0] ? " " : "", row->placement);
	text_label(f, label);
	result_row_stats(row, &s);
	if (row->nsamples)
		fprintf(f, "%9.0f%11.0f%11.0f%6.1f%% %s\n", s.min, s.max,
			s.mean, s.cv * 100, row->cpus);
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

/* Does a row of mechanism @mech come before row @upto_row of @cur? */
static int text_seen(const struct results *const *r, unsigned int cur,
		     unsigned int upto_row, const char *mech)
{
	for (unsigned int i = 0; i <= cur; i++) {
		unsigned int rows = i == cur ? upto_row : r[i]->nrows;

		for (unsigned int j = 0; j < rows; j++)
			if (strcmp(r[i]->row[j].mech, mech) == 0)
				return 1;
	}
	return 0;
}

static void text_table(FILE *f, const struct results *const *r, unsigned int n,
		       const char *mech, const char *title)
{
	fprintf(f, "%35s%s\n", "", "loops/sec");
	fprintf(f, "%-22s%9s%11s%11s%7s %s\n", title, "low", "high", "average",
		"cv", "cpus");
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (strcmp(r[i]->row[j].mech, mech) == 0)
				text_row(f, r[i], &r[i]->row[j]);
	fputc('\n', f);
}

void report_text(FILE *f, const struct results *const *r, unsigned int n)
{
	text_banner(f, "Run information");
	for (unsigned int i = 0; i < n; i++)
		text_info(f, &r[i]->info);
	fputc('\n', f);
	text_banner(f, "Results by IPC type");
	/* One table per mechanism, in the order they first appear. */
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = 0; j < r[i]->nrows; j++)
			if (!text_seen(r, i, j, r[i]->row[j].mech))
				text_table(f, r, n, r[i]->row[j].mech,
					   r[i]->row[j].title);
	for (unsigned int i = 0; i < n; i++)
		if (r[i]->signo)
			fprintf(f,
				"Interrupted by signal %d (%s); partial "
				"results for:\n  %s\n\n",
				r[i]->signo, strsignal(r[i]->signo),
				r[i]->info.label);
}
