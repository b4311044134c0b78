/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: the command line parsed, the command run, its exit status. */
#include <stdio.h>

#include "cli/dump.h"
#include "cli/output.h"
#include "cli/plan.h"
#include "cli/progress.h"
#include "cli/quote.h"
#include "cli/report_cmd.h"
#include "ipc/ipc.h"
#include "lib/text.h"
#include "run/engine.h"
#include "run/run.h"
#include "run/sweep.h"

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s%s\n", (*o)->name, (*o)->title, (*o)->how,
		       (*o)->flags & IPC_NOT_IN_ALL ? " (not in all)" : "");
}

/* What the engine tells the command line: its checks, its facts, progress. */
struct run_cli {
	const struct plan *p;
	struct progress prog;
};

static int run_cli_check(void *arg)
{
	const struct run_cli *c = arg;

	return output_check(c->p);
}

static void run_cli_info(void *arg, struct results *res)
{
	const struct run_cli *c = arg;

	plan_info(c->p, res);
}

static void run_cli_start(void *arg, const struct sweep_spec *s)
{
	struct run_cli *c = arg;

	progress_start(&c->prog, s, c->p->quiet);
}

static void run_cli_stop(void *arg)
{
	struct run_cli *c = arg;

	progress_clear(&c->prog);
}

/* A measurement as @p plans it, reported; the exit status. */
static int run_plan(const struct plan *p, struct results *res)
{
	const struct results *all[1] = { res };
	struct run_cli cli = { .p = p };
	const struct engine_hooks hooks = {
		.arg = &cli,
		.check = run_cli_check,
		.info = run_cli_info,
		.start = run_cli_start,
		.stop = run_cli_stop,
		.sweep = progress_hooks(&cli.prog),
	};
	struct sweep_spec sweep;
	int status, out, sig;

	plan_sweep(p, &sweep);
	status = engine_run(&sweep, p->profile, &hooks, res);
	if (status < 0)
		return -status;
	/* A signal taken after the last run stops the plan, not the output. */
	sig = output_pending();
	if (!res->signo)
		res->signo = sig;
	out = output_emit(p, all, 1, 0, NULL, 0, NULL);
	if (out > 0)
		return 128 + out;
	if (out < 0 && !status)
		status = 1;
	return res->signo ? 128 + res->signo : status;
}

int main(int argc, char **argv)
{
	/*
	 * 38 KB, once a process: static, not on a stack ctxbench keeps small
	 * so that it runs under a small stack limit (ulimit -s: ctxbench.1,
	 * FAULTS, Limits).
	 */
	static struct results res;
	static struct plan plan;
	char err[256];
	int status;

	if (output_std_fds_held() < 0)
		return 2;
	/* Before anything that needs the stack; said with little of it. */
	if (run_check_stack(argv, err, sizeof(err)) < 0) {
		fputs("ctxbench: ", stderr);
		fputs(err, stderr);
		fputs("\n", stderr);
		return 2;
	}
	/* Before plan_parse(), which may reorder argv. */
	quote_cmdline(argc, argv, res.cmdline, sizeof(res.cmdline));
	if (plan_parse(argc, argv, &plan, err, sizeof(err)) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		return 2;
	}
	switch (plan.action) {
	case PLAN_HELP:
		plan_usage(stdout);
		return output_stdout_flushed() < 0;
	case PLAN_VERSION:
		printf("ctxbench %s\n", ctxbench_version);
		return output_stdout_flushed() < 0;
	case PLAN_LIST:
		list_backends();
		return output_stdout_flushed() < 0;
	case PLAN_DUMP:
		if (dump_table(stdout, plan.dump) < 0)
			return 2;
		return output_stdout_flushed() < 0;
	case PLAN_REPORT:
		return report_cmd(&plan);
	case PLAN_RUN:
		break;
	}
	/* Started at a real-time class (chrt): as if --policy named it. */
	if (plan.nclasses == 1)
		run_class_inherit(&plan.cls[0]);
	status = run_plan(&plan, &res);
	results_free(&res);
	return status;
}
