/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --profile: perf record around each measured window, read back into a row's
 * symbols and wake-ups.
 *
 * --profile: a perf record process a run, driven through its control
 * socket so that it samples only inside the measured window, then read
 * back with perf script into the run's symbols and wake-ups (profile.h).
 */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "profile.h"
#include "ring.h"
#include "lib/clock.h"
#include "lib/text.h"
#include "lib/utf8.h"

/* Events of the trace slice a window: 20000 take a few MB. */
#define PROFILE_TRACE_EVENTS 20000.0
/* Each hop: its wake-up, and a switch out and one in, about. */
#define PROFILE_EVENTS_PER_HOP 3.0
/* The slice at least, and at most this share of the window. */
#define PROFILE_TRACE_MIN_S 0.001
#define PROFILE_TRACE_MAX_SHARE 0.25
/* Distinct symbols counted a row; the rest go to "other" at once. */
#define PROFILE_ACC_MAX 1024
/* How long perf may take to be ready, to answer, to end, to be read. */
#define PROFILE_START_S 20.0
#define PROFILE_ACK_S 2.0
#define PROFILE_STOP_S 10.0
#define PROFILE_READ_S 120.0
/* The participants' threads whose wake-ups are matched. */
#define PROFILE_MAX_TIDS RUN_MAX_NR

static const char *const profile_trace[] = { "sched:sched_wakeup",
					     "sched:sched_switch" };

struct profile_ent {
	char name[sizeof(((struct result_sym *)0)->name)];
	int kernel;
	uint64_t samples;
};

/* Symbols and wake-ups added up: of one run, or of a row's runs. */
struct profile_acc {
	struct profile_ent *e;
	unsigned int n, cap;
	uint64_t samples, kernel, spill;
	uint64_t wakeups, trips;
	double trace_s, wake_sum_ns;
	int used;
};

/* A symbol of /proc/kallsyms perf may not name: a BPF program's image. */
struct profile_ksym {
	unsigned long long at;
	char name[64];
};

#define PROFILE_MAX_KSYMS 1024
/* The most bytes of a JIT image past its symbol's start. */
#define PROFILE_KSYM_SPAN 65536

struct profile {
	char perf[4096]; /* the perf binary */
	/*
	 * The kernel's text, and the BPF programs kallsyms names
	 * (net.core.bpf_jit_kallsyms): a kernel sample perf left unnamed
	 * outside the text is JIT code, a BPF program's (a seccomp filter's)
	 * or a trampoline's, named after its program when kallsyms has it.
	 */
	unsigned long long stext, etext;
	struct profile_ksym *ksym;
	unsigned int nksyms;
	char event[24];
	char why[200]; /* of a failure during the sweep */
	int failed;
	unsigned int nrows;
	struct profile_acc **row; /* [nrows], NULL until kept */
	struct profile_acc run; /* the last run's */
	/* The run going on. */
	pid_t pid; /* perf record, 0 none */
	int ctl; /* our end of its control socket */
	int data, err; /* its output and its messages: unnamed files */
	int active; /* ready, not failed */
	int windowed; /* the window began */
	double cpu0; /* perf's CPU seconds when it was ready */
	int tracing;
	double slice_s, ts0, ts1;
	uint64_t cs0, cs1;
	pid_t pids[RUN_MAX_NR]; /* the participants' processes */
	unsigned int npids;
	pid_t tids[PROFILE_MAX_TIDS]; /* and their threads */
	unsigned int ntids;
};

static void profile_kallsyms(struct profile *pf);

static int profile_path(const char *name, char *out, size_t size)
{
	const char *path = getenv("PATH");

	if (strchr(name, '/')) {
		snprintf(out, size, "%s", name);
		return access(out, X_OK);
	}
	if (!path)
		path = "/usr/bin:/bin";
	while (*path) {
		size_t len = strcspn(path, ":");

		snprintf(out, size, "%.*s/%s", (int)len, len ? path : ".",
			 name);
		if (access(out, X_OK) == 0)
			return 0;
		path += len + (path[len] == ':');
	}
	return -1;
}

/* A file of /proc/sys as a number; @def when it cannot be read. */
static long profile_sysctl(const char *path, long def)
{
	FILE *f = fopen(path, "re");
	long v = def;

	if (!f)
		return def;
	if (fscanf(f, "%ld", &v) != 1)
		v = def;
	fclose(f);
	return v;
}

