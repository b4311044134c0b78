/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The cgroups of a run (-G, --cgroup-depth): checked once, then made,
 * entered, emptied and removed at each run.
 */
#ifndef CTXBENCH_RUN_CGROUP_H
#define CTXBENCH_RUN_CGROUP_H

#include <limits.h>
#include <stddef.h>
#include <sys/types.h>

/* The deepest --cgroup-depth: the scheduler walks each level per switch. */
#define RUN_CG_MAX_DEPTH 64
/* A cgroup's name below ctxbench's own, and a file of it: bytes, at most. */
#define RUN_CG_NAME_MAX 320

/*
 * The cgroups of a plan, checked once before it runs (run_cg_open()).
 * Each run makes them under @base, ctxbench's own cgroup v2 directory,
 * @depth levels deep, the levels named for ctxbench's pid and then by
 * their number, the participants in the deepest:
 *
 *   depth 1   ctxbench-PID            apart: ctxbench-PID-p0, -p1, ...
 *   depth 3   ctxbench-PID/2/3        apart: ctxbench-PID/2/3-p0, ...
 *
 * Apart, participant i of every ring goes in leaf -pI (perf bench sched
 * pipe -G A,B: each side of the hand-off in a cgroup of its own).
 */
struct run_cg {
	int dirfd; /* @base, open: every cgroup is made relative to it */
	char base[PATH_MAX];
	char opt[16]; /* the option that asked for them, for messages */
	pid_t pid; /* ctxbench's: no other ctxbench makes the same names */
	unsigned int depth; /* levels below @base, from 1 */
	int apart; /* a leaf each participant of a ring */
	/*
	 * The cpu controller is on in them (a task group each: what the
	 * fair scheduler walks), having it written to @base's
	 * cgroup.subtree_control at each run and taken back after
	 * (@cpu_base) or finding it there; off, @cpu_why says why.
	 */
	int cpu, cpu_base;
	char cpu_why[PATH_MAX + 160];
};

/*
 * What a run has made of them, in the mapping it shares with its guard.
 * Each step is counted before it is taken, so that the guard undoes
 * whatever a runner killed half way may have done.
 */
struct run_cg_live {
	unsigned int made; /* directories, in run_cg_name()'s order */
	unsigned int leaves;
	int cpu_base; /* +cpu written to the base's cgroup.subtree_control */
};

/*
 * Directory @i, from 0, of a run of @leaves leaves, in the order they are
 * made (the levels, then the leaves), as a path below the base, into
 * @buf of RUN_CG_NAME_MAX bytes: 1 for a leaf, 0 for a level above
 * them, -1 past the last.
 */
int run_cg_name(const struct run_cg *cg, unsigned int leaves, unsigned int i,
		char *buf, size_t size);

/* The directories a run of @leaves leaves makes. */
unsigned int run_cg_count(const struct run_cg *cg, unsigned int leaves);

/*
 * Before anything runs, the cgroups of @depth levels (0: none, *@out
 * NULL), @apart or not, that option @opt asks for: ctxbench's cgroup v2
 * directory found, a cgroup made there and a child moved into it and
 * out, the cpu controller looked for.  0 and *@out, or -1 with one line
 * in @err: no cgroup v2 here, or no right to make or enter cgroups.
 */
int run_cg_open(unsigned int depth, int apart, const char *opt,
		struct run_cg **out, char *err, size_t errlen);
void run_cg_close(struct run_cg *cg);

/*
 * The cgroups as the Run information says them: "3 levels; cpu on",
 * "1 level, apart; cpu off: " and why (apart: each participant of a ring
 * in its own).
 */
void run_cg_describe(const struct run_cg *cg, char *buf, size_t size);

/*
 * The runner, before a run of @leaves leaves forks any participant:
 * every directory made, the cpu controller on in each level that has
 * levels below it.  0, or a negative errno with why in @why.
 */
int run_cg_make(const struct run_cg *cg, struct run_cg_live *live,
		unsigned int leaves, char *why, size_t size);

/* The calling participant process moves itself into leaf @leaf: 0 or -errno. */
int run_cg_enter(const struct run_cg *cg, const struct run_cg_live *live,
		 unsigned int leaf);

/*
 * The runner after reaping the participants, or the guard after the
 * runner died: what is left in each leaf killed, every directory made
 * removed, deepest first, each waited for up to @wait_s while its tasks
 * leave it; the base's cpu controller taken back.  0, or the first
 * failure as a negative errno with why in @why (NULL: not said).
 */
int run_cg_remove(const struct run_cg *cg, struct run_cg_live *live,
		  double wait_s, char *why, size_t size);

#endif
