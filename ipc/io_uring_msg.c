/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * io_uring MSG_RING: every participant has an io_uring of its own and
 * waits in io_uring_enter(IORING_ENTER_GETEVENTS) for a completion in it;
 * the sender submits an IORING_OP_MSG_RING to its own ring, which posts
 * that completion into the next participant's.
 */
#include <errno.h>
#include <linux/io_uring.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipc.h"
#include "lib/fs.h"

/* What the token's completion carries, and what a failed send does. */
#define URING_TOKEN 0x746f6b656eULL
#define URING_SENT 1ULL
/* One hand-off in flight: a submission, a completion or two. */
#define URING_ENTRIES 2

/*
 * A participant's ring: its descriptor and parameters, made by the
 * runner before any participant exists, and the rings' memory, mapped by
 * the participant itself (attach), which is the only one to use it.
 */
struct uring_slot {
	_Alignas(IPC_LINE) int fd;
	struct io_uring_params p;
	unsigned int *sq_tail, *sq_mask, *sq_array;
	unsigned int *cq_head, *cq_tail, *cq_mask;
	struct io_uring_sqe *sqes;
	struct io_uring_cqe *cqes;
};

static size_t uring_size(unsigned int nr)
{
	return nr * sizeof(struct uring_slot);
}

static struct uring_slot *uring_slot(struct ipc_ring *ring, unsigned int who)
{
	return &((struct uring_slot *)ring->state)[who];
}

/* No descriptor yet: teardown closes none. */
static void uring_init(struct ipc_ring *ring)
{
	for (unsigned int i = 0; i < ring->nr; i++)
		uring_slot(ring, i)->fd = -1;
}

/*
 * The descriptors only: the participants' mappings go with them, at any
 * exit.  Run by the guard too, on descriptors it does not have.
 */
static void uring_teardown(struct ipc_ring *ring)
{
	for (unsigned int i = 0; i < ring->nr; i++) {
		struct uring_slot *s = uring_slot(ring, i);

		if (s->fd >= 0)
			close(s->fd);
		s->fd = -1;
	}
}

/* Does the kernel of ring @fd have IORING_OP_MSG_RING?  0 or -ENOSYS. */
static int uring_probe(int fd, struct ipc_ring *ring)
{
	struct {
		struct io_uring_probe head;
		struct io_uring_probe_op op[IORING_OP_MSG_RING + 1];
	} probe;

	memset(&probe, 0, sizeof(probe));
	if (syscall(SYS_io_uring_register, fd, IORING_REGISTER_PROBE, &probe,
		    IORING_OP_MSG_RING + 1) < 0 ||
	    probe.head.last_op < IORING_OP_MSG_RING ||
	    !(probe.op[IORING_OP_MSG_RING].flags & IO_URING_OP_SUPPORTED)) {
		snprintf(ring->why, sizeof(ring->why),
			 "io_uring: no IORING_OP_MSG_RING (Linux 5.18)");
		return -ENOSYS;
	}
	return 0;
}

/* Why io_uring_setup() said EPERM: the sysctl, else a seccomp filter. */
static void uring_eperm(struct ipc_ring *ring)
{
	long off = 0;

	if (fs_read_field("", "/proc/sys/kernel/io_uring_disabled", 0, &off) ==
		    0 &&
	    off)
		snprintf(ring->why, sizeof(ring->why),
			 "io_uring_setup: %s (kernel.io_uring_disabled = %ld)",
			 strerror(EPERM), off);
}

static int uring_setup(struct ipc_ring *ring)
{
	int err = 0;

	for (unsigned int i = 0; i < ring->nr && !err; i++) {
		struct uring_slot *s = uring_slot(ring, i);
		const unsigned int need =
			IORING_FEAT_SINGLE_MMAP | IORING_FEAT_CQE_SKIP;

		memset(&s->p, 0, sizeof(s->p));
		s->fd = (int)syscall(SYS_io_uring_setup, URING_ENTRIES, &s->p);
		if (s->fd < 0) {
			err = -errno;
			if (err == -EPERM)
				uring_eperm(ring);
		} else if ((s->p.features & need) != need) {
			snprintf(
				ring->why, sizeof(ring->why),
				"io_uring: no IORING_FEAT_CQE_SKIP (Linux 5.17)");
			err = -ENOSYS;
		} else if (i == 0) {
			err = uring_probe(s->fd, ring);
		}
	}
	if (err)
		uring_teardown(ring);
	return err;
}

