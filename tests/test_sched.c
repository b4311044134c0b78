/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the scheduling classes' decisions: which class has a
 * slice, and whether a slice took, on this kernel and on older ones.
 */
#include <errno.h>
#include <sched.h>

#include "check.h"
#include "run/sched.h"
#include "lib/util.h"

/* Only the fair class has a slice: other and batch, given or not. */
static void test_fair(void)
{
	static const struct {
		int policy, fair;
	} cases[] = {
		{ SCHED_OTHER, 1 }, { SCHED_BATCH, 1 }, { SCHED_IDLE, 0 },
		{ SCHED_FIFO, 0 },  { SCHED_RR, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct run_class c = { .given = 1, .policy = cases[i].policy };

		CHECK_EQ_INT(run_class_fair(&c), cases[i].fair);
	}
}

/*
 * What a kernel does with a fair task's sched_runtime: 6.12 and later
 * take it (sched_getattr says it back), earlier ones leave it (0, or a
 * refusal), and the reason says which kernel that is.
 */
static void test_judge(void)
{
	static const struct {
		int err;
		unsigned long long got;
		const char *release;
		int rc;
		const char *why; /* a glob of the reason */
	} cases[] = {
		{ 0, 3000000, "6.18.44", 0, "" },
		{ 0, 3000000, "6.12.0-rc1", 0, "" },
		/* A kernel before 6.12 took the call and left the slice. */
		{ 0, 0, "6.6.30-amd64", -1,
		  "--slice: the kernel took no slice: sched_getattr says sched_runtime 0 ns, not 3000000 (a fair task's slice needs Linux 6.12 or later; this is 6.6.30-amd64)" },
		{ 0, 0, "5.15.0", -1,
		  "*needs Linux 6.12 or later; this is 5.15.0)" },
		/* Refused: said as it is, with the kernel where it is older. */
		{ -EINVAL, 0, "6.1.0-13-amd64", -1,
		  "--slice: sched_setattr: Invalid argument (a fair task's slice needs Linux 6.12 or later; this is 6.1.0-13-amd64)" },
		{ -EINVAL, 0, "6.18.44", -1,
		  "--slice: sched_setattr: Invalid argument" },
		{ -ENOSYS, 0, "3.13.0", -1,
		  "--slice: sched_setattr: Function not implemented (*this is 3.13.0)" },
		/* Clamped or changed: no hint on a kernel that has slices. */
		{ 0, 100000, "6.13.2", -1,
		  "--slice: the kernel took no slice: sched_getattr says sched_runtime 100000 ns, not 3000000" },
		/* A release that says nothing: no hint either. */
		{ -EINVAL, 0, "", -1,
		  "--slice: sched_setattr: Invalid argument" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		char why[256] = "";

		CHECK_EQ_INT(run_slice_judge(cases[i].err, 3000000,
					     cases[i].got, cases[i].release,
					     why, sizeof(why)),
			     cases[i].rc);
		if (cases[i].rc)
			CHECK_THAT(fnmatch(cases[i].why, why, 0) == 0,
				   "\"%s\" is not \"%s\"", why, cases[i].why);
	}
}

/*
 * This thread asks for a slice and reads it back, as a participant does:
 * the judge takes it exactly where the kernel took it (Linux 6.12 on, in
 * the fair class); asking for 0 gives the kernel's own slice back.
 */
static void test_set(void)
{
	unsigned long long got = 1;
	char why[256];
	int rc = run_slice_set(2000000, &got), took = rc == 0 && got == 2000000;

	CHECK_EQ_INT(run_slice_judge(rc < 0 ? rc : 0, 2000000, got, "", why,
				     sizeof(why)) == 0,
		     took);
	if (!took)
		return;
	CHECK_EQ_INT(run_slice_set(0, &got), 0);
	CHECK(got != 2000000);
}

int main(void)
{
	test_fair();
	test_judge();
	test_set();
	return check_summary();
}
