/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * spinlock: the token is a turn word in shared memory that the waiter
 * polls without ever giving up the CPU; the sender stores the next
 * participant's number.  With every participant on one CPU the token only
 * moves when the spinner's time slice ends, and that is the result.
 */
#include "spin.h"

static inline void spinlock_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#elif defined(__aarch64__)
	__asm__ __volatile__("yield" ::: "memory");
#endif
}

static int spinlock_wait(struct ipc_ring *ring, unsigned int self)
{
	while (spin_turn(ring) != self)
		spinlock_relax();
	return 0;
}

const struct ipc_ops ipc_spinlock_ops = {
	.name = "spinlock",
	.title = "spinlock",
	.how = "poll a shared word, never giving up the CPU",
	.flags = IPC_BUSY_WAIT,
	.size = spin_size,
	.wait = spinlock_wait,
	.pass = spin_pass,
};
