/* SPDX-License-Identifier: GPL-2.0-or-later */
/*
 * The sweep: every cell of a plan (mechanism x placement x class x ring
 * size x working set x rings at once) run -r times in the order asked,
 * disturbed runs run again, and each run added up into its cell's row.
 */
#ifndef CTXBENCH_SWEEP_H
#define CTXBENCH_SWEEP_H

#include <sched.h>
#include <stddef.h>
#include <stdint.h>

#include "ipc/ipc.h"
#include "model/results.h"
#include "place.h"
#include "run.h"
#include "sched.h"

/*
 * What the sweep runs, in the runner's terms: the lists are the plan's
 * and must outlive the sweep.  Every count is at least 1.
 */
struct sweep_spec {
	double duration_s; /* of each measured run */
	unsigned int runs; /* of each row */
	int threads; /* participants are threads of one process */
	int mlock; /* participants lock their memory */
	unsigned int sample_every; /* time one round trip in this many */
	unsigned int retry_disturbed; /* a disturbed run again, this often */
	enum result_order order; /* RESULT_ORDER_NONE: interleave */
	uint64_t seed; /* of RESULT_ORDER_SHUFFLE's orders */
	/*
	 * Rings or working sets beyond the ping-pong: each mechanism's hop
	 * work is measured first, at each working set.
	 */
	int hop_work;
	int shared; /* rings at once share the mechanism's objects */
	unsigned int waitv; /* futex-waitv's vector (--waitv); 0: default */
	/*
	 * -G, --cgroup-depth: the participants in cgroups cg_depth levels
	 * below ctxbench's (0: none), each of a ring in its own with
	 * cg_apart; and those cgroups once checked (engine.c), NULL before.
	 */
	unsigned int cg_depth;
	int cg_apart;
	struct run_cg *cg;
	/* --slice: each participant of the fair class asks it, us; 0 none */
	unsigned int slice_us;
	unsigned int nops, nplaces, nclasses, nprocs, nsizes, nrings;
	const struct ipc_ops *const *ops; /* in report order */
	const struct place *place;
	const struct run_class *cls;
	const unsigned int *procs; /* participants per ring */
	const unsigned int *size_kb; /* working set per hop */
	const unsigned int *rings; /* rings at once */
	/* --profile: each row's measured runs under perf; NULL none. */
	struct profile *profile;
	/*
	 * The tree the facts and the placements' topology are read from:
	 * NULL, the running system's /proc and /sys; a fixture's in tests,
	 * whose rings still run on the CPUs allowed here.
	 */
	const char *root;
};

/*
 * One row of the sweep while it is measured: a mechanism at a placement
 * with a ring size and a working set, and the CPUs its runs were seen on.
 */
struct sweep_cell {
	const struct ipc_ops *ops;
	const struct place *place;
	const struct run_class *cls;
	unsigned int nr, kb;
	unsigned int rings; /* at once, from 1 */
	int shared;
	struct result_row *row;
	cpu_set_t seen;
	int live; /* its runs go on: not skipped, failed or done */
	int pinned; /* to CPUs, or the scheduler's to move */
};

/*
 * What the sweep tells its caller as it goes, and the runner it uses.
 * Every member may be NULL: then nothing is told, and run_once() runs.
 */
struct sweep_hooks {
	void *arg; /* the first argument of each hook */
	/* The hop work of @ops at @kb is about to be measured. */
	void (*hop)(void *arg, const struct ipc_ops *ops, unsigned int kb);
	/* Run @i, from 0, of @c is about to start. */
	void (*run)(void *arg, const struct sweep_spec *s,
		    const struct sweep_cell *c, unsigned int i);
	/*
	 * A run of @c did not succeed, as @res says: its row ends there, its
	 * status and reason set.
	 */
	void (*failed)(void *arg, const struct sweep_cell *c,
		       const struct run_result *res);
	/*
	 * @n runs of the sweep, maybe none, will not happen: a row was
	 * skipped or ended; the run going on, if any, is over.
	 */
	void (*drop)(void *arg, unsigned int n);
	/* The runner: run_once(), or a stand-in. */
	int (*run_once)(const struct run_spec *spec, struct run_result *res);
};

/* The rows of @s: mechanisms x placements x classes x -p x -s x -j. */
unsigned long long sweep_nrows(const struct sweep_spec *s);

/* The warm-up before each measured run: short against the run itself. */
double sweep_warmup_s(double duration_s);

/* How long the hop's own work is measured: it varies little. */
double sweep_hop_work_s(const struct sweep_spec *s);

/* The spec of one run of @ops in a ring of @nr, but for its CPUs. */
struct run_spec sweep_run_spec(const struct sweep_spec *s,
			       const struct ipc_ops *ops, unsigned int nr,
			       unsigned int kb);

/*
 * Do the @nr participants at @cpu (cpu[0] < 0: unpinned) share a CPU:
 * pinned to fewer CPUs than there are of them, or unpinned with fewer
 * allowed?  1 or 0.
 */
int sweep_cpus_shared(const struct place_topo *t, const int *cpu,
		      unsigned int nr);

/*
 * Can rings of @ops not share its objects?  1, with why in @why (if not
 * NULL), when @shared asks for it; else 0.
 */
int sweep_unshareable(const struct ipc_ops *ops, int shared, char *why,
		      size_t size);

/*
 * The next of the combinations of @n indices, each below its @dim, the
 * last varying fastest: 1, or 0 (all back at 0) after the last.
 */
int sweep_odometer(unsigned int *at, const unsigned int *dim, unsigned int n);

/* A seed for shuffle when none was given: it is saved with the results. */
uint32_t sweep_random_seed(void);

/*
 * The order of @n rows in one round, into @perm: the rows' own, or with
 * RESULT_ORDER_SHUFFLE a permutation drawn from *@state, which it advances.
 */
void sweep_round_order(enum result_order order, unsigned int *perm,
		       unsigned int n, uint64_t *state);

/*
 * Add a successful run @res to @row: one more sample, its round trips,
 * CPU time and migrations to the row's, its CPUs to *@seen.  @row's
 * samples must have room for it.
 */
void sweep_row_add(struct result_row *row, const struct run_result *res,
		   cpu_set_t *seen);

/* Rows a signal kept from starting (@res->signo set) leave @res. */
void sweep_drop_unstarted(struct results *res);

/*
 * Every run of @s into @res->row (allocated here, @res->nrows set), in
 * the order @s asks: each row's runs back to back, or the rows taking
 * turns, one run each per round, so that a slow phase of the machine
 * spreads over every row instead of landing on one.  Returns the exit
 * status so far (1 when a row failed or hung), or -1 with errno when out
 * of memory; @res->signo says whether a signal cut the sweep short.
 */
int sweep_run(const struct sweep_spec *s, const struct place_topo *topo,
	      const struct sweep_hooks *h, struct results *res);

#endif
