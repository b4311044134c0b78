/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --format csv and csv-compare: tidy tables, a record an observation.
 *
 * --format csv: every observation as a record of its own, a run's
 * loops/sec or its median round trip, an invocation's CPU per loop, a
 * row's quantile, with what it is of in columns (label, the kernel and
 * its scheduler's facts, boot, invocation, run, mechanism, placement,
 * ring, the core types it ran on) and its unit, so that pandas, R or
 * gnuplot group and pivot it as they are.
 * --format csv-compare: a record a statistic of each row compared with
 * the baseline's, its change, interval, p, detect and verdict.  Both
 * with named columns and RFC 4180's quoting, and a cell a spreadsheet
 * would take for a formula written with a quote before it (docs/keys.md).
 */
#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "analysis/compare.h"
#include "analysis/textkit.h"
#include "lib/hist.h"

#include "formats.h"
#include "report.h"

/*
 * Whether @s is a decimal number as the formats write one: "-3.2", and
 * with an exponent, "-1.5e-05", as %.17g writes a small one.
 */
static int csv_number(const char *s)
{
	size_t whole, frac = 0, exp = 0;

	s += *s == '-';
	whole = strspn(s, "0123456789");
	if (s[whole] == '.')
		frac = 1 + strspn(s + whole + 1, "0123456789");
	s += whole + frac;
	if (whole && *s == 'e') {
		exp = 1 + (s[1] == '-' || s[1] == '+');
		exp = strspn(s + exp, "0123456789") ?
			      exp + strspn(s + exp, "0123456789") :
			      0;
		if (!exp)
			return 0;
	}
	return whole > 0 && s[exp] == '\0';
}

/*
 * Whether a spreadsheet would take @s for a formula (OWASP's CSV
 * injection): it begins with =, +, -, @, a tab or a CR, and is not a
 * number ("-3.2"), or begins with quotes before one of those (so that
 * taking one quote off gives back every value).
 */
static int csv_formula(const char *s)
{
	const char *after = s + strspn(s, "'");

	if (!*after || !strchr("=+-@\t\r", *after))
		return 0;
	return after > s || !csv_number(s);
}

/*
 * A field: a quote put before a cell a spreadsheet would run
 * (csv_formula()), and quoted, its quotes doubled, when it holds , " CR
 * or LF.
 */
static void csv_field(FILE *f, const char *s, int last)
{
	int formula = csv_formula(s);

	if (strpbrk(s, ",\"\r\n")) {
		fputs(formula ? "\"'" : "\"", f);
		for (; *s; s++) {
			if (*s == '"')
				fputc('"', f);
			fputc(*s, f);
		}
		fputc('"', f);
	} else {
		fprintf(f, "%s%s", formula ? "'" : "", s);
	}
	fputs(last ? "\r\n" : ",", f);
}

/* A number as a field: %.17g round-trips a double; "" for none (NAN). */
static void csv_num(FILE *f, double v, int last)
{
	char buf[32];

	if (isnan(v))
		buf[0] = '\0';
	else
		snprintf(buf, sizeof(buf), "%.17g", v);
	csv_field(f, buf, last);
}

/* A count from 1 as a field; "" for none (0). */
static void csv_nth(FILE *f, unsigned int n)
{
	char buf[16];

	buf[0] = '\0';
	if (n)
		snprintf(buf, sizeof(buf), "%u", n);
	csv_field(f, buf, 0);
}

/* Where an observation is from: the columns before its statistic. */
struct csv_at {
	const struct results *r;
	const struct result_row *row;
	const char *key;
	const char *ran_on; /* the core types of its CPUs, "" */
	unsigned int boot, inv, run; /* from 1; 0: none (not of one) */
};

