/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The process limits a run needs, checked (and raised) before it starts. */
#include <dirent.h>
#include <errno.h>
#include <linux/capability.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include "limits.h"
#include "map.h"
#include "run.h"
#include "lib/fs.h"

/*
 * Room left above what a run is counted to need: the runner opens a file
 * or two of /proc and /sys around each run, and the user may start a
 * task while it goes.
 */
#define RUN_HEADROOM_FDS 16
#define RUN_HEADROOM_TASKS 4
/*
 * What a participant maps beyond what ctxbench has when the check runs:
 * ctxbench's heap grows over a plan (each run's snapshots, the rows'
 * samples) and the participant reads /proc through a FILE.  Up to 512 KB
 * was seen over the mapping and the working sets; twice that is kept.
 */
#define RUN_MLOCK_HEADROOM_KB 1024
/*
 * The least stack limit (RLIMIT_STACK) ctxbench runs under.  Its main
 * thread's stack holds the arguments and the environment (of a shell, 2
 * to 4 KB), a random gap of up to 8 KB the kernel leaves above the first
 * frame, what the dynamic loader and glibc use and ctxbench's frames,
 * each under the bound CMakeLists.txt sets (-Wframe-larger-than).  Every
 * mechanism, -T, -j, sweeps, -o and every format, run and report, was
 * seen to work from 24 KB on; four times that and the arguments'
 * allowance make 128 KB.  Participants are forks of ctxbench, with its
 * stack; threads have stacks of their own, RUN_THREAD_STACK each.
 */
#define RUN_STACK_KB 128
/* How much of it the arguments and the environment may take; more adds. */
#define RUN_STACK_ARGS_KB 32

/*
 * Raise the soft limit @res to @need if needed and allowed; 0 if enough.
 * The limit as it was goes to @have.
 */
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

/* Descriptors open now, from /proc/self/fd; -1 when it cannot be read. */
static long run_open_fds(void)
{
	DIR *d = opendir("/proc/self/fd");
	struct dirent *e;
	long n = 0;

	if (!d)
		return -1;
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n - 1; /* the directory's own */
}

/* The first number of the "@key:" line of /proc/@pid/status, or -1. */
static long run_status_num(const char *pid, const char *key)
{
	const char *const keys[] = { key, NULL };
	char path[64], buf[128];

	snprintf(path, sizeof(path), "/proc/%.20s/status", pid);
	if (fs_read_keyed("", path, keys, buf, sizeof(buf)) < 0)
		return -1; /* gone */
	return strtol(buf, NULL, 10);
}

/*
 * Tasks (threads) of the user whose real uid is ours, as RLIMIT_NPROC
 * counts them, over the processes /proc shows; -1 when it cannot be read.
 */
static long run_user_tasks(void)
{
	DIR *d = opendir("/proc");
	long me = (long)getuid(), n = 0;
	struct dirent *e;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		long threads;

		if (e->d_name[0] < '0' || e->d_name[0] > '9' ||
		    run_status_num(e->d_name, "Uid") != me)
			continue;
		threads = run_status_num(e->d_name, "Threads");
		n += threads > 0 ? threads : 0;
	}
	closedir(d);
	return n;
}

/* Is the calling process in the initial user namespace? */
static int run_init_userns(void)
{
	unsigned long inside, outside, count;
	FILE *f = fs_open("", "/proc/self/uid_map");
	int init_ns = 0;

	if (f) {
		init_ns = fscanf(f, "%lu %lu %lu", &inside, &outside, &count) ==
				  3 &&
			  inside == 0 && outside == 0 && count == 4294967295ul;
		fclose(f);
	}
	return init_ns;
}

/*
 * Is RLIMIT_NPROC not enforced on us?  The kernel exempts the initial
 * user namespace's root and CAP_SYS_RESOURCE or CAP_SYS_ADMIN there; uid
 * 0 inside another user namespace is bound like anybody.
 */
static int run_nproc_exempt(void)
{
	return run_init_userns() &&
	       (getuid() == 0 || fs_capable("", CAP_SYS_RESOURCE) ||
		fs_capable("", CAP_SYS_ADMIN));
}

