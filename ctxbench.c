/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: options, the plan, the runs, the report, the exit status. */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ipc/ipc.h"
#include "lib/cpulist.h"
#include "cli/plan.h"
#include "cli/quote.h"
#include "run/run.h"
#include "cli/progress.h"
#include "report/report.h"
#include "report/sysinfo.h"

#ifndef CTXBENCH_VERSION
#define CTXBENCH_VERSION "unknown"
#endif

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s%s\n", (*o)->name, (*o)->title, (*o)->how,
		       (*o)->flags & IPC_NOT_IN_ALL ? " (not in all)" : "");
}

/* The warm-up before each measured run: short against the run itself. */
static double warmup_s(double duration_s)
{
	double w = duration_s / 50;

	return w < 0.01 ? 0.01 : w > 0.25 ? 0.25 : w;
}

/*
 * Busy-waiters sharing a CPU only move the token when a time slice ends:
 * pinned to fewer CPUs than participants, or unpinned with fewer allowed.
 */
static int degenerate(const struct ipc_ops *ops, const struct place_topo *t,
		      const int *cpu, unsigned int nr)
{
	cpu_set_t used;

	if (!(ops->flags & IPC_BUSY_WAIT))
		return 0;
	if (cpu[0] < 0)
		return (unsigned int)CPU_COUNT(&t->allowed) < nr;
	CPU_ZERO(&used);
	for (unsigned int i = 0; i < nr; i++)
		CPU_SET(cpu[i], &used);
	return (unsigned int)CPU_COUNT(&used) < nr;
}

static void row_fail(struct result_row *row, const struct run_result *res)
{
	row->status = res->status;
	snprintf(row->reason, sizeof(row->reason), "%s", res->reason);
	if (res->status != RESULT_INTERRUPTED)
		fprintf(stderr, "ctxbench: %s %s: %s: %s\n", row->mech,
			row->placement, result_status_name(res->status),
			res->reason);
}

/* The spec of one run of @ops in a ring of @nr, but for its CPUs. */
static struct run_spec run_spec_of(const struct plan *p,
				   const struct ipc_ops *ops, unsigned int nr,
				   unsigned int kb)
{
	struct run_spec spec = {
		.ops = ops,
		.nr = nr,
		.ws_kb = kb,
		.threads = p->threads,
		.duration_s = p->duration_s,
		.warmup_s = warmup_s(p->duration_s),
		.sample_every = p->sample_every,
	};

	return spec;
}

/* Add a successful run to its row. */
static void row_add(struct result_row *row, const struct run_result *res,
		    cpu_set_t *seen)
{
	struct result_sample *smp = &row->sample[row->nsamples++];

	smp->loops = res->loops;
	smp->elapsed_s = res->elapsed_s;
	smp->setup_s = res->setup_s;
	smp->teardown_s = res->teardown_s;
	smp->disturbed = res->dist.disturbed;
	smp->steal_share = res->dist.steal_share;
	smp->irq_share = res->dist.irq_share;
	smp->other_share = res->dist.other_share;
	smp->freq_change = res->dist.freq_change;
	snprintf(smp->why, sizeof(smp->why), "%s", res->dist.why);
	smp->procs_running[0] = res->procs_running[0];
	smp->procs_running[1] = res->procs_running[1];
	smp->throttle = res->throttle;
	CPU_OR(seen, seen, &res->cpus);
	hist_merge(&row->rtt, &res->rtt);
	row->cpu.user_s += res->utime_s;
	row->cpu.sys_s += res->stime_s;
	row->cpu.nvcsw += res->nvcsw;
	row->cpu.nivcsw += res->nivcsw;
	row->cpu.loops += res->life_loops;
	row->cpu.seconds += res->life_s;
	if (res->migrations < 0 || row->migrations < 0)
		row->migrations = -1;
	else
		row->migrations += res->migrations;
}

/*
 * Run one mechanism at one placement -r times into @row, each run shown
 * on @prog.  Returns the signal that interrupted it, 0, or -1 when out of
 * memory.
 */
static int run_row(const struct plan *p, const struct ipc_ops *ops,
		   const struct place *place, unsigned int nr, unsigned int kb,
		   const struct place_topo *topo, struct result_row *row,
		   struct progress *prog)
{
	struct run_spec spec = run_spec_of(p, ops, nr, kb);
	static int cpu[RUN_MAX_NR];
	cpu_set_t seen;
	int signo = 0;

