/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The CPU controller's cgroup of ctxbench, v2 or v1: the quota it runs
 * under and how often that quota throttled it, read under a root that
 * tests replace by a fixture tree.
 */
#ifndef CTXBENCH_CGROUP_H
#define CTXBENCH_CGROUP_H

#include <stddef.h>

/* Throttling by a CPU quota, of the cgroup and every one above it. */
struct cgroup_throttle {
	long long periods; /* quota periods that throttled; -1 unknown */
	double seconds; /* time throttled */
};

/*
 * The throttling so far of the cgroup of the calling process and of its
 * ancestors, summed.  0, or -1 (periods -1) where no CPU controller is
 * found: take one before a run and one after, and compare.
 */
int cgroup_throttle_read(const char *root, struct cgroup_throttle *t);

/*
 * The tightest CPU quota on the cgroup of the calling process or above
 * it, and its cpuset, for the Run information:
 * "0.10 CPUs (cpu.max 10000 100000); cpuset 0-1", "none; cpuset 0-1".
 * Empty when no CPU controller is found.
 */
void cgroup_quota(const char *root, char *buf, size_t size);

/*
 * The directory of the calling process's cgroup in the v2 hierarchy
 * ("/sys/fs/cgroup/user.slice/..."), under @root, into @buf: 0, or -1
 * where no cgroup v2 hierarchy is mounted or the process is in none.
 */
int cgroup_v2_dir(const char *root, char *buf, size_t size);

/*
 * Is @controller ("cpu") bound to a cgroup v1 hierarchy, and so not to
 * be had in v2?  1 or 0.
 */
int cgroup_v1_has(const char *root, const char *controller);

#endif
