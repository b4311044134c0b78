/* SPDX-License-Identifier: GPL-2.0-or-later */
/* The sweep: the cells of a plan, their order, retries and rows. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <time.h>
#include <unistd.h>

#include "lib/cpulist.h"
#include "lib/util.h"
#include "profile.h"
#include "sweep.h"

/* A sweep going on: its spec, its cells and what they share. */
struct sweep {
	const struct sweep_spec *s;
	const struct place_topo *topo;
	const struct sweep_hooks *h;
	struct results *res;
	struct sweep_cell *cells;
	unsigned int ncells;
	unsigned int *perm; /* a round's order of the cells */
	int *cpu; /* [RUN_MAX_NR]: the CPUs of the cell being resolved */
	struct run_result *run; /* the run going on: 16 KB, not on the stack */
};

unsigned long long sweep_nrows(const struct sweep_spec *s)
{
	return (unsigned long long)s->nops * s->nplaces * s->nclasses *
	       s->nprocs * s->nsizes * s->nrings;
}

double sweep_warmup_s(double duration_s)
{
	double w = duration_s / 50;

	return w < 0.01 ? 0.01 : w > 0.25 ? 0.25 : w;
}

double sweep_hop_work_s(const struct sweep_spec *s)
{
	return s->duration_s < 0.5 ? s->duration_s : 0.5;
}

struct run_spec sweep_run_spec(const struct sweep_spec *s,
			       const struct ipc_ops *ops, unsigned int nr,
			       unsigned int kb)
{
	struct run_spec spec = {
		.ops = ops,
		.nr = nr,
		.ws_kb = kb,
		.threads = s->threads,
		.duration_s = s->duration_s,
		.warmup_s = sweep_warmup_s(s->duration_s),
		.sample_every = s->sample_every,
		.mlock = s->mlock,
		.waitv = s->waitv,
		.cg = s->cg,
		.slice_us = s->slice_us,
	};

	return spec;
}

int sweep_cpus_shared(const struct place_topo *t, const int *cpu,
		      unsigned int nr)
{
	cpu_set_t used;

	if (cpu[0] < 0)
		return (unsigned int)CPU_COUNT(&t->allowed) < nr;
	CPU_ZERO(&used);
	for (unsigned int i = 0; i < nr; i++)
		CPU_SET(cpu[i], &used);
	return (unsigned int)CPU_COUNT(&used) < nr;
}

/*
 * Busy-waiters sharing a CPU only move the token when a time slice ends:
 * do the @nr participants of @ops share one?  1 or 0.
 */
static int sweep_degenerate(const struct ipc_ops *ops,
			    const struct place_topo *t, const int *cpu,
			    unsigned int nr)
{
	return ops->flags & IPC_BUSY_WAIT && sweep_cpus_shared(t, cpu, nr);
}

int sweep_unshareable(const struct ipc_ops *ops, int shared, char *why,
		      size_t size)
{
	if (!shared || ops->flags & IPC_SHAREABLE)
		return 0;
	if (why)
		snprintf(
			why, size, "%s: %s", ops->name,
			ops->alone ?
				ops->alone :
				"one object per participant, nothing to share");
	return 1;
}

int sweep_odometer(unsigned int *at, const unsigned int *dim, unsigned int n)
{
	while (n-- > 0) {
		if (++at[n] < dim[n])
			return 1;
		at[n] = 0;
	}
	return 0;
}

uint32_t sweep_random_seed(void)
{
	uint32_t seed;

	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == sizeof(seed))
		return seed;
	return (uint32_t)time(NULL) ^ (uint32_t)getpid() << 16;
}

