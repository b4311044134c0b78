/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the runner's words for a failure: who failed, and the hints. */
#include <errno.h>
#include <string.h>
#include <sys/resource.h>

#include "check.h"
#include "run/limits.h"
#include "run/ring.h"

/* Two names of participants, both held at once, each still itself. */
static void test_who(void)
{
	struct run_ctl rings = { .nr = 2, .rings = 3 };
	struct run_ctl one = { .nr = 2, .rings = 1 };
	struct run_ctl threads = { .nr = 2, .rings = 3, .threads = 1 };
	struct run_who a = run_who(&rings, 3);
	struct run_who b = run_who(&one, 1);

	CHECK_STR(a.s, "ring 1 participant 1");
	CHECK_STR(b.s, "participant 1");

	a = run_who_child(&threads, 2);
	b = run_who_child(&one, 1);
	CHECK_STR(a.s, "ring 2");
	CHECK_STR(b.s, "child 1");
}

/* Two hints held at once: the first still names its own limit. */
static void test_hints(void)
{
	struct rlimit rl;
	struct run_hint nproc, nofile, mlock, none;

	if (getrlimit(RLIMIT_NPROC, &rl) < 0 ||
	    getrlimit(RLIMIT_NOFILE, &rl) < 0) {
		CHECK(0);
		return;
	}
	nproc = run_limit_hint(-EAGAIN);
	nofile = run_limit_hint(-EMFILE);
	none = run_limit_hint(-EINVAL);
	CHECK(strstr(nproc.s, "RLIMIT_NPROC") != NULL);
	CHECK(strstr(nofile.s, "RLIMIT_NOFILE") != NULL);
	CHECK_STR(none.s, "");

	mlock = run_mlock_hint(4096);
	nproc = run_limit_hint(-EAGAIN);
	CHECK(strstr(mlock.s, "4096 KB mapped; RLIMIT_MEMLOCK") != NULL);
	CHECK(strstr(nproc.s, "RLIMIT_NPROC") != NULL);
}

int main(void)
{
	test_who();
	test_hints();
	return check_summary();
}
