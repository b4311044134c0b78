/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scheduling classes: the one the runner gives every participant before
 * the start, and its own class while they are real-time.
 */
#ifndef CTXBENCH_SCHED_H
#define CTXBENCH_SCHED_H

#include <stddef.h>

/*
 * --slice's range, us: what the kernel clamps a fair task's sched_runtime
 * to (0.1 to 100 ms), so that the slice asked is the slice taken.
 */
#define RUN_SLICE_MIN_US 100
#define RUN_SLICE_MAX_US 100000

/* --prio's default: the middle of 1..99, that of threaded IRQ handlers. */
#define RUN_PRIO_DEFAULT 50
#define RUN_PRIO_MIN 1
#define RUN_PRIO_MAX 99
#define RUN_NICE_MIN -20
#define RUN_NICE_MAX 19

/*
 * A scheduling class.  All zero is SCHED_OTHER at nice 0, untouched: the
 * participants keep the class ctxbench was started with.
 */
struct run_class {
	int given; /* --policy or --nice: the participants take it */
	int policy; /* SCHED_OTHER, SCHED_BATCH, SCHED_IDLE, SCHED_FIFO, _RR */
	int prio; /* fifo, rr: 1..99; else 0 */
	int nice; /* other, batch: -20..19; else 0 */
	int inherited; /* ctxbench's own real-time class, not --policy */
};

/* The name of @policy as --policy takes it ("fifo"), or NULL. */
const char *run_class_name(int policy);

/* The policy named @name ("fifo"): 0 and *@policy, or -1. */
int run_class_parse(const char *name, int *policy);

/* Is @policy SCHED_FIFO or SCHED_RR? */
int run_class_rt(int policy);

/* Does @policy take a nice value (SCHED_OTHER, SCHED_BATCH)? */
int run_class_niced(int policy);

/*
 * Without --policy, participants inherit ctxbench's class: when that is
 * real-time (chrt), make @c say so, given and inherited, so that it is
 * applied, labelled and checked like --policy.  1 when it did.
 */
int run_class_inherit(struct run_class *c);

/*
 * Give the calling task (a participant: one thread) class @c.  Returns
 * 0, or a negative errno (-EPERM: no CAP_SYS_NICE and RLIMIT_RTPRIO
 * lower than the priority; -EACCES: a nice below RLIMIT_NICE's).
 */
int run_class_apply(const struct run_class *c);

/*
 * Why the participant could not take @c (@err from run_class_apply()),
 * as one line in @buf; 1 when that skips the row (a privilege the user
 * lacks), 0 when it fails it.
 */
int run_class_why(const struct run_class *c, int err, char *buf, size_t size);

/* The runner's own class, to be given back after a run. */
struct run_class_saved {
	int changed;
	int policy, prio;
};

/*
 * While participants of @c run at a real-time class, the runner (and the
 * guard it forks) run at SCHED_FIFO one above them: the runner mostly
 * sleeps, and must get a CPU to stop and kill a ring on time whatever
 * the participants do.  Nothing for other classes.  0, or a negative
 * errno when the runner could not be put above them (at 99 it is beside
 * them, and that is 0 too).
 */
int run_class_runner_enter(const struct run_class *c,
			   struct run_class_saved *saved);
void run_class_runner_leave(struct run_class_saved *saved);

/*
 * Do participants of @c run in the fair class, SCHED_OTHER or
 * SCHED_BATCH, which alone has a slice?  Without --policy, ctxbench's
 * own class says.  1 or 0.
 */
int run_class_fair(const struct run_class *c);

/*
 * --slice: the calling thread asks for a slice of @ns (sched_setattr(2),
 * its policy and nice as they are, sched_runtime @ns: Linux 6.12 and
 * later take it as a fair task's slice), and *@got is what it has then
 * (sched_getattr(2)'s sched_runtime, a fair task's slice from 6.12 on, 0
 * before).  0; 1 (nothing asked) where the thread is not in the fair
 * class; or a negative errno.
 */
int run_slice_set(unsigned long long ns, unsigned long long *got);

/*
 * Did a slice of @want_ns take, when sched_setattr() gave @err (0, or a
 * negative errno) and sched_getattr() then said @got_ns, on kernel
 * @release?  0, or -1 with the reason in @buf, which says when the kernel
 * is older than 6.12.
 */
int run_slice_judge(int err, unsigned long long want_ns,
		    unsigned long long got_ns, const char *release, char *buf,
		    size_t size);

/*
 * Before anything runs: does a thread of the fair class get a slice of
 * @us (0: none asked, 0)?  0, or -1 with one line in @err.
 */
int run_slice_check(unsigned int us, char *err, size_t errlen);

#endif
