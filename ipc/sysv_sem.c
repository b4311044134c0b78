/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * semaphore: one SysV set with a semaphore per participant; the
 * receiver waits with semop(-1) on its own, the sender posts semop(+1) on
 * the next one's.
 */
#include <errno.h>
#include <stdio.h>
#include <sys/ipc.h>
#include <sys/sem.h>

#include "ipc.h"
#include "lib/fs.h"
#include "sysv.h"

struct sysv_sem_state {
	int id;
	key_t key; /* IPC_PRIVATE: no set made or being made */
};

/* semctl()'s fourth argument, which the caller defines. */
union sysv_sem_arg {
	int val;
	struct semid_ds *buf;
	unsigned short *array;
};

static size_t sysv_sem_size(unsigned int nr)
{
	(void)nr;
	return sizeof(struct sysv_sem_state);
}

/* No set yet: id 0 is somebody else's. */
static void sysv_sem_init(struct ipc_ring *ring)
{
	struct sysv_sem_state *st = ring->state;

	st->id = -1;
	st->key = IPC_PRIVATE;
}

/* Linux zeroes a new set: nobody starts with the token. */
static int sysv_sem_get(key_t key, int nsems)
{
	return semget(key, nsems, IPC_CREAT | IPC_EXCL | 0600);
}

/*
 * The key is stored before semget(): a runner killed as the call returns,
 * the set made and its id not yet stored, leaves the guard the key to find
 * the set by.
 */
static int sysv_sem_setup(struct ipc_ring *ring)
{
	struct sysv_sem_state *st = ring->state;

	return ipc_sysv_create(&st->key, &st->id, sysv_sem_get, (int)ring->nr);
}

static int sysv_sem_op(const struct ipc_ring *ring, unsigned int which,
		       short op)
{
	const struct sysv_sem_state *st = ring->state;
	struct sembuf sb = { .sem_num = (unsigned short)which, .sem_op = op };

	while (semop(st->id, &sb, 1) < 0)
		if (errno != EINTR)
			return -errno;
	return 0;
}

static int sysv_sem_wait(struct ipc_ring *ring, unsigned int self)
{
	return sysv_sem_op(ring, self, -1);
}

static int sysv_sem_pass(struct ipc_ring *ring, unsigned int self,
			 unsigned int next)
{
	(void)self;
	return sysv_sem_op(ring, next, 1);
}

/*
 * The set by its id, or by its key when the id was never stored; removed
 * only while IPC_STAT says it is still ours: a runner killed between
 * IPC_RMID and the marks leaves an id the kernel may have given to
 * somebody else since.
 */
static void sysv_sem_teardown(struct ipc_ring *ring)
{
	struct sysv_sem_state *st = ring->state;
	struct semid_ds ds;
	union sysv_sem_arg arg = { .buf = &ds };
	key_t key = __atomic_load_n(&st->key, __ATOMIC_ACQUIRE);
	int id = __atomic_load_n(&st->id, __ATOMIC_ACQUIRE);

	if (key == IPC_PRIVATE)
		return;
	if (id < 0)
		id = semget(key, 0, 0);
	if (id >= 0 && semctl(id, 0, IPC_STAT, arg) == 0 &&
	    ipc_sysv_ours(&ds.sem_perm, key))
		semctl(id, 0, IPC_RMID);
	__atomic_store_n(&st->id, -1, __ATOMIC_RELEASE);
	__atomic_store_n(&st->key, IPC_PRIVATE, __ATOMIC_RELEASE);
}

/*
 * kernel.sem is SEMMSL (semaphores in a set), SEMMNS (in all), SEMOPM,
 * SEMMNI (sets); the counts of what other users hold are not ours to see.
 */
static int sysv_sem_limit(unsigned int nr, unsigned int sets, char *why,
			  size_t whylen)
{
	const char *sem = "/proc/sys/kernel/sem";
	long semmsl, semmns, semmni;

	if (fs_read_field("", sem, 0, &semmsl) == 0 && (long)nr > semmsl) {
		snprintf(
			why, whylen,
			"sysv-sem: %u participants need %u semaphores in a set, but SEMMSL (kernel.sem) is %ld",
			nr, nr, semmsl);
		return -1;
	}
	/* Of one set, setup says: no set at all skips the mechanism. */
	if (sets > 1 && fs_read_field("", sem, 3, &semmni) == 0 &&
	    (long)sets > semmni) {
		snprintf(
			why, whylen,
			"sysv-sem: %u rings need %u semaphore sets, but SEMMNI (kernel.sem) is %ld",
			sets, sets, semmni);
		return -1;
	}
	if (sets > 1 && fs_read_field("", sem, 1, &semmns) == 0 &&
	    (long long)nr * sets > semmns) {
		snprintf(
			why, whylen,
			"sysv-sem: %u rings of %u need %llu semaphores, but SEMMNS (kernel.sem) is %ld",
			sets, nr, (unsigned long long)nr * sets, semmns);
		return -1;
	}
	return 0;
}

const struct ipc_ops ipc_sysv_sem_ops = {
	.name = "sysv-sem",
	.title = "semaphore",
	.how = "semop() on one SysV semaphore per participant",
	.flags = IPC_SHAREABLE,
	.size = sysv_sem_size,
	.init = sysv_sem_init,
	.setup = sysv_sem_setup,
	.wait = sysv_sem_wait,
	.pass = sysv_sem_pass,
	.teardown = sysv_sem_teardown,
	.limit = sysv_sem_limit,
};
