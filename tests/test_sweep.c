/* SPDX-License-Identifier: GPL-2.0-or-later */
/* Unit tests of the sweep: its order, retries, rows, and one real run. */
#include <signal.h>
#include <stdalign.h>
#include <stdlib.h>

#include "check.h"
#include "lib/util.h"
#include "run/sweep.h"

/* A mechanism that never runs: a stand-in runs its runs. */
static const struct ipc_ops fake_ops = {
	.name = "fake",
	.title = "fake",
	.how = "nothing",
};

static const struct ipc_ops fake_spin_ops = {
	.name = "fake-spin",
	.title = "fake spin",
	.how = "nothing, spinning",
	.flags = IPC_BUSY_WAIT | IPC_SHAREABLE,
	.alone = "never alone",
};

/* What the stand-in runner was asked, call after call. */
struct fake_call {
	unsigned int nr, kb, rings;
	double duration_s;
	unsigned int sample_every;
	int pinned;
};

/* How the stand-in answers call @n (from 0): as listed, else a success. */
struct fake_answer {
	unsigned int n;
	enum result_status status;
	int signo;
};

#define FAKE_MAX_CALLS 256

static struct {
	unsigned int ncalls;
	struct fake_call call[FAKE_MAX_CALLS];
	const struct fake_answer *answer;
	unsigned int nanswers;
	int disturbed; /* every run */
	unsigned int hooks_run, hooks_failed, hooks_hop, dropped;
	const struct sweep_cell *failed_cell;
} fake;

static void fake_reset(const struct fake_answer *answer, unsigned int n,
		       int disturbed)
{
	memset(&fake, 0, sizeof(fake));
	fake.answer = answer;
	fake.nanswers = n;
	fake.disturbed = disturbed;
}

static int fake_run_once(const struct run_spec *spec, struct run_result *res)
{
	unsigned int n = fake.ncalls++;
	struct fake_call *c = &fake.call[n < FAKE_MAX_CALLS ? n : 0];

	*c = (struct fake_call){
		.nr = spec->nr,
		.kb = spec->ws_kb,
		.rings = run_rings(spec),
		.duration_s = spec->duration_s,
		.sample_every = spec->sample_every,
		.pinned = spec->cpu != NULL,
	};
	memset(res, 0, sizeof(*res));
	res->status = RESULT_OK;
	res->loops = 1000 + n;
	res->elapsed_s = 0.5;
	res->migrations = 1;
	CPU_SET(n % 2, &res->cpus);
	hist_add(&res->rtt, 100 + n);
	res->dist.disturbed = fake.disturbed;
	for (unsigned int i = 0; i < fake.nanswers; i++) {
		if (fake.answer[i].n != n)
			continue;
		res->status = fake.answer[i].status;
		res->signo = fake.answer[i].signo;
		snprintf(res->reason, sizeof(res->reason), "answer of call %u",
			 n);
	}
	return 0;
}

static void fake_on_hop(void *arg, const struct ipc_ops *ops, unsigned int kb)
{
	(void)arg;
	(void)ops;
	(void)kb;
	fake.hooks_hop++;
}

static void fake_on_run(void *arg, const struct sweep_spec *s,
			const struct sweep_cell *c, unsigned int i)
{
	(void)arg;
	(void)s;
	(void)c;
	(void)i;
	fake.hooks_run++;
}

static void fake_on_failed(void *arg, const struct sweep_cell *c,
			   const struct run_result *res)
{
	(void)arg;
	(void)res;
	fake.hooks_failed++;
	fake.failed_cell = c;
}

static void fake_on_drop(void *arg, unsigned int n)
{
	(void)arg;
	fake.dropped += n;
}

static const struct sweep_hooks fake_hooks = {
	.hop = fake_on_hop,
	.run = fake_on_run,
	.failed = fake_on_failed,
	.drop = fake_on_drop,
	.run_once = fake_run_once,
};

/* Four CPUs, each a core of its own. */
static void fake_topo(struct place_topo *t)
{
	memset(t, 0, sizeof(*t));
	for (int i = 0; i < CPU_SETSIZE; i++)
		t->core[i] = i < 4 ? i : -1;
	for (int i = 0; i < 4; i++)
		CPU_SET(i, &t->allowed);
}

