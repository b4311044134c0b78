/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * Unit tests of the engine: a sweep built in C, without a command line,
 * checked, its facts read and run into results, its hooks told in order.
 */
#include <string.h>

#include "check.h"
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

int main(void)
{
	test_bare();
	test_hooks();
	test_refused();
	return check_summary();
}
