/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scheduling classes: the participants', the runner's, --mlock.
 *
 * Scheduling classes: the participants' (taken by each before it says it
 * is ready) and the runner's own while they are real-time.  Backends
 * never see any of it.
 */
#include <errno.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sched.h"
#include "lib/util.h"

static const struct {
	const char *name;
	int policy;
} run_classes[] = {
	{ "other", SCHED_OTHER }, { "batch", SCHED_BATCH },
	{ "idle", SCHED_IDLE },	  { "fifo", SCHED_FIFO },
	{ "rr", SCHED_RR },
};

const char *run_class_name(int policy)
{
	for (size_t i = 0; i < ARRAY_SIZE(run_classes); i++)
		if (run_classes[i].policy == policy)
			return run_classes[i].name;
	return NULL;
}

int run_class_parse(const char *name, int *policy)
{
	for (size_t i = 0; i < ARRAY_SIZE(run_classes); i++) {
		if (strcmp(run_classes[i].name, name) == 0) {
			*policy = run_classes[i].policy;
			return 0;
		}
	}
	return -1;
}

int run_class_rt(int policy)
{
	return policy == SCHED_FIFO || policy == SCHED_RR;
}

int run_class_niced(int policy)
{
	return policy == SCHED_OTHER || policy == SCHED_BATCH;
}

int run_class_inherit(struct run_class *c)
{
	struct sched_param sp;
	int policy;

	if (c->given)
		return 0;
	policy = sched_getscheduler(0);
	/* Reset on fork: the participants start at SCHED_OTHER. */
	if (policy < 0 || (policy & SCHED_RESET_ON_FORK) ||
	    !run_class_rt(policy) || sched_getparam(0, &sp) < 0)
		return 0;
	c->given = 1;
	c->inherited = 1;
	c->policy = policy;
	c->prio = sp.sched_priority;
	c->nice = 0;
	return 1;
}

int run_class_apply(const struct run_class *c)
{
	struct sched_param sp = { .sched_priority = c->prio };

	if (!c->given)
		return 0;
	/* 0 is the calling thread, for both calls. */
	if (sched_setscheduler(0, c->policy, &sp) < 0)
		return -errno;
	if (run_class_niced(c->policy) &&
	    setpriority(PRIO_PROCESS, 0, c->nice) < 0)
		return -errno;
	return 0;
}

int run_class_why(const struct run_class *c, int err, char *buf, size_t size)
{
	struct rlimit rl;

	if (err == -EPERM && run_class_rt(c->policy) &&
	    getrlimit(RLIMIT_RTPRIO, &rl) == 0) {
		snprintf(
			buf, size,
			"sched_setscheduler: %s (no CAP_SYS_NICE; RLIMIT_RTPRIO %llu, not %d)",
			strerror(-err), (unsigned long long)rl.rlim_cur,
			c->prio);
		return 1;
	}
	if ((err == -EACCES || err == -EPERM) && c->nice < 0 &&
	    getrlimit(RLIMIT_NICE, &rl) == 0) {
		snprintf(
			buf, size,
			"setpriority: %s (no CAP_SYS_NICE; RLIMIT_NICE %llu, not %d)",
			strerror(-err), (unsigned long long)rl.rlim_cur,
			20 - c->nice);
		return 1;
	}
	snprintf(buf, size, "%s: %s",
		 run_class_rt(c->policy) || !c->nice ? "sched_setscheduler" :
						       "setpriority",
		 strerror(-err));
	return err == -EPERM || err == -EACCES;
}

int run_class_runner_enter(const struct run_class *c,
			   struct run_class_saved *saved)
{
	struct sched_param sp;
	int prio;

	saved->changed = 0;
	if (!c->given || !run_class_rt(c->policy))
		return 0;
	saved->policy = sched_getscheduler(0);
	if (saved->policy < 0 || sched_getparam(0, &sp) < 0)
		return -errno;
	saved->prio = sp.sched_priority;
	/* One above, or as high as the participants when they are at 99. */
	prio = c->prio < RUN_PRIO_MAX ? c->prio + 1 : RUN_PRIO_MAX;
	if (run_class_rt(saved->policy & ~SCHED_RESET_ON_FORK) &&
	    saved->prio >= prio)
		return 0; /* started higher still (chrt): never lower it */
	sp.sched_priority = prio;
	if (sched_setscheduler(0, SCHED_FIFO, &sp) < 0)
		return -errno;
	saved->changed = 1;
	return 0;
}

void run_class_runner_leave(struct run_class_saved *saved)
{
	struct sched_param sp = { .sched_priority = saved->prio };

	if (saved->changed)
		sched_setscheduler(0, saved->policy, &sp);
	saved->changed = 0;
}