static const unsigned int one[] = { 1 };
static const unsigned int procs23[] = { 2, 3 };
static const unsigned int sizes016[] = { 0, 16 };
static const struct run_class other;
static const struct ipc_ops *const fake_list[] = { &fake_ops };

static struct place place_any = { .kind = PLACE_ANY, .name = "any" };

/*
 * Four cells of one mechanism: -p 2,3 by -s 0,16, unpinned; cell k is
 * (procs k / 2, size k % 2).
 */
static struct sweep_spec four_cells(enum result_order order, unsigned int runs)
{
	struct sweep_spec s = {
		.duration_s = 0.1,
		.runs = runs,
		.sample_every = 64,
		.order = order,
		.nops = 1,
		.nplaces = 1,
		.nclasses = 1,
		.nprocs = 2,
		.nsizes = 2,
		.nrings = 1,
		.ops = fake_list,
		.place = &place_any,
		.cls = &other,
		.procs = procs23,
		.size_kb = sizes016,
		.rings = one,
	};

	return s;
}

/* The cell of call @n of the stand-in, as four_cells() numbers them. */
static unsigned int cell_of(unsigned int n)
{
	return (fake.call[n].nr - 2) * 2 + fake.call[n].kb / 16;
}

/* Whatever the order, the rows are the report's, each with its runs. */
static void check_rows(const struct results *res, unsigned int runs)
{
	CHECK_EQ_INT(res->nrows, 4);
	for (unsigned int k = 0; k < res->nrows && k < 4; k++) {
		const struct result_row *row = &res->row[k];

		CHECK_STR(row->mech, "fake");
		CHECK_EQ_INT(row->procs, procs23[k / 2]);
		CHECK_EQ_INT(row->ws_kb, sizes016[k % 2]);
		CHECK_EQ_INT(row->status, RESULT_OK);
		CHECK_EQ_INT(row->nsamples, runs);
	}
}

static void test_order_sequential(void)
{
	struct sweep_spec s = four_cells(RESULT_ORDER_SEQUENTIAL, 3);
	struct place_topo topo;
	struct results res = { 0 };

	fake_topo(&topo);
	fake_reset(NULL, 0, 0);
	CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
	CHECK_EQ_INT(fake.ncalls, 12);
	/* Each row's runs back to back. */
	for (unsigned int n = 0; n < fake.ncalls && n < 12; n++)
		CHECK_EQ_INT(cell_of(n), n / 3);
	CHECK_EQ_INT(fake.hooks_run, 12);
	check_rows(&res, 3);
	results_free(&res);
}

static void test_order_interleave(void)
{
	struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 3);
	struct place_topo topo;
	struct results res = { 0 };

	fake_topo(&topo);
	fake_reset(NULL, 0, 0);
	CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
	CHECK_EQ_INT(fake.ncalls, 12);
	/* One run of each row per round, in the rows' order. */
	for (unsigned int n = 0; n < fake.ncalls && n < 12; n++)
		CHECK_EQ_INT(cell_of(n), n % 4);
	check_rows(&res, 3);
	/* A row's samples are its own runs, in the order they ran. */
	for (unsigned int k = 0; k < res.nrows; k++)
		for (unsigned int i = 0; i < res.row[k].nsamples; i++)
			CHECK_EQ_INT(res.row[k].sample[i].loops,
				     1000 + i * 4 + k);
	results_free(&res);
}

/* The cells of @runs rounds of shuffle from @seed, call after call. */
static unsigned int shuffled(uint64_t seed, unsigned int runs,
			     unsigned int *cells)
{
	struct sweep_spec s = four_cells(RESULT_ORDER_SHUFFLE, runs);
	struct place_topo topo;
	struct results res = { 0 };

	s.seed = seed;
	fake_topo(&topo);
	fake_reset(NULL, 0, 0);
	CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
	check_rows(&res, runs);
	results_free(&res);
	for (unsigned int n = 0; n < fake.ncalls && n < FAKE_MAX_CALLS; n++)
		cells[n] = cell_of(n);
	return fake.ncalls;
}

