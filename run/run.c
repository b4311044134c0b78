/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runner: the only code that forks, pins, times and reaps.
 *
 * One run: map the control block and the backend's state,
 * set the mechanism up, start the participants (processes, or threads of
 * one child process), let them warm up, read participant 0's count and
 * the clock, wait the measured time, read them again, then stop, reap and
 * tear down.  The participants never read the clock: the measured loop is
 * the mechanism's two calls, one store of a count and one load of the
 * stop word.
 */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "limits.h"
#include "procstat.h"
#include "profile.h"
#include "ring.h"
#include "lib/pick.h"
#include "watch.h"
#include "lib/clock.h"
#include "lib/fs.h"

/* How long participants may take to see the stop word before they are killed. */
#define RUN_GRACE_S 0.2
/*
 * How long the guard waits for a cgroup of the run to empty once it
 * killed what was in it, and the runner for one whose participants it
 * reaped: their last tasks leave as they exit.
 */
#define RUN_CG_GUARD_S 5.0
#define RUN_CG_RUNNER_S 1.0
/* The least time without a loop that makes a ring hung. */
#define RUN_HANG_MIN_S 2.0
/*
 * The time a ring spends waiting for a CPU (other work has them) does
 * not count towards the hang limit, up to this many hang limits of wall
 * time; how often a wait reads what its participants waited.
 */
#define RUN_HANG_CAP 20
#define RUN_HANG_LOOK_S 0.05
/* How long participants may take to be ready before the run fails. */
#define RUN_START_S 10.0
/*
 * A run whose token stood still for more than this share of -t (and for
 * more than RUN_STALL_TRIPS of its own round trips) is disturbed: a
 * participant or ctxbench was stopped, the machine paused.
 */
#define RUN_STALL_SHARE 0.1
#define RUN_STALL_TRIPS 100
/* How often the runner looks at the count while it measures. */
#define RUN_LOOK_SHARE 0.02
#define RUN_LOOK_MIN_S 0.001
#define RUN_LOOK_MAX_S 0.1

static const char *const run_where_name[] = {
	[AT_NONE] = "?",
	[AT_START] = "pthread_create",
	[AT_WORKING_SET] = "working set",
	[AT_CGROUP] = "cgroup.procs",
	[AT_AFFINITY] = "sched_setaffinity",
	[AT_SCHED] = "sched_setscheduler",
	[AT_SLICE] = "sched_setattr",
	[AT_MLOCK] = "mlockall",
	[AT_ATTACH] = "attach",
	[AT_WAIT] = "wait",
	[AT_PASS] = "pass",
};

/* A ring whose token has not moved for this long is hung. */
static double run_hang_s(const struct run_spec *spec)
{
	double t = 3 * spec->duration_s;

	return t < RUN_HANG_MIN_S ? RUN_HANG_MIN_S : t;
}

/*
 * A wait for the token of participants @first .. @first + @n - 1 to
 * move, from @since.  The hang limit runs on the time they neither ran
 * nor waited for a CPU: a ring whose participants are runnable while
 * other work holds the CPUs is slow, not hung.  The kernel adds a wait
 * to a task's run_delay only once it ends, so the wait is read from
 * /proc/TID/stat at looks RUN_HANG_LOOK_S apart: a stretch that ends
 * with one of them runnable was spent waiting, less the CPU time they
 * had in it.  A stopped or sleeping participant waits for nothing, and
 * one that spins has the CPU: a ring hung for good is found at the hang
 * limit as before; one that spins on a CPU other work holds too, by
 * RUN_HANG_CAP hang limits at most.
 */
struct run_hang {
	const struct run_ctl *ctl;
	unsigned int first, n;
	double since, looked;
	double cpu_s; /* the CPU time they had by @looked; < 0 not read */
	double waited; /* how long they waited for a CPU since @since */
};

/*
 * Is one of participants @first .. @first + @n - 1 runnable?  The CPU
 * time they had, in *@cpu_s.
 */
static int run_runnable(const struct run_ctl *ctl, unsigned int first,
			unsigned int n, double *cpu_s)
{
	double tick = 1.0 / (double)sysconf(_SC_CLK_TCK);
	int runnable = 0;

	*cpu_s = 0;
	for (unsigned int i = first; i < first + n; i++) {
		int tid = __atomic_load_n(&ctl->peer[i].tid, __ATOMIC_RELAXED);
		struct procstat_task t;

		if (tid <= 0 || procstat_task_read("", tid, &t) < 0)
			continue;
		runnable |= t.state == 'R';
		*cpu_s += (double)t.cpu_ticks * tick;
	}
	return runnable;
}

static void run_hang_begin(struct run_hang *h, const struct run_ctl *ctl,
			   unsigned int first, unsigned int n, double since)
{
	*h = (struct run_hang){ .ctl = ctl,
				.first = first,
				.n = n,
				.since = since,
				.looked = clock_now_s(),
				.cpu_s = -1 };
}

