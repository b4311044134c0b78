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

/*
 * The facts of the Run information block, in the order it prints them:
 * the original's five, the test's, then the kernel and the machine.
 */
enum text_fact {
	FACT_MHZ,
	FACT_TYPE,
	FACT_HOST,
	FACT_KERNEL,
	FACT_NCPU,
	FACT_SECONDS,
	FACT_RUNS,
	FACT_TASKS,
	FACT_KVERSION,
	FACT_PREEMPT,
	FACT_HZ,
	FACT_MITIGATIONS,
	FACT_CPUFREQ,
	FACT_GOVERNOR,
	FACT_BOOST,
	FACT_CPUIDLE,
	FACT_IDLE_GOVERNOR,
	FACT_HALT_POLL,
	FACT_SMT,
	FACT_VIRT,
	FACT_MACHINE,
	FACT_CLOCKSOURCE,
	FACT_ONLINE,
	FACT_ALLOWED,
	FACT_COMPILER,
	FACT_VERSION,
	FACT_DATE,
	FACT_CMDLINE, /* last: it may take many lines */
	FACT_COUNT
};

static const char *const text_fact_name[FACT_COUNT] = {
	[FACT_MHZ] = "CPU_MHz",
	[FACT_TYPE] = "CPUtype",
	[FACT_HOST] = "HostName",
	[FACT_KERNEL] = "KernelName",
	[FACT_NCPU] = "Ncpu",
	[FACT_SECONDS] = "Seconds",
	[FACT_RUNS] = "Runs",
	[FACT_TASKS] = "Tasks",
	[FACT_KVERSION] = "KernelVersion",
	[FACT_PREEMPT] = "Preemption",
	[FACT_HZ] = "CONFIG_HZ",
	[FACT_MITIGATIONS] = "Mitigations",
	[FACT_CPUFREQ] = "CpufreqDriver",
	[FACT_GOVERNOR] = "CpufreqGovernor",
	[FACT_BOOST] = "Boost",
	[FACT_CPUIDLE] = "CpuidleDriver",
	[FACT_IDLE_GOVERNOR] = "CpuidleGovernor",
	[FACT_HALT_POLL] = "HaltPoll",
	[FACT_SMT] = "SMT",
	[FACT_VIRT] = "Virtual",
	[FACT_MACHINE] = "Machine",
	[FACT_CLOCKSOURCE] = "Clocksource",
	[FACT_ONLINE] = "CPUsOnline",
	[FACT_ALLOWED] = "CPUsAllowed",
	[FACT_COMPILER] = "Compiler",
	[FACT_VERSION] = "CtxbenchVersion",
	[FACT_DATE] = "Date",
	[FACT_CMDLINE] = "BootCmdline",
};

#define FACT_NAME_W 20
#define FACT_VALUE_W (WIDTH - 3 - FACT_NAME_W) /* after "  %-20s " */