static void test_order_shuffle(void)
{
	unsigned int a[FAKE_MAX_CALLS], b[FAKE_MAX_CALLS];
	unsigned int na = shuffled(42, 8, a), nb = shuffled(42, 8, b);
	unsigned int moved = 0;

	CHECK_EQ_INT(na, 32);
	CHECK_EQ_INT(nb, na);
	/* A seed replays its order. */
	CHECK(!memcmp(a, b, sizeof(a[0]) * (na < nb ? na : nb)));
	/* Each round runs every row once, not always in the rows' order. */
	for (unsigned int round = 0; round < 8 && na == 32; round++) {
		unsigned int seen = 0;

		for (unsigned int k = 0; k < 4; k++) {
			seen |= 1u << a[round * 4 + k];
			moved += a[round * 4 + k] != k;
		}
		CHECK_EQ_INT(seen, 0xf);
	}
	CHECK(moved > 0);
	/* Another seed, another order. */
	nb = shuffled(43, 8, b);
	CHECK_EQ_INT(nb, 32);
	CHECK(memcmp(a, b, sizeof(a[0]) * 32) != 0);
}

static void test_round_order(void)
{
	unsigned int perm[16];
	uint64_t state = 7, again = 7;

	sweep_round_order(RESULT_ORDER_INTERLEAVE, perm, 16, &state);
	for (unsigned int i = 0; i < 16; i++)
		CHECK_EQ_INT(perm[i], i);
	CHECK_EQ_INT(state, 7);
	sweep_round_order(RESULT_ORDER_SHUFFLE, perm, 1, &state);
	CHECK_EQ_INT(perm[0], 0);
	sweep_round_order(RESULT_ORDER_SHUFFLE, perm, 0, &again);
	state = 7;
	sweep_round_order(RESULT_ORDER_SHUFFLE, perm, 16, &state);
	CHECK(state != 7);
	{
		unsigned int seen = 0;

		for (unsigned int i = 0; i < 16; i++)
			seen |= 1u << perm[i];
		CHECK_EQ_INT(seen, 0xffff);
	}
}

static void test_odometer(void)
{
	const unsigned int dim[3] = { 2, 1, 3 };
	unsigned int at[3] = { 0 }, n = 0, last = 0;

	do {
		unsigned int v = at[0] * 3 + at[2];

		CHECK_EQ_INT(at[1], 0);
		/* The last index varies fastest: the count goes up. */
		CHECK(n == 0 || v == last + 1);
		last = v;
		n++;
	} while (sweep_odometer(at, dim, 3) && n < 100);
	CHECK_EQ_INT(n, 6);
	CHECK(!at[0] && !at[1] && !at[2]);
}

/* Disturbed runs are run again, up to retry_disturbed times each. */
static void test_retries(void)
{
	static const struct {
		unsigned int retry;
		int disturbed; /* of the stand-in */
		unsigned int calls, discarded, disturbed_samples;
	} cases[] = {
		{ 0, 0, 3, 0, 0 }, { 2, 0, 3, 0, 0 },	{ 0, 1, 3, 0, 3 },
		{ 2, 1, 9, 6, 3 }, { 5, 1, 18, 15, 3 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 3);
		struct place_topo topo;
		struct results res = { 0 };
		unsigned int dist = 0;

		s.nprocs = s.nsizes = 1;
		s.retry_disturbed = cases[i].retry;
		fake_topo(&topo);
		fake_reset(NULL, 0, cases[i].disturbed);
		CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
		CHECK_EQ_INT(fake.ncalls, cases[i].calls);
		CHECK_EQ_INT(res.nrows, 1);
		CHECK_EQ_INT(res.row[0].nsamples, 3);
		CHECK_EQ_INT(res.row[0].discarded, cases[i].discarded);
		for (unsigned int k = 0; k < res.row[0].nsamples; k++)
			dist += (unsigned int)res.row[0].sample[k].disturbed;
		CHECK_EQ_INT(dist, cases[i].disturbed_samples);
		/* Retries are not runs of the plan. */
		CHECK_EQ_INT(fake.hooks_run, 3);
		results_free(&res);
	}
}

