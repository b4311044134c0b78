/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * pipe: every participant reads the one-byte token from its own pipe; the
 * sender writes it into the next participant's pipe.
 */
#include <errno.h>
#include <fcntl.h>

#include "fd.h"
#include "ipc.h"

/* The state is one pipe per participant: read end, write end. */
static int (*pipe_fds(struct ipc_ring *ring))[2]
{
	return ring->state;
}

static size_t pipe_size(unsigned int nr)
{
	return nr * sizeof(int[2]);
}

static void pipe_teardown(struct ipc_ring *ring)
{
	ipc_fds_close(*pipe_fds(ring), 2 * ring->nr);
}

static int pipe_setup(struct ipc_ring *ring)
{
	int(*fd)[2] = pipe_fds(ring);

	ipc_fds_init(*fd, 2 * ring->nr);
	for (unsigned int i = 0; i < ring->nr; i++) {
		if (pipe2(fd[i], O_CLOEXEC) < 0) {
			int err = -errno;

			pipe_teardown(ring);
			return err;
		}
	}
	return 0;
}

static int pipe_wait(struct ipc_ring *ring, unsigned int self)
{
	char token;

	return ipc_io(IPC_READ, pipe_fds(ring)[self][0], &token, 1);
}

static int pipe_pass(struct ipc_ring *ring, unsigned int self,
		     unsigned int next)
{
	char token = 0;

	(void)self;
	return ipc_io(IPC_WRITE, pipe_fds(ring)[next][1], &token, 1);
}

const struct ipc_ops ipc_pipe_ops = {
	.name = "pipe",
	.title = "pipe",
	.how = "write()/read() of a byte on the receiver's pipe",
	.fds = 2,
	.size = pipe_size,
	.setup = pipe_setup,
	.wait = pipe_wait,
	.pass = pipe_pass,
	.teardown = pipe_teardown,
};
