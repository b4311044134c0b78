/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * futex: every participant owns a word in shared memory and sleeps in
 * FUTEX_WAIT while it is 0; the sender stores 1 into the next
 * participant's word and wakes it with FUTEX_WAKE.
 */
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipc.h"

/* One participant's word, alone on its cache lines. */
struct futex_slot {
	_Alignas(IPC_LINE) uint32_t word;
};

static size_t futex_size(unsigned int nr)
{
	return nr * sizeof(struct futex_slot);
}

static uint32_t *futex_word(struct ipc_ring *ring, unsigned int who)
{
	return &((struct futex_slot *)ring->state)[who].word;
}

static int futex_wait(struct ipc_ring *ring, unsigned int self)
{
	uint32_t *w = futex_word(ring, self);

	/* Shared, not PRIVATE: the participants may be processes. */
	while (__atomic_load_n(w, __ATOMIC_ACQUIRE) == 0)
		if (syscall(SYS_futex, w, FUTEX_WAIT, 0, NULL, NULL, 0) < 0 &&
		    errno != EAGAIN && errno != EINTR)
			return -errno;
	__atomic_exchange_n(w, 0, __ATOMIC_ACQUIRE);
	return 0;
}

static int futex_pass(struct ipc_ring *ring, unsigned int self,
		      unsigned int next)
{
	uint32_t *w = futex_word(ring, next);

	(void)self;
	__atomic_store_n(w, 1, __ATOMIC_RELEASE);
	if (syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0) < 0)
		return -errno;
	return 0;
}

const struct ipc_ops ipc_futex_ops = {
	.name = "futex",
	.title = "futex",
	.how = "FUTEX_WAKE/FUTEX_WAIT on a word per participant",
	.flags = IPC_SHAREABLE,
	.size = futex_size,
	.wait = futex_wait,
	.pass = futex_pass,
};
