/* SPDX-License-Identifier: GPL-2.0-or-later */
/* What the backends built on file descriptors share: the arrays and the I/O. */
#ifndef CTXBENCH_IPC_FD_H
#define CTXBENCH_IPC_FD_H

#include <errno.h>
#include <sys/socket.h>
#include <unistd.h>

/* Mark @n descriptors unused, before any is opened: teardown is then safe. */
static inline void ipc_fds_init(int *fd, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		fd[i] = -1;
}

/* Close the @n descriptors that are open; safe twice. */
static inline void ipc_fds_close(int *fd, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++) {
		if (fd[i] >= 0)
			close(fd[i]);
		fd[i] = -1;
	}
}

/* The calls a token moves by. */
enum ipc_io { IPC_READ, IPC_WRITE, IPC_RECV, IPC_SEND };

/*
 * Move the @len bytes of a token at @buf through @fd with @op, EINTR
 * retried: 0, a negative errno, or -EIO when short.  Inline, so that the
 * switch folds away in the measured loop.
 */
static inline int ipc_io(enum ipc_io op, int fd, void *buf, size_t len)
{
	ssize_t n = -1;

	do {
		switch (op) {
		case IPC_READ:
			n = read(fd, buf, len);
			break;
		case IPC_WRITE:
			n = write(fd, buf, len);
			break;
		case IPC_RECV:
			n = recv(fd, buf, len, 0);
			break;
		case IPC_SEND:
			n = send(fd, buf, len, MSG_NOSIGNAL);
			break;
		}
	} while (n < 0 && errno == EINTR);
	if (n < 0)
		return -errno;
	return (size_t)n == len ? 0 : -EIO;
}

#endif