/* Has the wait @h reached the hang limit of @spec? */
static int run_hang_over(const struct run_spec *spec, struct run_hang *h)
{
	double now = clock_now_s(), limit = run_hang_s(spec), cpu_s, gap;

	if (now - h->looked >= RUN_HANG_LOOK_S) {
		gap = now - h->looked;
		/*
		 * The first look only takes their CPU time: a wait that ends
		 * at once reads nothing.
		 */
		if (run_runnable(h->ctl, h->first, h->n, &cpu_s) &&
		    h->cpu_s >= 0 && cpu_s - h->cpu_s < gap)
			h->waited += gap - (cpu_s - h->cpu_s);
		h->cpu_s = cpu_s;
		h->looked = now;
	}
	if (now - h->since >= RUN_HANG_CAP * limit)
		return 1;
	return now - h->since >= limit + h->waited;
}

/* For a HUNG message: how much of the wait @h was for a CPU. */
static struct run_hint run_hang_said(const struct run_hang *h)
{
	struct run_hint said = { "" };

	if (h->waited >= 0.05)
		snprintf(said.s, sizeof(said.s),
			 " (%.1f s of it waiting for a CPU)", h->waited);
	return said;
}

static void run_fail(struct run_result *res, enum result_status st,
		     const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));

static void run_fail(struct run_result *res, enum result_status st,
		     const char *fmt, ...)
{
	va_list ap;

	if (res->status != RESULT_OK)
		return; /* the first reason is the one that counts */
	res->status = st;
	va_start(ap, fmt);
	vsnprintf(res->reason, sizeof(res->reason), fmt, ap);
	va_end(ap);
}

/*
 * Who participant @g is, for a message: "participant 1", or with several
 * rings "ring 2 participant 1".
 */
struct run_who run_who(const struct run_ctl *ctl, unsigned int g)
{
	struct run_who who;

	if (ctl->rings > 1)
		snprintf(who.s, sizeof(who.s), "ring %u participant %u",
			 g / ctl->nr, g % ctl->nr);
	else
		snprintf(who.s, sizeof(who.s), "participant %u", g);
	return who;
}

/*
 * Who child process @child is: "child 0", or with several rings a
 * participant ("ring 2 participant 1"), or with threads the process
 * that holds a ring's ("ring 2").
 */
struct run_who run_who_child(const struct run_ctl *ctl, unsigned int child)
{
	struct run_who who;

	if (ctl->rings > 1 && !ctl->threads)
		return run_who(ctl, child);
	snprintf(who.s, sizeof(who.s), "%s %u",
		 ctl->rings > 1 ? "ring" : "child", child);
	return who;
}

/* Say why participant slots failed, or how child @child died (@si). */
static void run_blame(const struct run_ctl *ctl, const siginfo_t *si,
		      unsigned int child, struct run_result *res)
{
	for (unsigned int i = 0; i < run_total(ctl); i++) {
		const struct run_slot *s = &ctl->slot[i];
		char why[RUN_REASON_MAX];

		if (s->err && s->where == AT_SCHED) {
			/* A class the user may not take: the row is skipped. */
			int skips = run_class_why(&ctl->cls, s->err, why,
						  sizeof(why));

			run_fail(res, skips ? RESULT_SKIPPED : RESULT_FAILED,
				 "%s", why);
			return;
		}
		if (s->err) {
			run_fail(res, RESULT_FAILED, "%s: %s: %s%s",
				 run_who(ctl, i).s, run_where_name[s->where],
				 strerror(-s->err),
				 s->where == AT_MLOCK ?
					 run_mlock_hint(s->vm_kb).s :
					 run_limit_hint(s->err).s);
			return;
		}
	}
	if (!si)
		return;
	if (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED)
		run_fail(res, RESULT_FAILED, "%s killed by signal %d (%s)",
			 run_who_child(ctl, child).s, si->si_status,
			 strsignal(si->si_status));
	else
		run_fail(res, RESULT_FAILED, "%s exited with status %d",
			 run_who_child(ctl, child).s, si->si_status);
}

/* Check that every participant saw the token as often as its ring allows. */
static void run_check_counts(const struct run_ctl *ctl, struct run_result *res)
{
	for (unsigned int k = 0; k < ctl->rings; k++) {
		const struct run_slot *slot = &ctl->slot[k * ctl->nr];
		uint64_t c0 = slot[0].count;

		for (unsigned int i = 1; i < ctl->nr; i++) {
			uint64_t c = slot[i].count, prev = slot[i - 1].count;

			if (c < c0 || c > c0 + 1 || (i > 1 && c > prev)) {
				run_fail(
					res, RESULT_FAILED,
					"counts disagree: %s received %llu, participant %u %llu",
					run_who(ctl, k * ctl->nr).s,
					(unsigned long long)c0, i,
					(unsigned long long)c);
				return;
			}
		}
	}
}

