/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The process limits a run needs, checked (and raised) before it starts. */
#include <stdio.h>
#include <sys/resource.h>
#include <unistd.h>

#include "run.h"

/* Raise the soft limit @res to @need if needed and allowed; 0 if enough. */
static int run_limit(int res, rlim_t need, rlim_t *have)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) < 0)
		return 0; /* nothing to go by: let the run say */
	*have = rl.rlim_cur;
	if (rl.rlim_cur == RLIM_INFINITY || rl.rlim_cur >= need)
		return 0;
	if (rl.rlim_max != RLIM_INFINITY && rl.rlim_max < need)
		return -1;
	rl.rlim_cur = need;
	return setrlimit(res, &rl) < 0 ? -1 : 0;
}

int run_check_limits(const struct run_spec *spec, char *err, size_t errlen)
{
	/*
	 * Descriptors: stdio, the signalfd, the go and ready pipes, the
	 * mechanism's, a /proc file each participant reads at its start and
	 * end (all at once when they are threads) and a spare.
	 */
	rlim_t fds = 3 + 5 + 2 +
		     (rlim_t)spec->nr * (spec->ops->fds + !!spec->threads);
	rlim_t procs = (spec->threads ? 1 : spec->nr) + 2, have = 0;

	if (run_limit(RLIMIT_NOFILE, fds, &have) < 0) {
		snprintf(
			err, errlen,
			"%s needs %llu file descriptors for %u participants, but RLIMIT_NOFILE is %llu (see ulimit -n)",
			spec->ops->name, (unsigned long long)fds, spec->nr,
			(unsigned long long)have);
		return -1;
	}
	if (spec->ops->limit && spec->ops->limit(spec->nr, err, errlen) < 0)
		return -1;
	/* The superuser is not held to RLIMIT_NPROC. */
	if (geteuid() != 0 && run_limit(RLIMIT_NPROC, procs, &have) < 0) {
		snprintf(
			err, errlen,
			"%u participants need %llu processes, but RLIMIT_NPROC is %llu (see ulimit -u)",
			spec->nr, (unsigned long long)procs,
			(unsigned long long)have);
		return -1;
	}
	return 0;
}
