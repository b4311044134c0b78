/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runner.  One run: map the control block and the backend's state,
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

#include "run.h"
#include "watch.h"
#include "lib/clock.h"
#include "lib/fs.h"

/* How long participants may take to see the stop word before they are killed. */
#define RUN_GRACE_S 0.2
/* Stack of a participant thread. */
#define RUN_THREAD_STACK (256 * 1024)
/* The least time without a loop that makes a ring hung. */
#define RUN_HANG_MIN_S 2.0
/* How long participants may take to be ready before the run fails. */
#define RUN_START_S 10.0

/* A ring whose token has not moved for this long is hung. */
static double run_hang_s(const struct run_spec *spec)
{
	double t = 3 * spec->duration_s;

	return t < RUN_HANG_MIN_S ? RUN_HANG_MIN_S : t;
}

/* Where a participant failed. */
enum run_where {
	AT_NONE,
	AT_START,
	AT_AFFINITY,
	AT_WORKING_SET,
	AT_ATTACH,
	AT_WAIT,
	AT_PASS
};

static const char *const run_where_name[] = {
	[AT_NONE] = "?",
	[AT_START] = "pthread_create",
	[AT_WORKING_SET] = "working set",
	[AT_AFFINITY] = "sched_setaffinity",
	[AT_ATTACH] = "attach",
	[AT_WAIT] = "wait",
	[AT_PASS] = "pass",
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
	/* Round trips timed by participant 0, which alone writes them. */
	_Alignas(IPC_LINE) struct hist rtt;
};

/* A participant when the participants are threads. */
struct run_thread {
	struct run_ctl *ctl;
	unsigned int self;
	pthread_t id;
};

static int run_sigfd = -1;
static sigset_t run_sigset;

/* Set when a seccomp filter trapped a system call (SECCOMP_RET_TRAP). */
static volatile sig_atomic_t run_sigsys_seen;

/*
 * A trapped system call fails with ENOSYS instead of killing ctxbench, so
 * that a sandbox that traps SysV IPC skips those mechanisms.
 */
static void run_on_sigsys(int sig, siginfo_t *si, void *ctx)
{
	ucontext_t *uc = ctx;

	(void)sig;
	(void)si;
	run_sigsys_seen = 1;
#if defined(__x86_64__)
	uc->uc_mcontext.gregs[REG_RAX] = -ENOSYS;
#elif defined(__aarch64__)
	uc->uc_mcontext.regs[0] = (unsigned long long)-ENOSYS;
#else
	(void)uc;
	signal(SIGSYS, SIG_DFL);
	raise(SIGSYS);
#endif
}

int run_init(void)
{
	struct sigaction sa = { .sa_sigaction = run_on_sigsys,
				.sa_flags = SA_SIGINFO };

	if (sigaction(SIGSYS, &sa, NULL) < 0)
		return -errno;
	sigemptyset(&run_sigset);
	sigaddset(&run_sigset, SIGCHLD);
	sigaddset(&run_sigset, SIGINT);
	sigaddset(&run_sigset, SIGTERM);
	sigaddset(&run_sigset, SIGHUP);
	if (sigprocmask(SIG_BLOCK, &run_sigset, NULL) < 0)
		return -errno;
	run_sigfd = signalfd(-1, &run_sigset, SFD_CLOEXEC | SFD_NONBLOCK);
	return run_sigfd < 0 ? -errno : 0;
}

/* An interrupting signal taken while waiting for something else. */
static int run_pending_sig;

/*
 * Wait up to @timeout_s for a signal or for @fd (if >= 0) to be readable.
 * Returns SIGCHLD or an interrupting signal, 0 on timeout, -1 when @fd is
 * readable.  An interrupting signal stays pending for run_interrupted().
 */
