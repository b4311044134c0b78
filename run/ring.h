/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Inside the runner: the control block it shares with the ring.
 *
 * Inside the runner: the control block it shares with the participants,
 * and what run.c, child.c (the participants' side) and wait.c (signals,
 * waiting and reaping) call of each other.
 */
#ifndef CTXBENCH_RING_H
#define CTXBENCH_RING_H

#include <signal.h>
#include <stdint.h>
#include <sys/types.h>

#include "cgroup.h"
#include "map.h"
#include "run.h"
#include "ipc/ipc.h"
#include "lib/hist.h"
#include "lib/pick.h"

/* Where a participant failed. */
enum run_where {
	AT_NONE,
	AT_START,
	AT_CGROUP,
	AT_AFFINITY,
	AT_SCHED,
	AT_SLICE,
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
	/* Its own usage from the start to the stop word, when @used. */
	struct run_usage usage;
	int used;
	long long vm_kb; /* AT_MLOCK: what it had mapped (VmSize); -1 unknown */
};

/*
 * The control block, shared by the runner and every participant.  The
 * run has @rings rings of @nr participants; participant g (0 .. rings *
 * nr - 1) is participant g % nr of ring g / nr, and its slot, peer and
 * CPU are the g-th.  Each ring has its own objects (ring[k]), or with
 * @shared all use ring[0], one ring of rings * nr participants in which
 * ring k is participants k * nr .. k * nr + nr - 1.
 */
struct run_ctl {
	_Alignas(IPC_LINE) int stop;
	_Alignas(IPC_LINE) int go_fd; /* read end: EOF means start */
	int ready_fd; /* write end: one byte per ready participant */
	const struct ipc_ops *ops;
	const int *cpu; /* [rings * nr] */
	unsigned int nr; /* participants of one ring */
	unsigned int rings;
	int shared;
	int threads;
	unsigned int nobj; /* sets of objects: 1 when shared, else rings */
	unsigned int nset; /* of them, how many setup() was called for */
	struct ipc_ring *ring; /* [nobj] */
	struct ipc_peer *peer; /* [rings * nr] */
	struct run_slot *slot; /* [rings * nr] */
	unsigned int ws_kb;
	unsigned int sample_every;
	/* Round trips timed by each ring's participant 0, which alone writes. */
	struct hist *rtt; /* [rings] */
	struct pick
		*pick; /* [rings]: the same round trips, a sample kept whole */
	struct run_class cls; /* taken by each participant before it is ready */
	unsigned long long slice_ns; /* --slice, asked then, if fair; 0 none */
	int mlock;
	/* The cgroups each participant process enters first; NULL none. */
	const struct run_cg *cg;
	struct run_cg_live cg_live; /* what the runner made of them */
};

/* The participants of every ring of @ctl. */
static inline unsigned int run_total(const struct run_ctl *ctl)
{
	return ctl->rings * ctl->nr;
}

/*
 * A name of a participant or a child for a message, returned by value so
 * that a caller may hold several at once: run_who(ctl, g).s.
 */
struct run_who {
	char s[48];
};

/* Participant @g: "participant 1", or "ring 2 participant 1" (run.c). */
struct run_who run_who(const struct run_ctl *ctl, unsigned int g);

/*
 * Child process @child: "child 0", a participant when each is a process
 * of its own in several rings, or with threads "ring 2" (run.c).
 */
struct run_who run_who_child(const struct run_ctl *ctl, unsigned int child);

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

/*
 * What a participant process does between fork() and _exit(): @self is
 * its number over every ring, or with threads the ring the process holds.
 */
void run_child(struct run_ctl *ctl, pid_t runner, unsigned int self)
	__attribute__((noreturn));

/*
 * Wait up to @timeout_s for a signal or for @fd (if >= 0) to be readable.
 * Returns SIGCHLD or an interrupting signal, 0 on timeout, -1 when @fd is
 * readable.  An interrupting signal stays pending for run_interrupted().
 */
int run_sleep(double timeout_s, int fd);

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