	snprintf(row->mech, sizeof(row->mech), "%s", ops->name);
	snprintf(row->title, sizeof(row->title), "%s", ops->title);
	snprintf(row->placement, sizeof(row->placement), "%s", place->name);
	row->procs = nr;
	row->ws_kb = kb;
	progress_row(prog, ops->name, place->name, plan_rings(p), nr, kb,
		     p->runs);
	row->sample = calloc(p->runs, sizeof(*row->sample));
	if (!row->sample)
		return -1;
	if (place_resolve(place, topo, spec.nr, cpu, row->reason,
			  sizeof(row->reason)) < 0) {
		row->status = RESULT_SKIPPED;
		return 0;
	}
	spec.cpu = cpu[0] < 0 ? NULL : cpu;
	if (degenerate(ops, topo, cpu, spec.nr))
		row->flags |= RESULT_DEGENERATE;
	CPU_ZERO(&seen);
	for (unsigned int i = 0; i < p->runs; i++) {
		struct run_result res;

		progress_run(prog, i);
		/* A disturbed run is run again, up to --retry-disturbed times. */
		for (unsigned int retry = 0;; retry++) {
			run_once(&spec, &res);
			if (res.status != RESULT_OK || !res.dist.disturbed ||
			    retry == p->retry_disturbed || run_interrupted())
				break;
			row->discarded++;
		}
		if (res.status != RESULT_OK) {
			progress_clear(prog);
			row_fail(row, &res);
			/* Skipped or broken now: the next run would say the same. */
			signo = res.signo;
			break;
		}
		row_add(row, &res, &seen);
	}
	cpulist_format(&seen, row->cpus, sizeof(row->cpus));
	if (!spec.cpu && row->migrations > 0)
		row->flags |= RESULT_MIGRATED;
	return signo;
}

/* How long the hop's own work is measured: it varies little. */
static double hop_work_s(const struct plan *p)
{
	return p->duration_s < 0.5 ? p->duration_s : 0.5;
}

/*
 * What one hop costs without a context switch: touching @kb and the
 * mechanism's calls, in a ring of one participant handing the token to
 * itself.  In ns; 0 when it cannot be measured.
 */
static double hop_work_ns(const struct plan *p, const struct ipc_ops *ops,
			  unsigned int kb)
{
	struct run_spec spec = run_spec_of(p, ops, 1, kb);
	struct run_result res;

	spec.duration_s = hop_work_s(p);
	spec.sample_every = 0;
	if (run_once(&spec, &res) < 0 || res.status != RESULT_OK || !res.loops)
		return 0;
	return res.elapsed_s * 1e9 / (double)res.loops;
}

/*
 * The progress line, on a terminal and without -q: the plan's runs and
 * hop-work measurements, each expected to take its time, its warm-up and
 * a little more.
 */
static void start_progress(const struct plan *p, struct progress *prog)
{
	unsigned int rows = p->nops * p->nplaces * p->nprocs * p->nsizes;
	double more = warmup_s(p->duration_s) + PROGRESS_RUN_OVERHEAD_S;
	int tty = !p->quiet && isatty(STDERR_FILENO);

	progress_init(prog, tty ? STDERR_FILENO : -1, rows * p->runs,
		      plan_rings(p) ? p->nops * p->nsizes : 0,
		      p->duration_s + more, hop_work_s(p) + more);
}

/* Open -o's file, or say why not. */
static int open_output(const struct plan *p, FILE **out)
{
	*out = NULL;
	if (!p->output)
		return 0;
	*out = fopen(p->output, "we");
	if (!*out) {
		fprintf(stderr, "ctxbench: %s: %s\n", p->output,
			strerror(errno));
		return -1;
	}
	return 0;
}

/*
 * The one way results leave ctxbench, measured or read back: the JSON to
 * -o's @out, then the text report, or the JSON with --json, on stdout.
 * Returns 0, or -1 when @out could not be written.
 */
static int emit(const struct plan *p, FILE *out, const struct results *const *r,
		unsigned int n, unsigned int baseline)
{
	int rc = 0;

	if (out) {
		int bad;

		errno = 0;
		report_json(out, r, n);
		bad = fflush(out) != 0 || ferror(out);
		if (fclose(out) != 0 || bad) {
			fprintf(stderr, "ctxbench: %s: %s\n", p->output,
				strerror(errno ? errno : EIO));
			rc = -1;
		}
	}
	if (p->json)
		report_json(stdout, r, n);
	else
		report_text(stdout, r, n, baseline);
	if (p->histogram && !p->json)
		report_histograms(stdout, r, n);
	return rc;
}

/* ctxbench report FILE...: saved runs as one report, or nothing. */
static int report_saved(const struct plan *p)
{
	const struct results **all = NULL;
	struct results *r = NULL;
	unsigned int n = 0, baseline = 0;
	FILE *out = NULL;
	char err[256];
	int status = 2;

	for (unsigned int i = 0; i < p->nfiles; i++) {
		const char *file = p->files[i];

		if (report_read_file(file, &r, &n, err, sizeof(err)) < 0) {
			fprintf(stderr, "ctxbench: %s: %s\n", file, err);
			goto out;
		}
	}
	all = calloc(n, sizeof(*all));
	if (!all) {
		perror("ctxbench");
		status = 1;
		goto out;
	}
	for (unsigned int i = 0; i < n; i++)
		all[i] = &r[i];
	if (p->baseline) {
		while (baseline < n &&
		       strcmp(r[baseline].info.label, p->baseline) != 0)
			baseline++;
		if (baseline == n) {
			fprintf(stderr,
				"ctxbench: --baseline: no saved run is labelled '%s'\n",
				p->baseline);
			goto out;
		}
	}
	if (open_output(p, &out) < 0)
		goto out;
	status = emit(p, out, all, n, baseline) < 0 ? 1 : 0;
out:
	free(all);
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
	return status;
}

