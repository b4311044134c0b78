/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Scheduling classes: the one the runner gives every participant before
 * the start, and its own class while they are real-time.
 */
#ifndef CTXBENCH_SCHED_H
#define CTXBENCH_SCHED_H

#include <stddef.h>

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

#endif