/* A hardware PMU: the cpu (or hybrid cpu_core) event source. */
static int profile_has_pmu(void)
{
	struct stat st;

	return stat("/sys/bus/event_source/devices/cpu/events/cpu-cycles",
		    &st) == 0 ||
	       stat("/sys/bus/event_source/devices/cpu_core", &st) == 0;
}

struct profile *profile_open(unsigned int nrows, char *why, size_t size)
{
	const char *env = getenv("CTXBENCH_PERF");
	struct profile *pf = calloc(1, sizeof(*pf));
	long paranoid;

	if (!pf) {
		snprintf(why, size, "out of memory");
		return NULL;
	}
	if (profile_path(env && *env ? env : "perf", pf->perf,
			 sizeof(pf->perf)) < 0) {
		if (env && *env)
			snprintf(why, size, "perf not found: CTXBENCH_PERF=%s",
				 env);
		else
			snprintf(why, size, "perf not found in PATH");
		free(pf);
		return NULL;
	}
	paranoid = profile_sysctl("/proc/sys/kernel/perf_event_paranoid", 2);
	if (geteuid() != 0 && paranoid > -1) {
		snprintf(
			why, size,
			"perf not permitted: kernel.perf_event_paranoid is %ld, a system-wide trace needs -1 or root",
			paranoid);
		free(pf);
		return NULL;
	}
	pf->row = calloc(nrows ? nrows : 1, sizeof(*pf->row));
	if (!pf->row) {
		snprintf(why, size, "out of memory");
		free(pf);
		return NULL;
	}
	pf->nrows = nrows;
	snprintf(pf->event, sizeof(pf->event), "%s",
		 profile_has_pmu() ? "cycles" : "cpu-clock");
	pf->ctl = pf->data = pf->err = -1;
	pf->ksym = calloc(PROFILE_MAX_KSYMS, sizeof(*pf->ksym));
	profile_kallsyms(pf);
	return pf;
}

static int profile_by_at(const void *x, const void *y)
{
	const struct profile_ksym *a = x, *b = y;

	return a->at < b->at ? -1 : a->at > b->at;
}

/* The kernel's text and its BPF programs' images, from /proc/kallsyms. */
static void profile_kallsyms(struct profile *pf)
{
	FILE *f = fopen("/proc/kallsyms", "re");
	char line[256], name[128], type;
	unsigned long long at;

	pf->stext = pf->etext = 0;
	pf->nksyms = 0;
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%llx %c %127s", &at, &type, name) != 3 || !at)
			continue;
		if (!strcmp(name, "_stext"))
			pf->stext = at;
		else if (!strcmp(name, "_etext"))
			pf->etext = at;
		else if (strstr(line, "[bpf]") && pf->ksym &&
			 pf->nksyms < PROFILE_MAX_KSYMS) {
			pf->ksym[pf->nksyms].at = at;
			snprintf(pf->ksym[pf->nksyms].name,
				 sizeof(pf->ksym[0].name), "%.63s", name);
			pf->nksyms++;
		}
	}
	fclose(f);
	qsort(pf->ksym, pf->nksyms, sizeof(*pf->ksym), profile_by_at);
}

/* The name of unnamed kernel code at @ip: "[unknown]", "[jit]", a program. */
static const char *profile_kname(const struct profile *pf,
				 unsigned long long ip)
{
	const struct profile_ksym *best = NULL;

	if (!pf->stext || !pf->etext || (ip >= pf->stext && ip < pf->etext))
		return "[unknown]";
	for (unsigned int i = 0; i < pf->nksyms && pf->ksym[i].at <= ip; i++)
		best = &pf->ksym[i];
	if (best && ip - best->at < PROFILE_KSYM_SPAN)
		return best->name;
	return "[jit]";
}

void profile_describe(const struct profile *pf, char *buf, size_t size)
{
	snprintf(buf, size, "perf record -a -e %s, %s and %s for a slice",
		 pf->event, profile_trace[0], profile_trace[1]);
}

int profile_failed(const struct profile *pf, char *why, size_t size)
{
	if (!pf || !pf->failed)
		return 0;
	snprintf(why, size, "%s", pf->why);
	return 1;
}

