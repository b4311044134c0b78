/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * spin+yield: the token is a turn word in shared memory; a participant
 * whose turn it is not calls sched_yield() and looks again, the sender
 * stores the next participant's number.
 */
#include <sched.h>

#include "spin.h"

static int spin_yield_wait(struct ipc_ring *ring, unsigned int self)
{
	while (spin_turn(ring) != self)
		sched_yield();
	return 0;
}

const struct ipc_ops ipc_spin_yield_ops = {
	.name = "spin-yield",
	.title = "spin+yield",
	.how = "poll a shared word, sched_yield() until it is ours",
	.size = spin_size,
	.wait = spin_yield_wait,
	.pass = spin_pass,
	.flags = IPC_YIELD_WAIT,
};
