/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * --mlock under a low RLIMIT_MEMLOCK, as an unprivileged user: the check
 * before the start refuses with what is needed and what is allowed, and
 * a run that goes ahead regardless fails naming the limit.  Needs root
 * to become nobody; skipped (77) otherwise.
 */
#include <grp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#include "check.h"
#include "ipc/ipc.h"
#include "run/run.h"

#define LIMIT_KB 1024

int main(void)
{
	struct rlimit rl = { .rlim_cur = LIMIT_KB * 1024,
			     .rlim_max = LIMIT_KB * 1024 };
	struct run_spec spec = {
		.ops = ipc_find("pipe"),
		.nr = 2,
		.duration_s = 0.05,
		.warmup_s = 0.01,
		.mlock = 1,
	};
	struct run_result *res;
	char err[512] = "";

	if (getenv("CTXBENCH_SANITIZED")) {
		return check_skip("a sanitizer's mlockall() locks nothing");
	}
	if (geteuid() != 0) {
		return check_skip("needs root to become nobody");
	}
	res = calloc(1, sizeof(*res));
	if (!res || !spec.ops || setrlimit(RLIMIT_MEMLOCK, &rl) < 0 ||
	    setgroups(0, NULL) < 0 || setresgid(65534, 65534, 65534) < 0 ||
	    setresuid(65534, 65534, 65534) < 0) {
		perror("test_mlock: set-up");
		return 1;
	}
	/* Before the start: refused, with the figures. */
	CHECK_EQ_INT(run_check_mlock(&spec, err, sizeof(err)), -1);
	CHECK(strstr(err, "--mlock: mlockall: a pipe participant needs ") ==
	      err);
	CHECK(strstr(err, "RLIMIT_MEMLOCK is 1024 KB without CAP_IPC_LOCK") !=
	      NULL);
	/* Run regardless: the participant's failure names the limit. */
	CHECK_EQ_INT(run_init(), 0);
	CHECK_EQ_INT(run_once(&spec, res), 0);
	CHECK_EQ_INT(res->status, RESULT_FAILED);
	CHECK(strstr(res->reason, "mlockall: Cannot allocate memory (") !=
	      NULL);
	CHECK(strstr(res->reason, "RLIMIT_MEMLOCK is 1024 KB") != NULL);
	printf("%s\n%s\n", err, res->reason);
	free(res);
	return check_summary();
}
