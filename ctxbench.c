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

/* Spinners with fewer CPUs than participants only move at slice ends. */
static int degenerate(const struct ipc_ops *ops, unsigned int nr)
{
	cpu_set_t set;

	if (!(ops->flags & IPC_BUSY_WAIT))
		return 0;
	if (sched_getaffinity(0, sizeof(set), &set) < 0)
		return 0;
	return (unsigned int)CPU_COUNT(&set) < nr;
}

/* Run one mechanism -r times into @row; stop early when interrupted. */
static int run_backend(const struct plan *p, const struct ipc_ops *ops,
		       struct result_row *row)
{
	struct run_spec spec = {
		.ops = ops,
		.nr = PARTICIPANTS,
		.duration_s = p->duration_s,
		.warmup_s = warmup_s(p->duration_s),
	};

	snprintf(row->mech, sizeof(row->mech), "%s", ops->name);
	snprintf(row->title, sizeof(row->title), "%s", ops->title);
	row->sample = calloc(p->runs, sizeof(*row->sample));
	if (!row->sample)
		return -1;
	if (degenerate(ops, spec.nr))
		row->flags |= RESULT_DEGENERATE;
	for (unsigned int i = 0; i < p->runs; i++) {
		struct run_result res;

		run_once(&spec, &res);
		if (res.status == RESULT_OK) {
			row->sample[row->nsamples].loops = res.loops;
			row->sample[row->nsamples].elapsed_s = res.elapsed_s;
			row->nsamples++;
			continue;
		}
		row->status = res.status;
		snprintf(row->reason, sizeof(row->reason), "%s", res.reason);
		if (res.status != RESULT_INTERRUPTED)
			fprintf(stderr, "ctxbench: %s: %s%s%s\n", ops->name,
				res.status == RESULT_SKIPPED ? "skipped: " : "",
				res.status == RESULT_HUNG ? "hung: " : "",
				res.reason);
		/* Skipped or broken now: the next run would say the same. */
		return res.signo;
	}
	return 0;
}

int main(int argc, char **argv)
{
	struct results res = { 0 };
	const struct results *all[1] = { &res };
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
	res.row = calloc(plan.nops, sizeof(*res.row));
	if (!res.row || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	for (unsigned int i = 0; i < plan.nops; i++) {
		struct result_row *row = &res.row[res.nrows++];

		if (run_backend(&plan, plan.ops[i], row) < 0) {
			perror("ctxbench");
			return 1;
		}
		if (row->status == RESULT_FAILED || row->status == RESULT_HUNG)
			status = 1;
		res.signo = run_interrupted();
		if (res.signo)
			break;
	}
	report_text(stdout, all, 1);
	if (res.signo)
		status = 128 + res.signo;
	results_free(&res);
	return status;
}
