/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * eventfd: one eventfd per participant, whose read() blocks while the count
 * is 0 and then resets it; the sender write()s 1 into the next one's.
 */
#include <errno.h>
#include <stdint.h>
#include <sys/eventfd.h>

#include "fd.h"
#include "ipc.h"

static size_t eventfd_size(unsigned int nr)
{
	return nr * sizeof(int);
}

static void eventfd_teardown(struct ipc_ring *ring)
{
	ipc_fds_close(ring->state, ring->nr);
}

static int eventfd_setup(struct ipc_ring *ring)
{
	int *fd = ring->state;

	ipc_fds_init(fd, ring->nr);
	for (unsigned int i = 0; i < ring->nr; i++) {
		fd[i] = eventfd(0, EFD_CLOEXEC);
		if (fd[i] < 0) {
			int err = -errno;

			eventfd_teardown(ring);
			return err;
		}
	}
	return 0;
}

static int eventfd_wait(struct ipc_ring *ring, unsigned int self)
{
	const int *fd = ring->state;
	uint64_t v;

	return ipc_io(IPC_READ, fd[self], &v, sizeof(v));
}

static int eventfd_pass(struct ipc_ring *ring, unsigned int self,
			unsigned int next)
{
	const int *fd = ring->state;
	uint64_t v = 1;

	(void)self;
	return ipc_io(IPC_WRITE, fd[next], &v, sizeof(v));
}

const struct ipc_ops ipc_eventfd_ops = {
	.name = "eventfd",
	.title = "eventfd",
	.how = "write()/read() on the receiver's eventfd",
	.fds = 1,
	.size = eventfd_size,
	.setup = eventfd_setup,
	.wait = eventfd_wait,
	.pass = eventfd_pass,
	.teardown = eventfd_teardown,
};
