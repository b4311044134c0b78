/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * UNIX socket: participant i recv()s the one-byte token from state[2i], its
 * end of its own AF_UNIX stream pair; the sender send()s into state[2i+1].
 */
#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

#include "ipc.h"

static size_t unix_size(unsigned int nr)
{
	return 2 * nr * sizeof(int);
}

static void unix_teardown(struct ipc_ring *ring)
{
	int *fd = ring->state;

	for (unsigned int i = 0; i < 2 * ring->nr; i++) {
		if (fd[i] >= 0)
			close(fd[i]);
		fd[i] = -1;
	}
}

static int unix_setup(struct ipc_ring *ring)
{
	int *fd = ring->state;

	for (unsigned int i = 0; i < 2 * ring->nr; i++)
		fd[i] = -1;
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
	char token;
	ssize_t n;

	while ((n = recv(((int *)ring->state)[2 * self], &token, 1, 0)) < 0)
		if (errno != EINTR)
			return -errno;
	return n == 1 ? 0 : -EIO;
}

static int unix_pass(struct ipc_ring *ring, unsigned int self,
		     unsigned int next)
{
	const int *fd = ring->state;
	char token = 0;
	ssize_t n;

	(void)self;
	while ((n = send(fd[2 * next + 1], &token, 1, MSG_NOSIGNAL)) < 0)
		if (errno != EINTR)
			return -errno;
	return n == 1 ? 0 : -EIO;
}

const struct ipc_ops ipc_unix_ops = {
	.name = "unix",
	.title = "UNIX socket",
	.how = "send()/recv() of a byte on an AF_UNIX socketpair",
	.fds = 2,
	.size = unix_size,
	.setup = unix_setup,
	.wait = unix_wait,
	.pass = unix_pass,
	.teardown = unix_teardown,
};
