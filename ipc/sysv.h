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
 * Make an object under a fresh key: @get(key, @arg) is semget() or msgget()
 * with IPC_CREAT | IPC_EXCL.  The key is stored in *@keyp before the call
 * and the id in *@idp after it, so that an object whose id a killed runner
 * never stored is found by its key.  0, or a negative errno with *@keyp
 * back at IPC_PRIVATE.
 */
static inline int ipc_sysv_create(key_t *keyp, int *idp,
				  int (*get)(key_t key, int arg), int arg)
{
	int id = -1, err = 0;
	key_t key = IPC_PRIVATE;

	for (int i = 0; i < IPC_SYSV_TRIES && id < 0; i++) {
		err = ipc_sysv_key(&key);
		if (err)
			break;
		__atomic_store_n(keyp, key, __ATOMIC_RELEASE);
		id = get(key, arg);
		err = id < 0 ? -errno : 0;
		if (err != -EEXIST)
			break;
	}
	if (err) {
		__atomic_store_n(keyp, IPC_PRIVATE, __ATOMIC_RELEASE);
		return err;
	}
	__atomic_store_n(idp, id, __ATOMIC_RELEASE);
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
