/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * TCP loopback: one 127.0.0.1 connection per participant; the receiver
 * recv()s the one-byte token from the accepted end of its own connection,
 * the sender send()s it into the connecting end.
 */
#include <errno.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>

#include "fd.h"
#include "ipc.h"

/* The listener while setup runs; per participant: accepted end, client end. */
struct tcp_state {
	int listener;
	int fd[][2];
};

static size_t tcp_size(unsigned int nr)
{
	return sizeof(struct tcp_state) + nr * sizeof(int[2]);
}

static void tcp_teardown(struct ipc_ring *ring)
{
	struct tcp_state *st = ring->state;

	ipc_fds_close(&st->listener, 1);
	ipc_fds_close(*st->fd, 2 * ring->nr);
}

/* Connect @fd[1] to the listener at @addr and accept it as @fd[0]. */
static int tcp_connect(int fd[2], int listener, const struct sockaddr_in *addr)
{
	struct sockaddr_in me, peer;
	socklen_t len = sizeof(me);
	int one = 1;

	fd[1] = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (fd[1] < 0 ||
	    connect(fd[1], (const struct sockaddr *)addr, sizeof(*addr)) < 0 ||
	    getsockname(fd[1], (struct sockaddr *)&me, &len) < 0)
		return -errno;
	/* Anybody on the machine may connect too: take only our own. */
	do {
		ipc_fds_close(&fd[0], 1);
		len = sizeof(peer);
		fd[0] = accept4(listener, (struct sockaddr *)&peer, &len,
				SOCK_CLOEXEC);
		if (fd[0] < 0 && errno != EINTR)
			return -errno;
	} while (fd[0] < 0 || peer.sin_port != me.sin_port ||
		 peer.sin_addr.s_addr != me.sin_addr.s_addr);
	for (int e = 0; e < 2; e++)
		if (setsockopt(fd[e], IPPROTO_TCP, TCP_NODELAY, &one,
			       sizeof(one)) < 0)
			return -errno;
	return 0;
}

static int tcp_setup(struct ipc_ring *ring)
{
	struct tcp_state *st = ring->state;
	struct sockaddr_in addr = { .sin_family = AF_INET,
				    .sin_addr.s_addr = htonl(INADDR_LOOPBACK) };
	socklen_t len = sizeof(addr);
	int err = 0;

	ipc_fds_init(*st->fd, 2 * ring->nr);
	st->listener = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (st->listener < 0 ||
	    bind(st->listener, (struct sockaddr *)&addr, sizeof(addr)) < 0 ||
	    listen(st->listener, (int)ring->nr) < 0 ||
	    getsockname(st->listener, (struct sockaddr *)&addr, &len) < 0)
		err = -errno;
	for (unsigned int i = 0; i < ring->nr && !err; i++)
		err = tcp_connect(st->fd[i], st->listener, &addr);
	ipc_fds_close(&st->listener, 1);
	if (err)
		tcp_teardown(ring);
	return err;
}

static int tcp_wait(struct ipc_ring *ring, unsigned int self)
{
	struct tcp_state *st = ring->state;
	char token;

	return ipc_io(IPC_RECV, st->fd[self][0], &token, 1);
}

static int tcp_pass(struct ipc_ring *ring, unsigned int self, unsigned int next)
{
	struct tcp_state *st = ring->state;
	char token = 0;

	(void)self;
	return ipc_io(IPC_SEND, st->fd[next][1], &token, 1);
}

/*
 * A minimal userspace (an initramfs, a new network namespace) may leave
 * the loopback down: then 127.0.0.1 is unreachable.
 */
static const char *tcp_hint(int err)
{
	if (err == -ENETUNREACH || err == -ENETDOWN || err == -EADDRNOTAVAIL)
		return "(bring lo up)";
	if (err == -EAFNOSUPPORT)
		return "(a kernel without IPv4)";
	return NULL;
}

const struct ipc_ops ipc_tcp_ops = {
	.name = "tcp",
	.title = "TCP loopback",
	.how = "send()/recv() of a byte over 127.0.0.1 TCP",
	.fds = 2,
	.size = tcp_size,
	.setup = tcp_setup,
	.wait = tcp_wait,
	.pass = tcp_pass,
	.teardown = tcp_teardown,
	.hint = tcp_hint,
};