static int run_sleep(double timeout_s, int fd)
{
	struct pollfd pfd[2] = { { .fd = run_sigfd, .events = POLLIN },
				 { .fd = fd, .events = POLLIN } };
	double end = clock_now_s() + timeout_s;

	for (;;) {
		double left = end - clock_now_s();
		struct signalfd_siginfo si;
		struct timespec ts;

		if (run_pending_sig)
			return run_pending_sig;
		if (left < 0)
			left = 0;
		ts.tv_sec = (time_t)left;
		ts.tv_nsec = (long)((left - (double)ts.tv_sec) * 1e9);
		if (ppoll(pfd, fd >= 0 ? 2 : 1, &ts, NULL) < 0) {
			if (errno == EINTR)
				continue;
			return 0;
		}
		if (pfd[0].revents & POLLIN) {
			if (read(run_sigfd, &si, sizeof(si)) != sizeof(si))
				continue;
			if (si.ssi_signo == SIGCHLD)
				return SIGCHLD;
			run_pending_sig = (int)si.ssi_signo;
			return run_pending_sig;
		}
		if (fd >= 0 && pfd[1].revents)
			return -1;
		if (left == 0)
			return 0;
	}
}

int run_interrupted(void)
{
	/* Take what is queued without waiting; SIGCHLD is no news here. */
	while (run_sleep(0, -1) == SIGCHLD)
		;
	return run_pending_sig;
}

/*
 * How often the calling task has moved between CPUs, from the scheduler's
 * own count; -1 where the kernel does not show it.  Read only before and
 * after the loop: a perf counter would be exact everywhere, but an active
 * perf context costs every context switch, which is what we measure.
 */
static long long run_migrations(void)
{
	static const char *const key[] = { "se.nr_migrations", NULL };
	char buf[32], *end;
	long long v;

	if (fs_read_keyed("", "/proc/thread-self/sched", key, buf,
			  sizeof(buf)) < 0)
		return -1;
	v = strtoll(buf, &end, 10);
	return end == buf ? -1 : v;
}

/* Note where participant @self ends, once its loop is over. */
static void run_note_end(struct run_slot *slot)
{
	long long v = slot->migrations < 0 ? -1 : run_migrations();

	slot->cpu_last = sched_getcpu();
	slot->migrations = v < 0 ? -1 : v - slot->migrations;
}

/* Read and write every cache line of the working set, as a hop's work. */
static void run_touch(unsigned char *ws, size_t len)
{
	for (size_t i = 0; i < len; i += 64)
		ws[i]++;
}

/*
 * The measured loop of participant @self: wait for the token, count it,
 * touch the working set, pass it on.  Participant 0 also times one round
 * trip in RUN_SAMPLE_EVERY, from before its pass to the return of its
 * next wait; the others never read the clock.
 */
static void run_ring(struct run_ctl *ctl, unsigned int self, unsigned char *ws,
		     size_t ws_len)
{
	const struct ipc_ops *ops = ctl->ops;
	struct ipc_ring *ring = &ctl->ring;
	struct run_slot *slot = &ctl->slot[self];
	unsigned int every = ctl->sample_every, until_sample = every;
	struct hist *rtt = self == 0 && every ? &ctl->rtt : NULL;
	unsigned int next = self + 1 == ring->nr ? 0 : self + 1;
	uint64_t n = 0, sent_ns = 0;
	int err;

	if (self == 0 && (err = ops->pass(ring, self, next)) < 0)
		goto pass_failed;
	for (;;) {
		err = ops->wait(ring, self);
		if (err < 0) {
			slot->where = AT_WAIT;
			slot->err = err;
			return;
		}
		if (sent_ns) {
			hist_add(rtt, clock_now_ns() - sent_ns);
			sent_ns = 0;
		}
		__atomic_store_n(&slot->count, ++n, __ATOMIC_RELAXED);
		if (__atomic_load_n(&ctl->stop, __ATOMIC_RELAXED)) {
			/* Hand the token on so that the next one sees it too. */
			ops->pass(ring, self, next);
			return;
		}
		if (ws)
			run_touch(ws, ws_len);
		if (rtt && --until_sample == 0) {
			until_sample = every;
			sent_ns = clock_now_ns();
		}
		err = ops->pass(ring, self, next);
		if (err < 0)
			goto pass_failed;
	}
pass_failed:
	slot->where = AT_PASS;
	slot->err = err;
}

