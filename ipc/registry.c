/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The table of every backend, in the order the report prints them. */
#include <string.h>

#include "ipc.h"

#define IPC_ENTRY(name) &ipc_##name##_ops,

/* Expanded from ipc/backends.h, the one list of backends. */
const struct ipc_ops *const ipc_backends[] = { IPC_BACKENDS(IPC_ENTRY) NULL };

int ipc_index(const char *name)
{
	for (int i = 0; ipc_backends[i]; i++)
		if (strcmp(ipc_backends[i]->name, name) == 0)
			return i;
	return -1;
}

const struct ipc_ops *ipc_find(const char *name)
{
	int i = ipc_index(name);

	return i < 0 ? NULL : ipc_backends[i];
}

unsigned int ipc_count(void)
{
	unsigned int n = 0;

	while (ipc_backends[n])
		n++;
	return n;
}