/* The CPUs the participants were seen on, and how often they moved. */
static void run_where_seen(const struct run_ctl *ctl, struct run_result *res)
{
	CPU_ZERO(&res->cpus);
	res->migrations = 0;
	for (unsigned int i = 0; i < run_total(ctl); i++) {
		const struct run_slot *s = &ctl->slot[i];

		if (s->cpu_first >= 0 && s->cpu_first < CPU_SETSIZE)
			CPU_SET(s->cpu_first, &res->cpus);
		if (s->cpu_last >= 0 && s->cpu_last < CPU_SETSIZE)
			CPU_SET(s->cpu_last, &res->cpus);
		if (s->migrations < 0 || res->migrations < 0)
			res->migrations = -1;
		else
			res->migrations += s->migrations;
	}
}

/*
 * What the participants' loops cost, from what each noted in its slot;
 * the loops unknown (0) when one could not say.
 */
static void run_loop_usage(const struct run_ctl *ctl, struct run_result *res)
{
	struct run_usage *u = &res->loop_cpu;

	memset(u, 0, sizeof(*u));
	for (unsigned int i = 0; i < run_total(ctl); i++) {
		const struct run_slot *s = &ctl->slot[i];

		if (!s->used) {
			res->life_loops = 0;
			return;
		}
		u->user_s += s->usage.user_s;
		u->sys_s += s->usage.sys_s;
		u->nvcsw += s->usage.nvcsw;
		u->nivcsw += s->usage.nivcsw;
	}
}

static int run_setup_error_skips(int err)
{
	return err == -ENOSYS || err == -EPERM || err == -EACCES ||
	       err == -ENOSPC || err == -ENOMEM || err == -ENETUNREACH ||
	       err == -ENETDOWN || err == -EADDRNOTAVAIL ||
	       err == -EAFNOSUPPORT;
}

/* The CPUs a run can use: its pins, else the allowed set. */
static void run_cpus(const struct run_spec *spec, cpu_set_t *set)
{
	CPU_ZERO(set);
	if (spec->cpu) {
		for (unsigned int i = 0; i < spec->nr * run_rings(spec); i++)
			if (spec->cpu[i] >= 0 && spec->cpu[i] < CPU_SETSIZE)
				CPU_SET(spec->cpu[i], set);
		return;
	}
	if (sched_getaffinity(0, sizeof(*set), set) < 0)
		CPU_ZERO(set);
}

/*
 * One run, from the map to the teardown: what its steps share.  17 KB,
 * on the heap: ctxbench runs with a small stack (docs/faults.md).
 */
struct run_state {
	const struct run_spec *spec;
	struct run_result *res;
	struct run_ctl *ctl;
	char *map;
	size_t map_size;
	unsigned int nproc; /* child processes: participants, or one group */
	struct run_proc proc[RUN_MAX_NR + 1], *guard; /* the guard is last */
	/* Each ring's count at the window's start, then its loops in it. */
	uint64_t ring0[RUN_MAX_RINGS];
	uint64_t ring1[RUN_MAX_RINGS]; /* and at its end */
	int go[2], ready[2];
	struct watch *watch;
	pid_t runner;
	double t_call, t_go, t_stop;
	int err; /* the runner's own failure, a negative errno */
};

/*
 * The guard: a child that sleeps until the runner dies (PR_SET_PDEATHSIG)
 * and then removes the run's objects, whose ids it reads from the shared
 * state.  It leaves ctxbench's process group and session first, arms
 * itself, and only then says it is ready on @ready (the write end of a
 * pipe): the runner creates no object before that, so that a SIGKILL to
 * the group at any instant finds either no object or a guard out of its
 * reach.  The runner removes the objects itself and marks their ids gone
 * in the shared state before it ends the guard, so that at every instant
 * one of the two will remove each object, and never both the same id.
 * With --profile it also kills @perf's process group (0: none) when the
 * runner dies: perf dies with the runner, not what a wrapper of it forked.
 * Last it removes the run's cgroups (-G, --cgroup-depth), which can only
 * go once their processes have: it kills what is left in them (the
 * participants die with the runner, PR_SET_PDEATHSIG) and waits for
 * each to empty.
 */
static pid_t run_guard(struct run_ctl *ctl, pid_t runner, int ready, pid_t perf)
{
	pid_t pid = fork();
	sigset_t set;
	char byte = 0;
	int sig;

	if (pid != 0)
		return pid;
	prctl(PR_SET_NAME, "ctxbench-guard");
	/* SIGINT, SIGTERM and SIGHUP stay blocked from the fork until ignored. */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	/*
	 * A session of its own: a SIGKILL to ctxbench's process group
	 * (timeout -s KILL, kill -9 -PGID, a CI job cancelled) or a hang-up
	 * of its terminal does not reach it.  What kills every process of a
	 * cgroup or a user, or the OOM killer, still can (docs/faults.md).
	 */
	if (setsid() < 0 || prctl(PR_SET_PDEATHSIG, SIGUSR2) < 0)
		_exit(1);
	/* Armed: a runner that died before this has made nothing. */
	if (getppid() != runner || write(ready, &byte, 1) != 1)
		_exit(0);
	close(ready);
	while (sigwait(&set, &sig) != 0)
		;
	if (perf > 0)
		kill(-perf, SIGKILL);
	if (ctl->ops->teardown)
		for (unsigned int k = 0; k < ctl->nset; k++)
			ctl->ops->teardown(&ctl->ring[k]);
	if (ctl->cg)
		run_cg_remove(ctl->cg, &ctl->cg_live, RUN_CG_GUARD_S, NULL, 0);
	_exit(0);
}

