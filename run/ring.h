/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the runner: the control block it shares with the participants,
 * and what run.c, child.c (the participants' side) and wait.c (signals,
 * waiting and reaping) call of each other.
 */
#ifndef CTXBENCH_RING_H
#define CTXBENCH_RING_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "run.h"
#include "ipc/ipc.h"
#include "lib/hist.h"

/* Where a participant failed. */
enum run_where {
	AT_NONE,
	AT_START,
	AT_AFFINITY,
	AT_SCHED,
	AT_MLOCK,
	AT_WORKING_SET,
	AT_ATTACH,
	AT_WAIT,
	AT_PASS
};

/* One participant's line of the control block; nobody else writes it. */
struct run_slot {
	_Alignas(IPC_LINE) uint64_t count; /* tokens received */
	int err; /* negative errno */
	enum run_where where;
	int cpu_first, cpu_last; /* where it started and ended, -1 unknown */
	long long migrations; /* moves between CPUs; -1 unknown */
};

/* The control block, shared by the runner and every participant. */
struct run_ctl {
	_Alignas(IPC_LINE) int stop;
	_Alignas(IPC_LINE) int go_fd; /* read end: EOF means start */
	int ready_fd; /* write end: one byte per ready participant */
	const struct ipc_ops *ops;
	const int *cpu;
	struct ipc_ring ring;
	struct ipc_peer *peer; /* [nr] */
	struct run_slot *slot; /* [nr] */
	unsigned int ws_kb;
	unsigned int sample_every;
	struct run_class cls; /* taken by each participant before it is ready */
	int mlock;
	/* Round trips timed by participant 0, which alone writes them. */
	_Alignas(IPC_LINE) struct hist rtt;
};

/* A child process of the runner: a participant, the group, or the guard. */
struct run_proc {
	pid_t pid;
	int reaped;
	int status;
};

/* The signalfd of the runner's signals; children close it. */
extern int run_sigfd;
/* Set when a seccomp filter trapped a system call (SECCOMP_RET_TRAP). */
extern volatile sig_atomic_t run_sigsys_seen;

/* What a participant process does between fork() and _exit(). */
void run_child(struct run_ctl *ctl, pid_t runner, unsigned int self)
	__attribute__((noreturn));

/*
 * Wait up to @timeout_s for a signal or for @fd (if >= 0) to be readable.
 * Returns SIGCHLD or an interrupting signal, 0 on timeout, -1 when @fd is
 * readable.  An interrupting signal stays pending for run_interrupted().
 */
int run_sleep(double timeout_s, int fd);

/*
 * What the limits say of @err, a failure to get a task or a descriptor,
 * where the count before the run could not tell: " (RLIMIT_NPROC is 10:
 * the user's other tasks count too)".  Empty for other errors (limits.c).
 */
const char *run_limit_hint(int err);

/*
 * Wait up to @timeout_s.  Returns 0 on timeout, -1 when @fd (if >= 0) is
 * readable, SIGCHLD when a child has exited (not merely stopped or
 * continued), or the interrupting signal.
 */
int run_watch(struct run_proc *proc, unsigned int nproc, double timeout_s,
	      int fd);

/* The first child that ended before it was told to: its index, or -1. */
int run_find_dead(struct run_proc *proc, unsigned int nproc, siginfo_t *out);

/* Wait up to @timeout_s for every child to exit; 1 if they all did. */
int run_wait_exit(struct run_proc *proc, unsigned int nproc, double timeout_s);

/* Kill every live child, reap them all, adding up their usage in @res. */
void run_reap(struct run_proc *proc, unsigned int nproc, int kill_them,
	      struct run_result *res);

#endif