/* A participant, from its start to its end: 0 or a negative errno. */
static int run_participant(struct run_ctl *ctl, unsigned int self)
{
	struct run_slot *slot = &ctl->slot[self];
	size_t ws_len = (size_t)ctl->ws_kb * 1024;
	unsigned char *ws = NULL;
	char byte = 0;
	int err = 0;

	if (ctl->cpu && ctl->cpu[self] >= 0) {
		cpu_set_t set;

		CPU_ZERO(&set);
		CPU_SET(ctl->cpu[self], &set);
		if (sched_setaffinity(0, sizeof(set), &set) < 0) {
			slot->where = AT_AFFINITY;
			slot->err = -errno;
			return slot->err;
		}
	}
	slot->cpu_first = slot->cpu_last = sched_getcpu();
	/* Until the end: the count at the start. */
	slot->migrations = run_migrations();
	if (ws_len) {
		/* Private to the participant, and faulted in before the start. */
		ws = mmap(NULL, ws_len, PROT_READ | PROT_WRITE,
			  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (ws == MAP_FAILED) {
			slot->where = AT_WORKING_SET;
			slot->err = -errno;
			return slot->err;
		}
		memset(ws, 1, ws_len);
	}
	ctl->peer[self].pid = getpid();
	ctl->peer[self].tid = gettid();
	if (ctl->ops->attach &&
	    (err = ctl->ops->attach(&ctl->ring, self)) < 0) {
		slot->where = AT_ATTACH;
		slot->err = err;
		return err;
	}
	if (write(ctl->ready_fd, &byte, 1) != 1)
		return -EIO;
	/* The runner closes the other end to start everyone at once. */
	while (read(ctl->go_fd, &byte, 1) < 0 && errno == EINTR)
		;
	if (__atomic_load_n(&ctl->stop, __ATOMIC_RELAXED))
		return 0;
	run_ring(ctl, self, ws, ws_len);
	run_note_end(slot);
	if (ws)
		munmap(ws, ws_len);
	return slot->err;
}

static void *run_thread_main(void *arg)
{
	struct run_thread *t = arg;

	run_participant(t->ctl, t->self);
	return NULL;
}

/* The child process that holds every participant as a thread. */
static int run_thread_group(struct run_ctl *ctl)
{
	unsigned int nr = ctl->ring.nr;
	struct run_thread t[RUN_MAX_NR];
	pthread_attr_t attr;
	int bad = 0;

	/* The loop needs little stack; a thousand threads need little each. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, RUN_THREAD_STACK);
	for (unsigned int i = 0; i < nr; i++) {
		int rc;

		t[i].ctl = ctl;
		t[i].self = i;
		rc = pthread_create(&t[i].id, &attr, run_thread_main, &t[i]);
		if (rc) {
			/* Exiting ends the threads already started. */
			ctl->slot[i].where = AT_START;
			ctl->slot[i].err = -rc;
			_exit(1);
		}
	}
	for (unsigned int i = 0; i < nr; i++)
		pthread_join(t[i].id, NULL);
	for (unsigned int i = 0; i < nr; i++)
		if (ctl->slot[i].err)
			bad = 1;
	return bad;
}

/* What a participant process does between fork() and _exit(). */
static void run_child(struct run_ctl *ctl, pid_t runner, unsigned int self)
{
	sigset_t none;
	int code;

	/* Die with the runner, and leave SIGINT and friends to it. */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != runner)
		_exit(1);
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_IGN);
	signal(SIGHUP, SIG_IGN);
	signal(SIGPIPE, SIG_IGN);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	close(run_sigfd);
	if (ctl->ring.threads)
		code = run_thread_group(ctl);
	else
		code = run_participant(ctl, self) < 0;
	_exit(code);
}

struct run_proc {
	pid_t pid;
	int reaped;
	int status;
};

static size_t run_align(size_t n, size_t a)
{
	return (n + a - 1) / a * a;
}

/* Kill every live child, reap them all, adding up their usage in @res. */
static void run_reap(struct run_proc *proc, unsigned int nproc, int kill_them,
		     struct run_result *res)
{
	for (unsigned int i = 0; i < nproc; i++)
		if (kill_them && proc[i].pid > 0 && !proc[i].reaped)
			kill(proc[i].pid, SIGKILL);
	for (unsigned int i = 0; i < nproc; i++) {
		if (proc[i].pid <= 0 || proc[i].reaped)
			continue;
		struct rusage ru;

		memset(&ru, 0, sizeof(ru));
		while (wait4(proc[i].pid, &proc[i].status, 0, &ru) < 0 &&
		       errno == EINTR)
			;
		proc[i].reaped = 1;
		if (!res)
			continue;
		res->utime_s += clock_tv_s(&ru.ru_utime);
		res->stime_s += clock_tv_s(&ru.ru_stime);
		res->nvcsw += ru.ru_nvcsw;
		res->nivcsw += ru.ru_nivcsw;
	}
}

