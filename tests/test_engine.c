/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the engine: a sweep built in C, without a command line,
 * checked, its facts read and run into results, its hooks told in order.
 */
#include <sched.h>
#include <string.h>

#include "check.h"
#include "facts/cores.h"
#include "lib/cpulist.h"
#include "run/engine.h"

static const unsigned int one[] = { 1 }, two_procs[] = { 2 }, no_ws[] = { 0 };
static const struct run_class other;
static struct place place_any = { .kind = PLACE_ANY, .name = "any" };

/* One short run of @ops, as -b MECH -t 0.05 -r 1 -P any would plan it. */
static struct sweep_spec one_run(const struct ipc_ops *const *ops)
{
	return (struct sweep_spec){
		.duration_s = 0.05,
		.runs = 1,
		.sample_every = RUN_SAMPLE_EVERY,
		.order = RESULT_ORDER_SHUFFLE,
		.nops = 1,
		.nplaces = 1,
		.nclasses = 1,
		.nprocs = 1,
		.nsizes = 1,
		.nrings = 1,
		.ops = ops,
		.place = &place_any,
		.cls = &other,
		.procs = two_procs,
		.size_kb = no_ws,
		.rings = one,
	};
}

/* What the hooks were told, in order: "c" check, "i" info, "(" ")". */
struct told {
	char seq[8];
	int refuse; /* the check says no */
	const struct sweep_spec *started;
	unsigned int runs; /* the sweep's run hook */
};

static void told_add(struct told *t, char c)
{
	size_t n = strlen(t->seq);

	if (n + 1 < sizeof(t->seq))
		t->seq[n] = c;
}

static int hook_check(void *arg)
{
	struct told *t = arg;

	told_add(t, 'c');
	return t->refuse ? -1 : 0;
}

static void hook_info(void *arg, struct results *res)
{
	told_add(arg, 'i');
	snprintf(res->info.label, sizeof(res->info.label), "engine");
	res->info.seed = 12345;
}

static void hook_start(void *arg, const struct sweep_spec *s)
{
	struct told *t = arg;

	told_add(t, '(');
	t->started = s;
}

static void hook_stop(void *arg)
{
	told_add(arg, ')');
}

static void hook_run(void *arg, const struct sweep_spec *s,
		     const struct sweep_cell *c, unsigned int i)
{
	struct told *t = arg;

	(void)s;
	(void)c;
	(void)i;
	t->runs++;
}

/* No hooks: the sweep runs, and the machine's facts are read. */
static void test_bare(void)
{
	const struct ipc_ops *ops[] = { ipc_find("null") };
	struct sweep_spec s = one_run(ops);
	struct results res = { 0 };

	CHECK(ops[0] != NULL);
	if (!ops[0])
		return;
	CHECK_EQ_INT(engine_run(&s, 0, NULL, &res), 0);
	CHECK_EQ_INT(res.signo, 0);
	CHECK_EQ_INT(res.nrows, 1);
	if (res.nrows == 1) {
		CHECK_STR(res.row[0].mech, "null");
		CHECK_EQ_INT(res.row[0].status, RESULT_OK);
		CHECK_EQ_INT(res.row[0].nsamples, 1);
		if (res.row[0].nsamples == 1)
			CHECK(res.row[0].sample[0].loops > 0);
	}
	/* The Run information: what the machine is, where and when. */
	CHECK(res.info.kernel[0] != '\0');
	CHECK(res.info.ncpu > 0);
	CHECK(res.info.cpus_allowed[0] != '\0');
	CHECK(res.info.date[0] != '\0');
	CHECK(res.info.start_s > 0);
	CHECK(res.info.end_s >= res.info.start_s);
	results_free(&res);
}

/* Hooks that tell @t what they were told. */
static struct engine_hooks told_hooks(struct told *t)
{
	return (struct engine_hooks){
		.arg = t,
		.check = hook_check,
		.info = hook_info,
		.start = hook_start,
		.stop = hook_stop,
		.sweep = { .arg = t, .run = hook_run },
	};
}

/* The hooks, each once and in order; the caller's seed is the sweep's. */
static void test_hooks(void)
{
	const struct ipc_ops *ops[] = { ipc_find("pipe") };
	struct sweep_spec s = one_run(ops);
	struct results res = { 0 };
	struct told t = { .refuse = 0 };
	const struct engine_hooks h = told_hooks(&t);

	CHECK(ops[0] != NULL);
	if (!ops[0])
		return;
	CHECK_EQ_INT(engine_run(&s, 0, &h, &res), 0);
	CHECK_STR(t.seq, "ci()");
	CHECK(t.started == &s);
	CHECK_EQ_INT(t.runs, 1);
	CHECK_STR(res.info.label, "engine");
	CHECK_EQ_INT(s.seed, 12345);
	CHECK_EQ_INT(res.nrows, 1);
	if (res.nrows == 1 && res.row[0].nsamples == 1) {
		CHECK_EQ_INT(res.row[0].status, RESULT_OK);
		CHECK(res.row[0].sample[0].loops > 0);
		CHECK(res.row[0].cpus[0] != '\0');
	}
	results_free(&res);
}

