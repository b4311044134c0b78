/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of every backend, in the order the report prints them. */
#include <string.h>

#include "ipc.h"

/* One line each: tests/CMakeLists.txt makes a test per line. */
/* clang-format off */
const struct ipc_ops *const ipc_backends[] = {
	&ipc_signal_ops,
	&ipc_sysv_msg_ops,
	&ipc_pipe_ops,
	&ipc_sysv_sem_ops,
	&ipc_spin_yield_ops,
	&ipc_spinlock_ops,
	&ipc_futex_ops,
	&ipc_eventfd_ops,
	&ipc_unix_ops,
	&ipc_posix_mq_ops,
	&ipc_posix_sem_ops,
	&ipc_tcp_ops,
	&ipc_null_ops,
	NULL,
};
/* clang-format on */

const struct ipc_ops *ipc_find(const char *name)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		if (strcmp((*o)->name, name) == 0)
			return *o;
	return NULL;
}

unsigned int ipc_count(void)
{
	unsigned int n = 0;

	while (ipc_backends[n])
		n++;
	return n;
}