/* Wait up to @timeout_s for every child to exit; 1 if they all did. */
static int run_wait_exit(struct run_proc *proc, unsigned int nproc,
			 double timeout_s)
{
	double end = clock_now_s() + timeout_s;

	for (;;) {
		unsigned int alive = 0;

		for (unsigned int i = 0; i < nproc; i++) {
			siginfo_t si = { 0 };

			if (proc[i].reaped || proc[i].pid <= 0)
				continue;
			/* WNOWAIT: a pid stays ours until every peer is gone. */
			if (waitid(P_PID, (id_t)proc[i].pid, &si,
				   WEXITED | WNOHANG | WNOWAIT) == 0 &&
			    si.si_pid == proc[i].pid)
				continue;
			alive++;
		}
		if (!alive)
			return 1;
		if (clock_now_s() >= end)
			return 0;
		usleep(1000);
	}
}

/* The first child that ended before it was told to: its index, or -1. */
static int run_find_dead(struct run_proc *proc, unsigned int nproc,
			 siginfo_t *out)
{
	for (unsigned int i = 0; i < nproc; i++) {
		siginfo_t si = { 0 };

		if (waitid(P_PID, (id_t)proc[i].pid, &si,
			   WEXITED | WNOHANG | WNOWAIT) == 0 &&
		    si.si_pid == proc[i].pid) {
			*out = si;
			return (int)i;
		}
	}
	return -1;
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

/* Say why participant slots failed, or how child @i died. */
static void run_blame(const struct run_ctl *ctl, const siginfo_t *si,
		      unsigned int child, struct run_result *res)
{
	for (unsigned int i = 0; i < ctl->ring.nr; i++) {
		const struct run_slot *s = &ctl->slot[i];

		if (s->err) {
			run_fail(res, RESULT_FAILED, "participant %u: %s: %s",
				 i, run_where_name[s->where],
				 strerror(-s->err));
			return;
		}
	}
	if (!si)
		return;
	if (si->si_code == CLD_KILLED || si->si_code == CLD_DUMPED)
		run_fail(res, RESULT_FAILED,
			 "child %u killed by signal %d (%s)", child,
			 si->si_status, strsignal(si->si_status));
	else
		run_fail(res, RESULT_FAILED, "child %u exited with status %d",
			 child, si->si_status);
}

/* Check that every participant saw the token as often as a ring allows. */
static void run_check_counts(const struct run_ctl *ctl, struct run_result *res)
{
	uint64_t c0 = ctl->slot[0].count;

	for (unsigned int i = 1; i < ctl->ring.nr; i++) {
		uint64_t c = ctl->slot[i].count, prev = ctl->slot[i - 1].count;

		if (c < c0 || c > c0 + 1 || (i > 1 && c > prev)) {
			run_fail(
				res, RESULT_FAILED,
				"counts disagree: participant 0 received %llu, participant %u %llu",
				(unsigned long long)c0, i,
				(unsigned long long)c);
			return;
		}
	}
}

/* The CPUs the participants were seen on, and how often they moved. */
static void run_where_seen(const struct run_ctl *ctl, struct run_result *res)
{
	CPU_ZERO(&res->cpus);
	res->migrations = 0;
	for (unsigned int i = 0; i < ctl->ring.nr; i++) {
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

static int run_setup_error_skips(int err)
{
	return err == -ENOSYS || err == -EPERM || err == -EACCES ||
	       err == -ENOSPC || err == -ENOMEM;
}

/* Raise the soft limit @res to @need if needed and allowed; 0 if enough. */
static int run_limit(int res, rlim_t need, rlim_t *have)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) < 0)
		return 0; /* nothing to go by: let the run say */
	*have = rl.rlim_cur;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < need)
		return -1;
	rl.rlim_cur = need;
	return setrlimit(res, &rl) < 0 ? -1 : 0;
}