/* A run that fails ends its row; the others go on. */
static void test_failed_row(void)
{
	static const struct {
		enum result_status status;
		int exit_status;
	} cases[] = {
		{ RESULT_FAILED, 1 },
		{ RESULT_HUNG, 1 },
		{ RESULT_SKIPPED, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		/* Call 5: the second run of cell 1, in rounds of 4. */
		const struct fake_answer answer = { 5, cases[i].status, 0 };
		struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 3);
		struct place_topo topo;
		struct results res = { 0 };

		fake_topo(&topo);
		fake_reset(&answer, 1, 0);
		CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res),
			     cases[i].exit_status);
		CHECK_EQ_INT(fake.ncalls, 11);
		CHECK_EQ_INT(fake.hooks_failed, 1);
		CHECK(fake.failed_cell != NULL);
		/* Its third run will not happen. */
		CHECK_EQ_INT(fake.dropped, 1);
		CHECK_EQ_INT(res.nrows, 4);
		for (unsigned int k = 0; k < res.nrows; k++) {
			const struct result_row *row = &res.row[k];

			CHECK_EQ_INT(row->status,
				     k == 1 ? cases[i].status : RESULT_OK);
			CHECK_EQ_INT(row->nsamples, k == 1 ? 1 : 3);
		}
		CHECK_STR(res.row[1].reason, "answer of call 5");
		CHECK_EQ_INT(res.signo, 0);
		results_free(&res);
	}
}

/* A signal ends the sweep; rows it kept from starting are left out. */
static void test_interrupted(void)
{
	/* Call 2: the first run of cell 1, sequentially. */
	const struct fake_answer answer = { 2, RESULT_INTERRUPTED, SIGINT };
	struct sweep_spec s = four_cells(RESULT_ORDER_SEQUENTIAL, 2);
	struct place_topo topo;
	struct results res = { 0 };

	fake_topo(&topo);
	fake_reset(&answer, 1, 0);
	CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
	CHECK_EQ_INT(fake.ncalls, 3);
	CHECK_EQ_INT(res.signo, SIGINT);
	CHECK_EQ_INT(res.nrows, 2);
	CHECK_EQ_INT(res.row[0].nsamples, 2);
	CHECK_EQ_INT(res.row[0].status, RESULT_OK);
	CHECK_EQ_INT(res.row[1].status, RESULT_INTERRUPTED);
	CHECK_EQ_INT(res.row[1].ws_kb, 16);
	results_free(&res);
}

static void test_drop_unstarted(void)
{
	static const struct {
		int signo;
		enum result_status status[4];
		unsigned int nsamples[4];
		unsigned int kept; /* the rows left, a bit each */
	} cases[] = {
		/* Without a signal every row stays, even one without runs. */
		{ 0, { 0, 0, 0, 0 }, { 1, 0, 2, 0 }, 0xf },
		{ SIGTERM, { 0, 0, 0, 0 }, { 1, 0, 2, 0 }, 0x5 },
		/* A row skipped or failed before any run says why. */
		{ SIGTERM,
		  { RESULT_SKIPPED, 0, RESULT_FAILED, 0 },
		  { 0, 0, 0, 3 },
		  0xd },
		{ SIGHUP, { 0, 0, 0, 0 }, { 0, 0, 0, 0 }, 0 },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct results res = { .signo = cases[i].signo, .nrows = 4 };
		unsigned int w = 0;

		res.row = calloc(4, sizeof(*res.row));
		if (!res.row)
			abort();
		for (unsigned int k = 0; k < 4; k++) {
			res.row[k].status = cases[i].status[k];
			res.row[k].nsamples = cases[i].nsamples[k];
			res.row[k].ws_kb = k;
			res.row[k].sample =
				calloc(1, sizeof(struct result_sample));
		}
		sweep_drop_unstarted(&res);
		CHECK_EQ_INT(res.nrows, __builtin_popcount(cases[i].kept));
		/* The rows kept, in their order. */
		for (unsigned int k = 0; k < 4; k++)
			if (cases[i].kept & 1u << k && w < res.nrows)
				CHECK_EQ_INT(res.row[w++].ws_kb, k);
		results_free(&res);
	}
}

/*
 * The members of struct result_sample, in their order: they must tile
 * it, so that a member added to it must be added here, and then to the
 * checks of sweep_row_add() below.
 */
