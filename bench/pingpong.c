/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The smallest honest ping-pong: two processes pass a token LOOPS times
 * through a pipe pair, a SysV semaphore pair or a futex pair, with one
 * clock read before and one after, nothing else in the loop.  ctxbench's
 * figures are compared with this one's by bench/handwritten.sh.
 * usage: pingpong pipe|sysv-sem|futex LOOPS [CPU0 CPU1]
 * prints: loops/sec
 */
#include <linux/futex.h>
#include <sched.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ipc.h>
#include <sys/mman.h>
#include <sys/sem.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static int p[2][2], semid;
static uint32_t *word; /* two futex words, a cache line pair apart */

static void pin(const char *cpu)
{
	cpu_set_t set;

	if (!cpu)
		return;
	CPU_ZERO(&set);
	CPU_SET(atoi(cpu), &set);
	sched_setaffinity(0, sizeof(set), &set);
}

static void fwait(uint32_t *w)
{
	while (!__atomic_load_n(w, __ATOMIC_ACQUIRE))
		syscall(SYS_futex, w, FUTEX_WAIT, 0, NULL, NULL, 0);
	__atomic_store_n(w, 0, __ATOMIC_RELAXED);
}

static void fwake(uint32_t *w)
{
	__atomic_store_n(w, 1, __ATOMIC_RELEASE);
	syscall(SYS_futex, w, FUTEX_WAKE, 1, NULL, NULL, 0);
}

static void semop1(int num, int op)
{
	struct sembuf sb = { .sem_num = (unsigned short)num,
			     .sem_op = (short)op };

	semop(semid, &sb, 1);
}

/* One side: @me 0 sends first; @me 1 answers. */
static void side(const char *mech, int me, long loops)
{
	char c = 0;

	for (long i = 0; i < loops; i++) {
		if (!strcmp(mech, "pipe")) {
			if (me == 0) {
				write(p[0][1], &c, 1);
				read(p[1][0], &c, 1);
			} else {
				read(p[0][0], &c, 1);
				write(p[1][1], &c, 1);
			}
		} else if (!strcmp(mech, "sysv-sem")) {
			if (me == 0) {
				semop1(1, 1);
				semop1(0, -1);
			} else {
				semop1(1, -1);
				semop1(0, 1);
			}
		} else {
			if (me == 0) {
				fwake(&word[32]);
				fwait(&word[0]);
			} else {
				fwait(&word[32]);
				fwake(&word[0]);
			}
		}
	}
}

int main(int argc, char **argv)
{
	struct timespec a, b;
	long loops;
	pid_t pid;

	if (argc != 3 && argc != 5) {
		fprintf(stderr,
			"usage: %s pipe|sysv-sem|futex LOOPS [CPU0 CPU1]\n",
			argv[0]);
		return 2;
	}
	loops = atol(argv[2]);
	if (pipe(p[0]) || pipe(p[1]))
		return 1;
	semid = semget(IPC_PRIVATE, 2, IPC_CREAT | 0600);
	word = mmap(NULL, 4096, PROT_READ | PROT_WRITE,
		    MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (semid < 0 || word == MAP_FAILED)
		return 1;
	pid = fork();
	if (pid == 0) {
		pin(argc == 5 ? argv[4] : NULL);
		side(argv[1], 1, loops);
		_exit(0);
	}
	pin(argc == 5 ? argv[3] : NULL);
	clock_gettime(CLOCK_MONOTONIC, &a);
	side(argv[1], 0, loops);
	clock_gettime(CLOCK_MONOTONIC, &b);
	waitpid(pid, NULL, 0);
	semctl(semid, 0, IPC_RMID);
	printf("%.0f\n",
	       (double)loops / ((double)(b.tv_sec - a.tv_sec) +
				(double)(b.tv_nsec - a.tv_nsec) * 1e-9));
	return 0;
}