int run_check_limits(const struct run_spec *spec, char *err, size_t errlen)
{
	/*
	 * Descriptors: stdio, the signalfd, the go and ready pipes, the
	 * mechanism's, a /proc file each participant reads at its start and
	 * end (all at once when they are threads) and a spare.
	 */
	rlim_t fds = 3 + 5 + 2 +
		     (rlim_t)spec->nr * (spec->ops->fds + !!spec->threads);
	rlim_t procs = (spec->threads ? 1 : spec->nr) + 2, have = 0;

	if (run_limit(RLIMIT_NOFILE, fds, &have) < 0) {
		snprintf(
			err, errlen,
			"%s needs %llu file descriptors for %u participants, but RLIMIT_NOFILE is %llu (see ulimit -n)",
			spec->ops->name, (unsigned long long)fds, spec->nr,
			(unsigned long long)have);
		return -1;
	}
	if (spec->ops->limit && spec->ops->limit(spec->nr, err, errlen) < 0)
		return -1;
	/* The superuser is not held to RLIMIT_NPROC. */
	if (geteuid() != 0 && run_limit(RLIMIT_NPROC, procs, &have) < 0) {
		snprintf(
			err, errlen,
			"%u participants need %llu processes, but RLIMIT_NPROC is %llu (see ulimit -u)",
			spec->nr, (unsigned long long)procs,
			(unsigned long long)have);
		return -1;
	}
	return 0;
}

/* The CPUs a run can use: its pins, else the allowed set. */
static void run_cpus(const struct run_spec *spec, cpu_set_t *set)
{
	CPU_ZERO(set);
	if (spec->cpu) {
		for (unsigned int i = 0; i < spec->nr; i++)
			if (spec->cpu[i] >= 0 && spec->cpu[i] < CPU_SETSIZE)
				CPU_SET(spec->cpu[i], set);
		return;
	}
	if (sched_getaffinity(0, sizeof(*set), set) < 0)
		CPU_ZERO(set);
}

/*
 * Wait up to @timeout_s.  Returns 0 on timeout, -1 when @fd (if >= 0) is
 * readable, SIGCHLD when a child has exited (not merely stopped or
 * continued), or the interrupting signal.
 */
static int run_watch(struct run_proc *proc, unsigned int nproc,
		     double timeout_s, int fd)
{
	double end = clock_now_s() + timeout_s;
	siginfo_t si;

	for (;;) {
		int ev = run_sleep(end - clock_now_s(), fd);

		if (ev != SIGCHLD || run_find_dead(proc, nproc, &si) >= 0)
			return ev;
	}
}

/*
 * The guard: a child that sleeps until the runner dies (PR_SET_PDEATHSIG)
 * and then removes the run's objects, whose ids it reads from the shared
 * state.  The runner kills it before its own teardown, so the two never
 * remove the same ids, and so never an id the system has handed out again.
 */
static pid_t run_guard(struct run_ctl *ctl, pid_t runner)
{
	pid_t pid = fork();
	sigset_t set;
	int sig;

	if (pid != 0)
		return pid;
	prctl(PR_SET_NAME, "ctxbench-guard");
	sigemptyset(&set);
	sigaddset(&set, SIGUSR2);
	sigprocmask(SIG_BLOCK, &set, NULL);
	prctl(PR_SET_PDEATHSIG, SIGUSR2);
	if (getppid() == runner)
		while (sigwait(&set, &sig) != 0)
			;
	if (ctl->ops->teardown)
		ctl->ops->teardown(&ctl->ring);
	_exit(0);
}

/* Participant 0's count, as the runner samples it. */
static uint64_t run_count(const struct run_ctl *ctl)
{
	return __atomic_load_n(&ctl->slot[0].count, __ATOMIC_RELAXED);
}

/*
 * Wait until participant 0's count passes @c or an event comes, for at
 * most the hang limit from @since; the count then, in @c.
 */
static int run_await_loop(const struct run_spec *spec,
			  const struct run_ctl *ctl, struct run_proc *proc,
			  unsigned int nproc, double since, uint64_t *c)
{
	uint64_t from = *c;
	int ev = 0;

	while (!ev && (*c = run_count(ctl)) == from &&
	       clock_now_s() - since < run_hang_s(spec))
		ev = run_watch(proc, nproc, 0.001, -1);
	return ev;
}