#define SAMPLE_MEMBER(m, rings)                                              \
	{                                                                    \
#m, offsetof(struct result_sample, m),                       \
			sizeof(((struct result_sample *)0)->m),              \
			alignof(__typeof__(((struct result_sample *)0)->m)), \
			rings                                                \
	}

static const struct {
	const char *name;
	size_t offset, size, align;
	int rings; /* kept only in rows of several rings */
} sample_members[] = {
	SAMPLE_MEMBER(loops, 0),	 SAMPLE_MEMBER(elapsed_s, 0),
	SAMPLE_MEMBER(setup_s, 0),	 SAMPLE_MEMBER(teardown_s, 0),
	SAMPLE_MEMBER(disturbed, 0),	 SAMPLE_MEMBER(steal_share, 0),
	SAMPLE_MEMBER(irq_share, 0),	 SAMPLE_MEMBER(other_share, 0),
	SAMPLE_MEMBER(freq_change, 0),	 SAMPLE_MEMBER(why, 0),
	SAMPLE_MEMBER(procs_running, 0), SAMPLE_MEMBER(throttle, 0),
	SAMPLE_MEMBER(ring_min, 1),	 SAMPLE_MEMBER(ring_max, 1),
	SAMPLE_MEMBER(rtt_p50_ns, 0),	 SAMPLE_MEMBER(rtt_iqm_ns, 0),
};

static size_t round_up(size_t v, size_t align)
{
	return (v + align - 1) / align * align;
}

static void test_sample_members(void)
{
	size_t end = 0;

	for (size_t i = 0; i < ARRAY_SIZE(sample_members); i++) {
		CHECK_THAT(sample_members[i].offset ==
				   round_up(end, sample_members[i].align),
			   "a member of struct result_sample before %s is "
			   "missing from sample_members[]",
			   sample_members[i].name);
		end = sample_members[i].offset + sample_members[i].size;
	}
	CHECK_THAT(round_up(end, alignof(struct result_sample)) ==
			   sizeof(struct result_sample),
		   "%s", "struct result_sample has members after rtt_iqm_ns");
}

static int all_zero(const void *p, size_t n)
{
	const unsigned char *b = p;

	for (size_t i = 0; i < n; i++)
		if (b[i])
			return 0;
	return 1;
}

/* A sample keeps every member of its run; the row adds up the rest. */
static void test_row_add(void)
{
	for (unsigned int rings = 1; rings <= 2; rings++) {
		struct result_sample samples[2] = { 0 };
		struct result_row row = { .rings = rings, .sample = samples };
		struct run_result res;
		cpu_set_t seen;

		/* Every byte of the run set, none zero. */
		memset(&res, 0x5a, sizeof(res));
		snprintf(res.dist.why, sizeof(res.dist.why), "steal 3%%");
		memset(&res.rtt, 0, sizeof(res.rtt));
		hist_add(&res.rtt, 1000);
		res.migrations = 2;
		res.life_loops = 7;
		/* Sums of two runs' figures: small, so that they add up. */
		res.loop_cpu = (struct run_usage){
			.user_s = 0.5, .sys_s = 0.25, .nvcsw = 3, .nivcsw = 1
		};
		CPU_ZERO(&res.cpus);
		CPU_SET(3, &res.cpus);
		CPU_ZERO(&seen);
		CPU_SET(1, &seen);
		sweep_row_add(&row, &res, &seen);
		CPU_ZERO(&res.cpus);
		CPU_SET(2, &res.cpus);
		res.loop_cpu.user_s = 0.25;
		sweep_row_add(&row, &res, &seen);

		CHECK_EQ_INT(row.nsamples, 2);
		for (size_t i = 0; i < ARRAY_SIZE(sample_members); i++) {
			const char *m = (const char *)&samples[1] +
					sample_members[i].offset;
			int kept = !sample_members[i].rings || rings > 1;

			CHECK_THAT(all_zero(m, sample_members[i].size) == !kept,
				   "rings %u: %s %s", rings,
				   sample_members[i].name,
				   kept ? "not kept" : "kept");
		}
		CHECK_EQ_INT(samples[1].loops, res.loops);
		CHECK(!memcmp(&samples[1].elapsed_s, &res.elapsed_s,
			      sizeof(res.elapsed_s)));
		CHECK_STR(samples[1].why, "steal 3%");
		CHECK_EQ_INT(samples[1].procs_running[1], res.procs_running[1]);
		CHECK_EQ_INT(row.rtt.count, 2);
		CHECK_EQ_INT(row.migrations, 4);
		CHECK_EQ_INT(CPU_COUNT(&seen), 3);
		CHECK(CPU_ISSET(2, &seen) && CPU_ISSET(3, &seen));
		CHECK_EQ_INT(row.cpu.loops, 2 * res.life_loops);
		CHECK_EQ_INT(row.cpu.nvcsw, 2 * res.loop_cpu.nvcsw);
		/* Migrations unknown once are unknown for the row. */
		res.migrations = -1;
		row.nsamples = 0;
		sweep_row_add(&row, &res, &seen);
		res.migrations = 5;
		sweep_row_add(&row, &res, &seen);
		CHECK_EQ_INT(row.migrations, -1);
	}
}

