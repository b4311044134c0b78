/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The participants' side: pinned, started, the measured loop.
 *
 * The participants' side of a run: pinned, ready, started at once, then
 * the measured loop of the mechanism's two calls until the stop word;
 * processes, or threads of one child process.
 */
#include <errno.h>
#include <malloc.h>
#include <pthread.h>
#include <sched.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <unistd.h>

#include "ring.h"
#include "lib/clock.h"
#include "lib/fs.h"

/* A participant when the participants are threads. */
struct run_thread {
	struct run_ctl *ctl;
	unsigned int self;
	pthread_t id;
};

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

/* Note where the participant of @slot ends, once its loop is over. */
static void run_note_end(struct run_slot *slot)
{
	long long v = slot->migrations < 0 ? -1 : run_migrations();

	slot->cpu_last = sched_getcpu();
	slot->migrations = v < 0 ? -1 : v - slot->migrations;
}

/*
 * Note what the calling participant (a thread of its own, or the one
 * of its process) used since @from, in @slot.
 */
static void run_note_usage(struct run_slot *slot, const struct rusage *from)
{
	struct rusage now;

	if (getrusage(RUSAGE_THREAD, &now) < 0)
		return;
	slot->usage.user_s =
		clock_tv_s(&now.ru_utime) - clock_tv_s(&from->ru_utime);
	slot->usage.sys_s =
		clock_tv_s(&now.ru_stime) - clock_tv_s(&from->ru_stime);
	slot->usage.nvcsw = now.ru_nvcsw - from->ru_nvcsw;
	slot->usage.nivcsw = now.ru_nivcsw - from->ru_nivcsw;
	slot->used = 1;
}

/* Read and write every cache line of the working set, as a hop's work. */
static void run_touch(unsigned char *ws, size_t len)
{
	for (size_t i = 0; i < len; i += 64)
		ws[i]++;
}

/* The objects participant @g uses: its ring's own, or the shared ones. */
static struct ipc_ring *run_ring_of(struct run_ctl *ctl, unsigned int g)
{
	return &ctl->ring[ctl->shared ? 0 : g / ctl->nr];
}

/*
 * The measured loop of participant @g (over every ring): wait for the
 * token, count it, touch the working set, pass it on.  Its ring's
 * participant 0 also times one round trip in ctl->sample_every (none
 * when 0), from before its pass to the return of its next wait; the
 * others never read the clock.  The backend sees the objects of the
 * ring, and indices in them: with shared objects, ring k's participants
 * are k * nr .. k * nr + nr - 1 of one ring, and the token goes round
 * inside them.
 */
