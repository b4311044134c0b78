/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * What the process limits say of a run's failures, for the runner's
 * messages (limits.c; its checks before a run are in run.h).
 */
#ifndef CTXBENCH_RUN_LIMITS_H
#define CTXBENCH_RUN_LIMITS_H

/* A hint for a message, by value: run_limit_hint(err).s. */
struct run_hint {
	char s[160];
};

/*
 * What RLIMIT_MEMLOCK says of a participant that could not lock its
 * @vm_kb (-1 unknown) of memory: " (9000 KB mapped; RLIMIT_MEMLOCK is
 * 8192 KB without CAP_IPC_LOCK)".
 */
struct run_hint run_mlock_hint(long long vm_kb);

/*
 * What the limits say of @err, a failure to get a task or a descriptor,
 * where the count before the run could not tell: " (RLIMIT_NPROC is 10:
 * the user's other tasks count too)".  Empty for other errors.
 */
struct run_hint run_limit_hint(int err);

#endif