static void profile_acc_free(struct profile_acc *a)
{
	free(a->e);
	memset(a, 0, sizeof(*a));
}

void profile_close(struct profile *pf)
{
	if (!pf)
		return;
	for (unsigned int k = 0; k < pf->nrows; k++)
		if (pf->row[k]) {
			profile_acc_free(pf->row[k]);
			free(pf->row[k]);
		}
	free(pf->row);
	free(pf->ksym);
	profile_acc_free(&pf->run);
	free(pf);
}

/* An unnamed file: nothing of it is left whatever kills ctxbench. */
static int profile_tmpfile(void)
{
	const char *dir = getenv("TMPDIR");
	char path[512];
	int fd;

	if (!dir || !*dir)
		dir = "/tmp";
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
	if (fd >= 0 || (errno != EOPNOTSUPP && errno != EISDIR &&
			errno != EINVAL && errno != ENOENT))
		return fd;
	snprintf(path, sizeof(path), "%s/ctxbench-perf-XXXXXX", dir);
	fd = mkostemp(path, O_CLOEXEC);
	if (fd >= 0)
		unlink(path);
	return fd;
}

/* What perf said last, one line of it, for a message. */
static void profile_perf_said(const struct profile *pf, char *buf, size_t size)
{
	char text[1024], *line = NULL;
	ssize_t n =
		pf->err >= 0 ? pread(pf->err, text, sizeof(text) - 1, 0) : -1;

	buf[0] = '\0';
	if (n <= 0)
		return;
	text[n] = '\0';
	/* The first line that says something: an error, else the last. */
	for (char *s = strtok(text, "\n"); s; s = strtok(NULL, "\n")) {
		while (*s == ' ' || *s == '\t')
			s++;
		if (!*s)
			continue;
		if (!line || strstr(s, "rror") || strstr(s, "ermission") ||
		    strstr(s, "not supported"))
			line = s;
		if (strstr(line, "rror") || strstr(line, "ermission"))
			break;
	}
	if (line)
		snprintf(buf, size, ": %.110s", line);
}

static void profile_fail(struct profile *pf, const char *what)
{
	char said[200];

	if (pf->failed)
		return;
	profile_perf_said(pf, said, sizeof(said));
	snprintf(pf->why, sizeof(pf->why), "perf failed: %.60s%.120s", what,
		 said);
	pf->failed = 1;
	pf->active = 0;
}

/* In the child: @fd as descriptor @to, kept across exec. */
static void profile_dup(int fd, int to)
{
	if (fd == to)
		fcntl(fd, F_SETFD, 0);
	else
		dup2(fd, to);
}

/*
 * Fork and exec perf with @argv, its stdin @in, stdout @out, stderr
 * @err, and @ctl as descriptor 3 (-1: none).  It dies with the runner
 * (PR_SET_PDEATHSIG): a ctxbench killed leaves no perf behind.  It leads
 * a process group of its own, which profile_end() ends whole: what a
 * perf (a CTXBENCH_PERF wrapper) forks ends with it.
 */
static pid_t profile_spawn(const struct profile *pf, char *const argv[], int in,
			   int out, int err, int ctl)
{
	pid_t runner = getpid(), pid = fork();
	sigset_t none;

	if (pid > 0)
		setpgid(pid, pid); /* on both sides: whichever runs first */
	if (pid != 0)
		return pid;
	if (setpgid(0, 0) < 0 || prctl(PR_SET_PDEATHSIG, SIGKILL) < 0 ||
	    getppid() != runner)
		_exit(127);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	/* Above 3 first, so that none is overwritten before it is moved. */
	in = fcntl(in, F_DUPFD_CLOEXEC, 10);
	out = fcntl(out, F_DUPFD_CLOEXEC, 10);
	err = fcntl(err, F_DUPFD_CLOEXEC, 10);
	if (ctl >= 0)
		ctl = fcntl(ctl, F_DUPFD_CLOEXEC, 10);
	if (in < 0 || out < 0 || err < 0)
		_exit(127);
	profile_dup(in, 0);
	profile_dup(out, 1);
	profile_dup(err, 2);
	if (ctl >= 0)
		profile_dup(ctl, 3);
	execv(pf->perf, argv);
	_exit(127);
}

