/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * null: no hand-off at all; wait and pass return at once and every
 * participant just counts.  It measures the runner's own cost per loop
 * (the count, the stop word, the sampling countdown), so that the share
 * of a real round trip that is ctxbench and not the mechanism is known.
 */
#include "ipc.h"

static int null_wait(struct ipc_ring *ring, unsigned int self)
{
	(void)ring;
	(void)self;
	return 0;
}

static int null_pass(struct ipc_ring *ring, unsigned int self,
		     unsigned int next)
{
	(void)ring;
	(void)self;
	(void)next;
	return 0;
}

const struct ipc_ops ipc_null_ops = {
	.name = "null",
	.title = "null (runner)",
	.how = "nothing: ctxbench's own cost per loop",
	.flags = IPC_NO_HANDOFF | IPC_NOT_IN_ALL,
	.wait = null_wait,
	.pass = null_pass,
};
