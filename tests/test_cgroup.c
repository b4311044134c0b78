/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of a run's cgroups: their names, in the order they are made. */
#include "check.h"
#include "run/cgroup.h"
#include "lib/util.h"

/* Every directory of a run of @leaves leaves, "name:leaf" joined by " ". */
static void names(const struct run_cg *cg, unsigned int leaves, char *buf,
		  size_t size)
{
	char name[RUN_CG_NAME_MAX];
	int leaf;

	buf[0] = '\0';
	for (unsigned int i = 0;
	     (leaf = run_cg_name(cg, leaves, i, name, sizeof(name))) >= 0; i++)
		snprintf(buf + strlen(buf), size - strlen(buf), "%s%s:%d",
			 i ? " " : "", name, leaf);
}

static void test_names(void)
{
	static const struct {
		unsigned int depth;
		int apart;
		unsigned int leaves;
		const char *names;
	} cases[] = {
		/* --cgroup-depth 1: the ring in one, below ctxbench's. */
		{ 1, 0, 1, "ctxbench-42:1" },
		/* -G: perf's A,B, a leaf a side, each one level below. */
		{ 1, 1, 2, "ctxbench-42-p0:1 ctxbench-42-p1:1" },
		/* Levels first, each below the one before; the leaf last. */
		{ 3, 0, 1, "ctxbench-42:0 ctxbench-42/2:0 ctxbench-42/2/3:1" },
		{ 3, 1, 3,
		  "ctxbench-42:0 ctxbench-42/2:0 ctxbench-42/2/3-p0:1 "
		  "ctxbench-42/2/3-p1:1 ctxbench-42/2/3-p2:1" },
	};
	static struct run_cg cg = { .pid = 42 };
	char buf[1024];

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		cg.depth = cases[i].depth;
		cg.apart = cases[i].apart;
		names(&cg, cases[i].leaves, buf, sizeof(buf));
		CHECK_STR(buf, cases[i].names);
		CHECK_EQ_INT(run_cg_count(&cg, cases[i].leaves),
			     cases[i].depth - 1 + cases[i].leaves);
	}
}

/* The deepest a run may ask for, with the most leaves, fits the name. */
static void test_deepest(void)
{
	static struct run_cg cg = { .pid = 4194304,
				    .depth = RUN_CG_MAX_DEPTH,
				    .apart = 1 };
	char name[RUN_CG_NAME_MAX + 1];
	unsigned int last = RUN_CG_MAX_DEPTH - 1 + 1023;

	memset(name, 'x', sizeof(name));
	CHECK_EQ_INT(run_cg_name(&cg, 1024, last, name, RUN_CG_NAME_MAX), 1);
	CHECK(strlen(name) + sizeof("/cgroup.subtree_control") <
	      RUN_CG_NAME_MAX);
	CHECK(strncmp(name, "ctxbench-4194304/2/3/", 21) == 0);
	CHECK(strstr(name, "/64-p1023") != NULL);
	CHECK_EQ_INT(run_cg_name(&cg, 1024, last + 1, name, RUN_CG_NAME_MAX),
		     -1);
}

/* What the Run information says, with the cpu controller on and off. */
static void test_describe(void)
{
	static struct run_cg cg = { .depth = 3, .cpu = 1 };
	char buf[256];

	run_cg_describe(&cg, buf, sizeof(buf));
	CHECK_STR(buf, "3 levels; cpu on");
	cg.depth = 1;
	cg.apart = 1;
	cg.cpu = 0;
	snprintf(cg.cpu_why, sizeof(cg.cpu_why), "why");
	run_cg_describe(&cg, buf, sizeof(buf));
	CHECK_STR(buf, "1 level, apart; cpu off: why");
	run_cg_describe(NULL, buf, sizeof(buf));
	CHECK_STR(buf, "");
}

int main(void)
{
	test_names();
	test_deepest();
	test_describe();
	return check_summary();
}