/* A row the machine cannot offer is skipped before any run. */
static void test_skipped(void)
{
	static const struct {
		const struct ipc_ops *ops;
		int shared;
		const char *place;
		const char *reason; /* the start of it; NULL: not skipped */
	} cases[] = {
		{ &fake_ops, 0, "any", NULL },
		{ &fake_ops, 1, "any", "fake: one object per participant" },
		{ &fake_spin_ops, 1, "any", NULL },
		{ &fake_ops, 0, "cpus:7", "" },
		{ &fake_ops, 0, "smt", "" },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 2);
		const struct ipc_ops *ops[] = { cases[i].ops };
		struct place place;
		struct place_topo topo;
		struct results res = { 0 };
		char err[256];

		CHECK_EQ_INT(place_parse(cases[i].place, &place, 1, err,
					 sizeof(err)),
			     1);
		s.ops = ops;
		s.place = &place;
		s.nprocs = s.nsizes = 1;
		s.shared = cases[i].shared;
		fake_topo(&topo);
		fake_reset(NULL, 0, 0);
		CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
		CHECK_EQ_INT(res.nrows, 1);
		if (!cases[i].reason) {
			CHECK_EQ_INT(res.row[0].status, RESULT_OK);
			CHECK_EQ_INT(fake.ncalls, 2);
			CHECK_EQ_INT(fake.dropped, 0);
		} else {
			CHECK_EQ_INT(res.row[0].status, RESULT_SKIPPED);
			CHECK(!strncmp(res.row[0].reason, cases[i].reason,
				       strlen(cases[i].reason)));
			CHECK(res.row[0].reason[0] != '\0');
			CHECK_EQ_INT(fake.ncalls, 0);
			CHECK_EQ_INT(fake.dropped, 2);
		}
		results_free(&res);
	}
}

/* Flags a row earns from where its runs went. */
static void test_flags(void)
{
	static const struct {
		const struct ipc_ops *ops;
		const char *place;
		unsigned int nr;
		unsigned int flags;
	} cases[] = {
		{ &fake_ops, "same", 2, 0 },
		{ &fake_spin_ops, "same", 2, RESULT_DEGENERATE },
		{ &fake_spin_ops, "cross", 2, 0 },
		{ &fake_spin_ops, "any", 4, RESULT_MIGRATED },
		{ &fake_spin_ops, "any", 5,
		  RESULT_MIGRATED | RESULT_DEGENERATE },
		{ &fake_ops, "any", 2, RESULT_MIGRATED },
	};

	for (size_t i = 0; i < ARRAY_SIZE(cases); i++) {
		struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 2);
		const struct ipc_ops *ops[] = { cases[i].ops };
		const unsigned int nr[] = { cases[i].nr };
		struct place place;
		struct place_topo topo;
		struct results res = { 0 };
		char err[256];

		CHECK_EQ_INT(place_parse(cases[i].place, &place, 1, err,
					 sizeof(err)),
			     1);
		s.ops = ops;
		s.place = &place;
		s.procs = nr;
		s.nprocs = s.nsizes = 1;
		fake_topo(&topo);
		fake_reset(NULL, 0, 0);
		CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
		CHECK_EQ_INT(res.nrows, 1);
		CHECK_EQ_INT(res.row[0].flags, cases[i].flags);
		CHECK_EQ_INT(fake.call[0].pinned,
			     strcmp(cases[i].place, "any") != 0);
		/* The stand-in ran on CPUs 0 and 1. */
		CHECK_STR(res.row[0].cpus, "0-1");
		results_free(&res);
	}
}

