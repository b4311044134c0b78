/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: the command line parsed, the command run, its exit status. */
#include <stdio.h>
#include <time.h>
#include <unistd.h>

#include "cli/dump.h"
#include "cli/output.h"
#include "cli/plan.h"
#include "cli/progress.h"
#include "cli/quote.h"
#include "cli/report_cmd.h"
#include "facts/sysinfo.h"
#include "ipc/ipc.h"
#include "lib/text.h"
#include "run/check.h"
#include "run/profile.h"
#include "run/run.h"
#include "run/sweep.h"

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s%s\n", (*o)->name, (*o)->title, (*o)->how,
		       (*o)->flags & IPC_NOT_IN_ALL ? " (not in all)" : "");
}

/*
 * --profile: perf for the sweep, or why not, said once here and kept in
 * the Run information; the run goes on either way.
 */
static void profile_start(struct sweep_spec *s, struct results *res)
{
	char why[sizeof(res->info.profile) - 8];

	s->profile =
		profile_open((unsigned int)sweep_nrows(s), why, sizeof(why));
	if (s->profile) {
		profile_describe(s->profile, res->info.profile,
				 sizeof(res->info.profile));
	} else {
		text_say(stderr, "ctxbench: no profiles: %s", why);
		snprintf(res->info.profile, sizeof(res->info.profile),
			 "none: %s", why);
	}
	/*
	 * Both may quote CTXBENCH_PERF, or perf's path: the report and the
	 * saved run are text.
	 */
	text_clean(res->info.profile, sizeof(res->info.profile));
}

/* perf failing during the sweep: no row has a profile, said once. */
static void profile_stop(struct sweep_spec *s, struct results *res)
{
	char why[sizeof(res->info.profile) - 8];

	if (profile_failed(s->profile, why, sizeof(why))) {
		text_say(stderr, "ctxbench: no profiles: %s", why);
		snprintf(res->info.profile, sizeof(res->info.profile),
			 "none: %s", why);
		text_clean(res->info.profile, sizeof(res->info.profile));
	}
	profile_close(s->profile);
	s->profile = NULL;
}

/* A measurement as @p plans it, reported; the exit status. */
static int run_plan(const struct plan *p, struct results *res)
{
	const struct results *all[1] = { res };
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	struct progress prog;
	const struct sweep_hooks hooks = progress_hooks(&prog);
	struct sweep_spec sweep;
	/* 4 KB, once a process: static, not on the stack (see main()). */
	static struct place_topo topo;
	char err[512];
	int status, out, sig;

	plan_sweep(p, &sweep);
	if (check_limits(&sweep, err, sizeof(err)) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		return 2;
	}
	if (output_check(p) < 0)
		return 2;
	if (place_topo_read("", &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	if (check_classes(&sweep, &topo, online, err, sizeof(err)) < 0 ||
	    check_mlock(&sweep, err, sizeof(err)) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		return 2;
	}
	sysinfo_read("", &res->info);
	plan_info(p, res);
	sysinfo_where("", &topo.allowed, time(NULL), &res->info);
	sweep.seed = res->info.seed;
	if (p->profile)
		profile_start(&sweep, res);
	progress_start(&prog, &sweep, p->quiet);
	status = sweep_run(&sweep, &topo, &hooks, res);
	res->info.end_s = sysinfo_now(); /* when the last row ended */
	progress_clear(&prog);
	profile_stop(&sweep, res);
	if (status < 0) {
		perror("ctxbench");
		return 1;
	}
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
