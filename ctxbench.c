/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: options, the plan, the runs, the report, the exit status. */
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>

#include "ipc/ipc.h"
#include "ipc/plan.h"
#include "ipc/run.h"
#include "report/report.h"
#include "report/sysinfo.h"

#ifndef CTXBENCH_VERSION
#define CTXBENCH_VERSION "unknown"
#endif

/* Participants of the classic ping-pong. */
#define PARTICIPANTS 2

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s\n", (*o)->name, (*o)->title, (*o)->how);
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
		fprintf(stderr, "ctxbench: %s %s: %s%s\n", row->mech,
			row->placement,
			res->status == RESULT_OK ?
				"" :
				result_status_name(res->status),
			res->reason[0] ? ": " : "");
}

/*
 * Run one mechanism at one placement -r times into @row.  Returns the
 * signal that interrupted it, 0, or -1 when out of memory.
 */
static int run_row(const struct plan *p, const struct ipc_ops *ops,
		   const struct place *place, const struct place_topo *topo,
		   struct result_row *row)
{
	int cpu[PARTICIPANTS];
	struct run_spec spec = {
		.ops = ops,
		.nr = PARTICIPANTS,
		.threads = p->threads,
		.cpu = cpu,
		.duration_s = p->duration_s,
		.warmup_s = warmup_s(p->duration_s),
	};
	cpu_set_t seen;

	snprintf(row->mech, sizeof(row->mech), "%s", ops->name);
	snprintf(row->title, sizeof(row->title), "%s", ops->title);
	snprintf(row->placement, sizeof(row->placement), "%s", place->name);
	row->sample = calloc(p->runs, sizeof(*row->sample));
	if (!row->sample)
		return -1;
	if (place_resolve(place, topo, spec.nr, cpu, row->reason,
			  sizeof(row->reason)) < 0) {
		row->status = RESULT_SKIPPED;
		return 0;
	}
	if (cpu[0] < 0)
		spec.cpu = NULL;
	if (degenerate(ops, topo, cpu, spec.nr))
		row->flags |= RESULT_DEGENERATE;
	CPU_ZERO(&seen);
	for (unsigned int i = 0; i < p->runs; i++) {
		struct run_result res;

		run_once(&spec, &res);
		if (res.status != RESULT_OK) {
			row_fail(row, &res);
			/* Skipped or broken now: the next run would say the same. */
			return res.signo;
		}
		row->sample[row->nsamples].loops = res.loops;
		row->sample[row->nsamples].elapsed_s = res.elapsed_s;
		row->nsamples++;
		CPU_OR(&seen, &seen, &res.cpus);
		if (res.migrations < 0 || row->migrations < 0)
			row->migrations = -1;
		else
			row->migrations += res.migrations;
	}
	place_cpulist(&seen, row->cpus, sizeof(row->cpus));
	if (!spec.cpu && row->migrations > 0)
		row->flags |= RESULT_MIGRATED;
	return 0;
}

int main(int argc, char **argv)
{
	struct results res = { 0 };
	const struct results *all[1] = { &res };
	struct place_topo topo;
	struct plan plan;
	char err[256];
	int status = 0;

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
	case PLAN_RUN:
		break;
	}

	sysinfo_read("", &res.info);
	snprintf(res.info.label, sizeof(res.info.label), "%s",
		 plan.label[0] ? plan.label : res.info.kernel);
	if (!res.info.label[0])
		snprintf(res.info.label, sizeof(res.info.label), "unknown");
	snprintf(res.info.note, sizeof(res.info.note), "%s", plan.note);
	res.info.duration_s = plan.duration_s;
	res.info.runs = plan.runs;
	res.info.threads = plan.threads;
	res.row = calloc(plan.nops * plan.nplaces, sizeof(*res.row));
	if (!res.row || place_topo_read("", &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	for (unsigned int i = 0; i < plan.nops && !res.signo; i++) {
		for (unsigned int j = 0; j < plan.nplaces && !res.signo; j++) {
			struct result_row *row = &res.row[res.nrows++];

			if (run_row(&plan, plan.ops[i], &plan.place[j], &topo,
				    row) < 0) {
				perror("ctxbench");
				return 1;
			}
			if (row->status == RESULT_FAILED ||
			    row->status == RESULT_HUNG)
				status = 1;
			res.signo = run_interrupted();
		}
	}
	report_text(stdout, all, 1);
	if (res.signo)
		status = 128 + res.signo;
	results_free(&res);
	return status;
}
