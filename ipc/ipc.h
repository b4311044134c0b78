/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The backend interface: how one IPC mechanism hands a token around a ring. */
#ifndef CTXBENCH_IPC_H
#define CTXBENCH_IPC_H

#include <stddef.h>
#include <sys/types.h>

#include "backends.h"

/*
 * ctxbench passes one token around a ring of participants 0 .. nr-1:
 * participant i waits until the token is its own, then hands it to
 * participant (i + 1) % nr.  The classic ping-pong is the ring of two.
 *
 * A backend only moves the token.  The runner (run/run.c) creates the ring,
 * forks or spawns the participants, pins them, starts and stops them,
 * reads the clock, counts and reaps.  A backend never forks, never reads
 * the clock, never prints and never exits.
 */

/* Who a participant is, for mechanisms that address a task (signals). */
struct ipc_peer {
	pid_t pid; /* thread group id */
	pid_t tid; /* the participant's own task (== pid for processes) */
};

struct ipc_ring {
	unsigned int nr; /* participants */
	int threads; /* participants are threads of one process */
	/*
	 * The backend's state: ops->size(nr) bytes of zeroed memory, aligned
	 * to a page and shared by every participant (MAP_SHARED), so that it
	 * can hold both object ids written by setup() and words the
	 * participants poll.  No backend allocates anything else.
	 */
	void *state;
	/*
	 * futex-waitv's futexes a participant waits on (--waitv), 1 ..
	 * IPC_WAITV_MAX; 0: IPC_WAITV_DEFAULT.  Set by the runner.
	 */
	unsigned int waitv;
	/* Filled in by the runner before any participant calls wait(). */
	const struct ipc_peer *peer;
	/* What setup may say when it fails, better than its errno. */
	char why[96];
};

/* --waitv: the default and the most (the kernel's FUTEX_WAITV_MAX). */
#define IPC_WAITV_DEFAULT 4
#define IPC_WAITV_MAX 128

/* Flags of struct ipc_ops. */
#define IPC_BUSY_WAIT 0x1 /* never gives up the CPU: degenerate on one CPU */
#define IPC_NO_HANDOFF 0x2 /* participants do not wait for each other */
#define IPC_NOT_IN_ALL 0x4 /* only when named: not a mechanism to report */
/*
 * Rings can share its objects (--shared): setup() creates one object that
 * holds any number of participants (a semaphore set, a message queue, a
 * page of words), and wait() and pass() only see indices into it, so the
 * runner can give each ring its own span of one ring's participants.
 */
#define IPC_SHAREABLE 0x8
/* Waits on ring->waitv futexes (--waitv): its rows record how many. */
#define IPC_WAITV 0x20
/* Waits with sched_yield(): at a real-time class it never sleeps either. */
#define IPC_YIELD_WAIT 0x10
/*
 * Participants that never sleep, whatever they wait for: at a real-time
 * class they keep a CPU until something above them takes it.
 */
#define IPC_NEVER_SLEEPS (IPC_BUSY_WAIT | IPC_YIELD_WAIT | IPC_NO_HANDOFF)

/*
 * Every hook returns 0 or a negative errno.  Contracts:
 *
 * size      Not required (no state).  Bytes of ring->state for @nr
 *           participants.
 * init      Required when zeroed state would name an object: a SysV id 0
 *           is somebody's.  In the runner, before the guard is forked and
 *           before setup: mark ring->state as holding no object (ids -1),
 *           so that a teardown at any moment acts only on ids setup got.
 *           Only stores.
 * setup     Not required.  In the runner, before any participant exists:
 *           create the mechanism's objects for ring->nr participants and
 *           store them in ring->state.  -ENOSYS, -EPERM, -EACCES, -ENOSPC,
 *           -ENOMEM, and for a network mechanism -ENETUNREACH, -ENETDOWN,
 *           -EADDRNOTAVAIL and -EAFNOSUPPORT, mean "this machine cannot
 *           run the mechanism now" and the runner reports it skipped, not
 *           failed.  On error, nothing may be left behind, and
 *           ring->why may say what the errno cannot (the limit that
 *           refused).
 * hint      Not required.  After setup() failed with @err: a few words on
 *           how to have the mechanism ("bring lo up"), or NULL.
 * attach    Not required.  In participant @self before the start, e.g. to
 *           block a signal.  Runs in the child (or the thread).
 * wait      Required.  Block (or spin) until the token belongs to @self.
 *           EINTR is retried inside; a short read or write is -EIO.
 * pass      Required.  Hand the token from @self to @next.
 * limit     Not required.  Whether the machine's own limits for the
 *           mechanism let @sets rings of @nr participants each run at
 *           once (their objects all exist together): 0, or -1 with one
 *           line naming the limit in @why.  Called before anything starts.
 * teardown  Required when setup is.  In the runner after every participant is gone:
 *           remove every object.  Must be safe on a partial setup and
 *           when called twice.  Only syscalls, no allocation: it also
 *           runs in the guard when the runner died, at any step.  Mark
 *           each object gone in ring->state as soon as it is removed,
 *           and store in ring->state before setup creates an object
 *           whatever names it (a POSIX name), so that the guard removes
 *           what the runner did not, and only that.
 */
struct ipc_ops {
	const char *name; /* CLI name: "sysv-sem" */
	const char *title; /* report title: "semaphore" */
	const char *how; /* one line: how one hand-off happens */
	unsigned int flags;
	/* Without IPC_SHAREABLE: why rings cannot share; NULL says it plainly. */
	const char *alone;
	unsigned int fds; /* descriptors each participant adds */
	size_t (*size)(unsigned int nr); /* bytes of ring->state */
	void (*init)(struct ipc_ring *ring);
	int (*setup)(struct ipc_ring *ring);
	int (*attach)(struct ipc_ring *ring, unsigned int self);
	int (*wait)(struct ipc_ring *ring, unsigned int self);
	int (*pass)(struct ipc_ring *ring, unsigned int self,
		    unsigned int next);
	void (*teardown)(struct ipc_ring *ring);
	const char *(*hint)(int err);
	int (*limit)(unsigned int nr, unsigned int sets, char *why,
		     size_t whylen);
};

/* All backends, in report order; NULL-terminated. */
extern const struct ipc_ops *const ipc_backends[];

const struct ipc_ops *ipc_find(const char *name);
/* The index in ipc_backends[] of the backend called @name, or -1. */
int ipc_index(const char *name);
unsigned int ipc_count(void);

/* Size of a cache line pair: adjacent-line prefetch makes 64 too small. */
#define IPC_LINE 128

/* The externs of every backend's ops, from the one list. */
#define IPC_DECLARE(name) extern const struct ipc_ops ipc_##name##_ops;
IPC_BACKENDS(IPC_DECLARE)
#undef IPC_DECLARE

#endif