/* With rings, each mechanism's hop work comes first, in rings of one. */
static void test_hop_work(void)
{
	static const struct ipc_ops *const two[] = { &fake_ops,
						     &fake_spin_ops };
	struct sweep_spec s = four_cells(RESULT_ORDER_INTERLEAVE, 1);
	struct place_topo topo;
	struct results res = { 0 };

	s.hop_work = 1;
	s.nops = 2;
	s.ops = two;
	s.nprocs = 1;
	s.duration_s = 2;
	fake_topo(&topo);
	fake_reset(NULL, 0, 0);
	CHECK_EQ_INT(sweep_run(&s, &topo, &fake_hooks, &res), 0);
	CHECK_EQ_INT(fake.hooks_hop, 4);
	/* Every hop work (-s 0,16 of each mechanism), then the four rows. */
	CHECK_EQ_INT(fake.ncalls, 8);
	for (unsigned int n = 0; n < 4; n++) {
		CHECK_EQ_INT(fake.call[n].nr, 1);
		CHECK_EQ_INT(fake.call[n].kb, sizes016[n % 2]);
		CHECK_NEAR(fake.call[n].duration_s, sweep_hop_work_s(&s), 0);
		CHECK_EQ_INT(fake.call[n].sample_every, 0);
	}
	CHECK_NEAR(sweep_hop_work_s(&s), 0.5, 0);
	CHECK_EQ_INT(fake.call[4].nr, 2);
	CHECK_NEAR(fake.call[4].duration_s, 2, 0);
	CHECK_EQ_INT(fake.call[4].sample_every, 64);
	CHECK_EQ_INT(res.nrows, 4);
	/* Each row's from its own mechanism's and working set's call. */
	for (unsigned int k = 0; k < res.nrows && k < 4; k++)
		CHECK_NEAR(res.row[k].hop_work_ns, 0.5e9 / (1000 + k), 1e-6);
	results_free(&res);
}

/* The sweep with the real runner: a short ping-pong over a pipe. */
static void test_real_run(void)
{
	const struct ipc_ops *pipe_ops = ipc_find("pipe");
	const struct ipc_ops *ops[] = { pipe_ops };
	const unsigned int two_procs[] = { 2 }, no_ws[] = { 0 };
	struct sweep_spec s = {
		.duration_s = 0.02,
		.runs = 2,
		.sample_every = RUN_SAMPLE_EVERY,
		.order = RESULT_ORDER_INTERLEAVE,
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
	struct place_topo topo;
	struct results res = { 0 };

	CHECK(pipe_ops != NULL);
	if (!pipe_ops || place_topo_read("", NULL, &topo) < 0 ||
	    run_init() < 0) {
		CHECK(!"a machine to run on");
		return;
	}
	CHECK_EQ_INT(sweep_run(&s, &topo, NULL, &res), 0);
	CHECK_EQ_INT(res.signo, 0);
	CHECK_EQ_INT(res.nrows, 1);
	if (res.nrows == 1) {
		CHECK_STR(res.row[0].mech, "pipe");
		CHECK_EQ_INT(res.row[0].status, RESULT_OK);
		CHECK_EQ_INT(res.row[0].nsamples, 2);
		for (unsigned int i = 0; i < res.row[0].nsamples; i++)
			CHECK(res.row[0].sample[i].loops > 0);
		CHECK(res.row[0].cpus[0] != '\0');
	}
	results_free(&res);
}

int main(void)
{
	test_order_sequential();
	test_order_interleave();
	test_order_shuffle();
	test_round_order();
	test_odometer();
	test_retries();
	test_failed_row();
	test_interrupted();
	test_drop_unstarted();
	test_sample_members();
	test_row_add();
	test_skipped();
	test_flags();
	test_hop_work();
	test_real_run();
	return check_summary();
}
