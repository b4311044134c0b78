/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * futex-waitv: every participant sleeps in futex_waitv() on a vector of
 * words of its own (--waitv of them), the token's word last; the sender
 * stores 1 into the next participant's token word and wakes it with
 * FUTEX_WAKE.  The other words never change: they are what the kernel
 * queues and unqueues beside the token's at every wait.
 */
#include <errno.h>
#include <linux/futex.h>
#include <stdint.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "ipc.h"

#ifndef SYS_futex_waitv
#define SYS_futex_waitv 449 /* the same number on every architecture */
#endif

/* One participant's vector and its words, alone on their cache lines. */
struct futex_waitv_slot {
	_Alignas(IPC_LINE) struct futex_waitv vec[IPC_WAITV_MAX];
	_Alignas(IPC_LINE) uint32_t word[IPC_WAITV_MAX];
	unsigned int n; /* the vector's length; 0 before setup */
};

static size_t futex_waitv_size(unsigned int nr)
{
	return nr * sizeof(struct futex_waitv_slot);
}

static struct futex_waitv_slot *futex_waitv_slot(struct ipc_ring *ring,
						 unsigned int who)
{
	return &((struct futex_waitv_slot *)ring->state)[who];
}

/*
 * No object: the words are the run's shared mapping, at the same address
 * in every participant.  The kernel is asked first, with a vector of none
 * (EINVAL where futex_waitv() exists): ENOSYS before Linux 5.16, ENOSYS or
 * EPERM from a seccomp filter, and the mechanism is skipped.
 */
static int futex_waitv_setup(struct ipc_ring *ring)
{
	unsigned int n = ring->waitv ? ring->waitv : IPC_WAITV_DEFAULT;

	if (syscall(SYS_futex_waitv, NULL, 0, 0, NULL, CLOCK_MONOTONIC) < 0 &&
	    errno != EINVAL)
		return -errno;
	if (n > IPC_WAITV_MAX)
		return -EINVAL;
	for (unsigned int i = 0; i < ring->nr; i++) {
		struct futex_waitv_slot *s = futex_waitv_slot(ring, i);

		/* Shared, not FUTEX_PRIVATE_FLAG: they may be processes. */
		for (unsigned int k = 0; k < n; k++)
			s->vec[k] = (struct futex_waitv){
				.uaddr = (uintptr_t)&s->word[k],
				.flags = FUTEX_32,
			};
		s->n = n;
	}
	return 0;
}

/* Nothing to remove: the vectors are only marked unset again. */
static void futex_waitv_teardown(struct ipc_ring *ring)
{
	for (unsigned int i = 0; i < ring->nr; i++)
		futex_waitv_slot(ring, i)->n = 0;
}

static int futex_waitv_wait(struct ipc_ring *ring, unsigned int self)
{
	struct futex_waitv_slot *s = futex_waitv_slot(ring, self);
	uint32_t *w = &s->word[s->n - 1];

	while (__atomic_load_n(w, __ATOMIC_ACQUIRE) == 0)
		if (syscall(SYS_futex_waitv, s->vec, s->n, 0, NULL,
			    CLOCK_MONOTONIC) < 0 &&
		    errno != EAGAIN && errno != EINTR)
			return -errno;
	__atomic_exchange_n(w, 0, __ATOMIC_ACQUIRE);
	return 0;
}

static int futex_waitv_pass(struct ipc_ring *ring, unsigned int self,
			    unsigned int next)
{
	struct futex_waitv_slot *s = futex_waitv_slot(ring, next);
	uint32_t *w = &s->word[s->n - 1];

	(void)self;
	__atomic_store_n(w, 1, __ATOMIC_RELEASE);
	if (syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0) < 0)
		return -errno;
	return 0;
}

const struct ipc_ops ipc_futex_waitv_ops = {
	.name = "futex-waitv",
	.title = "futex_waitv",
	.how = "FUTEX_WAKE/futex_waitv on --waitv words each",
	.flags = IPC_SHAREABLE | IPC_WAITV,
	.size = futex_waitv_size,
	.setup = futex_waitv_setup,
	.wait = futex_waitv_wait,
	.pass = futex_waitv_pass,
	.teardown = futex_waitv_teardown,
};