/* Map participant @self's own ring, in the participant. */
static int uring_attach(struct ipc_ring *ring, unsigned int self)
{
	struct uring_slot *s = uring_slot(ring, self);
	const struct io_uring_params *p = &s->p;
	size_t sq = p->sq_off.array + p->sq_entries * sizeof(unsigned int);
	size_t cq = p->cq_off.cqes + p->cq_entries * sizeof(*s->cqes);
	size_t len = sq > cq ? sq : cq;
	char *rings;
	void *sqes;

	rings = mmap(NULL, len, PROT_READ | PROT_WRITE,
		     MAP_SHARED | MAP_POPULATE, s->fd, IORING_OFF_SQ_RING);
	if (rings == MAP_FAILED)
		return -errno;
	sqes = mmap(NULL, p->sq_entries * sizeof(*s->sqes),
		    PROT_READ | PROT_WRITE, MAP_SHARED | MAP_POPULATE, s->fd,
		    IORING_OFF_SQES);
	if (sqes == MAP_FAILED)
		return -errno;
	s->sq_tail = (unsigned int *)(rings + p->sq_off.tail);
	s->sq_mask = (unsigned int *)(rings + p->sq_off.ring_mask);
	s->sq_array = (unsigned int *)(rings + p->sq_off.array);
	s->cq_head = (unsigned int *)(rings + p->cq_off.head);
	s->cq_tail = (unsigned int *)(rings + p->cq_off.tail);
	s->cq_mask = (unsigned int *)(rings + p->cq_off.ring_mask);
	s->cqes = (struct io_uring_cqe *)(rings + p->cq_off.cqes);
	s->sqes = sqes;
	return 0;
}

/* Take the next completion of @s: 1 and its @cqe, or 0 when none. */
static int uring_reap(struct uring_slot *s, struct io_uring_cqe *cqe)
{
	unsigned int head = *s->cq_head;

	if (head == __atomic_load_n(s->cq_tail, __ATOMIC_ACQUIRE))
		return 0;
	*cqe = s->cqes[head & *s->cq_mask];
	__atomic_store_n(s->cq_head, head + 1, __ATOMIC_RELEASE);
	return 1;
}

static int uring_wait(struct ipc_ring *ring, unsigned int self)
{
	struct uring_slot *s = uring_slot(ring, self);
	struct io_uring_cqe cqe;

	while (!uring_reap(s, &cqe))
		if (syscall(SYS_io_uring_enter, s->fd, 0, 1,
			    IORING_ENTER_GETEVENTS, NULL, 0) < 0 &&
		    errno != EINTR)
			return -errno;
	/* Else a send of ours that failed: the only other completion. */
	if (cqe.user_data != URING_TOKEN)
		return cqe.res < 0 ? cqe.res : -EIO;
	return 0;
}

static int uring_pass(struct ipc_ring *ring, unsigned int self,
		      unsigned int next)
{
	struct uring_slot *s = uring_slot(ring, self);
	unsigned int tail = *s->sq_tail, i = tail & *s->sq_mask;
	struct io_uring_sqe *sqe = &s->sqes[i];
	long n;

	/* Posted to the next ring as res 0, user_data URING_TOKEN. */
	memset(sqe, 0, sizeof(*sqe));
	sqe->opcode = IORING_OP_MSG_RING;
	sqe->flags = IOSQE_CQE_SKIP_SUCCESS;
	sqe->fd = uring_slot(ring, next)->fd;
	sqe->addr = IORING_MSG_DATA;
	sqe->off = URING_TOKEN;
	sqe->user_data = URING_SENT;
	s->sq_array[i] = i;
	__atomic_store_n(s->sq_tail, tail + 1, __ATOMIC_RELEASE);
	while ((n = syscall(SYS_io_uring_enter, s->fd, 1, 0, 0, NULL, 0)) < 0)
		if (errno != EINTR)
			return -errno;
	return n == 1 ? 0 : -EIO;
}

const struct ipc_ops ipc_io_uring_msg_ops = {
	.name = "io-uring-msg",
	.title = "io_uring MSG_RING",
	.how = "IORING_OP_MSG_RING into the receiver's io_uring",
	.fds = 1,
	.size = uring_size,
	.init = uring_init,
	.setup = uring_setup,
	.attach = uring_attach,
	.wait = uring_wait,
	.pass = uring_pass,
	.teardown = uring_teardown,
};
