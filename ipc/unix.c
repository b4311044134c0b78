/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UNIX socket: participant i recv()s the one-byte token from state[2i], its
 * end of its own AF_UNIX stream pair; the sender send()s into state[2i+1].
 */
#include <errno.h>
#include <sys/socket.h>

#include "fd.h"
#include "ipc.h"

static size_t unix_size(unsigned int nr)
{
	return 2 * nr * sizeof(int);
}

static void unix_teardown(struct ipc_ring *ring)
{
	ipc_fds_close(ring->state, 2 * ring->nr);
}

static int unix_setup(struct ipc_ring *ring)
{
	int *fd = ring->state;

	ipc_fds_init(fd, 2 * ring->nr);
	for (unsigned int i = 0; i < ring->nr; i++) {
		if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0,
			       &fd[2 * i]) < 0) {
			int err = -errno;

			unix_teardown(ring);
			return err;
		}
	}
	return 0;
}

static int unix_wait(struct ipc_ring *ring, unsigned int self)
{
	const int *fd = ring->state;
	char token;

	return ipc_io(IPC_RECV, fd[2 * self], &token, 1);
}

static int unix_pass(struct ipc_ring *ring, unsigned int self,
		     unsigned int next)
{
	const int *fd = ring->state;
	char token = 0;

	(void)self;
	return ipc_io(IPC_SEND, fd[2 * next + 1], &token, 1);
}

const struct ipc_ops ipc_unix_ops = {
	.name = "unix",
	.title = "UNIX socket",
	.how = "send()/recv() of a byte on an AF_UNIX socketpair",
	.alone =
		"a socketpair joins two ends only: one per participant, nothing to share",
	.fds = 2,
	.size = unix_size,
	.setup = unix_setup,
	.wait = unix_wait,
	.pass = unix_pass,
	.teardown = unix_teardown,
};