/* The ring of @row: its mechanism, placement, procs and ws_kb fields. */
static void csv_ring(FILE *f, const struct result_row *row)
{
	char procs[16], kb[16];

	snprintf(procs, sizeof(procs), "%u", row->procs);
	snprintf(kb, sizeof(kb), "%u", row->ws_kb);
	csv_field(f, row->mech, 0);
	csv_field(f, row->placement[0] ? row->placement : "any", 0);
	csv_field(f, procs, 0);
	csv_field(f, kb, 0);
}

static void csv_obs(FILE *f, const struct csv_at *at, const char *stat,
		    double value, const char *unit)
{
	const struct result_info *in = &at->r->info;

	csv_field(f, in->label, 0);
	csv_field(f, in->kernel, 0);
	csv_field(f, in->preempt, 0);
	csv_field(f, in->fair_sched, 0);
	csv_field(f, in->sched_ext, 0);
	csv_field(f, in->proxy_exec, 0);
	csv_field(f, in->core_sched, 0);
	csv_field(f, in->core_types, 0);
	csv_field(f, in->tsc, 0);
	csv_nth(f, at->boot);
	csv_nth(f, at->inv);
	csv_nth(f, at->run);
	csv_ring(f, at->row);
	csv_field(f, at->ran_on, 0);
	csv_field(f, at->key, 0);
	csv_field(f, stat, 0);
	csv_num(f, value, 0);
	csv_field(f, unit, 1);
}

/* A run's observations. */
static void csv_run(FILE *f, const struct csv_at *at,
		    const struct result_sample *smp)
{
	csv_obs(f, at, "loops_per_sec", result_rate(smp), "loops/s");
	csv_obs(f, at, "loops", (double)smp->loops, "count");
	csv_obs(f, at, "elapsed_ns", smp->elapsed_s * 1e9, "ns");
	if (smp->rtt_p50_ns > 0) {
		csv_obs(f, at, "rtt_p50_ns", smp->rtt_p50_ns, "ns");
		csv_obs(f, at, "rtt_iqm_ns", smp->rtt_iqm_ns, "ns");
	}
	csv_obs(f, at, "disturbed", smp->disturbed ? 1 : 0, "count");
}

/* The row's quantile @q of its round trips, named as kv names it. */
static void csv_quantile(FILE *f, const struct csv_at *at,
			 const struct result_quantile *q, double ns,
			 const char *unit)
{
	char stat[32];

	snprintf(stat, sizeof(stat), "rtt_%s_ns", q->key);
	csv_obs(f, at, stat, ns, unit);
}

/*
 * A row's observations: each run's, by invocation (its runs are the
 * merged row's in the order of its invocations), each invocation's CPU
 * per loop and round trip, then the row's quantiles of its round trips;
 * its findings @fs say the core types it ran on.
 */
static void csv_row(FILE *f, const struct results *r,
		    const struct result_row *row, const char *key,
		    const struct report_findings *fs)
{
	struct csv_at at = { r, row, key, "", 0, 0, 0 };
	unsigned int ninv = row->ninv ? row->ninv : 1, done = 0;

	for (unsigned int k = 0; k < fs->n; k++)
		if (fs->f[k].kind == FINDING_RAN_ON)
			at.ran_on = fs->f[k].name;

	for (unsigned int i = 0; i < ninv; i++) {
		const struct result_inv *inv = row->ninv ? &row->inv[i] : NULL;
		unsigned int runs = inv ? inv->runs : row->nsamples;

		at.inv = (inv ? inv->of : 0) + 1;
		at.boot = inv && inv->boot != UINT_MAX ? inv->boot + 1 : 0;
		at.run = 0;
		for (unsigned int k = 0; k < runs && done < row->nsamples;
		     k++) {
			at.run = k + 1;
			csv_run(f, &at, &row->sample[done++]);
		}
		at.run = 0;
		if (inv && inv->cpu > 0)
			csv_obs(f, &at, "cpu_ns_per_loop", inv->cpu * 1e9,
				"ns per loop");
		if (inv && inv->rtt > 0)
			csv_obs(f, &at, "rtt_ns", inv->rtt, "ns");
	}
	if (!row->ninv && row->cpu.loops > 0) {
		at.inv = 1;
		csv_obs(f, &at, "cpu_ns_per_loop",
			1e9 * (row->cpu.user_s + row->cpu.sys_s) /
				(double)row->cpu.loops,
			"ns per loop");
	}
	at.boot = at.inv = at.run = 0;
	for (unsigned int q = 0; row->rtt.count && q < RESULT_NQUANTILES; q++)
		csv_quantile(f, &at, &result_quantiles[q],
			     hist_quantile(&row->rtt, result_quantiles[q].q),
			     "ns");
}