int run_once(const struct run_spec *spec, struct run_result *res)
{
	const struct ipc_ops *ops = spec->ops;
	unsigned int nr = spec->nr;
	unsigned int nproc = spec->threads ? 1 : nr;
	size_t off_peer = run_align(sizeof(struct run_ctl), IPC_LINE);
	size_t off_slot =
		run_align(off_peer + nr * sizeof(struct ipc_peer), IPC_LINE);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	size_t off_state =
		run_align(off_slot + nr * sizeof(struct run_slot), page);
	size_t state_size = ops->size ? ops->size(nr) : 0;
	size_t map_size = run_align(off_state + state_size, page);
	struct run_proc proc[RUN_MAX_NR + 1], *guard = &proc[RUN_MAX_NR];
	int go[2] = { -1, -1 }, ready[2] = { -1, -1 };
	struct watch *watch = NULL;
	cpu_set_t cpus;
	struct run_ctl *ctl;
	pid_t runner = getpid();
	uint64_t c0 = 0, c1 = 0, c2;
	double t0 = 0, t1 = 0, t_call = clock_now_s(), t_stop = 0, t_go = 0;
	int ev = 0, err = 0;
	char *map;

	memset(res, 0, sizeof(*res));
	memset(proc, 0, sizeof(proc));
	if (nr < 1 || nr > RUN_MAX_NR) {
		run_fail(res, RESULT_FAILED, "%u participants: need 1..%d", nr,
			 RUN_MAX_NR);
		return -EINVAL;
	}
	map = mmap(NULL, map_size, PROT_READ | PROT_WRITE,
		   MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (map == MAP_FAILED) {
		err = -errno;
		run_fail(res, RESULT_FAILED, "mmap: %s", strerror(-err));
		return err;
	}
	ctl = (struct run_ctl *)map;
	ctl->ops = ops;
	ctl->cpu = spec->cpu;
	ctl->ws_kb = spec->ws_kb;
	ctl->sample_every = spec->sample_every;
	ctl->peer = (struct ipc_peer *)(map + off_peer);
	ctl->slot = (struct run_slot *)(map + off_slot);
	ctl->ring.nr = nr;
	ctl->ring.threads = spec->threads;
	ctl->ring.state = state_size ? map + off_state : NULL;
	ctl->ring.peer = ctl->peer;
	for (unsigned int i = 0; i < nr; i++) {
		ctl->slot[i].cpu_first = ctl->slot[i].cpu_last = -1;
		ctl->slot[i].migrations = -1;
	}

	watch = calloc(1, sizeof(*watch));
	if (!watch) {
		run_fail(res, RESULT_FAILED, "out of memory");
		err = -ENOMEM;
		goto unmap;
	}
	run_cpus(spec, &cpus);
	watch_start(watch, &cpus);

	/* The guard first: from the first object on, nothing may leak. */
	guard->pid = run_guard(ctl, runner);
	if (guard->pid < 0) {
		err = -errno;
		run_fail(res, RESULT_FAILED, "fork: %s", strerror(-err));
		goto unmap;
	}
	run_sigsys_seen = 0;
	if (ops->setup && (err = ops->setup(&ctl->ring)) < 0) {
		run_fail(res,
			 run_setup_error_skips(err) ? RESULT_SKIPPED :
						      RESULT_FAILED,
			 "setup: %s%s", strerror(-err),
			 run_sigsys_seen ? " (SIGSYS: a seccomp filter)" : "");
		err = 0;
		goto unguard;
	}
	if (pipe2(go, O_CLOEXEC) < 0 || pipe2(ready, O_CLOEXEC) < 0) {
		err = -errno;
		run_fail(res, RESULT_FAILED, "pipe: %s", strerror(-err));
		goto unguard;
	}
	ctl->go_fd = go[0];
	ctl->ready_fd = ready[1];

	for (unsigned int i = 0; i < nproc; i++) {
		proc[i].pid = fork();
		if (proc[i].pid == 0) {
			close(go[1]);
			close(ready[0]);
			run_child(ctl, runner, i);
		}
		if (proc[i].pid < 0) {
			err = -errno;
			run_fail(res, RESULT_FAILED, "fork: %s%s",
				 strerror(-err),
				 err == -EAGAIN ? " (RLIMIT_NPROC?)" : "");
			goto stop;
		}
	}
	close(ready[1]);
	ready[1] = -1;

	/* Every participant says it is ready; then all start at once. */
	for (unsigned int got = 0; got < nr;) {
		char buf[64];
		ssize_t n;

		ev = run_watch(proc, nproc, RUN_START_S, ready[0]);
		if (ev == 0) {
			run_fail(res, RESULT_HUNG,
				 "participants not ready after %.0f s",
				 RUN_START_S);
			goto stop;
		}
		if (ev > 0)
			goto event;
		n = read(ready[0], buf, sizeof(buf));
		if (n <= 0) {
			ev = SIGCHLD; /* everyone is gone before the start */
			goto event;
		}
		got += (unsigned int)n;
	}
	close(go[1]);
	go[1] = -1;
	t_go = clock_now_s();
	res->setup_s = t_go - t_call;

	ev = run_watch(proc, nproc, spec->warmup_s, -1);
	if (ev)
		goto event;
	/* Frequencies while the participants run, outside the measurement. */
	watch_freqs(watch, 0);
	t0 = clock_now_s();
	c0 = run_count(ctl);
	ev = run_watch(proc, nproc, spec->duration_s, -1);
	t1 = clock_now_s();
	c1 = run_count(ctl);
	watch_freqs(watch, 1);
	/*
	 * No loop in -t: too slow (spinners sharing a CPU) or hung.  Wait for
	 * the first loop, so that a slow ring is measured over that longer
	 * time, up to the hang limit.
	 */
	if (!ev && c1 == c0) {
		ev = run_await_loop(spec, ctl, proc, nproc, t0, &c1);
		t1 = clock_now_s();
	}
	res->loops = c1 - c0;
	res->elapsed_s = t1 - t0;
	if (!ev && c1 == c0) {
		run_fail(res, RESULT_HUNG, "the token did not move in %.1f s",
			 t1 - t0);
		goto stop;
	}
	/* A ring that stopped moving before the end is hung, not slow. */
	c2 = c1;
	if (!ev)
		ev = run_await_loop(spec, ctl, proc, nproc, clock_now_s(), &c2);
	if (!ev && c2 == c1)
		run_fail(
			res, RESULT_HUNG,
			"the token stopped moving: no loop in %.1f s after the run",
			run_hang_s(spec));
event:
	if (ev == SIGCHLD) {
		/* Nobody ends before the stop word: this one died. */
		siginfo_t si = { 0 };
		int dead = run_find_dead(proc, nproc, &si);

		if (dead >= 0)
			run_blame(ctl, &si, (unsigned int)dead, res);
		else
			run_fail(res, RESULT_FAILED,
				 "a participant ended early");
	} else if (ev > 0) {
		res->signo = ev;
		run_fail(res, RESULT_INTERRUPTED, "signal %d (%s)", ev,
			 strsignal(ev));
	}
stop:
	t_stop = clock_now_s();
	if (t_go > 0)
		res->life_s = t_stop - t_go;
	__atomic_store_n(&ctl->stop, 1, __ATOMIC_RELAXED);
	if (go[1] >= 0) {
		close(go[1]);
		go[1] = -1;
	}
	run_wait_exit(proc, nproc, RUN_GRACE_S + nr * 0.01);
	run_reap(proc, nproc, 1, res);
	res->life_loops = run_count(ctl);
	res->rtt = ctl->rtt;
	run_where_seen(ctl, res);
	if (!spec->cpu)
		watch_narrow(watch, &res->cpus);
	watch_end(watch, res->utime_s + res->stime_s, &res->dist,
		  res->procs_running, &res->throttle);
	if (res->status == RESULT_OK && !(ops->flags & IPC_NO_HANDOFF))
		run_check_counts(ctl, res);
	/* A participant that failed on its way out. */
	if (res->status == RESULT_OK)
		run_blame(ctl, NULL, 0, res);
	if (res->status != RESULT_OK) {
		res->loops = 0;
		res->elapsed_s = 0;
	}
	/* The SIGCHLDs of this run are no news for the next one. */
	while (run_sleep(0, -1) == SIGCHLD)
		;
unguard:
	run_reap(guard, 1, 1, NULL);
	if (ops->teardown)
		ops->teardown(&ctl->ring);
	for (int e = 0; e < 2; e++) {
		if (go[e] >= 0)
			close(go[e]);
		if (ready[e] >= 0)
			close(ready[e]);
	}
	if (t_stop > 0)
		res->teardown_s = clock_now_s() - t_stop;
unmap:
	free(watch);
	munmap(map, map_size);
	return err;
}