/* The value of fact @k of @r, "unknown" when it could not be read. */
static const char *text_fact(const struct results *r, enum text_fact k,
			     char *buf, size_t size)
{
	const struct result_info *in = &r->info;
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
	case FACT_KVERSION:
		v = in->kernel_version;
		break;
	case FACT_PREEMPT:
		v = in->preempt;
		break;
	case FACT_HZ:
		v = in->config_hz;
		break;
	case FACT_MITIGATIONS:
		v = in->mitigations;
		break;
	case FACT_CPUFREQ:
		v = in->cpufreq_driver;
		break;
	case FACT_GOVERNOR:
		v = in->cpufreq_governor;
		break;
	case FACT_BOOST:
		v = in->boost;
		break;
	case FACT_CPUIDLE:
		v = in->cpuidle_driver;
		break;
	case FACT_IDLE_GOVERNOR:
		v = in->cpuidle_governor;
		break;
	case FACT_HALT_POLL:
		v = in->halt_poll;
		break;
	case FACT_SMT:
		v = in->smt;
		break;
	case FACT_VIRT:
		v = in->virt;
		break;
	case FACT_MACHINE:
		v = in->machine;
		break;
	case FACT_CLOCKSOURCE:
		v = in->clocksource;
		break;
	case FACT_ONLINE:
		v = in->cpus_online;
		break;
	case FACT_ALLOWED:
		v = in->cpus_allowed;
		break;
	case FACT_COMPILER:
		v = in->compiler;
		break;
	case FACT_VERSION:
		v = r->version;
		break;
	case FACT_DATE:
		v = in->date;
		break;
	case FACT_CMDLINE:
		v = in->boot_cmdline;
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
 * One fact, its value cut to fit 80 columns (the saved run keeps it
 * whole); the kernel version string (up to 64 bytes, its build date
 * last) and the boot command line instead go on over indented lines,
 * broken between words.
 */
static void text_field(FILE *f, const struct results *r, enum text_fact k)
{
	const char *v;
	char buf[64];
	size_t n;

	v = text_fact(r, k, buf, sizeof(buf));
	fprintf(f, "  %-*s ", FACT_NAME_W, text_fact_name[k]);
	if (k != FACT_KVERSION && k != FACT_CMDLINE) {
		if (strlen(v) <= FACT_VALUE_W)
			fprintf(f, "%s\n", v);
		else
			fprintf(f, "%.*s...\n",
				(int)text_fit(v, FACT_VALUE_W - 3), v);
		return;
	}
	for (int first = 1; *v; first = 0) {
		n = text_fit(v, FACT_VALUE_W);
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
			if (strcmp(text_fact(r[0], k, a, sizeof(a)),
				   text_fact(r[i], k, b, sizeof(b))))
				common[k] = 0;
		any |= common[k];
	}
	if (any) {
		fprintf(f, "Run: ALL\n");
		for (int k = 0; k < FACT_COUNT; k++)
			if (common[k])
				text_field(f, r[0], k);
		fputc('\n', f);
	}
	for (unsigned int i = 0; i < n; i++) {
		const struct result_info *in = &r[i]->info;
		int fields = 0;

		fprintf(f, "Run: %s%s%s\n", in->label, in->note[0] ? "  " : "",
			in->note);
		for (int k = 0; k < FACT_COUNT; k++) {
			if (!common[k]) {
				text_field(f, r[i], k);
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

static void text_row(FILE *f, const struct results *const *r, unsigned int n,
		     unsigned int base, unsigned int i,
		     const struct result_row *row)
{
	char label[sizeof(r[i]->info.label) + sizeof(row->placement) + 32];
	char line[128], change[48];
	struct stats s;

	snprintf(label, sizeof(label), "%s%s%s", r[i]->info.label,
		 row->placement[0] ? " " : "", row->placement);
	if (results_rings(r[i]))
		snprintf(label + strlen(label), sizeof(label) - strlen(label),
			 " %up/%uK", row->procs, row->ws_kb);
	text_label(f, label);
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

/* Sorted distinct ring sizes (@procs) or working sets of @mech at @place. */
static unsigned int text_axis(const struct results *r, const char *mech,
			      const char *place, int procs, unsigned int *v,
			      unsigned int max)
{
	unsigned int n = 0;

	for (unsigned int j = 0; j < r->nrows; j++) {
		const struct result_row *row = &r->row[j];
		unsigned int x = procs ? row->procs : row->ws_kb, k;

		if (strcmp(row->mech, mech) || strcmp(row->placement, place))
			continue;
		for (k = 0; k < n && v[k] != x; k++)
			;
		if (k < n || n == max)
			continue;
		for (k = n++; k > 0 && v[k - 1] > x; k--)
			v[k] = v[k - 1];
		v[k] = x;
	}
	return n;
}

/* The row of @mech at @place with @procs participants and @kb, or NULL. */
static const struct result_row *text_cell(const struct results *r,
					  const char *mech, const char *place,
					  unsigned int procs, unsigned int kb)
{
	for (unsigned int j = 0; j < r->nrows; j++) {
		const struct result_row *row = &r->row[j];

		if (!strcmp(row->mech, mech) &&
		    !strcmp(row->placement, place) && row->procs == procs &&
		    row->ws_kb == kb)
			return row;
	}
	return NULL;
}

/*
 * The time of one hop in microseconds, less the hop's own work when
 * @less; never negative (a hop cannot take less than nothing), and
 * negative only to say "no value".
 */
static double text_hop_us(const struct result_row *row, int less)
{
	struct stats s;
	double us;

	if (!row || !row->nsamples)
		return -1;
	result_row_stats(row, &s);
	if (!(s.mean > 0))
		return -1;
	us = 1e6 / (s.mean * row->procs);
	if (less) {
		if (!(row->hop_work_ns > 0))
			return -1;
		us -= row->hop_work_ns / 1000;
	}
	return us < 0 ? 0 : us;
}

static void text_us(FILE *f, double us)
{
	if (us < 0)
		fprintf(f, "%10s", "-");
	else if (us < 1000)
		fprintf(f, "%10.2f", us);
	else
		fprintf(f, "%10.0f", us);
}

static const char *text_procs(unsigned int procs)
{
	static char buf[16];

	snprintf(buf, sizeof(buf), "%up", procs);
	return buf;
}

#define HOP_COLS 6 /* sizes per table: 14 + 6 x 10 columns */

/*
 * lat_ctx's table for @mech at each placement: a row per ring size, a
 * column per working set, the time of one hop in microseconds; then the
 * same less the hop's own work (touching the working set and the
 * mechanism's calls, measured in one process without a switch).
 */
static void text_hops(FILE *f, const struct results *r, const char *mech)
{
	for (unsigned int j = 0; j < r->nrows; j++) {
		const char *place = r->row[j].placement;
		unsigned int procs[64], kb[64], np, nk;

		if (strcmp(r->row[j].mech, mech))
			continue;
		for (unsigned int k = 0; k < j; k++)
			if (!strcmp(r->row[k].mech, mech) &&
			    !strcmp(r->row[k].placement, place))
				goto next; /* this placement is done */
		np = text_axis(r, mech, place, 1, procs, 64);
		nk = text_axis(r, mech, place, 0, kb, 64);
		for (int less = 0; less < 2; less++) {
			for (unsigned int c0 = 0; c0 < nk; c0 += HOP_COLS) {
				unsigned int c1 =
					c0 + HOP_COLS < nk ? c0 + HOP_COLS : nk;

				fprintf(f, "%14s%s\n", "",
					less ? "usec per hop, less the hop's own work" :
					       "usec per hop (lat_ctx)");
				char corner[64];

				snprintf(corner, sizeof(corner), "%s %s", mech,
					 place);
				fprintf(f, "%-14.14s", corner);
				for (unsigned int c = c0; c < c1; c++)
					fprintf(f, "%9uK", kb[c]);
				fputc('\n', f);
				for (unsigned int p = 0; p < np; p++) {
					fprintf(f, "  %-12s",
						text_procs(procs[p]));
					for (unsigned int c = c0; c < c1; c++)
						text_us(f,
							text_hop_us(
								text_cell(
									r, mech,
									place,
									procs[p],
									kb[c]),
								less));
					fputc('\n', f);
				}
				if (!less) {
					fprintf(f, "  %-12s", "hop work");
					for (unsigned int c = c0; c < c1; c++) {
						const struct result_row *w =
							NULL;

						for (unsigned int p = 0;
						     p < np && !w; p++) {
							w = text_cell(r, mech,
								      place,
								      procs[p],
								      kb[c]);
							if (w &&
							    !(w->hop_work_ns >
							      0))
								w = NULL;
						}
						text_us(f,
							w ? w->hop_work_ns /
									1000 :
							    -1);
					}
					fputc('\n', f);
				}
				fputc('\n', f);
			}
		}
next:;
	}
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
			const struct result_row *like = &r[i]->row[j];

			if (!text_match(like, mech, NULL) ||
			    text_seen(r, i, j, mech, like))
				continue;
			for (unsigned int i2 = 0; i2 < n; i2++)
				for (unsigned int j2 = 0; j2 < r[i2]->nrows;
				     j2++)
					if (text_match(&r[i2]->row[j2], mech,
						       like))
						text_row(f, r, n, base, i2,
							 &r[i2]->row[j2]);
		}
	}
	fputc('\n', f);
	for (unsigned int i = 0; i < n; i++)
		if (results_rings(r[i]))
			text_hops(f, r[i], mech);
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
