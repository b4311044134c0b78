/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * message queue: one SysV queue for the ring; the sender msgsnd()s
 * a message of type next + 1 and every receiver msgrcv()s only its own
 * type.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/msg.h>

#include "ipc.h"
#include "lib/fs.h"
#include "sysv.h"

struct sysv_msg_state {
	int id;
	key_t key; /* IPC_PRIVATE: no queue made or being made */
};

struct sysv_msg_token {
	long type;
	char byte;
};

static size_t sysv_msg_size(unsigned int nr)
{
	(void)nr;
	return sizeof(struct sysv_msg_state);
}

/* No queue yet: id 0 is somebody else's. */
static void sysv_msg_init(struct ipc_ring *ring)
{
	struct sysv_msg_state *st = ring->state;

	st->id = -1;
	st->key = IPC_PRIVATE;
}

/*
 * The queue by its id, or by its key when the id was never stored;
 * removed only while IPC_STAT says it is still ours: a runner killed
 * between IPC_RMID and the marks leaves an id the kernel may have given to
 * somebody else since.
 */
static void sysv_msg_teardown(struct ipc_ring *ring)
{
	struct sysv_msg_state *st = ring->state;
	struct msqid_ds ds;
	key_t key = __atomic_load_n(&st->key, __ATOMIC_ACQUIRE);
	int id = __atomic_load_n(&st->id, __ATOMIC_ACQUIRE);

	if (key == IPC_PRIVATE)
		return;
	if (id < 0)
		id = msgget(key, 0);
	if (id >= 0 && msgctl(id, IPC_STAT, &ds) == 0 &&
	    ipc_sysv_ours(&ds.msg_perm, key))
		msgctl(id, IPC_RMID, NULL);
	__atomic_store_n(&st->id, -1, __ATOMIC_RELEASE);
	__atomic_store_n(&st->key, IPC_PRIVATE, __ATOMIC_RELEASE);
}

static int sysv_msg_get(key_t key, int unused)
{
	(void)unused;
	return msgget(key, IPC_CREAT | IPC_EXCL | 0600);
}

/*
 * The key is stored before msgget(): a runner killed as the call returns,
 * the queue made and its id not yet stored, leaves the guard the key to
 * find the queue by.
 */
static int sysv_msg_setup(struct ipc_ring *ring)
{
	struct sysv_msg_state *st = ring->state;
	struct msqid_ds ds;
	struct msginfo info;
	int err = ipc_sysv_create(&st->key, &st->id, sysv_msg_get, 0);

	if (err)
		return err;
	/* A queue that holds no byte takes no token: msgsnd() would hang. */
	if (msgctl(st->id, IPC_STAT, &ds) == 0 &&
	    ds.msg_qbytes < sizeof(((struct sysv_msg_token *)0)->byte)) {
		snprintf(
			ring->why, sizeof(ring->why),
			"a queue holds %lu bytes (kernel.msgmnb): no token fits",
			(unsigned long)ds.msg_qbytes);
		sysv_msg_teardown(ring);
		return -ENOSPC;
	}
	/*
	 * A message that may hold no byte takes no token either: msgsnd()
	 * would fail with EINVAL in the measured loop. IPC_INFO gives this
	 * IPC namespace's kernel.msgmax.
	 */
	if (msgctl(0, IPC_INFO, (struct msqid_ds *)&info) >= 0 &&
	    info.msgmax < (int)sizeof(((struct sysv_msg_token *)0)->byte)) {
		snprintf(
			ring->why, sizeof(ring->why),
			"a message holds %d bytes (kernel.msgmax): no token fits",
			info.msgmax);
		sysv_msg_teardown(ring);
		return -ENOSPC;
	}
	return 0;
}

static int sysv_msg_wait(struct ipc_ring *ring, unsigned int self)
{
	const struct sysv_msg_state *st = ring->state;
	struct sysv_msg_token m;
	ssize_t n;

	while ((n = msgrcv(st->id, &m, sizeof(m.byte), (long)self + 1, 0)) < 0)
		if (errno != EINTR)
			return -errno;
	return n == sizeof(m.byte) ? 0 : -EIO;
}

static int sysv_msg_pass(struct ipc_ring *ring, unsigned int self,
			 unsigned int next)
{
	const struct sysv_msg_state *st = ring->state;
	struct sysv_msg_token m = { .type = (long)next + 1 };

	(void)self;
	while (msgsnd(st->id, &m, sizeof(m.byte), 0) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

/*
 * Each ring's queue is one of kernel.msgmni; of one queue, setup says (no
 * queue at all skips the mechanism).
 */
static int sysv_msg_limit(unsigned int nr, unsigned int sets, char *why,
			  size_t whylen)
{
	long msgmni;

	(void)nr;
	if (sets > 1 &&
	    fs_read_field("", "/proc/sys/kernel/msgmni", 0, &msgmni) == 0 &&
	    (long)sets > msgmni) {
		snprintf(
			why, whylen,
			"sysv-msg: %u rings need %u queues, but kernel.msgmni is %ld",
			sets, sets, msgmni);
		return -1;
	}
	return 0;
}

const struct ipc_ops ipc_sysv_msg_ops = {
	.name = "sysv-msg",
	.title = "message queue",
	.how = "msgsnd()/msgrcv(), a message type per receiver",
	.flags = IPC_SHAREABLE,
	.size = sysv_msg_size,
	.init = sysv_msg_init,
	.setup = sysv_msg_setup,
	.wait = sysv_msg_wait,
	.pass = sysv_msg_pass,
	.teardown = sysv_msg_teardown,
	.limit = sysv_msg_limit,
};