/* Limits too low for the plan: say so before anything starts. */
static int check_limits(const struct plan *p)
{
	char err[256];

	for (unsigned int i = 0; i < p->nops; i++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			struct run_spec spec =
				run_spec_of(p, p->ops[i], p->procs[k], 0);

			if (run_check_limits(&spec, err, sizeof(err)) < 0) {
				fprintf(stderr, "ctxbench: %s\n", err);
				return -1;
			}
		}
	}
	return 0;
}

/* The Run information of this invocation, before its first run. */
static void info_init(const struct plan *p, const struct place_topo *topo,
		      struct results *res)
{
	struct result_info *in = &res->info;

	snprintf(res->version, sizeof(res->version), "%s", CTXBENCH_VERSION);
	sysinfo_read("", in);
	snprintf(in->label, sizeof(in->label), "%s",
		 p->label[0] ? p->label : in->kernel);
	if (!in->label[0])
		snprintf(in->label, sizeof(in->label), "unknown");
	snprintf(in->note, sizeof(in->note), "%s", p->note);
	in->duration_s = p->duration_s;
	in->runs = p->runs;
	in->threads = p->threads;
	in->participants = p->procs[0];
	/* Where the run may go, and when it starts. */
	cpulist_format(&topo->allowed, in->cpus_allowed,
		       sizeof(in->cpus_allowed));
	sysinfo_date(time(NULL), in->date, sizeof(in->date));
}

/*
 * The rows of one mechanism @ops: every placement, ring and working set,
 * after lat_ctx's hop work when rings were asked for.  Returns -1 when
 * out of memory, else 1 when a row failed or hung, or 0.
 */
static int run_mech(const struct plan *p, const struct ipc_ops *ops,
		    const struct place_topo *topo, struct results *res,
		    struct progress *prog)
{
	double work[PLAN_MAX_LIST] = { 0 };
	int status = 0;

	for (unsigned int m = 0; m < p->nsizes && plan_rings(p); m++) {
		progress_hop(prog, ops->name, p->size_kb[m]);
		work[m] = hop_work_ns(p, ops, p->size_kb[m]);
	}
	for (unsigned int j = 0; j < p->nplaces; j++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			for (unsigned int m = 0; m < p->nsizes; m++) {
				struct result_row *row =
					&res->row[res->nrows++];

				if (run_row(p, ops, &p->place[j], p->procs[k],
					    p->size_kb[m], topo, row, prog) < 0)
					return -1;
				row->hop_work_ns = work[m];
				if (row->status == RESULT_FAILED ||
				    row->status == RESULT_HUNG)
					status = 1;
				res->signo = run_interrupted();
				if (res->signo)
					return status;
			}
		}
	}
	return status;
}

/* A measurement as @p plans it, reported; the exit status. */
static int run_plan(const struct plan *p, struct results *res)
{
	const struct results *all[1] = { res };
	struct place_topo topo;
	struct progress prog;
	int status = 0, rc;
	FILE *out;

	if (check_limits(p) < 0 || open_output(p, &out) < 0)
		return 2;
	res->row = calloc((size_t)p->nops * p->nplaces * p->nprocs * p->nsizes,
			  sizeof(*res->row));
	if (!res->row || place_topo_read("", &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	info_init(p, &topo, res);
	start_progress(p, &prog);
	for (unsigned int i = 0; i < p->nops && !res->signo; i++) {
		rc = run_mech(p, p->ops[i], &topo, res, &prog);
		if (rc < 0) {
			progress_clear(&prog);
			perror("ctxbench");
			return 1;
		}
		status |= rc;
	}
	progress_clear(&prog);
	if (emit(p, out, all, 1, 0) < 0 && !status)
		status = 1;
	return res->signo ? 128 + res->signo : status;
}

int main(int argc, char **argv)
{
	struct results res = { 0 };
	struct plan plan;
	char err[256];
	int status;

	/* Before plan_parse(), which may reorder argv. */
	quote_cmdline(argc, argv, res.cmdline, sizeof(res.cmdline));
	if (plan_parse(argc, argv, &plan, err, sizeof(err)) < 0) {
		fprintf(stderr, "ctxbench: %s\n", err);
		return 2;
	}
	switch (plan.action) {
	case PLAN_HELP:
		plan_usage(stdout);
		return 0;
	case PLAN_VERSION:
		printf("ctxbench %s\n", CTXBENCH_VERSION);
		return 0;
	case PLAN_LIST:
		list_backends();
		return 0;
	case PLAN_REPORT:
		return report_saved(&plan);
	case PLAN_RUN:
		break;
	}
	status = run_plan(&plan, &res);
	results_free(&res);
	return status;
}
