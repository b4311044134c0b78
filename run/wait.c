/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The runner's signals, waiting for its children and reaping.
 *
 * The runner's waiting: the signals it takes through a signalfd (SIGCHLD,
 * and SIGINT, SIGTERM, SIGHUP, which interrupt a run), a seccomp trap
 * turned into ENOSYS, and its children waited for and reaped.
 */
#include <errno.h>
#include <poll.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/signalfd.h>
#include <sys/wait.h>
#include <time.h>
#include <ucontext.h>
#include <unistd.h>

#include "ring.h"
#include "lib/clock.h"

int run_sigfd = -1;

static sigset_t run_sigset;

volatile sig_atomic_t run_sigsys_seen;

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

int run_sleep(double timeout_s, int fd)
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

void run_reap(struct run_proc *proc, unsigned int nproc, int kill_them,
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

int run_wait_exit(struct run_proc *proc, unsigned int nproc, double timeout_s)
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

int run_find_dead(struct run_proc *proc, unsigned int nproc, siginfo_t *out)
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

int run_watch(struct run_proc *proc, unsigned int nproc, double timeout_s,
	      int fd)
{
	double end = clock_now_s() + timeout_s;
	siginfo_t si;

	for (;;) {
		int ev = run_sleep(end - clock_now_s(), fd);

		if (ev != SIGCHLD || run_find_dead(proc, nproc, &si) >= 0)
			return ev;
	}
}
