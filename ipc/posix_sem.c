/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * POSIX semaphore: one process-shared sem_t per participant in the shared
 * state; the receiver sem_wait()s on its own, the sender sem_post()s the
 * next participant's.
 */
#include <errno.h>
#include <semaphore.h>

#include "ipc.h"

/* One participant's semaphore, alone on its cache lines. */
struct posix_sem_slot {
	_Alignas(IPC_LINE) sem_t sem;
};

struct posix_sem_state {
	unsigned int inited; /* slots 0 .. inited-1 hold a semaphore */
	struct posix_sem_slot slot[];
};

static size_t posix_sem_size(unsigned int nr)
{
	return sizeof(struct posix_sem_state) +
	       nr * sizeof(struct posix_sem_slot);
}

static void posix_sem_teardown(struct ipc_ring *ring)
{
	struct posix_sem_state *st = ring->state;

	while (st->inited > 0)
		sem_destroy(&st->slot[--st->inited].sem);
}

static int posix_sem_setup(struct ipc_ring *ring)
{
	struct posix_sem_state *st = ring->state;

	for (st->inited = 0; st->inited < ring->nr; st->inited++) {
		if (sem_init(&st->slot[st->inited].sem, 1, 0) < 0) {
			int err = -errno;

			posix_sem_teardown(ring);
			return err;
		}
	}
	return 0;
}

static int posix_sem_wait(struct ipc_ring *ring, unsigned int self)
{
	struct posix_sem_state *st = ring->state;

	while (sem_wait(&st->slot[self].sem) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static int posix_sem_pass(struct ipc_ring *ring, unsigned int self,
			  unsigned int next)
{
	struct posix_sem_state *st = ring->state;

	(void)self;
	return sem_post(&st->slot[next].sem) < 0 ? -errno : 0;
}

const struct ipc_ops ipc_posix_sem_ops = {
	.name = "posix-sem",
	.title = "POSIX semaphore",
	.how = "sem_post()/sem_wait() on a shared sem_t each",
	.size = posix_sem_size,
	.setup = posix_sem_setup,
	.wait = posix_sem_wait,
	.pass = posix_sem_pass,
	.teardown = posix_sem_teardown,
};