static void run_ring(struct run_ctl *ctl, unsigned int g, unsigned char *ws,
		     size_t ws_len)
{
	const struct ipc_ops *ops = ctl->ops;
	unsigned int nr = ctl->nr, k = g / nr;
	struct ipc_ring *ring = run_ring_of(ctl, g);
	unsigned int self = ctl->shared ? g : g % nr;
	unsigned int base = self - g % nr;
	struct run_slot *slot = &ctl->slot[g];
	unsigned int every = ctl->sample_every, until_sample = every;
	struct hist *rtt = self == base && every ? &ctl->rtt[k] : NULL;
	struct pick *pick = &ctl->pick[k];
	unsigned int next = base + (self + 1 - base) % nr;
	uint64_t n = 0, sent_ns = 0;
	int err;

	if (self == base && (err = ops->pass(ring, self, next)) < 0)
		goto pass_failed;
	for (;;) {
		err = ops->wait(ring, self);
		if (err < 0) {
			slot->where = AT_WAIT;
			slot->err = err;
			return;
		}
		if (sent_ns) {
			uint64_t ns = clock_now_ns() - sent_ns;

			hist_add(rtt, ns);
			pick_add(pick, ns);
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

/*
 * Pin participant @self to its CPU (where -P gave one), then put it in
 * the run's class and, in the fair class, ask its slice (--slice; one
 * the kernel did not take is an error, checked before the start too):
 * the class before anything else, so that the rest runs in it.  0, or a
 * negative errno noted in its slot.
 */
static int run_settle(struct run_ctl *ctl, unsigned int self)
{
	struct run_slot *slot = &ctl->slot[self];
	int err;

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
	err = run_class_apply(&ctl->cls);
	if (err < 0) {
		slot->where = AT_SCHED;
		slot->err = err;
		return err;
	}
	if (ctl->slice_ns) {
		unsigned long long got;

		err = run_slice_set(ctl->slice_ns, &got);
		if (err == 0 && got != ctl->slice_ns)
			err = -EINVAL;
		if (err < 0) {
			slot->where = AT_SLICE;
			slot->err = err;
			return err;
		}
	}
	return 0;
}

/*
 * The working set of @len bytes into @ws: private to the participant,
 * and faulted in before the start, so that the loop pays no first
 * touch.  0, or a negative errno noted in @slot.
 */
static int run_working_set(struct run_slot *slot, size_t len,
			   unsigned char **ws)
{
	*ws = mmap(NULL, len, PROT_READ | PROT_WRITE,
		   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	if (*ws == MAP_FAILED) {
		slot->where = AT_WORKING_SET;
		slot->err = -errno;
		return slot->err;
	}
	memset(*ws, 1, len);
	return 0;
}

/*
 * --mlock: lock everything mapped by now, the working set too, and
 * faulted in.  0, or a negative errno noted in @slot with the size it
 * had to lock, for the message (nothing was locked).
 */
static int run_lock(struct run_ctl *ctl, struct run_slot *slot)
{
	static const char *const key[] = { "VmSize", NULL };
	char buf[32];

	if (!ctl->mlock || mlockall(MCL_CURRENT | MCL_FUTURE) >= 0)
		return 0;
	slot->where = AT_MLOCK;
	slot->err = -errno;
	slot->vm_kb = fs_read_keyed("", "/proc/self/status", key, buf,
				    sizeof(buf)) < 0 ?
			      -1 :
			      strtoll(buf, NULL, 10);
	return slot->err;
}

/* A participant, from its start to its end: 0 or a negative errno. */
static int run_participant(struct run_ctl *ctl, unsigned int self)
{
	struct run_slot *slot = &ctl->slot[self];
	size_t ws_len = (size_t)ctl->ws_kb * 1024;
	unsigned char *ws = NULL;
	struct rusage usage;
	char byte = 0;
	int err;

	err = run_settle(ctl, self);
	if (err < 0)
		return err;
	slot->cpu_first = slot->cpu_last = sched_getcpu();
	/* Until the end: the count at the start. */
	slot->migrations = run_migrations();
	if (ws_len && (err = run_working_set(slot, ws_len, &ws)) < 0)
		return err;
	ctl->peer[self].pid = getpid();
	ctl->peer[self].tid = gettid();
	if (ctl->ops->attach &&
	    (err = ctl->ops->attach(run_ring_of(ctl, self),
				    ctl->shared ? self : self % ctl->nr)) < 0) {
		slot->where = AT_ATTACH;
		slot->err = err;
		return err;
	}
	err = run_lock(ctl, slot);
	if (err < 0)
		return err;
	if (write(ctl->ready_fd, &byte, 1) != 1)
		return -EIO;
	/* The runner closes the other end to start everyone at once. */
	while (read(ctl->go_fd, &byte, 1) < 0 && errno == EINTR)
		;
	if (__atomic_load_n(&ctl->stop, __ATOMIC_RELAXED))
		return 0;
	/* From here to the stop word: what the loop costs, alone. */
	if (getrusage(RUSAGE_THREAD, &usage) < 0)
		usage.ru_utime.tv_sec = -1;
	run_ring(ctl, self, ws, ws_len);
	if (usage.ru_utime.tv_sec >= 0)
		run_note_usage(slot, &usage);
	run_note_end(slot);
	if (ws)
		munmap(ws, ws_len);
	return slot->err;
}

static void *run_thread_main(void *arg)
{
	struct run_thread *t = arg;
	const struct run_slot *slot = &t->ctl->slot[t->self];

	/*
	 * Failed before it was ready: the others would wait for a start
	 * that never comes, so the group ends now, and the runner reads why.
	 */
	if (run_participant(t->ctl, t->self) < 0 && slot->where != AT_WAIT &&
	    slot->where != AT_PASS)
		_exit(1);
	return NULL;
}

/* The child process that holds every participant of ring @k as a thread. */
static int run_thread_group(struct run_ctl *ctl, unsigned int k)
{
	unsigned int nr = ctl->nr, first = k * nr;
	/* Up to RUN_MAX_NR of them: on the heap, not on a small stack. */
	struct run_thread *t = calloc(nr, sizeof(*t));
	pthread_attr_t attr;
	int bad = 0;

	if (!t) {
		ctl->slot[first].where = AT_START;
		ctl->slot[first].err = -ENOMEM;
		_exit(1);
	}

	/*
	 * The threads allocate only a FILE around their loop: one arena
	 * for them all, not 64 MB reserved per thread, which mlockall()
	 * would count against RLIMIT_MEMLOCK.
	 */
	mallopt(M_ARENA_MAX, 1);
	/* The loop needs little stack; a thousand threads need little each. */
	pthread_attr_init(&attr);
	pthread_attr_setstacksize(&attr, RUN_THREAD_STACK);
	for (unsigned int i = 0; i < nr; i++) {
		int rc;

		t[i].ctl = ctl;
		t[i].self = first + i;
		rc = pthread_create(&t[i].id, &attr, run_thread_main, &t[i]);
		if (rc) {
			/* Exiting ends the threads already started. */
			ctl->slot[first + i].where = AT_START;
			ctl->slot[first + i].err = -rc;
			_exit(1);
		}
	}
	for (unsigned int i = 0; i < nr; i++)
		pthread_join(t[i].id, NULL);
	for (unsigned int i = 0; i < nr; i++)
		if (ctl->slot[first + i].err)
			bad = 1;
	free(t);
	return bad;
}

/*
 * The child process @self (a participant, or with threads ring @self's
 * group) into its cgroup, first of all: its threads are made in it.
 * Apart (-G, never with threads), participant i of a ring in leaf i.
 */
static void run_enter_cgroup(struct run_ctl *ctl, unsigned int self)
{
	unsigned int g = ctl->threads ? self * ctl->nr : self;
	int err;

	if (!ctl->cg)
		return;
	err = run_cg_enter(ctl->cg, &ctl->cg_live,
			   ctl->cg->apart ? g % ctl->nr : 0);
	if (err < 0) {
		ctl->slot[g].where = AT_CGROUP;
		ctl->slot[g].err = err;
		_exit(1);
	}
}

void run_child(struct run_ctl *ctl, pid_t runner, unsigned int self)
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
	run_enter_cgroup(ctl, self);
	if (ctl->threads)
		code = run_thread_group(ctl, self);
	else
		code = run_participant(ctl, self) < 0;
	_exit(code);
}