/*
 * SIGINT, SIGTERM or SIGHUP waits for the runner (which blocks them): a
 * wait for perf ends there.  perf, in a process group of its own, does
 * not get a terminal's ^C any more.
 */
static int profile_interrupted(void)
{
	sigset_t set;

	return sigpending(&set) == 0 && (sigismember(&set, SIGINT) == 1 ||
					 sigismember(&set, SIGTERM) == 1 ||
					 sigismember(&set, SIGHUP) == 1);
}

/*
 * Wait up to @timeout_s for @pid to end: 1 and its status, or 0 (also
 * when ctxbench is interrupted).
 */
static int profile_wait(pid_t pid, double timeout_s, int *status)
{
	double end = clock_now_s() + timeout_s;

	for (;;) {
		pid_t r = waitpid(pid, status, WNOHANG);

		if (r == pid || (r < 0 && errno != EINTR))
			return 1;
		if (clock_now_s() >= end || profile_interrupted())
			return 0;
		usleep(1000);
	}
}

/*
 * End @pid and its process group: @sig to the group, then SIGKILL after
 * @timeout_s; @pid reaped either way, and what is left of its group (what
 * it forked and left running) killed: the group's id stays its own while
 * any of it runs.
 */
static int profile_end(pid_t pid, int sig, double timeout_s)
{
	int status = 0, ended;

	if (pid <= 0)
		return -1;
	if (sig)
		kill(-pid, sig);
	ended = profile_wait(pid, timeout_s, &status);
	if (!ended) {
		kill(-pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	kill(-pid, SIGKILL);
	return ended ? status : -1;
}

pid_t profile_group(const struct profile *pf)
{
	return pf && pf->pid > 0 ? pf->pid : 0;
}

/* Send @cmd to perf and wait for its "ack": 0, or -1 (perf failed). */
static int profile_cmd(struct profile *pf, const char *cmd)
{
	char line[128], buf[64];
	size_t have = 0;
	double end = clock_now_s() + PROFILE_ACK_S;
	int len = snprintf(line, sizeof(line), "%s\n", cmd);

	if (!pf->active)
		return -1;
	if (send(pf->ctl, line, (size_t)len, MSG_NOSIGNAL) != len) {
		profile_fail(pf, "its control socket is closed");
		return -1;
	}
	for (;;) {
		struct pollfd p = { .fd = pf->ctl, .events = POLLIN };
		double left = end - clock_now_s();
		ssize_t n;

		if (left <= 0 || poll(&p, 1, (int)(left * 1000) + 1) == 0) {
			snprintf(line, sizeof(line), "no answer to \"%s\"",
				 cmd);
			profile_fail(pf, line);
			return -1;
		}
		n = recv(pf->ctl, buf + have, sizeof(buf) - 1 - have,
			 MSG_DONTWAIT);
		if (n < 0 && (errno == EINTR || errno == EAGAIN))
			continue;
		if (n <= 0) {
			profile_fail(pf, "it ended while recording");
			return -1;
		}
		have += (size_t)n;
		buf[have] = '\0';
		if (strstr(buf, "ack\n"))
			return 0;
		if (have >= sizeof(buf) - 1)
			have = 0;
	}
}

/*
 * perf record's command line into @argv (room for 24), its control
 * socket named in @ctl: the whole machine, stamped with the clock the
 * runner reads, every event disabled until a window enables it.
 */
static void profile_record_argv(struct profile *pf, char *ctl, size_t ctllen,
				char **argv)
{
	int n = 0;

	snprintf(ctl, ctllen, "fd:3,3");
	argv[n++] = "perf";
	argv[n++] = "record";
	argv[n++] = "-a";
	argv[n++] = "-k";
	argv[n++] = "CLOCK_MONOTONIC";
	argv[n++] = "-D";
	argv[n++] = "-1";
	argv[n++] = "--control";
	argv[n++] = ctl;
	argv[n++] = "-e";
	argv[n++] = pf->event;
	argv[n++] = "-e";
	argv[n++] = (char *)profile_trace[0];
	argv[n++] = "-e";
	argv[n++] = (char *)profile_trace[1];
	/*
	 * Last, where perf -D puts the side-band records (mmaps, forks,
	 * comms): enabled from the start, so that the participants forked
	 * later have their user symbols; it samples nothing.
	 */
	argv[n++] = "-e";
	argv[n++] = "dummy";
	argv[n++] = "-o";
	argv[n++] = "-";
	argv[n] = NULL;
}

/*
 * Ready when it answers: its events are open, all disabled.  Wait up to
 * PROFILE_START_S for perf's answer to a first command: 0, or -1 (perf
 * failed, said so).
 */
static int profile_ready(struct profile *pf)
{
	double end = clock_now_s() + PROFILE_START_S;
	struct pollfd p = { .fd = pf->ctl, .events = POLLIN };
	char buf[64];
	ssize_t got;

	/* Disabled already: only its answer counts. */
	static const char cmd[] = "disable sched:sched_switch\n";

	if (send(pf->ctl, cmd, sizeof(cmd) - 1, MSG_NOSIGNAL) !=
	    (ssize_t)sizeof(cmd) - 1) {
		profile_fail(pf, "it did not start");
		return -1;
	}
	/* A tenth of a second at a time: ctxbench may be interrupted. */
	while (clock_now_s() < end && !profile_interrupted() &&
	       poll(&p, 1, 100) <= 0)
		;
	got = recv(pf->ctl, buf, sizeof(buf) - 1, MSG_DONTWAIT);
	if (got <= 0) {
		/* Ended with our command unread: a reset, not an end. */
		profile_fail(pf, got == 0 || errno == ECONNRESET ?
					 "it did not start" :
					 "not ready in time");
		return -1;
	}
	return 0;
}

void profile_run_begin(struct profile *pf)
{
	char ctl[16], *argv[24];
	int sv[2], devnull;

	if (!pf || pf->failed)
		return;
	pf->active = pf->windowed = pf->tracing = 0;
	pf->npids = pf->ntids = 0;
	pf->data = profile_tmpfile();
	pf->err = profile_tmpfile();
	devnull = open("/dev/null", O_RDONLY | O_CLOEXEC);
	if (pf->data < 0 || pf->err < 0 || devnull < 0 ||
	    socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
		if (devnull >= 0)
			close(devnull);
		profile_fail(pf, strerror(errno));
		return;
	}
	profile_record_argv(pf, ctl, sizeof(ctl), argv);
	pf->pid = profile_spawn(pf, argv, devnull, pf->data, pf->err, sv[1]);
	close(devnull);
	close(sv[1]);
	pf->ctl = sv[0];
	if (pf->pid < 0) {
		pf->pid = 0;
		profile_fail(pf, strerror(errno));
		return;
	}
	pf->active = 1;
	if (profile_ready(pf) < 0)
		return;
	if (profile_cmd(pf, "enable dummy") < 0)
		return;
	pf->cpu0 = profile_cpu_s(pf);
}

/* The threads of process @pid into @pf's list. */
static void profile_threads(struct profile *pf, pid_t pid)
{
	char path[64];
	struct dirent *d;
	DIR *dir;

	snprintf(path, sizeof(path), "/proc/%d/task", (int)pid);
	dir = opendir(path);
	if (!dir) {
		if (pf->ntids < PROFILE_MAX_TIDS)
			pf->tids[pf->ntids++] = pid;
		return;
	}
	while ((d = readdir(dir)) && pf->ntids < PROFILE_MAX_TIDS)
		if (d->d_name[0] >= '0' && d->d_name[0] <= '9')
			pf->tids[pf->ntids++] = (pid_t)atoi(d->d_name);
	closedir(dir);
}

void profile_window_begin(struct profile *pf, const struct run_proc *proc,
			  unsigned int nproc, unsigned int hops, double t,
			  uint64_t count, double rate, double duration_s)
{
	double per_s = rate * (hops ? hops : 1) * PROFILE_EVENTS_PER_HOP;

	(void)t;
	if (!pf || !pf->active)
		return;
	for (unsigned int i = 0; i < nproc && i < RUN_MAX_NR; i++) {
		pf->pids[pf->npids++] = proc[i].pid;
		profile_threads(pf, proc[i].pid);
	}
	pf->slice_s = per_s > 0 ? PROFILE_TRACE_EVENTS / per_s :
				  duration_s * PROFILE_TRACE_MAX_SHARE;
	if (pf->slice_s > duration_s * PROFILE_TRACE_MAX_SHARE)
		pf->slice_s = duration_s * PROFILE_TRACE_MAX_SHARE;
	if (pf->slice_s < PROFILE_TRACE_MIN_S)
		pf->slice_s = PROFILE_TRACE_MIN_S;
	pf->windowed = 1;
	for (unsigned int i = 0; i < 2; i++) {
		char cmd[64];

		snprintf(cmd, sizeof(cmd), "enable %s", profile_trace[i]);
		if (profile_cmd(pf, cmd) < 0)
			return;
	}
	pf->tracing = 1;
	pf->ts0 = clock_now_s();
	pf->cs0 = count;
}

/* The trace slice ends at @t, @count: the sampling takes over. */
static void profile_slice_end(struct profile *pf, double t, uint64_t count,
			      int sample)
{
	char cmd[64];

	for (unsigned int i = 0; i < 2; i++) {
		snprintf(cmd, sizeof(cmd), "disable %s", profile_trace[i]);
		if (profile_cmd(pf, cmd) < 0)
			return;
	}
	pf->tracing = 0;
	pf->ts1 = t;
	pf->cs1 = count;
	snprintf(cmd, sizeof(cmd), "enable %s", pf->event);
	if (sample)
		profile_cmd(pf, cmd);
}

void profile_window_tick(struct profile *pf, double t, uint64_t count)
{
	if (!pf || !pf->active || !pf->tracing || t < pf->ts0 + pf->slice_s)
		return;
	profile_slice_end(pf, t, count, 1);
}

void profile_window_end(struct profile *pf, double t, uint64_t count)
{
	char cmd[64];

	if (!pf || !pf->active || !pf->windowed)
		return;
	if (pf->tracing) {
		profile_slice_end(pf, t, count, 0);
		return;
	}
	/* By name: "disable" alone would end the side-band records too. */
	snprintf(cmd, sizeof(cmd), "disable %s", pf->event);
	profile_cmd(pf, cmd);
}

double profile_cpu_s(const struct profile *pf)
{
	char path[64];
	unsigned long long ns;
	double s = 0;
	FILE *f;

	if (!pf || pf->pid <= 0)
		return 0;
	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pf->pid);
	f = fopen(path, "re");
	if (!f)
		return 0;
	if (fscanf(f, "%llu", &ns) == 1)
		s = (double)ns / 1e9;
	fclose(f);
	return s > pf->cpu0 ? s - pf->cpu0 : 0;
}

/* Is @pid one of the participants' processes, @tid one of their threads? */
static int profile_ours(const pid_t *set, unsigned int n, pid_t id)
{
	for (unsigned int i = 0; i < n; i++)
		if (set[i] == id)
			return 1;
	return 0;
}

/* Count a sample of symbol @name into @a. */
static void profile_acc_add(struct profile_acc *a, const char *name, int kernel,
			    uint64_t samples)
{
	a->used = 1;
	a->samples += samples;
	if (kernel)
		a->kernel += samples;
	for (unsigned int i = 0; i < a->n; i++)
		if (a->e[i].kernel == kernel && !strcmp(a->e[i].name, name)) {
			a->e[i].samples += samples;
			return;
		}
	if (a->n == a->cap) {
		unsigned int cap = a->cap ? a->cap * 2 : 64;
		struct profile_ent *e;

		if (a->n >= PROFILE_ACC_MAX ||
		    !(e = realloc(a->e, cap * sizeof(*e)))) {
			a->spill += samples;
			return;
		}
		a->e = e;
		a->cap = cap;
	}
	snprintf(a->e[a->n].name, sizeof(a->e[a->n].name), "%s", name);
	a->e[a->n].kernel = kernel;
	a->e[a->n].samples = samples;
	a->n++;
}

/*
 * A symbol's name as perf script wrote it (anybody's: a JIT names its
 * code as it likes), into @out of @size bytes: cut between characters,
 * and what lib/text.h refuses written \xNN (text_clean()), so that the
 * report prints one line of printable UTF-8 and the saved run reads back.
 */
static void profile_name(char *out, size_t size, const char *sym)
{
	size_t len = utf8_cut(sym, size - 1);

	memcpy(out, sym, len);
	out[len] = '\0';
	text_clean(out, size);
}

/* The number after the last @key ("pid=") in @s, or -1. */
static long profile_num_after(const char *s, const char *key)
{
	const char *at = NULL, *p = s;
	size_t len = strlen(key);

	while ((p = strstr(p, key))) {
		if (p == s || p[-1] == ' ')
			at = p;
		p += len;
	}
	return at ? strtol(at + len, NULL, 10) : -1;
}

/* The pending wake-ups of the trace: a time a thread, 0 none. */
struct profile_wake {
	double at[PROFILE_MAX_TIDS];
};

static int profile_tid_index(const struct profile *pf, long tid)
{
	for (unsigned int i = 0; i < pf->ntids; i++)
		if (pf->tids[i] == tid)
			return (int)i;
	return -1;
}

/*
 * One line of perf script: "PID/TID TIME: EVENT: REST", REST the ip and
 * the symbol of a sample, the fields of a tracepoint.
 */
static void profile_line(struct profile *pf, char *line, struct profile_wake *w)
{
	struct profile_acc *a = &pf->run;
	char *p = line, *end, *ev, *rest;
	long pid, tid;
	double t;
	int i;

	pid = strtol(p, &end, 10);
	if (end == p || *end != '/')
		return;
	tid = strtol(end + 1, &p, 10);
	t = strtod(p, &end);
	if (end == p || *end != ':')
		return;
	for (ev = end + 1; *ev == ' '; ev++)
		;
	rest = strstr(ev, ": ");
	if (!rest)
		return;
	*rest = '\0';
	for (rest += 2; *rest == ' '; rest++)
		;
	(void)tid;
	if (!strcmp(ev, profile_trace[0])) {
		i = profile_tid_index(pf, profile_num_after(rest, "pid="));
		if (i >= 0 && !w->at[i])
			w->at[i] = t;
		return;
	}
	if (!strcmp(ev, profile_trace[1])) {
		i = profile_tid_index(pf, profile_num_after(rest, "next_pid="));
		if (i >= 0 && w->at[i] > 0 && t >= w->at[i]) {
			a->wakeups++;
			a->wake_sum_ns += (t - w->at[i]) * 1e9;
			w->at[i] = 0;
		}
		return;
	}
	if (strncmp(ev, pf->event, strlen(pf->event)) ||
	    !profile_ours(pf->pids, pf->npids, (pid_t)pid))
		return;
	{
		unsigned long long ip = strtoull(rest, &end, 16);
		int kernel = ip >= 1ull << (sizeof(long) * 8 - 1);
		char *sym = end, *cut, name[sizeof(a->e->name)];

		while (*sym == ' ')
			sym++;
		cut = sym + strlen(sym);
		while (cut > sym && (cut[-1] == '\n' || cut[-1] == ' '))
			*--cut = '\0';
		if (!*sym || !strncmp(sym, "[unknown]", 9) ||
		    !strncmp(sym, "0x", 2))
			sym = kernel ? (char *)profile_kname(pf, ip) :
				       "[unknown]";
		profile_name(name, sizeof(name), sym);
		profile_acc_add(a, name, kernel, 1);
	}
}

/* perf script of the run's data into its profile: 0, or -1. */
static int profile_read(struct profile *pf)
{
	static char *const argv[] = { "perf",
				      "script",
				      "-i",
				      "-",
				      "--ns",
				      "-F",
				      "pid,tid,time,event,ip,sym,trace",
				      NULL };
	struct profile_wake *w = calloc(1, sizeof(*w));
	int out = profile_tmpfile(), status;
	char *line = NULL;
	size_t cap = 0;
	FILE *f;
	pid_t pid;

	if (!w || out < 0 || lseek(pf->data, 0, SEEK_SET) < 0 ||
	    ftruncate(pf->err, 0) < 0) {
		free(w);
		if (out >= 0)
			close(out);
		profile_fail(pf, "cannot read what it recorded");
		return -1;
	}
	pid = profile_spawn(pf, argv, pf->data, out, pf->err, -1);
	status = pid > 0 ? profile_end(pid, 0, PROFILE_READ_S) : -1;
	if (status != 0 || lseek(out, 0, SEEK_SET) < 0 ||
	    !(f = fdopen(out, "r"))) {
		free(w);
		close(out);
		profile_fail(pf, "perf script");
		return -1;
	}
	while (getline(&line, &cap, f) > 0)
		profile_line(pf, line, w);
	free(line);
	fclose(f);
	free(w);
	return 0; /* a window too short for a sample is none */
}

void profile_run_end(struct profile *pf, int ok)
{
	int status, ended;

	if (!pf)
		return;
	if (pf->pid <= 0) { /* it never started: what was opened for it */
		int *fd[] = { &pf->ctl, &pf->data, &pf->err };

		for (unsigned int i = 0; i < 3; i++) {
			if (*fd[i] >= 0)
				close(*fd[i]);
			*fd[i] = -1;
		}
		return;
	}
	profile_acc_free(&pf->run);
	if (pf->active && pf->windowed && !pf->tracing && pf->ts1 > pf->ts0) {
		pf->run.trace_s = pf->ts1 - pf->ts0;
		pf->run.trips = pf->cs1 - pf->cs0;
	}
	/* SIGINT: perf writes what it has and ends. */
	status = profile_end(pf->pid, SIGINT, PROFILE_STOP_S);
	pf->pid = 0;
	close(pf->ctl);
	pf->ctl = -1;
	ended = status >= 0 &&
		((WIFEXITED(status) && WEXITSTATUS(status) == 0) ||
		 (WIFSIGNALED(status) && WTERMSIG(status) == SIGINT));
	if (ok && pf->active && pf->windowed && ended)
		profile_read(pf);
	else if (ok && pf->active)
		profile_fail(pf, pf->windowed ? "it did not end as asked" :
						"the window never began");
	if (!ok)
		profile_acc_free(&pf->run);
	close(pf->data);
	close(pf->err);
	pf->data = pf->err = -1;
	pf->active = 0;
}

void profile_keep(struct profile *pf, unsigned int k)
{
	struct profile_acc *a, *r;

	if (!pf || pf->failed || k >= pf->nrows || !pf->run.used)
		return;
	r = &pf->run;
	if (!pf->row[k] && !(pf->row[k] = calloc(1, sizeof(*pf->row[k])))) {
		profile_fail(pf, "out of memory");
		return;
	}
	a = pf->row[k];
	for (unsigned int i = 0; i < r->n; i++)
		profile_acc_add(a, r->e[i].name, r->e[i].kernel,
				r->e[i].samples);
	a->spill += r->spill;
	a->samples += r->spill;
	a->wakeups += r->wakeups;
	a->wake_sum_ns += r->wake_sum_ns;
	a->trips += r->trips;
	a->trace_s += r->trace_s;
	profile_acc_free(r);
}

static int profile_by_samples(const void *x, const void *y)
{
	const struct profile_ent *a = x, *b = y;

	if (a->samples != b->samples)
		return a->samples < b->samples ? 1 : -1;
	if (a->kernel != b->kernel)
		return a->kernel ? -1 : 1;
	return strcmp(a->name, b->name);
}

void profile_row(const struct profile *pf, unsigned int k,
		 struct result_profile *out)
{
	struct profile_acc *a;
	uint64_t listed = 0;

	memset(out, 0, sizeof(*out));
	if (!pf || pf->failed || k >= pf->nrows || !(a = pf->row[k]) ||
	    !a->samples)
		return;
	qsort(a->e, a->n, sizeof(*a->e), profile_by_samples);
	snprintf(out->event, sizeof(out->event), "%s", pf->event);
	out->samples = a->samples;
	out->kernel = a->kernel;
	for (unsigned int i = 0; i < a->n && i < RESULT_PROFILE_SYMS; i++) {
		struct result_sym *y = &out->sym[out->nsyms++];

		snprintf(y->name, sizeof(y->name), "%s", a->e[i].name);
		y->kernel = a->e[i].kernel;
		y->samples = a->e[i].samples;
		y->share = (double)y->samples / (double)a->samples;
		listed += y->samples;
	}
	out->other = a->samples - listed;
	out->wakeups = a->wakeups;
	out->trace_trips = a->trips;
	out->trace_s = a->trace_s;
	out->wake_ns = a->trips ? a->wake_sum_ns / (double)a->trips : 0;
}