/* What the calling process has mapped (VmSize), in KB; 0 unknown. */
static unsigned long long run_vm_kb(void)
{
	static const char *const key[] = { "VmSize", NULL };
	char buf[32];

	if (fs_read_keyed("", "/proc/self/status", key, buf, sizeof(buf)) < 0)
		return 0;
	return strtoull(buf, NULL, 10);
}

/* " without CAP_IPC_LOCK", or "" when it is held. */
static const char *run_ipc_lock_lacking(void)
{
	return run_init_userns() && fs_capable("", CAP_IPC_LOCK) ?
		       "" :
		       " without CAP_IPC_LOCK";
}

/* A child maps @extra_kb more and tries mlockall(): 0 or an errno. */
static int run_mlock_try(unsigned long long extra_kb)
{
	int status = 0;
	pid_t pid = fork();

	if (pid < 0)
		return errno;
	if (pid == 0) {
		size_t len = (size_t)extra_kb * 1024;
		void *more = len ? mmap(NULL, len, PROT_READ | PROT_WRITE,
					MAP_PRIVATE | MAP_ANONYMOUS, -1, 0) :
				   NULL;

		if (more == MAP_FAILED)
			_exit(ENOMEM);
		_exit(mlockall(MCL_CURRENT | MCL_FUTURE) < 0 ? errno : 0);
	}
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	return WIFEXITED(status) ? WEXITSTATUS(status) : EIO;
}

int run_check_mlock(const struct run_spec *spec, char *err, size_t errlen)
{
	/*
	 * mlockall(MCL_CURRENT) fails unless everything the process has
	 * mapped fits in RLIMIT_MEMLOCK; with MCL_FUTURE every later
	 * mapping (a thread's stack) counts too.  A participant is a fork
	 * of ctxbench with the shared mapping, and maps its working set;
	 * threads share one process, stacks and working sets all in it.
	 */
	unsigned long long own = run_vm_kb(),
			   map = (run_map_size(spec) + 1023) / 1024,
			   ws = spec->ws_kb, stacks = 0, need;
	/* The most a child locked: a plan's checks run back to back. */
	static unsigned long long tried;
	rlim_t have = 0;
	int e;

	if (spec->threads) {
		ws *= spec->nr;
		stacks = spec->nr * ((RUN_THREAD_STACK +
				      (unsigned long long)getpagesize()) /
				     1024);
	}
	need = own + map + ws + stacks + RUN_MLOCK_HEADROOM_KB;
	if (!*run_ipc_lock_lacking()) {
		/* Not bound by the limit: lock what a child has, as a proof. */
		need = own;
	} else if (run_limit(RLIMIT_MEMLOCK, (rlim_t)need * 1024, &have) < 0) {
		snprintf(
			err, errlen,
			"--mlock: mlockall: a %s %s needs %llu KB locked (ctxbench %llu, shared %llu, working sets %llu, thread stacks %llu, headroom %d), but RLIMIT_MEMLOCK is %llu KB%s (raise it: ulimit -l)",
			spec->ops->name,
			spec->threads ? "process of threads" : "participant",
			need, own, map, ws, stacks, RUN_MLOCK_HEADROOM_KB,
			(unsigned long long)have / 1024,
			run_ipc_lock_lacking());
		return -1;
	}
	if (need <= tried)
		return 0;
	e = run_mlock_try(need > own ? need - own : 0);
	if (!e) {
		tried = need;
		return 0;
	}
	snprintf(err, errlen, "--mlock: mlockall: %s%s", strerror(e),
		 run_mlock_hint((long long)need).s);
	return -1;
}

struct run_hint run_mlock_hint(long long vm_kb)
{
	struct run_hint hint;
	char maps[48] = "";
	struct rlimit rl;

	if (vm_kb >= 0)
		snprintf(maps, sizeof(maps), "%lld KB mapped; ", vm_kb);
	if (getrlimit(RLIMIT_MEMLOCK, &rl) < 0 || rl.rlim_cur == RLIM_INFINITY)
		snprintf(hint.s, sizeof(hint.s),
			 " (%sRLIMIT_MEMLOCK is unlimited)", maps);
	else
		snprintf(hint.s, sizeof(hint.s),
			 " (%sRLIMIT_MEMLOCK is %llu KB%s)", maps,
			 (unsigned long long)rl.rlim_cur / 1024,
			 run_ipc_lock_lacking());
	return hint;
}

