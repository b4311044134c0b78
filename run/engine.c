/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The engine: a sweep checked, the machine's facts read, run into results.
 *
 * The engine: the pre-run checks, the Run information's facts, --profile's
 * perf, and the sweep, in that order, for a caller that renders them.
 */
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "cgroup.h"
#include "check.h"
#include "engine.h"
#include "facts/sysinfo.h"
#include "lib/text.h"
#include "place.h"
#include "profile.h"
#include "run.h"

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

/*
 * -G, --cgroup-depth: the cgroups checked before anything runs and kept
 * in @s for the sweep; a cpu controller they cannot have said once.  0,
 * or -1 having said why (exit status 2).
 */
static int engine_cgroups(struct sweep_spec *s)
{
	const char *opt = s->cg_apart ? "-G" : "--cgroup-depth";
	/* A path or two in it: on the heap, not on a small stack. */
	size_t size = 2 * PATH_MAX;
	char *err = malloc(size);

	if (!err ||
	    run_cg_open(s->cg_depth, s->cg_apart, opt, &s->cg, err, size) < 0) {
		text_say(stderr, "ctxbench: %s", err ? err : strerror(ENOMEM));
		free(err);
		return -1;
	}
	free(err);
	if (s->cg && !s->cg->cpu)
		text_say(
			stderr,
			"ctxbench: %s: no task group per level, the cpu controller is off: %s",
			opt, s->cg->cpu_why);
	return 0;
}

int engine_run(struct sweep_spec *s, int profile, const struct engine_hooks *h,
	       struct results *res)
{
	static const struct engine_hooks none;
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	/* 4 KB, once a process: static, not on the stack (see main()). */
	static struct place_topo topo;
	const char *root = s->root ? s->root : "";
	char err[512];
	int status;

	if (!h)
		h = &none;
	if (check_limits(s, err, sizeof(err)) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		return -2;
	}
	if (h->check && h->check(h->arg) < 0)
		return -2;
	if (place_topo_read(root, NULL, &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return -1;
	}
	if (check_places(s, &topo, err, sizeof(err)) < 0 ||
	    check_classes(s, &topo, online, err, sizeof(err)) < 0 ||
	    check_mlock(s, err, sizeof(err)) < 0 ||
	    check_slice(s, err, sizeof(err)) < 0) {
		text_say(stderr, "ctxbench: %s", err);
		return -2;
	}
	if (engine_cgroups(s) < 0)
		return -2;
	sysinfo_read(root, &res->info);
	if (h->info)
		h->info(h->arg, res);
	/* The base's path may be anything: the report is text. */
	run_cg_describe(s->cg, res->info.cgroups, sizeof(res->info.cgroups));
	text_clean(res->info.cgroups, sizeof(res->info.cgroups));
	sysinfo_where(root, &topo.allowed, time(NULL), &res->info);
	s->seed = res->info.seed;
	if (profile)
		profile_start(s, res);
	if (h->start)
		h->start(h->arg, s);
	status = sweep_run(s, &topo, &h->sweep, res);
	res->info.end_s = sysinfo_now(); /* when the last row ended */
	if (h->stop)
		h->stop(h->arg);
	profile_stop(s, res);
	run_cg_close(s->cg);
	s->cg = NULL;
	if (status < 0) {
		perror("ctxbench");
		return -1;
	}
	return status;
}
