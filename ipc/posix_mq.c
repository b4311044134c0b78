/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * POSIX mq: one queue per participant, unlinked as soon as it is open; the
 * receiver mq_receive()s the token from its own, the sender mq_send()s it.
 */
#include <errno.h>
#include <fcntl.h>
#include <mqueue.h>
#include <linux/capability.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/resource.h>
#include <unistd.h>

#include "ipc.h"
#include "lib/fs.h"

#define POSIX_MQ_MSG 8 /* bytes of a message: the token */

/*
 * The queues' names are "/ctxbench-PID-SALT-I": the salt and the pid are
 * stored before the first queue exists, so that a teardown (the guard's,
 * when the runner died in the middle of setup) can unlink every name it
 * may have made, even one whose descriptor it never got.
 */
struct posix_mq_state {
	unsigned long long salt; /* 0: no name made yet */
	int pid;
	mqd_t q[]; /* [nr] */
};

static size_t posix_mq_size(unsigned int nr)
{
	return sizeof(struct posix_mq_state) + nr * sizeof(mqd_t);
}

static void posix_mq_name(const struct posix_mq_state *st, unsigned int i,
			  char *name, size_t size)
{
	snprintf(name, size, "/ctxbench-%d-%016llx-%u", st->pid, st->salt, i);
}

static void posix_mq_teardown(struct ipc_ring *ring)
{
	struct posix_mq_state *st = ring->state;
	char name[64];

	for (unsigned int i = 0; i < ring->nr; i++) {
		if (st->q[i] >= 0)
			mq_close(st->q[i]);
		st->q[i] = -1;
	}
	/* Unlinked already, unless setup was cut short: ENOENT then. */
	for (unsigned int i = 0; st->salt && i < ring->nr; i++) {
		posix_mq_name(st, i, name, sizeof(name));
		mq_unlink(name);
	}
	st->salt = 0;
}

/* No queue yet: nothing to close, no name to unlink. */
static void posix_mq_init(struct ipc_ring *ring)
{
	struct posix_mq_state *st = ring->state;

	st->salt = 0;
	for (unsigned int i = 0; i < ring->nr; i++)
		st->q[i] = -1;
}

static int posix_mq_setup(struct ipc_ring *ring)
{
	struct mq_attr attr = { .mq_maxmsg = 1, .mq_msgsize = POSIX_MQ_MSG };
	struct posix_mq_state *st = ring->state;
	unsigned long long salt = 0;
	char name[64];
	int err = 0;

	/* A name nobody can guess, and gone before anybody could look. */
	while (!salt)
		if (getrandom(&salt, sizeof(salt), 0) != sizeof(salt) &&
		    errno != EINTR)
			return -errno;
	st->pid = (int)getpid();
	__atomic_store_n(&st->salt, salt, __ATOMIC_RELEASE);
	for (unsigned int i = 0; i < ring->nr && !err; i++) {
		posix_mq_name(st, i, name, sizeof(name));
		st->q[i] =
			mq_open(name, O_RDWR | O_CREAT | O_EXCL, 0600, &attr);
		if (st->q[i] < 0 || mq_unlink(name) < 0)
			err = -errno;
	}
	/* mq_open() says EMFILE for the bytes of queues as for descriptors. */
	if (err == -EMFILE)
		snprintf(
			ring->why, sizeof(ring->why),
			"mq_open: %s (RLIMIT_MSGQUEUE, ulimit -q, or RLIMIT_NOFILE)",
			strerror(EMFILE));
	if (err)
		posix_mq_teardown(ring);
	return err;
}

static int posix_mq_wait(struct ipc_ring *ring, unsigned int self)
{
	const mqd_t *q = ((const struct posix_mq_state *)ring->state)->q;
	char token[POSIX_MQ_MSG];
	ssize_t n;

	while ((n = mq_receive(q[self], token, sizeof(token), NULL)) < 0)
		if (errno != EINTR)
			return -errno;
	return n == sizeof(token) ? 0 : -EIO;
}

static int posix_mq_pass(struct ipc_ring *ring, unsigned int self,
			 unsigned int next)
{
	const mqd_t *q = ((const struct posix_mq_state *)ring->state)->q;
	char token[POSIX_MQ_MSG] = { 0 };

	(void)self;
	while (mq_send(q[next], token, sizeof(token), 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

/*
 * Bytes of RLIMIT_MSGQUEUE a queue of ours is charged, at most: the
 * kernel counts its messages, their headers and tree nodes (about 104
 * bytes on 64-bit).
 */
#define POSIX_MQ_CHARGE 256

static int posix_mq_limit(unsigned int ring_nr, unsigned int sets, char *why,
			  size_t whylen)
{
	unsigned int nr = ring_nr * sets;
	rlim_t need = (rlim_t)nr * POSIX_MQ_CHARGE;
	struct rlimit rl;
	long max;

	/* Everybody is held to RLIMIT_MSGQUEUE; raise it if we may. */
	if (getrlimit(RLIMIT_MSGQUEUE, &rl) == 0 &&
	    rl.rlim_cur != RLIM_INFINITY && rl.rlim_cur < need) {
		rlim_t have = rl.rlim_cur;

		rl.rlim_cur = rl.rlim_max == RLIM_INFINITY ? need :
			      rl.rlim_max < need	   ? rl.rlim_max :
							     need;
		if (rl.rlim_cur < need || setrlimit(RLIMIT_MSGQUEUE, &rl) < 0) {
			snprintf(
				why, whylen,
				"posix-mq: %u participants need about %llu bytes of queues, but RLIMIT_MSGQUEUE is %llu (see ulimit -q)",
				nr, (unsigned long long)need,
				(unsigned long long)have);
			return -1;
		}
	}
	/* CAP_SYS_RESOURCE is not held to queues_max. */
	if (fs_read_field("", "/proc/sys/fs/mqueue/queues_max", 0, &max) == 0 &&
	    (long)nr > max && !fs_capable("", CAP_SYS_RESOURCE)) {
		snprintf(
			why, whylen,
			"posix-mq: %u participants need %u queues, but fs.mqueue.queues_max is %ld",
			nr, nr, max);
		return -1;
	}
	return 0;
}

const struct ipc_ops ipc_posix_mq_ops = {
	.name = "posix-mq",
	.title = "POSIX mq",
	.how = "mq_send()/mq_receive() on the receiver's queue",
	.alone =
		"a receiver takes any message of its queue: a queue per participant, nothing to share",
	.fds = 1,
	.size = posix_mq_size,
	.init = posix_mq_init,
	.setup = posix_mq_setup,
	.wait = posix_mq_wait,
	.pass = posix_mq_pass,
	.teardown = posix_mq_teardown,
	.limit = posix_mq_limit,
};