/*
 * Fork the guard and wait until it is out of ctxbench's process group and
 * armed.  0, or a negative errno (-ECHILD: it ended before).
 */
static int run_guard_start(struct run_state *st)
{
	int fd[2], err = 0;
	char byte;
	ssize_t n;

	if (pipe2(fd, O_CLOEXEC) < 0)
		return -errno;
	st->guard->pid = run_guard(st->ctl, st->runner, fd[1],
				   profile_group(st->spec->profile));
	if (st->guard->pid < 0)
		err = -errno;
	close(fd[1]);
	/*
	 * Not for ever: a guard stopped or starved before its word, or a
	 * signal to ctxbench meanwhile, must not hold the runner.
	 */
	while (!err) {
		int ev = run_watch(st->guard, 1, RUN_START_S, fd[0]);

		if (ev == 0) {
			err = -ETIMEDOUT;
		} else if (ev == SIGCHLD) {
			err = -ECHILD;
		} else if (ev > 0) {
			st->res->signo = ev;
			run_fail(st->res, RESULT_INTERRUPTED, "signal %d (%s)",
				 ev, strsignal(ev));
			err = -EINTR;
		} else if ((n = read(fd[0], &byte, 1)) == 1) {
			break;
		} else if (n == 0 || errno != EINTR) {
			err = n == 0 ? -ECHILD : -errno;
		}
	}
	close(fd[0]);
	return err;
}

/* Ring @k's count: its participant 0's, as the runner samples it. */
static uint64_t run_ring_count(const struct run_ctl *ctl, unsigned int k)
{
	return __atomic_load_n(&ctl->slot[k * ctl->nr].count, __ATOMIC_RELAXED);
}

/* The loops of every ring together. */
static uint64_t run_count(const struct run_ctl *ctl)
{
	uint64_t n = 0;

	for (unsigned int k = 0; k < ctl->rings; k++)
		n += run_ring_count(ctl, k);
	return n;
}

/*
 * Did the token stand still over @gap seconds between two looks meant to
 * be @step apart, when it moved @moved loops and the run's rate so far is
 * @rate?  A look on time that finds less than a tenth of the promised
 * progress says so.  A look far later than meant (the runner itself was
 * stopped or starved) spans a stretch of normal running before and after
 * the stop, which can be more than a tenth of the gap: there, the token
 * stood still when the loops explain less than a third of it.  A runner
 * stopped alone, while its participants ran on, finds all the loops and
 * says nothing: the figure is right.
 */
static int run_stood_still(double gap, double step, double moved, double rate)
{
	double share = gap > 3 * step ? 1.0 / 3 : 0.1;

	return moved == 0 || moved < share * rate * gap;
}

/*
 * The measured window: wait @spec's -t, looking at participant 0's count
 * a few times (RUN_LOOK_SHARE of -t apart), so that a stall of the token
 * inside it shows.  A look that finds too little of the progress the
 * rate so far (at first the warm-up's, @rate0) promises counts as time
 * stood still (run_stood_still()); *@stall_s is the longest such
 * stretch.  Returns what ended the wait early, as run_watch(), or 0.
 */
static int run_window(const struct run_spec *spec, const struct run_ctl *ctl,
		      struct run_proc *proc, unsigned int nproc, double t0,
		      uint64_t c0, double rate0, double *stall_s)
{
	double step = spec->duration_s * RUN_LOOK_SHARE,
	       end = t0 + spec->duration_s;
	double t_prev = t0, still = 0;
	uint64_t c_prev = c0;
	int ev = 0;

	step = step < RUN_LOOK_MIN_S ? RUN_LOOK_MIN_S :
	       step > RUN_LOOK_MAX_S ? RUN_LOOK_MAX_S :
				       step;
	*stall_s = 0;
	while (!ev) {
		double left = end - clock_now_s(), t, rate, moved;
		uint64_t c;

		if (left <= 0)
			break;
		ev = run_watch(proc, nproc, left < step ? left : step, -1);
		t = clock_now_s();
		c = run_count(ctl);
		profile_window_tick(spec->profile, t, c);
		rate = t_prev > t0 ? (double)(c_prev - c0) / (t_prev - t0) :
				     rate0;
		moved = (double)(c - c_prev);
		if (run_stood_still(t - t_prev, step, moved, rate)) {
			still += t - t_prev - (rate > 0 ? moved / rate : 0);
			if (still > *stall_s)
				*stall_s = still;
		} else {
			still = 0;
		}
		t_prev = t;
		c_prev = c;
	}
	return ev;
}