/* The caller's check refuses: bad input, nothing read or run. */
static void test_refused(void)
{
	const struct ipc_ops *ops[] = { ipc_find("null") };
	struct sweep_spec s = one_run(ops);
	struct results res = { 0 };
	struct told t = { .refuse = 1 };
	const struct engine_hooks h = told_hooks(&t);

	CHECK_EQ_INT(engine_run(&s, 0, &h, &res), -2);
	CHECK_STR(t.seq, "c");
	CHECK_EQ_INT(res.nrows, 0);
	CHECK(res.info.kernel[0] == '\0');
	results_free(&res);
}

/* How many of the CPUs @of (a fixture's core type) are allowed here. */
static int allowed_of(const char *of)
{
	cpu_set_t set, allowed;

	CPU_ZERO(&allowed);
	if (cpulist_parse(of, &set) < 0 ||
	    sched_getaffinity(0, sizeof(allowed), &allowed) < 0)
		return 0;
	CPU_AND(&set, &set, &allowed);
	return CPU_COUNT(&set);
}

/*
 * A row of @type placed on the hybrid fixture (P-cores 0-11, E-cores
 * 12-19), run on the CPUs allowed here: when it @runs, on two CPUs of
 * the types @types alone, else skipped saying @why.
 */
static void check_type_row(const struct results *res,
			   const struct result_row *row, const char *types,
			   int runs, const char *why)
{
	unsigned int big, little;
	char ran[64];

	if (!runs) {
		CHECK_EQ_INT(row->status, RESULT_SKIPPED);
		CHECK_THAT(strstr(row->reason, why) != NULL, "%s: %s",
			   row->placement, row->reason);
		return;
	}
	CHECK_EQ_INT(row->status, RESULT_OK);
	CHECK_EQ_INT(cores_of(&res->info, row->cpus, &big, &little, ran,
			      sizeof(ran)),
		     1);
	CHECK_THAT(strcmp(ran, types) == 0, "%s ran on %s (%s), not %s",
		   row->placement, row->cpus, ran, types);
	CHECK_EQ_INT(big + little, 2); /* two participants, each pinned */
}

/*
 * Placements by core type, on the facts of a hybrid laptop's tree: the
 * same reading fills CoreTypes and chooses the CPUs.  A machine of one
 * type refuses them before reading anything else.
 */
static void test_core_types(void)
{
	const struct ipc_ops *ops[] = { ipc_find("pipe") };
	struct place place[3];
	struct sweep_spec s = one_run(ops);
	struct results res = { 0 };
	char err[128];
	int np = allowed_of("0-11"), ne = allowed_of("12-19");

	CHECK(ops[0] != NULL);
	CHECK_EQ_INT(place_parse("big,little,big-little", place, 3, err,
				 sizeof(err)),
		     3);
	if (!ops[0])
		return;
	s.place = place;
	s.nplaces = 3;
	s.root = TEST_DIR "/fixtures/sys-hybrid";
	CHECK_EQ_INT(engine_run(&s, 0, NULL, &res), 0);
	CHECK_STR(res.info.core_types, "P-cores 0-11, E-cores 12-19");
	CHECK_EQ_INT(res.nrows, 3);
	if (res.nrows == 3) {
		CHECK_STR(res.row[0].placement, "big");
		check_type_row(&res, &res.row[0], "P-core", np >= 2,
			       "big CPUs (P-core: 0-11)");
		CHECK_STR(res.row[1].placement, "little");
		check_type_row(&res, &res.row[1], "E-core", ne >= 2,
			       "little CPUs (E-core: 12-19)");
		CHECK_STR(res.row[2].placement, "big-little");
		check_type_row(&res, &res.row[2], "P-core+E-core",
			       np >= 1 && ne >= 1, "CPU (");
	}
	results_free(&res);

	memset(&res, 0, sizeof(res));
	s.root = TEST_DIR "/fixtures/sys-x86";
	CHECK_EQ_INT(engine_run(&s, 0, NULL, &res), -2);
	CHECK_EQ_INT(res.nrows, 0);
	CHECK(res.info.kernel[0] == '\0');
	results_free(&res);
}

int main(void)
{
	test_bare();
	test_hooks();
	test_refused();
	test_core_types();
	return check_summary();
}