/* splitmix64: a small, well-mixed generator for shuffle's order. */
static uint64_t sweep_next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/* Fisher-Yates, drawn from @state. */
void sweep_round_order(enum result_order order, unsigned int *perm,
		       unsigned int n, uint64_t *state)
{
	for (unsigned int i = 0; i < n; i++)
		perm[i] = i;
	if (order != RESULT_ORDER_SHUFFLE)
		return;
	for (unsigned int i = n - 1; i > 0 && n > 0; i--) {
		unsigned int j =
			(unsigned int)(sweep_next_random(state) % (i + 1));
		unsigned int t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

/* 1, or a compile error when @a and @b are not of one type. */
#define SWEEP_SAME_TYPE(a, b)                                     \
	sizeof(char[__builtin_types_compatible_p(__typeof__(a),   \
						 __typeof__(b)) ? \
			    1 :                                   \
			    -1])

/*
 * A member of a run's result that its sample keeps as it is, @from of
 * struct run_result to @to of struct result_sample, of one type.
 */
#define SWEEP_KEEP(to_, from_, rings_)                                    \
	{                                                                 \
		.to = offsetof(struct result_sample, to_),                \
		.from = offsetof(struct run_result, from_),               \
		.size = sizeof(((struct result_sample *)0)->to_) *        \
			SWEEP_SAME_TYPE(((struct result_sample *)0)->to_, \
					((struct run_result *)0)->from_), \
		.rings = rings_,                                          \
	}

/*
 * What a sample keeps of a run, one line a member: a member added to
 * both structures is kept by adding its line here.
 */
static const struct sweep_keep {
	size_t to, from, size;
	int rings; /* kept only in rows of several rings */
} sweep_sample_keeps[] = {
	SWEEP_KEEP(loops, loops, 0),
	SWEEP_KEEP(elapsed_s, elapsed_s, 0),
	SWEEP_KEEP(setup_s, setup_s, 0),
	SWEEP_KEEP(teardown_s, teardown_s, 0),
	SWEEP_KEEP(disturbed, dist.disturbed, 0),
	SWEEP_KEEP(steal_share, dist.steal_share, 0),
	SWEEP_KEEP(irq_share, dist.irq_share, 0),
	SWEEP_KEEP(other_share, dist.other_share, 0),
	SWEEP_KEEP(freq_change, dist.freq_change, 0),
	SWEEP_KEEP(why, dist.why, 0),
	SWEEP_KEEP(procs_running, procs_running, 0),
	SWEEP_KEEP(throttle, throttle, 0),
	SWEEP_KEEP(ring_min, ring_min, 1),
	SWEEP_KEEP(ring_max, ring_max, 1),
	SWEEP_KEEP(rtt_p50_ns, rtt_p50_ns, 0),
	SWEEP_KEEP(rtt_iqm_ns, rtt_iqm_ns, 0),
};

void sweep_row_add(struct result_row *row, const struct run_result *res,
		   cpu_set_t *seen)
{
	struct result_sample *smp = &row->sample[row->nsamples++];

	for (size_t i = 0; i < ARRAY_SIZE(sweep_sample_keeps); i++) {
		const struct sweep_keep *k = &sweep_sample_keeps[i];

		if (!k->rings || row->rings > 1)
			memcpy((char *)smp + k->to, (const char *)res + k->from,
			       k->size);
	}
	smp->why[sizeof(smp->why) - 1] = '\0';
	CPU_OR(seen, seen, &res->cpus);
	hist_merge(&row->rtt, &res->rtt);
	if (res->life_loops) {
		row->cpu.user_s += res->loop_cpu.user_s;
		row->cpu.sys_s += res->loop_cpu.sys_s;
		row->cpu.nvcsw += res->loop_cpu.nvcsw;
		row->cpu.nivcsw += res->loop_cpu.nivcsw;
		row->cpu.loops += res->life_loops;
		row->cpu.seconds += res->life_s;
	}
	if (res->migrations < 0 || row->migrations < 0)
		row->migrations = -1;
	else
		row->migrations += res->migrations;
}

void sweep_drop_unstarted(struct results *res)
{
	unsigned int w = 0;

	for (unsigned int k = 0; k < res->nrows; k++) {
		struct result_row *row = &res->row[k];

		if (res->signo && row->status == RESULT_OK && !row->nsamples) {
			free(row->sample);
			continue;
		}
		if (w != k)
			res->row[w] = *row;
		w++;
	}
	res->nrows = w;
}

static void sweep_drop(const struct sweep *sw, unsigned int n)
{
	if (sw->h->drop)
		sw->h->drop(sw->h->arg, n);
}

/*
 * Name @c's row and make room for its runs; a placement the machine
 * cannot offer skips the row at once.  Returns 0, or -1 when out of memory.
 */
static int sweep_cell_init(struct sweep *sw, struct sweep_cell *c)
{
	const struct sweep_spec *s = sw->s;
	struct result_row *row = c->row;
	int over;

	snprintf(row->mech, sizeof(row->mech), "%s", c->ops->name);
	snprintf(row->title, sizeof(row->title), "%s", c->ops->title);
	snprintf(row->placement, sizeof(row->placement), "%s", c->place->name);
	snprintf(row->policy, sizeof(row->policy), "%s",
		 run_class_name(c->cls->policy));
	row->prio = c->cls->prio;
	row->nice = c->cls->nice;
	row->procs = c->nr;
	row->ws_kb = c->kb;
	row->rings = c->rings;
	row->shared = c->shared;
	if (c->ops->flags & IPC_WAITV)
		row->waitv = s->waitv ? s->waitv : IPC_WAITV_DEFAULT;
	CPU_ZERO(&c->seen);
	row->sample = calloc(s->runs, sizeof(*row->sample));
	if (!row->sample)
		return -1;
	if (place_resolve_rings(c->place, sw->topo, c->nr, c->rings, sw->cpu,
				&over, row->reason, sizeof(row->reason)) < 0 ||
	    sweep_unshareable(c->ops, c->shared, row->reason,
			      sizeof(row->reason))) {
		row->status = RESULT_SKIPPED;
		sweep_drop(sw, s->runs);
		return 0;
	}
	if (over)
		row->flags |= RESULT_OVERSUB;
	if (sweep_degenerate(c->ops, sw->topo, sw->cpu, c->nr * c->rings))
		row->flags |= RESULT_DEGENERATE;
	c->pinned = sw->cpu[0] >= 0;
	c->live = 1;
	return 0;
}

static int sweep_run_once(const struct sweep *sw, const struct run_spec *spec,
			  struct run_result *res)
{
	if (sw->h->run_once)
		return sw->h->run_once(spec, res);
	return run_once(spec, res);
}

/*
 * Run @c once more, as its run @i; a failure ends the row.  Returns the
 * signal that interrupted the run, or 0.
 */
static int sweep_cell_run(struct sweep *sw, struct sweep_cell *c,
			  unsigned int i)
{
	const struct sweep_spec *s = sw->s;
	struct run_spec spec = sweep_run_spec(s, c->ops, c->nr, c->kb);
	struct result_row *row = c->row;
	struct run_result *res = sw->run;
	int over;

	/* Resolved again: one array serves every row. */
	place_resolve_rings(c->place, sw->topo, c->nr, c->rings, sw->cpu, &over,
			    row->reason, sizeof(row->reason));
	spec.cpu = sw->cpu[0] < 0 ? NULL : sw->cpu;
	spec.rings = c->rings;
	spec.shared = c->shared;
	spec.cls = *c->cls;
	if (!profile_failed(s->profile, NULL, 0))
		spec.profile = s->profile;
	if (sw->h->run)
		sw->h->run(sw->h->arg, s, c, i);
	/* A disturbed run is run again, up to --retry-disturbed times. */
	for (unsigned int retry = 0;; retry++) {
		sweep_run_once(sw, &spec, res);
		if (res->status != RESULT_OK || !res->dist.disturbed ||
		    retry == s->retry_disturbed || run_interrupted())
			break;
		row->discarded++;
	}
	if (res->status != RESULT_OK) {
		row->status = res->status;
		snprintf(row->reason, sizeof(row->reason), "%s", res->reason);
		if (sw->h->failed)
			sw->h->failed(sw->h->arg, c, res);
		/* Skipped or broken now: the next run would say the same. */
		c->live = 0;
		sweep_drop(sw, s->runs - i - 1);
		return res->signo;
	}
	sweep_row_add(row, res, &c->seen);
	profile_keep(spec.profile, (unsigned int)(row - sw->res->row));
	return 0;
}

/* What the row says of all its runs together, once they are done. */
static void sweep_cell_finish(const struct sweep *sw, struct sweep_cell *c)
{
	struct result_row *row = c->row;

	profile_row(sw->s->profile, (unsigned int)(row - sw->res->row),
		    &row->profile);
	cpulist_format(&c->seen, row->cpus, sizeof(row->cpus));
	if (!c->pinned && row->migrations > 0)
		row->flags |= RESULT_MIGRATED;
}

/*
 * What one hop costs without a context switch: touching @kb and the
 * mechanism's calls, in a ring of one participant handing the token to
 * itself.  In ns; 0 when it cannot be measured.
 */
static double sweep_hop_work_ns(const struct sweep *sw,
				const struct ipc_ops *ops, unsigned int kb)
{
	struct run_spec spec = sweep_run_spec(sw->s, ops, 1, kb);
	struct run_result *res = sw->run;

	spec.duration_s = sweep_hop_work_s(sw->s);
	spec.sample_every = 0;
	if (sweep_run_once(sw, &spec, res) < 0 || res->status != RESULT_OK ||
	    !res->loops)
		return 0;
	return res->elapsed_s * 1e9 / (double)res->loops;
}

/*
 * The cells of the sweep, in report order: mechanism, placement, class,
 * ring size, working set, rings at once; with hop work, that of each
 * mechanism measured first at each working set.  Returns 0, or -1 when
 * out of memory.
 */
static int sweep_cells(struct sweep *sw)
{
	enum { D_PLACE, D_CLASS, D_PROCS, D_SIZE, D_RINGS, D_N };
	const struct sweep_spec *s = sw->s;
	const unsigned int dim[D_N] = { s->nplaces, s->nclasses, s->nprocs,
					s->nsizes, s->nrings };
	unsigned int at[D_N];

	for (unsigned int i = 0; i < s->nops; i++) {
		double *work = calloc(s->nsizes, sizeof(*work));

		if (!work)
			return -1;
		/* lat_ctx's "overhead": only when rings were asked for. */
		for (unsigned int m = 0; m < s->nsizes && s->hop_work; m++) {
			if (sw->h->hop)
				sw->h->hop(sw->h->arg, s->ops[i],
					   s->size_kb[m]);
			work[m] =
				sweep_hop_work_ns(sw, s->ops[i], s->size_kb[m]);
		}
		/* Its rows, the last dimension varying fastest. */
		memset(at, 0, sizeof(at));
		do {
			struct sweep_cell *c = &sw->cells[sw->ncells];

			c->ops = s->ops[i];
			c->place = &s->place[at[D_PLACE]];
			c->cls = &s->cls[at[D_CLASS]];
			c->nr = s->procs[at[D_PROCS]];
			c->kb = s->size_kb[at[D_SIZE]];
			c->rings = s->rings[at[D_RINGS]];
			c->shared = s->shared;
			c->row = &sw->res->row[sw->ncells++];
			/* Counted now: results_free() frees its samples. */
			sw->res->nrows = sw->ncells;
			c->row->hop_work_ns = work[at[D_SIZE]];
			if (sweep_cell_init(sw, c) < 0) {
				free(work);
				return -1;
			}
		} while (sweep_odometer(at, dim, D_N));
		free(work);
	}
	return 0;
}

/* Every run, in the order asked; the exit status so far. */
static int sweep_measure(struct sweep *sw)
{
	const struct sweep_spec *s = sw->s;
	int seq = s->order == RESULT_ORDER_SEQUENTIAL, status = 0;
	uint64_t state = s->seed;
	struct results *res = sw->res;

	for (unsigned int round = 0; round < (seq ? 1 : s->runs); round++) {
		sweep_round_order(s->order, sw->perm, sw->ncells, &state);
		for (unsigned int k = 0; k < sw->ncells; k++) {
			struct sweep_cell *c = &sw->cells[sw->perm[k]];

			for (unsigned int i = seq ? 0 : round;
			     c->live && i < (seq ? s->runs : round + 1); i++) {
				res->signo = sweep_cell_run(sw, c, i);
				if (c->row->status == RESULT_FAILED ||
				    c->row->status == RESULT_HUNG)
					status = 1;
				if (!res->signo)
					res->signo = run_interrupted();
				if (res->signo)
					return status;
			}
		}
	}
	return status;
}

int sweep_run(const struct sweep_spec *s, const struct place_topo *topo,
	      const struct sweep_hooks *h, struct results *res)
{
	static const struct sweep_hooks none;
	unsigned long long nrows = sweep_nrows(s);
	struct sweep sw = {
		.s = s,
		.topo = topo,
		.h = h ? h : &none,
		.res = res,
	};
	int status = -1;

	res->nrows = 0;
	res->row = calloc(nrows, sizeof(*res->row));
	sw.cells = calloc(nrows, sizeof(*sw.cells));
	sw.perm = calloc(nrows, sizeof(*sw.perm));
	sw.cpu = calloc(RUN_MAX_NR, sizeof(*sw.cpu));
	sw.run = calloc(1, sizeof(*sw.run));
	if (!res->row || !sw.cells || !sw.perm || !sw.cpu || !sw.run ||
	    sweep_cells(&sw) < 0) {
		errno = ENOMEM;
		goto out;
	}
	status = sweep_measure(&sw);
	for (unsigned int k = 0; k < sw.ncells; k++)
		sweep_cell_finish(&sw, &sw.cells[k]);
	sweep_drop_unstarted(res);
out:
	free(sw.run);
	free(sw.cpu);
	free(sw.perm);
	free(sw.cells);
	return status;
}
