/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scheduling classes: the participants', the runner's, --mlock, --slice.
 *
 * Scheduling classes: the participants' (taken by each before it says it
 * is ready) and the runner's own while they are real-time; the slice a
 * participant of the fair class asks for (--slice), and the check that
 * the kernel takes it.  Backends never see any of it.
 */
#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/utsname.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sched.h"
#include "lib/util.h"

/*
 * struct sched_attr of sched_setattr(2), as the kernel's first size of it
 * (SCHED_ATTR_SIZE_VER0): glibc before 2.41 has neither the calls nor the
 * struct, and the uapi header's clashes with glibc's where it has.
 */
struct run_sched_attr {
	uint32_t size;
	uint32_t sched_policy;
	uint64_t sched_flags;
	int32_t sched_nice;
	uint32_t sched_priority;
	uint64_t sched_runtime, sched_deadline, sched_period;
};

/* The first Linux that takes a fair task's sched_runtime as its slice. */
#define RUN_SLICE_LINUX_MAJOR 6
#define RUN_SLICE_LINUX_MINOR 12

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

int run_class_fair(const struct run_class *c)
{
	int policy = c->given ? c->policy : sched_getscheduler(0);

	/* Real-time with SCHED_RESET_ON_FORK: its children are SCHED_OTHER. */
	if (!c->given && policy >= 0 && (policy & SCHED_RESET_ON_FORK))
		policy = run_class_rt(policy & ~SCHED_RESET_ON_FORK) ?
				 SCHED_OTHER :
				 policy & ~SCHED_RESET_ON_FORK;
	return policy == SCHED_OTHER || policy == SCHED_BATCH;
}

int run_slice_set(unsigned long long ns, unsigned long long *got)
{
	struct run_sched_attr a = { .size = sizeof(a) };
	int policy = sched_getscheduler(0);

	*got = 0;
	if (policy < 0)
		return -errno;
	policy &= ~SCHED_RESET_ON_FORK;
	if (policy != SCHED_OTHER && policy != SCHED_BATCH)
		return 1;
	errno = 0;
	a.sched_nice = getpriority(PRIO_PROCESS, 0);
	if (errno)
		return -errno;
	a.sched_policy = (uint32_t)policy;
	a.sched_runtime = ns;
	/* 0 is the calling thread, for both calls. */
	if (syscall(SYS_sched_setattr, 0, &a, 0) < 0)
		return -errno;
	memset(&a, 0, sizeof(a));
	if (syscall(SYS_sched_getattr, 0, &a, sizeof(a), 0) < 0)
		return -errno;
	*got = a.sched_runtime;
	return 0;
}

/* Is kernel release @release ("6.1.0-13-amd64") older than 6.12?  1 or 0. */
static int run_slice_too_old(const char *release)
{
	unsigned int major, minor;

	if (sscanf(release, "%u.%u", &major, &minor) != 2)
		return 0; /* nothing to go by */
	return major < RUN_SLICE_LINUX_MAJOR ||
	       (major == RUN_SLICE_LINUX_MAJOR &&
		minor < RUN_SLICE_LINUX_MINOR);
}

int run_slice_judge(int err, unsigned long long want_ns,
		    unsigned long long got_ns, const char *release, char *buf,
		    size_t size)
{
	char hint[160] = "";

	if (!err && got_ns == want_ns)
		return 0;
	if (run_slice_too_old(release))
		snprintf(
			hint, sizeof(hint),
			" (a fair task's slice needs Linux %d.%d or later; this is %s)",
			RUN_SLICE_LINUX_MAJOR, RUN_SLICE_LINUX_MINOR, release);
	if (err)
		snprintf(buf, size, "--slice: sched_setattr: %s%s",
			 strerror(-err), hint);
	else
		snprintf(
			buf, size,
			"--slice: the kernel took no slice: sched_getattr says sched_runtime %llu ns, not %llu%s",
			got_ns, want_ns, hint);
	return -1;
}

/* What the slice's probe thread found. */
struct run_slice_probe {
	unsigned long long want, got;
	int err;
};

/* A thread of the fair class asks for the slice, as a participant will. */
static void *run_slice_probe(void *arg)
{
	struct run_slice_probe *p = arg;
	struct sched_param sp = { .sched_priority = 0 };

	/* Whatever ctxbench's class, a fair one: the participants' are. */
	sched_setscheduler(0, SCHED_OTHER, &sp);
	p->err = run_slice_set(p->want, &p->got);
	if (p->err > 0)
		p->err = -EPERM; /* still not fair: no slice to ask */
	return NULL;
}

int run_slice_check(unsigned int us, char *err, size_t errlen)
{
	struct run_slice_probe p = { .want = us * 1000ULL };
	struct utsname u;
	pthread_t t;
	int rc;

	if (!us)
		return 0;
	rc = pthread_create(&t, NULL, run_slice_probe, &p);
	if (rc) {
		snprintf(err, errlen, "--slice: pthread_create: %s",
			 strerror(rc));
		return -1;
	}
	pthread_join(t, NULL);
	if (uname(&u) < 0)
		u.release[0] = '\0';
	return run_slice_judge(p.err, p.want, p.got, u.release, err, errlen);
}
