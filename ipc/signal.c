/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * SIGUSR1: the sender signals the next participant's task with tgkill();
 * the receiver keeps SIGUSR1 blocked and takes it with sigwaitinfo(), so
 * no handler runs.  A ring holds one token, so signals never merge.
 */
#include <errno.h>
#include <signal.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "ipc.h"

static int signal_attach(struct ipc_ring *ring, unsigned int self)
{
	sigset_t set;

	(void)ring;
	(void)self;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	return -pthread_sigmask(SIG_BLOCK, &set, NULL);
}

static int signal_wait(struct ipc_ring *ring, unsigned int self)
{
	sigset_t set;

	(void)ring;
	(void)self;
	sigemptyset(&set);
	sigaddset(&set, SIGUSR1);
	while (sigwaitinfo(&set, NULL) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static int signal_pass(struct ipc_ring *ring, unsigned int self,
		       unsigned int next)
{
	const struct ipc_peer *p = &ring->peer[next];

	(void)self;
	if (syscall(SYS_tgkill, p->pid, p->tid, SIGUSR1) < 0)
		return -errno;
	return 0;
}

const struct ipc_ops ipc_signal_ops = {
	.name = "signal",
	.title = "SIGUSR1",
	.how = "tgkill(SIGUSR1); the peer takes it by sigwaitinfo",
	.alone = "a signal goes to a task: no object to share",
	.attach = signal_attach,
	.wait = signal_wait,
	.pass = signal_pass,
};