/*
 * What the strings and pointers of @argv and of the environment take at
 * the top of the stack, and the file name the kernel puts above them.
 */
static size_t run_args_size(char *const *argv)
{
	const char *execfn = (const char *)getauxval(AT_EXECFN);
	size_t n = execfn ? strlen(execfn) + 1 : 0;

	for (char *const *a = argv; *a; a++)
		n += strlen(*a) + 1 + sizeof(*a);
	for (char *const *e = environ; e && *e; e++)
		n += strlen(*e) + 1 + sizeof(*e);
	return n + 2 * sizeof(char *);
}

int run_check_stack(char *const *argv, char *err, size_t errlen)
{
	size_t args_kb = (run_args_size(argv) + 1023) / 1024;
	rlim_t need = RUN_STACK_KB, have = 0;

	if (args_kb > RUN_STACK_ARGS_KB)
		need += args_kb - RUN_STACK_ARGS_KB;
	if (run_limit(RLIMIT_STACK, need * 1024, &have) < 0) {
		snprintf(
			err, errlen,
			"the stack limit (ulimit -s) is %llu KiB; ctxbench needs at least %llu KiB",
			(unsigned long long)have / 1024,
			(unsigned long long)need);
		return -1;
	}
	return 0;
}

int run_check_limits(const struct run_spec *spec, char *err, size_t errlen)
{
	/* Counted once: the checks of a plan run back to back. */
	static long open_fds = -2, tasks = -2;
	/*
	 * Descriptors: those open now, the signalfd, the go and ready
	 * pipes, the mechanism's, a /proc file each participant reads at
	 * its start and end (all at once when they are threads), headroom.
	 */
	rlim_t fds, procs, have = 0;
	unsigned int rings = run_rings(spec), nr = spec->nr * rings;
	unsigned int sets = spec->shared ? 1 : rings;

	if (open_fds == -2)
		open_fds = run_open_fds();
	fds = (rlim_t)(open_fds < 0 ? 3 : open_fds) + 5 + RUN_HEADROOM_FDS +
	      (rlim_t)nr * (spec->ops->fds + !!spec->threads);
	if (run_limit(RLIMIT_NOFILE, fds, &have) < 0) {
		snprintf(
			err, errlen,
			"%s needs %llu file descriptors for %u participants (%ld open already), but RLIMIT_NOFILE is %llu (see ulimit -n)",
			spec->ops->name, (unsigned long long)fds, nr, open_fds,
			(unsigned long long)have);
		return -1;
	}
	if (spec->ops->limit &&
	    spec->ops->limit(nr / sets, sets, err, errlen) < 0)
		return -1;
	if (run_nproc_exempt())
		return 0;
	/*
	 * Tasks: the user's, ctxbench's own among them, then the guard and
	 * a process per participant, or one process and a thread each.
	 */
	if (tasks == -2)
		tasks = run_user_tasks();
	procs = (rlim_t)(tasks < 1 ? 1 : tasks) + 1 + nr +
		(spec->threads ? rings : 0) + RUN_HEADROOM_TASKS;
	if (run_limit(RLIMIT_NPROC, procs, &have) < 0) {
		snprintf(
			err, errlen,
			"%u participants%s need %llu tasks with the %ld this user runs already, but RLIMIT_NPROC is %llu (see ulimit -u)",
			nr, spec->threads ? " (threads)" : "",
			(unsigned long long)procs, tasks,
			(unsigned long long)have);
		return -1;
	}
	return 0;
}

struct run_hint run_limit_hint(int err)
{
	struct run_hint hint = { "" };
	struct rlimit rl;
	int res = err == -EAGAIN ? RLIMIT_NPROC :
		  err == -EMFILE ? RLIMIT_NOFILE :
				   -1;

	if (res < 0 || getrlimit(res, &rl) < 0)
		return hint;
	snprintf(hint.s, sizeof(hint.s), " (%s is %llu%s)",
		 res == RLIMIT_NPROC ? "RLIMIT_NPROC" : "RLIMIT_NOFILE",
		 (unsigned long long)rl.rlim_cur,
		 res == RLIMIT_NPROC ? ": the user's other tasks count too" :
				       "");
	return hint;
}
