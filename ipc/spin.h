/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The shared turn word of the two spinning mechanisms. */
#ifndef CTXBENCH_SPIN_H
#define CTXBENCH_SPIN_H

#include "ipc.h"

/* The participant whose turn it is; alone on its cache lines. */
struct spin_state {
	_Alignas(IPC_LINE) unsigned int turn;
};

static inline size_t spin_size(unsigned int nr)
{
	(void)nr;
	return sizeof(struct spin_state);
}

static inline unsigned int spin_turn(const struct ipc_ring *ring)
{
	const struct spin_state *st = ring->state;

	return __atomic_load_n(&st->turn, __ATOMIC_ACQUIRE);
}

static inline int spin_pass(struct ipc_ring *ring, unsigned int self,
			    unsigned int next)
{
	struct spin_state *st = ring->state;

	(void)self;
	__atomic_store_n(&st->turn, next, __ATOMIC_RELEASE);
	return 0;
}

#endif
