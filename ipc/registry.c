/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of every backend, in the order the report prints them. */
#include <string.h>

#include "ipc.h"

#define IPC_ENTRY(name) &ipc_##name##_ops,

/* Expanded from ipc/backends.h, the one list of backends. */
const struct ipc_ops *const ipc_backends[] = { IPC_BACKENDS(IPC_ENTRY) NULL };

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