/*
 * Wait until the rings' count together passes @c or an event comes, for
 * at most the hang limit from @since (@h, what it waited); the count
 * then, in @c.
 */
static int run_await_loop(const struct run_spec *spec,
			  const struct run_ctl *ctl, struct run_proc *proc,
			  unsigned int nproc, double since, uint64_t *c,
			  struct run_hang *h)
{
	uint64_t from = *c;
	int ev = 0;

	run_hang_begin(h, ctl, 0, run_total(ctl), since);
	while (!ev && (*c = run_count(ctl)) == from && !run_hang_over(spec, h))
		ev = run_watch(proc, nproc, 0.001, -1);
	return ev;
}

/* Fail the run for the runner's own reason @err, from @call. */
static int run_error(struct run_state *st, int err, const char *call)
{
	st->err = err;
	run_fail(st->res, RESULT_FAILED, "%s: %s%s", call, strerror(-err),
		 run_limit_hint(err).s);
	return err;
}

/*
 * Map the control block, the participants' slots and the backend's state
 * (its own pages) in one shared mapping, and fill in the control block.
 */
static int run_map(struct run_state *st)
{
	const struct run_spec *spec = st->spec;
	unsigned int rings = run_rings(spec), nr = spec->nr * rings;
	unsigned int nobj = spec->shared ? 1 : rings, obj_nr = nr / nobj;
	struct run_layout l;
	struct run_ctl *ctl;

	run_layout(spec, &l);
	st->map_size = l.size;
	st->map = mmap(NULL, st->map_size, PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (st->map == MAP_FAILED) {
		st->map = NULL;
		return run_error(st, -errno, "mmap");
	}
	ctl = st->ctl = (struct run_ctl *)st->map;
	ctl->ops = spec->ops;
	ctl->cpu = spec->cpu;
	ctl->ws_kb = spec->ws_kb;
	ctl->sample_every = spec->sample_every;
	ctl->nr = spec->nr;
	ctl->rings = rings;
	ctl->shared = spec->shared;
	ctl->threads = spec->threads;
	ctl->nobj = nobj;
	ctl->ring = (struct ipc_ring *)(st->map + l.off_ring);
	ctl->cls = spec->cls;
	ctl->slice_ns = spec->slice_us * 1000ULL;
	ctl->mlock = spec->mlock;
	ctl->cg = spec->cg;
	ctl->peer = (struct ipc_peer *)(st->map + l.off_peer);
	ctl->slot = (struct run_slot *)(st->map + l.off_slot);
	ctl->rtt = (struct hist *)(st->map + l.off_rtt);
	ctl->pick = (struct pick *)(st->map + l.off_pick);
	for (unsigned int k = 0; k < nobj; k++) {
		struct ipc_ring *ring = &ctl->ring[k];

		ring->nr = obj_nr;
		ring->threads = spec->threads;
		ring->waitv = spec->waitv;
		ring->state = l.state_size ?
				      st->map + l.off_state + k * l.state_step :
				      NULL;
		ring->peer = ctl->peer + k * obj_nr;
	}
	for (unsigned int i = 0; i < nr; i++) {
		ctl->slot[i].cpu_first = ctl->slot[i].cpu_last = -1;
		ctl->slot[i].migrations = -1;
	}
	return 0;
}

/*
 * The run's cgroups, once the guard is there to remove them: a leaf each
 * participant of a ring (-G), else one.  0, or -1 and the run has failed.
 */
static int run_cgroups(struct run_state *st)
{
	const struct run_cg *cg = st->ctl->cg;
	char why[RUN_REASON_MAX];

	if (!cg ||
	    run_cg_make(cg, &st->ctl->cg_live, cg->apart ? st->spec->nr : 1,
			why, sizeof(why)) == 0)
		return 0;
	run_fail(st->res, RESULT_FAILED, "cgroup: %s", why);
	return -1;
}

/*
 * Before any participant: the first snapshot, the guard, the cgroups, the
 * mechanism's objects and the start pipes.  0, or the run has failed (res
 * says why).
 */
static int run_setup(struct run_state *st)
{
	const struct ipc_ops *ops = st->spec->ops;
	cpu_set_t cpus;
	int err;

	st->watch = calloc(1, sizeof(*st->watch));
	if (!st->watch) {
		run_fail(st->res, RESULT_FAILED, "out of memory");
		return st->err = -ENOMEM;
	}
	run_cpus(st->spec, &cpus);
	watch_start(st->watch, &cpus);
	/* Ids -1 before the guard exists: it may only remove what setup got. */
	for (unsigned int k = 0; k < st->ctl->nobj && ops->init; k++)
		ops->init(&st->ctl->ring[k]);
	/* The guard first: from the first object on, nothing may leak. */
	err = run_guard_start(st);
	if (err == -EINTR)
		return -1; /* res says which signal */
	if (err == -ECHILD || err == -ETIMEDOUT) {
		run_fail(st->res, RESULT_FAILED,
			 err == -ECHILD ?
				 "the guard ended before it was ready" :
				 "the guard not ready after %.0f s",
			 RUN_START_S);
		return st->err = err;
	}
	if (err < 0)
		return run_error(st, err, "guard");
	if (run_cgroups(st) < 0)
		return -1;
	run_sigsys_seen = 0;
	for (unsigned int k = 0; k < st->ctl->nobj; k++) {
		const struct ipc_ring *ring = &st->ctl->ring[k];
		const char *hint;

		/* Counted first: the guard removes what setup may leave. */
		__atomic_store_n(&st->ctl->nset, k + 1, __ATOMIC_RELAXED);
		if (!ops->setup || (err = ops->setup(&st->ctl->ring[k])) == 0)
			continue;
		hint = ops->hint ? ops->hint(err) : NULL;
		run_fail(st->res,
			 run_setup_error_skips(err) ? RESULT_SKIPPED :
						      RESULT_FAILED,
			 "setup: %s%s%s%s%s",
			 ring->why[0] ? ring->why : strerror(-err),
			 ring->why[0] ? "" : run_limit_hint(err).s,
			 run_sigsys_seen ? " (SIGSYS: a seccomp filter)" : "",
			 hint ? " " : "", hint ? hint : "");
		return -1;
	}
	if (pipe2(st->go, O_CLOEXEC) < 0 || pipe2(st->ready, O_CLOEXEC) < 0)
		return run_error(st, -errno, "pipe");
	st->ctl->go_fd = st->go[0];
	st->ctl->ready_fd = st->ready[1];
	return 0;
}

/* Close @fd if open, and mark it closed. */
static void run_close(int *fd)
{
	if (*fd >= 0)
		close(*fd);
	*fd = -1;
}

/*
 * Fork the participants, wait until each says it is ready, then start
 * them all at once.  Returns an event (a signal) that came first, or 0;
 * res says when the start failed.
 */
static int run_start(struct run_state *st)
{
	unsigned int nr = run_total(st->ctl);
	int ev;

	for (unsigned int i = 0; i < st->nproc; i++) {
		st->proc[i].pid = fork();
		if (st->proc[i].pid == 0) {
			close(st->go[1]);
			close(st->ready[0]);
			run_child(st->ctl, st->runner, i);
		}
		if (st->proc[i].pid < 0) {
			run_error(st, -errno, "fork");
			return 0;
		}
	}
	run_close(&st->ready[1]);
	for (unsigned int got = 0; got < nr;) {
		char buf[64];
		ssize_t n;

		ev = run_watch(st->proc, st->nproc, RUN_START_S, st->ready[0]);
		if (ev == 0) {
			run_fail(st->res, RESULT_HUNG,
				 "participants not ready after %.0f s",
				 RUN_START_S);
			return 0;
		}
		if (ev > 0)
			return ev;
		n = read(st->ready[0], buf, sizeof(buf));
		if (n <= 0)
			return SIGCHLD; /* everyone is gone before the start */
		got += (unsigned int)n;
	}
	/*
	 * Read before the go: on a CPU of their own the participants would
	 * run ahead of the runner's clock, and their loops' CPU time would be
	 * spread over too short a life.
	 */
	st->t_go = clock_now_s();
	run_close(&st->go[1]);
	st->res->setup_s = st->t_go - st->t_call;
	return 0;
}

/*
 * Each ring's loops over the window just ended: the slowest and the
 * fastest ring's into @st's result, and the total of them.  A ring that
 * did not go round in it (many rings on few CPUs, a short -t) is waited
 * for up to the hang limit: if it moves, it was slow, its 0 the slowest;
 * if not, it is hung.  Returns an event that came meanwhile or 0, or -1
 * when a ring hung (res says so).
 */
static int run_rings_apart(struct run_state *st)
{
	struct run_result *res = st->res;
	const struct run_ctl *ctl = st->ctl;
	uint64_t all = 0, *end = st->ring1;
	struct run_hang h;
	int ev = 0;

	res->ring_min = res->ring_max = res->loops;
	if (ctl->rings == 1)
		return 0;
	/* Read at once, and the total made of them: they add up. */
	for (unsigned int k = 0; k < ctl->rings; k++) {
		end[k] = run_ring_count(ctl, k);
		st->ring0[k] = end[k] - st->ring0[k];
	}
	res->ring_min = UINT64_MAX;
	res->ring_max = 0;
	for (unsigned int k = 0; k < ctl->rings; k++) {
		uint64_t n = st->ring0[k];
		double since = clock_now_s();

		all += n;
		if (n < res->ring_min)
			res->ring_min = n;
		if (n > res->ring_max)
			res->ring_max = n;
		if (n)
			continue;
		run_hang_begin(&h, ctl, k * ctl->nr, ctl->nr, since);
		while (!ev && run_ring_count(ctl, k) == end[k] &&
		       !run_hang_over(st->spec, &h))
			ev = run_watch(st->proc, st->nproc, 0.001, -1);
		if (!ev && run_ring_count(ctl, k) == end[k]) {
			run_fail(res, RESULT_HUNG,
				 "ring %u: the token did not move in %.1f s%s",
				 k, res->elapsed_s + clock_now_s() - since,
				 run_hang_said(&h).s);
			return -1;
		}
	}
	res->loops = all;
	return ev;
}

/*
 * Warm up, then count participant 0's loops over the measured time.
 * Returns an event that cut it short, or 0; res says when the ring hung.
 */
static int run_measure(struct run_state *st)
{
	const struct run_spec *spec = st->spec;
	struct run_result *res = st->res;
	struct run_hang h = { 0 };
	uint64_t c0, c1, c2;
	double t0, t1, t2, rate0;
	int ev;

	ev = run_watch(st->proc, st->nproc, spec->warmup_s, -1);
	if (ev)
		return ev;
	/* Frequencies while the participants run, outside the measurement. */
	watch_freqs(st->watch, 0);
	t0 = clock_now_s();
	for (unsigned int k = 0; k < st->ctl->rings; k++)
		st->ring0[k] = run_ring_count(st->ctl, k);
	c0 = run_count(st->ctl);
	rate0 = t0 > st->t_go ? (double)c0 / (t0 - st->t_go) : 0;
	/* Sampled from here on, and no more before t1 is read. */
	profile_window_begin(spec->profile, st->proc, st->nproc, spec->nr,
			     clock_now_s(), c0, rate0, spec->duration_s);
	ev = run_window(spec, st->ctl, st->proc, st->nproc, t0, c0, rate0,
			&res->stall_s);
	profile_window_end(spec->profile, clock_now_s(), run_count(st->ctl));
	t1 = clock_now_s();
	c1 = run_count(st->ctl);
	watch_freqs(st->watch, 1);
	/*
	 * No loop in -t: too slow (spinners sharing a CPU) or hung.  Wait for
	 * the first loop, so that a slow ring is measured over that longer
	 * time, up to the hang limit.
	 */
	if (!ev && c1 == c0) {
		ev = run_await_loop(spec, st->ctl, st->proc, st->nproc, t0, &c1,
				    &h);
		t1 = clock_now_s();
	}
	res->loops = c1 - c0;
	res->elapsed_s = t1 - t0;
	if (!ev && c1 == c0) {
		run_fail(res, RESULT_HUNG, "the token did not move in %.1f s%s",
			 t1 - t0, run_hang_said(&h).s);
		return 0;
	}
	if (!ev && (ev = run_rings_apart(st)) < 0)
		return 0;
	/* A ring that stopped moving before the end is hung, not slow. */
	c2 = c1;
	t2 = clock_now_s();
	if (!ev)
		ev = run_await_loop(spec, st->ctl, st->proc, st->nproc, t2, &c2,
				    &h);
	if (!ev && c2 == c1)
		run_fail(res, RESULT_HUNG,
			 "the token stopped moving: no loop in %.1f s after "
			 "the run%s",
			 clock_now_s() - t2, run_hang_said(&h).s);
	return ev;
}

/* What event @ev says: a participant died, or ctxbench was signalled. */
static void run_event(struct run_state *st, int ev)
{
	if (ev == SIGCHLD) {
		/* Nobody ends before the stop word: this one died. */
		siginfo_t si = { 0 };
		int dead = run_find_dead(st->proc, st->nproc, &si);

		if (dead >= 0) {
			run_blame(st->ctl, &si, (unsigned int)dead, st->res);
		} else {
			/*
			 * Seen gone (its end of the ready pipe closed) before
			 * it could be reaped: what it wrote says why.
			 */
			run_blame(st->ctl, NULL, 0, st->res);
			run_fail(st->res, RESULT_FAILED,
				 "a participant ended early");
		}
	} else if (ev > 0) {
		st->res->signo = ev;
		run_fail(st->res, RESULT_INTERRUPTED, "signal %d (%s)", ev,
			 strsignal(ev));
	}
}

/*
 * Set the stop word, give the participants a moment to leave, kill and
 * reap them, and gather what they did and what else the CPUs did.
 */
static void run_stop(struct run_state *st)
{
	const struct run_spec *spec = st->spec;
	struct run_result *res = st->res;
	struct run_ctl *ctl = st->ctl;

	st->t_stop = clock_now_s();
	__atomic_store_n(&ctl->stop, 1, __ATOMIC_RELAXED);
	run_close(&st->go[1]);
	run_wait_exit(st->proc, st->nproc, RUN_GRACE_S + run_total(ctl) * 0.01);
	/* Every participant's loop lies inside: it ended before it exited. */
	if (st->t_go > 0)
		res->life_s = clock_now_s() - st->t_go;
	run_reap(st->proc, st->nproc, 1, res);
	res->life_loops = run_count(ctl);
	run_loop_usage(ctl, res);
	res->rtt = ctl->rtt[0];
	for (unsigned int k = 1; k < ctl->rings; k++)
		hist_merge(&res->rtt, &ctl->rtt[k]);
	if (pick_central(ctl->pick, ctl->rings, &res->rtt_p50_ns,
			 &res->rtt_iqm_ns) < 0)
		res->rtt_p50_ns = res->rtt_iqm_ns = 0; /* unknown */
	run_where_seen(ctl, res);
	if (!spec->cpu)
		watch_narrow(st->watch, &res->cpus);
	/* perf's own CPU time is ctxbench's, not another task's. */
	watch_end(st->watch,
		  res->utime_s + res->stime_s + profile_cpu_s(spec->profile),
		  &res->dist, res->procs_running, &res->throttle);
	if (res->status == RESULT_OK && !(spec->ops->flags & IPC_NO_HANDOFF))
		run_check_counts(ctl, res);
	/* Far beyond the run's own round trips, and a tenth of -t. */
	if (res->status == RESULT_OK && res->loops &&
	    res->stall_s > RUN_STALL_SHARE * spec->duration_s &&
	    res->stall_s >
		    RUN_STALL_TRIPS * res->elapsed_s / (double)res->loops)
		disturb_add(&res->dist, "the token stood still for %.2f s",
			    res->stall_s);
	/* A participant that failed on its way out. */
	if (res->status == RESULT_OK)
		run_blame(ctl, NULL, 0, res);
	if (res->status != RESULT_OK) {
		res->loops = 0;
		res->elapsed_s = 0;
		res->ring_min = res->ring_max = 0;
	}
	/* The SIGCHLDs of this run are no news for the next one. */
	while (run_sleep(0, -1) == SIGCHLD)
		;
}

/*
 * Remove the objects and the cgroups, then end the guard, close and
 * unmap: safe at any step.  Each teardown() marks its ids gone in the
 * shared state as it removes them, and run_cg_remove() its cgroups, so a
 * runner killed half way leaves the guard the rest, and only the rest.
 */
static void run_teardown(struct run_state *st)
{
	char why[RUN_REASON_MAX];

	for (unsigned int k = 0; st->ctl && k < st->ctl->nset; k++)
		if (st->spec->ops->teardown)
			st->spec->ops->teardown(&st->ctl->ring[k]);
	if (st->ctl && st->ctl->cg &&
	    run_cg_remove(st->ctl->cg, &st->ctl->cg_live, RUN_CG_RUNNER_S, why,
			  sizeof(why)) < 0)
		run_fail(st->res, RESULT_FAILED, "cgroup: %s", why);
	run_reap(st->guard, 1, 1, NULL);
	for (int e = 0; e < 2; e++) {
		run_close(&st->go[e]);
		run_close(&st->ready[e]);
	}
	if (st->t_stop > 0)
		st->res->teardown_s = clock_now_s() - st->t_stop;
	free(st->watch);
	if (st->map)
		munmap(st->map, st->map_size);
}

int run_once(const struct run_spec *spec, struct run_result *res)
{
	struct run_state *st;
	struct run_class_saved saved;
	int ev = 0, err;

	memset(res, 0, sizeof(*res));
	if (spec->nr < 1 || spec->nr > RUN_MAX_NR ||
	    run_rings(spec) > RUN_MAX_RINGS ||
	    spec->nr * run_rings(spec) > RUN_MAX_NR) {
		run_fail(
			res, RESULT_FAILED,
			"%u rings of %u participants: need 1..%d participants in all, 1..%d rings",
			run_rings(spec), spec->nr, RUN_MAX_NR, RUN_MAX_RINGS);
		return -EINVAL;
	}
	st = calloc(1, sizeof(*st));
	if (!st) {
		run_fail(res, RESULT_FAILED, "%s", strerror(ENOMEM));
		return -ENOMEM;
	}
	st->spec = spec;
	st->res = res;
	st->nproc =
		spec->threads ? run_rings(spec) : spec->nr * run_rings(spec);
	st->guard = &st->proc[RUN_MAX_NR];
	st->go[0] = st->go[1] = st->ready[0] = st->ready[1] = -1;
	st->runner = getpid();
	/* Before the set-up: perf's start is no part of it, nor of the watch. */
	profile_run_begin(spec->profile);
	st->t_call = clock_now_s();
	if (run_map(st) < 0) {
		err = st->err;
		goto out;
	}
	/* Above real-time participants, the guard too: it is forked next. */
	err = run_class_runner_enter(&spec->cls, &saved);
	if (err < 0 && spec->ops->flags & IPC_NEVER_SLEEPS) {
		/* Nothing could take the CPU back from them in time. */
		run_fail(
			res, RESULT_SKIPPED,
			"ctxbench cannot run above its real-time participants to stop them: sched_setscheduler: %s",
			strerror(-err));
	} else if (run_setup(st) == 0) {
		ev = run_start(st);
		if (!ev && res->status == RESULT_OK)
			ev = run_measure(st);
		run_event(st, ev);
		run_stop(st);
	}
	run_teardown(st);
	run_class_runner_leave(&saved);
	err = st->err;
out:
	profile_run_end(spec->profile, res->status == RESULT_OK);
	free(st);
	return err;
}
