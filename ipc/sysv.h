/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the SysV backends share: a key drawn for each object, and the test
 * that an id is still ours.
 */
#ifndef CTXBENCH_IPC_SYSV_H
#define CTXBENCH_IPC_SYSV_H

#include <errno.h>
#include <sys/ipc.h>
#include <sys/random.h>
#include <unistd.h>

/* Keys drawn for one object before it gives up: another's key is EEXIST. */
#define IPC_SYSV_TRIES 16

/*
 * A key for a new object in @key: random (never ftok(), whose keys two
 * runs share) and never IPC_PRIVATE, so that the object can be found by
 * it when its id was never stored.  0, or a negative errno.
 */
static inline int ipc_sysv_key(key_t *key)
{
	unsigned int k = 0;

	while (k == (unsigned int)IPC_PRIVATE)
		if (getrandom(&k, sizeof(k), 0) != sizeof(k) && errno != EINTR)
			return -errno;
	*key = (key_t)k;
	return 0;
}

/*
 * Whether the object that IPC_STAT described in @perm is the one created
 * with @key: an id may have been given to somebody else since ours was
 * removed, and a key found may be another user's.
 */
static inline int ipc_sysv_ours(const struct ipc_perm *perm, key_t key)
{
	return perm->__key == key && perm->cuid == geteuid();
}

#endif
