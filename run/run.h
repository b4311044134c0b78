/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The runner: the only code that forks, pins, starts, times, stops and reaps. */
#ifndef CTXBENCH_RUN_H
#define CTXBENCH_RUN_H

#include <sched.h>
#include <stdint.h>

#include "ipc/ipc.h"
#include "disturb.h"
#include "lib/hist.h"
#include "model/results.h"
#include "sched.h"

struct profile;
struct run_cg;

#define RUN_REASON_MAX 128

/* What to run: one ring, or several at once, once. */
struct run_spec {
	const struct ipc_ops *ops;
	unsigned int nr; /* participants, 1 .. RUN_MAX_NR; 1 hands to itself */
	/*
	 * Rings run at once, each of @nr participants (0 means 1), and
	 * whether they share the mechanism's objects (IPC_SHAREABLE) instead
	 * of having their own; rings * nr is at most RUN_MAX_NR.
	 */
	unsigned int rings;
	int shared;
	int threads; /* threads of one process instead of processes */
	/* CPU of each participant of every ring, -1 unpinned; NULL: none */
	const int *cpu;
	double duration_s; /* measured time */
	double warmup_s; /* time before the measurement starts */
	unsigned int ws_kb; /* working set each participant touches per hop */
	unsigned int
		sample_every; /* time one round trip in this many; 0 none */
	struct run_class cls; /* each participant's, before the start */
	/* --slice: the slice a participant of the fair class asks; 0 none */
	unsigned int slice_us;
	int mlock; /* participants lock their memory before the start */
	unsigned int waitv; /* futex-waitv's vector (--waitv); 0: default */
	struct profile *profile; /* perf around the window (profile.h); NULL */
	/* The cgroups each participant process enters (cgroup.h); NULL none. */
	const struct run_cg *cg;
};

/* The default: the clock stays out of 63 loops in 64. */
#define RUN_SAMPLE_EVERY 64

#define RUN_MAX_NR 1024
#define RUN_MAX_RINGS 256

/* The rings @spec runs at once. */
static inline unsigned int run_rings(const struct run_spec *spec)
{
	return spec->rings ? spec->rings : 1;
}

/* CPU time and context switches of participants. */
struct run_usage {
	double user_s, sys_s;
	long long nvcsw, nivcsw; /* voluntary and involuntary */
};

struct run_result {
	enum result_status status;
	char reason[RUN_REASON_MAX]; /* why, unless RESULT_OK */
	uint64_t loops; /* trips of the token around the ring, measured */
	/* Of several rings: the loops of the slowest and the fastest. */
	uint64_t ring_min, ring_max;
	double elapsed_s; /* measured time, CLOCK_MONOTONIC */
	double setup_s; /* from the call to the start of every participant */
	double teardown_s; /* from the stop word to the end of the call */
	int signo; /* RESULT_INTERRUPTED: the signal */
	cpu_set_t cpus; /* where the participants were seen running */
	/* Moves between CPUs of all participants; -1 unknown. */
	long long migrations;
	struct hist rtt; /* sampled round trips, ns */
	/* Their median and interquartile mean at full resolution; 0 none. */
	double rtt_p50_ns, rtt_iqm_ns;
	/*
	 * What the participants' loops cost: each takes its own getrusage()
	 * when the start comes and when it sees the stop word, so that its
	 * fork, set-up and exit stay out; the loops from the start to the
	 * end, and the time from the start until the last participant
	 * ended.  life_loops 0 when one could not say (it was killed).
	 */
	struct run_usage loop_cpu;
	uint64_t life_loops;
	double life_s;
	/*
	 * What else the CPUs of the run did, from /proc/stat before the first
	 * participant started and after the last was reaped (so that their
	 * whole rusage is inside), frequencies while they ran.
	 */
	struct disturb dist;
	double stall_s; /* the longest the token stood still in the window */
	long procs_running[2]; /* runnable tasks at start and end; -1 unknown */
	long long
		throttle; /* thermal throttle events on its CPUs; -1 unknown */
	/*
	 * Their whole lives, from wait4(): what the CPUs' counters around
	 * the run are judged against (dist).
	 */
	double utime_s, stime_s;
	long long nvcsw, nivcsw; /* voluntary and involuntary switches */
};

/*
 * Prepare the calling process to run rings: block the signals the runner
 * waits for (SIGCHLD, and SIGINT, SIGTERM, SIGHUP, which interrupt a run).
 * Call once, before the first run_once().  Returns 0 or a negative errno.
 */
int run_init(void);

/*
 * Run one ring as @spec says and fill @res.  Returns 0 when @res says
 * what happened (whatever its status), a negative errno when the runner
 * itself could not work (out of memory, fork failing...), with
 * res->reason set.  Every participant is reaped and every object removed
 * before it returns.
 */
int run_once(const struct run_spec *spec, struct run_result *res);

/*
 * Check, before anything starts, that the process limits allow @spec:
 * descriptors (RLIMIT_NOFILE) and processes (RLIMIT_NPROC); a soft limit
 * too low is raised when the hard limit allows.  Returns 0, or -1 with
 * one line naming the limit in @err.
 */
int run_check_limits(const struct run_spec *spec, char *err, size_t errlen);

/*
 * Check, first of all, that the stack limit (RLIMIT_STACK) is at least
 * what ctxbench needs, more when the arguments @argv (main()'s) and the
 * environment are long; a soft limit too low is raised when the hard
 * limit allows.  Returns 0, or -1 with one line naming the limit, what is
 * needed and what is allowed in @err.  It takes little stack itself:
 * print @err with fputs(), as fprintf() to stderr takes 8 KB.
 */
int run_check_stack(char *const *argv, char *err, size_t errlen);

/*
 * Check, before anything starts, that each participant of @spec can lock
 * its memory (--mlock): what it will have mapped when it calls
 * mlockall() (ctxbench as it is now, the mapping it shares, its working
 * set, with threads every thread's stack and working set, and room for
 * ctxbench's heap to grow) against RLIMIT_MEMLOCK, whose soft limit is
 * raised when the hard limit allows; then a child like a participant
 * tries.  Returns 0, or -1 with one line naming the limit, what is
 * needed and what is allowed in @err.
 */
int run_check_mlock(const struct run_spec *spec, char *err, size_t errlen);

/* A pending SIGINT, SIGTERM or SIGHUP, without waiting: the signal or 0. */
int run_interrupted(void);

#endif
