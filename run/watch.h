/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What else the CPUs of a run did while it ran, for the runner to judge it. */
#ifndef CTXBENCH_WATCH_H
#define CTXBENCH_WATCH_H

#include <sched.h>
#include <sys/resource.h>

#include "disturb.h"
#include "facts/cgroup.h"
#include "procstat.h"

/*
 * One run's snapshots: /proc/stat before the first participant starts and
 * after the last is reaped (so their whole rusage falls inside), the
 * runner's own usage, the throttle counters, and each CPU's frequency
 * read twice while the participants run.
 */
struct watch {
	struct procstat before, after;
	double t_before;
	struct rusage self_before;
	cpu_set_t cpus; /* the CPUs the run uses */
	long khz[2][CPU_SETSIZE]; /* per CPU of @cpus, in order; 0 unknown */
	long long throttle; /* at the start; -1 unknown */
	struct cgroup_throttle quota; /* a CPU quota's, at the start */
};

/* Before anything of the run exists, for a run on @cpus. */
void watch_start(struct watch *w, const cpu_set_t *cpus);

/* The frequencies while the participants run: @end 0 early, 1 late. */
void watch_freqs(struct watch *w, int end);

/* Unpinned, the run used only the CPUs it was seen on: keep those. */
void watch_narrow(struct watch *w, const cpu_set_t *seen);

/*
 * Once every participant is reaped: judge the run, whose participants
 * used @participants_cpu_s of CPU time.
 */
void watch_end(struct watch *w, double participants_cpu_s, struct disturb *d,
	       long procs_running[2], long long *throttle);

#endif