static int csv_render(FILE *f, const struct report_model *m)
{
	const struct compare *c = &m->cmp;

	fputs("label,kernel,preempt,fair_scheduler,sched_ext,proxy_exec,"
	      "core_scheduling,core_types,tsc,boot,invocation,run,mechanism,"
	      "placement,procs,ws_kb,ran_on,row,statistic,value,unit\r\n",
	      f);
	for (unsigned int i = 0; i < c->n; i++)
		for (unsigned int k = 0; k < c->r[i]->nrows; k++) {
			const struct compare_cell *cell = c->cell[i][k];

			if (cell && cell->key[0])
				csv_row(f, c->r[i], cell->row, cell->key,
					&m->find[i][k]);
		}
	return 0;
}

const struct report_format report_format_csv = { "csv", csv_render };

/*
 * Statistic @s of a compared cell: its change, interval, p, detect and
 * mark; the row's verdict in words and the statistic that decided it,
 * the same on each record of the row.
 */
static void csv_verdict(FILE *f, const struct compare *c,
			const struct compare_cell *cell, const char *key,
			enum verdict_stat s)
{
	enum compare_mark mark;
	const struct verdict *v = compare_cell_stat(cell, s, &mark, NULL);
	int by = compare_cell_marked(cell) ||
		 cell->outcome == COMPARE_VERDICT_NOT_SIGNIFICANT;

	csv_field(f, c->r[cell->label]->info.label, 0);
	csv_field(f, c->r[c->base]->info.label, 0);
	csv_ring(f, cell->row);
	csv_field(f, key, 0);
	csv_field(f, compare_stat_name(s), 0);
	csv_num(f, 100 * v->change, 0);
	csv_num(f, 100 * v->low, 0);
	csv_num(f, 100 * v->high, 0);
	csv_num(f, v->p, 0);
	csv_num(f, 100 * v->detect, 0);
	csv_field(f, compare_mark_key(mark), 0);
	csv_field(f, cell->verdict, 0);
	csv_field(f, by ? compare_stat_name(cell->by) : "", 1);
}

/*
 * --format csv-compare: each row's statistics against the baseline's, a
 * record each that the row has (loops/sec; CPU per loop and the round
 * trip where they were tested), the baseline's rows left out.
 */
static int csv_compare_render(FILE *f, const struct report_model *m)
{
	const struct compare *c = &m->cmp;

	fputs("label,baseline,mechanism,placement,procs,ws_kb,row,statistic,"
	      "change_pct,low_pct,high_pct,p,detect_pct,mark,verdict,"
	      "verdict_by\r\n",
	      f);
	for (unsigned int k = 0; k < c->nrows; k++) {
		const struct compare_row *row = &c->row[k];

		for (unsigned int i = 0; i < row->ncells; i++) {
			const struct compare_cell *cell = &row->cell[i];

			if (cell->mark == COMPARE_BASELINE ||
			    !cell->row->nsamples || !cell->key[0])
				continue;
			csv_verdict(f, c, cell, cell->key, VERDICT_LOOPS);
			if (cell->has_cpu)
				csv_verdict(f, c, cell, cell->key, VERDICT_CPU);
			if (cell->rtt.has)
				csv_verdict(f, c, cell, cell->key, VERDICT_RTT);
		}
	}
	return 0;
}

const struct report_format report_format_csv_compare = { "csv-compare",
							 csv_compare_render };
