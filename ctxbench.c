/* SPDX-License-Identifier: GPL-2.0-or-later */
/* ctxbench: options, the plan, the runs, the report, the exit status. */
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdint.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/random.h>
#include <sys/utsname.h>
#include <unistd.h>

#include "ipc/ipc.h"
#include "lib/cpulist.h"
#include "cli/plan.h"
#include "cli/quote.h"
#include "run/cgroup.h"
#include "run/run.h"
#include "cli/progress.h"
#include "report/report.h"
#include "report/save.h"
#include "report/sysinfo.h"

#ifndef CTXBENCH_VERSION
#define CTXBENCH_VERSION "unknown"
#endif

static void list_backends(void)
{
	for (const struct ipc_ops *const *o = ipc_backends; *o; o++)
		printf("%-12s %-15s %s%s\n", (*o)->name, (*o)->title, (*o)->how,
		       (*o)->flags & IPC_NOT_IN_ALL ? " (not in all)" : "");
}

/* The warm-up before each measured run: short against the run itself. */
static double warmup_s(double duration_s)
{
	double w = duration_s / 50;

	return w < 0.01 ? 0.01 : w > 0.25 ? 0.25 : w;
}

/*
 * Busy-waiters sharing a CPU only move the token when a time slice ends:
 * pinned to fewer CPUs than participants, or unpinned with fewer allowed.
 */
static int degenerate(const struct ipc_ops *ops, const struct place_topo *t,
		      const int *cpu, unsigned int nr)
{
	cpu_set_t used;

	if (!(ops->flags & IPC_BUSY_WAIT))
		return 0;
	if (cpu[0] < 0)
		return (unsigned int)CPU_COUNT(&t->allowed) < nr;
	CPU_ZERO(&used);
	for (unsigned int i = 0; i < nr; i++)
		CPU_SET(cpu[i], &used);
	return (unsigned int)CPU_COUNT(&used) < nr;
}

/*
 * Can rings of @ops not share its objects?  1, with why in @why (if not
 * NULL), when --shared asks for it; else 0.
 */
static int rings_unshareable(const struct ipc_ops *ops, int shared, char *why,
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

static void row_fail(struct result_row *row, const struct run_result *res)
{
	char cls[32], rings[32] = "";

	row->status = res->status;
	snprintf(row->reason, sizeof(row->reason), "%s", res->reason);
	result_row_class(row, cls, sizeof(cls));
	if (row->rings > 1 || row->shared)
		snprintf(rings, sizeof(rings), " x%u%s", row->rings,
			 row->shared ? " shared" : "");
	if (res->status != RESULT_INTERRUPTED)
		fprintf(stderr, "ctxbench: %s %s%s%s%s: %s: %s\n", row->mech,
			row->placement, cls[0] ? " " : "", cls, rings,
			result_status_name(res->status), res->reason);
}

/* The spec of one run of @ops in a ring of @nr, but for its CPUs. */
static struct run_spec run_spec_of(const struct plan *p,
				   const struct ipc_ops *ops, unsigned int nr,
				   unsigned int kb)
{
	struct run_spec spec = {
		.ops = ops,
		.nr = nr,
		.ws_kb = kb,
		.threads = p->threads,
		.duration_s = p->duration_s,
		.warmup_s = warmup_s(p->duration_s),
		.sample_every = p->sample_every,
		.mlock = p->mlock,
	};

	return spec;
}

/* Add a successful run to its row. */
static void row_add(struct result_row *row, const struct run_result *res,
		    cpu_set_t *seen)
{
	struct result_sample *smp = &row->sample[row->nsamples++];

	smp->loops = res->loops;
	smp->elapsed_s = res->elapsed_s;
	smp->setup_s = res->setup_s;
	smp->teardown_s = res->teardown_s;
	smp->disturbed = res->dist.disturbed;
	smp->steal_share = res->dist.steal_share;
	smp->irq_share = res->dist.irq_share;
	smp->other_share = res->dist.other_share;
	smp->freq_change = res->dist.freq_change;
	snprintf(smp->why, sizeof(smp->why), "%s", res->dist.why);
	smp->procs_running[0] = res->procs_running[0];
	smp->procs_running[1] = res->procs_running[1];
	smp->throttle = res->throttle;
	if (row->rings > 1) {
		smp->ring_min = res->ring_min;
		smp->ring_max = res->ring_max;
	}
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

/*
 * One row of the plan while it is measured: a mechanism at a placement
 * with a ring size and a working set, and the CPUs its runs were seen on.
 */
struct cell {
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
 * Name @c's row and make room for its runs; a placement the machine
 * cannot offer skips the row at once.  Returns 0, or -1 when out of memory.
 */
static int cell_init(const struct plan *p, struct cell *c,
		     const struct place_topo *topo, struct progress *prog)
{
	static int cpu[RUN_MAX_NR];
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
	CPU_ZERO(&c->seen);
	row->sample = calloc(p->runs, sizeof(*row->sample));
	if (!row->sample)
		return -1;
	if (place_resolve_rings(c->place, topo, c->nr, c->rings, cpu, &over,
				row->reason, sizeof(row->reason)) < 0 ||
	    rings_unshareable(c->ops, c->shared, row->reason,
			      sizeof(row->reason))) {
		row->status = RESULT_SKIPPED;
		progress_drop(prog, p->runs);
		return 0;
	}
	if (over)
		row->flags |= RESULT_OVERSUB;
	if (degenerate(c->ops, topo, cpu, c->nr * c->rings))
		row->flags |= RESULT_DEGENERATE;
	c->pinned = cpu[0] >= 0;
	c->live = 1;
	return 0;
}

/*
 * Run @c once more, as its run @i, shown on @prog; a failure ends the
 * row.  Returns the signal that interrupted the run, or 0.
 */
static int cell_run(const struct plan *p, struct cell *c, unsigned int i,
		    const struct place_topo *topo, struct progress *prog)
{
	struct run_spec spec = run_spec_of(p, c->ops, c->nr, c->kb);
	static int cpu[RUN_MAX_NR];
	struct result_row *row = c->row;
	char cls[32], where[sizeof(row->placement) + sizeof(cls)];
	struct run_result res;
	int over;

	/* Resolved again: one array serves every row. */
	place_resolve_rings(c->place, topo, c->nr, c->rings, cpu, &over,
			    row->reason, sizeof(row->reason));
	spec.cpu = cpu[0] < 0 ? NULL : cpu;
	spec.rings = c->rings;
	spec.shared = c->shared;
	spec.cls = *c->cls;
	/* The placement and the class, as the row's label has them. */
	result_row_class(row, cls, sizeof(cls));
	snprintf(where, sizeof(where), "%s%s%s", c->place->name,
		 cls[0] ? " " : "", cls);
	progress_row(prog, c->ops->name, where, plan_rings(p), c->nr, c->kb,
		     p->runs);
	progress_parallel(prog, c->rings, c->shared,
			  p->nrings > 1 || p->shared);
	progress_run(prog, i);
	/* A disturbed run is run again, up to --retry-disturbed times. */
	for (unsigned int retry = 0;; retry++) {
		run_once(&spec, &res);
		if (res.status != RESULT_OK || !res.dist.disturbed ||
		    retry == p->retry_disturbed || run_interrupted())
			break;
		row->discarded++;
	}
	if (res.status != RESULT_OK) {
		progress_clear(prog);
		row_fail(row, &res);
		/* Skipped or broken now: the next run would say the same. */
		c->live = 0;
		progress_drop(prog, p->runs - i - 1);
		return res.signo;
	}
	row_add(row, &res, &c->seen);
	return 0;
}

/* What the row says of all its runs together, once they are done. */
static void cell_finish(struct cell *c)
{
	struct result_row *row = c->row;

	cpulist_format(&c->seen, row->cpus, sizeof(row->cpus));
	if (!c->pinned && row->migrations > 0)
		row->flags |= RESULT_MIGRATED;
}

/* How long the hop's own work is measured: it varies little. */
static double hop_work_s(const struct plan *p)
{
	return p->duration_s < 0.5 ? p->duration_s : 0.5;
}

/*
 * What one hop costs without a context switch: touching @kb and the
 * mechanism's calls, in a ring of one participant handing the token to
 * itself.  In ns; 0 when it cannot be measured.
 */
static double hop_work_ns(const struct plan *p, const struct ipc_ops *ops,
			  unsigned int kb)
{
	struct run_spec spec = run_spec_of(p, ops, 1, kb);
	struct run_result res;

	spec.duration_s = hop_work_s(p);
	spec.sample_every = 0;
	if (run_once(&spec, &res) < 0 || res.status != RESULT_OK || !res.loops)
		return 0;
	return res.elapsed_s * 1e9 / (double)res.loops;
}

/*
 * The progress line, on a terminal and without -q: the plan's runs and
 * hop-work measurements, each expected to take its time, its warm-up and
 * a little more.
 */
static void start_progress(const struct plan *p, struct progress *prog)
{
	unsigned int rows = (unsigned int)plan_nrows(p);
	double more = warmup_s(p->duration_s) + PROGRESS_RUN_OVERHEAD_S;
	int tty = !p->quiet && isatty(STDERR_FILENO);

	progress_init(prog, tty ? STDERR_FILENO : -1, rows * p->runs,
		      plan_rings(p) ? p->nops * p->nsizes : 0,
		      p->duration_s + more, hop_work_s(p) + more);
}

/* A seed for shuffle when none was given: it is saved with the results. */
static uint32_t random_seed(void)
{
	uint32_t seed;

	if (getrandom(&seed, sizeof(seed), GRND_NONBLOCK) == sizeof(seed))
		return seed;
	return (uint32_t)time(NULL) ^ (uint32_t)getpid() << 16;
}

/* splitmix64: a small, well-mixed generator for shuffle's order. */
static uint64_t next_random(uint64_t *state)
{
	uint64_t z = (*state += 0x9e3779b97f4a7c15ull);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

/*
 * The order of the rows in round @round: the plan's, or with "shuffle" a
 * Fisher-Yates permutation drawn from @state.
 */
static void round_order(const struct plan *p, unsigned int *perm,
			unsigned int n, uint64_t *state)
{
	for (unsigned int i = 0; i < n; i++)
		perm[i] = i;
	if (strcmp(p->order, "shuffle") != 0)
		return;
	for (unsigned int i = n - 1; i > 0; i--) {
		unsigned int j = (unsigned int)(next_random(state) % (i + 1));
		unsigned int t = perm[i];

		perm[i] = perm[j];
		perm[j] = t;
	}
}

/*
 * The next of the combinations of @n indices, each below its @dim, the
 * last varying fastest: 1, or 0 (all back at 0) after the last.
 */
static int odometer(unsigned int *at, const unsigned int *dim, unsigned int n)
{
	while (n-- > 0) {
		if (++at[n] < dim[n])
			return 1;
		at[n] = 0;
	}
	return 0;
}

/*
 * The rows of the plan, in report order: mechanism, placement, class,
 * ring size, working set, rings at once; with rings, the hop's own work
 * measured first for each mechanism and working set.  Returns the count,
 * or -1 when out of memory.
 */
static int plan_cells(const struct plan *p, const struct place_topo *topo,
		      struct results *res, struct cell *cells,
		      struct progress *prog)
{
	enum { D_PLACE, D_CLASS, D_PROCS, D_SIZE, D_RINGS, D_N };
	const unsigned int dim[D_N] = { p->nplaces, p->nclasses, p->nprocs,
					p->nsizes, p->nrings };
	unsigned int n = 0, at[D_N];

	for (unsigned int i = 0; i < p->nops; i++) {
		double work[PLAN_MAX_LIST] = { 0 };

		/* lat_ctx's "overhead": only when rings were asked for. */
		for (unsigned int m = 0; m < p->nsizes && plan_rings(p); m++) {
			progress_hop(prog, p->ops[i]->name, p->size_kb[m]);
			work[m] = hop_work_ns(p, p->ops[i], p->size_kb[m]);
		}
		/* Its rows, the last dimension varying fastest. */
		memset(at, 0, sizeof(at));
		do {
			struct cell *c = &cells[n];

			c->ops = p->ops[i];
			c->place = &p->place[at[D_PLACE]];
			c->cls = &p->cls[at[D_CLASS]];
			c->nr = p->procs[at[D_PROCS]];
			c->kb = p->size_kb[at[D_SIZE]];
			c->rings = p->rings[at[D_RINGS]];
			c->shared = p->shared;
			c->row = &res->row[n++];
			c->row->hop_work_ns = work[at[D_SIZE]];
			if (cell_init(p, c, topo, prog) < 0)
				return -1;
		} while (odometer(at, dim, D_N));
	}
	return (int)n;
}

/* Rows a signal kept from starting are not in the report. */
static void drop_unstarted(struct results *res)
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

/*
 * Every run of the plan into @res, in the order --order asks: each row's
 * runs back to back ("sequential"), or the rows taking turns, one run
 * each per round, so that a slow phase of the machine spreads over every
 * row instead of landing on one ("interleave", and "shuffle" with a new
 * order each round).  Returns the exit status so far (1 when a row
 * failed or hung), or -1 when out of memory; res->signo says whether a
 * signal cut the plan short.
 */
static int measure(const struct plan *p, const struct place_topo *topo,
		   struct results *res, struct progress *prog)
{
	int seq = strcmp(p->order, "sequential") == 0, status = 0;
	uint64_t state = res->info.seed;
	struct cell *cells;
	unsigned int *perm;
	int n;

	cells = calloc(plan_nrows(p), sizeof(*cells));
	perm = calloc(plan_nrows(p), sizeof(*perm));
	n = cells && perm ? plan_cells(p, topo, res, cells, prog) : -1;
	if (n < 0)
		goto out;
	res->nrows = (unsigned int)n;
	for (unsigned int round = 0; round < (seq ? 1 : p->runs); round++) {
		round_order(p, perm, (unsigned int)n, &state);
		for (unsigned int k = 0; k < (unsigned int)n; k++) {
			struct cell *c = &cells[perm[k]];

			for (unsigned int i = seq ? 0 : round;
			     c->live && i < (seq ? p->runs : round + 1); i++) {
				res->signo = cell_run(p, c, i, topo, prog);
				if (c->row->status == RESULT_FAILED ||
				    c->row->status == RESULT_HUNG)
					status = 1;
				if (!res->signo)
					res->signo = run_interrupted();
				if (res->signo)
					goto done;
			}
		}
	}
done:
	for (int k = 0; k < n; k++)
		cell_finish(&cells[k]);
	drop_unstarted(res);
out:
	free(perm);
	free(cells);
	return n < 0 ? -1 : status;
}

/*
 * Whatever went to stdout must have got there: a full disk, a closed
 * descriptor or an I/O error is said, and turns the exit status to 1.
 * Returns 0, or -1 having said why.
 */
static int stdout_flushed(void)
{
	int bad;

	errno = 0;
	bad = fflush(stdout) != 0 || ferror(stdout);
	if (!bad)
		return 0;
	fprintf(stderr, "ctxbench: stdout: %s\n",
		strerror(errno ? errno : EIO));
	return -1;
}

/*
 * A standard descriptor that was closed (ctxbench >&-) is reopened on
 * /dev/null for reading, so that no file ctxbench opens takes its number
 * and writes to it fail instead of landing in that file.
 */
static void std_fds_held(void)
{
	for (int fd = 0; fd < 3; fd++)
		if (fcntl(fd, F_GETFD) < 0 && errno == EBADF &&
		    open("/dev/null", O_RDONLY) < 0)
			exit(2);
}

/*
 * Can -o's file be saved?  Asked before anything runs; the file itself is
 * left as it is until the results replace it whole (report/save.h).
 */
static int open_output(const struct plan *p)
{
	char err[PATH_MAX + 128];

	if (p->output && save_check(p->output, err, sizeof(err)) < 0) {
		fprintf(stderr, "ctxbench: %s\n", err);
		return -1;
	}
	return 0;
}

/* The JSON of @r to -o's file, in one step; 0, or -1 having said why. */
static int save_output(const struct plan *p, const struct results *const *r,
		       unsigned int n)
{
	char err[PATH_MAX + 128], *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	int rc = -1;

	if (!f) {
		fprintf(stderr, "ctxbench: %s: %s\n", p->output,
			strerror(errno));
		return -1;
	}
	report_json(f, r, n);
	if (fclose(f) != 0)
		fprintf(stderr, "ctxbench: %s: %s\n", p->output,
			strerror(errno));
	else if (save_file(p->output, buf, len, err, sizeof(err)) < 0)
		fprintf(stderr, "ctxbench: %s\n", err);
	else
		rc = 0;
	free(buf);
	return rc;
}

/*
 * The one way results leave ctxbench, measured or read back: the JSON to
 * -o's file, then the text report, or what --format asks for, on stdout.
 * Returns 0, or -1 when either could not be written.
 */
static int emit(const struct plan *p, const struct results *const *r,
		unsigned int n, unsigned int baseline,
		const struct results *const *noise, unsigned int nnoise)
{
	int rc = 0;

	if (p->output && save_output(p, r, n) < 0)
		rc = -1;
	switch (p->format) {
	case PLAN_TEXT:
		if (report_text(stdout, r, n, baseline, noise, nnoise) < 0)
			rc = -1;
		if (p->histogram)
			report_histograms(stdout, r, n);
		break;
	case PLAN_JSON:
		report_json(stdout, r, n);
		break;
	case PLAN_KV:
	case PLAN_TSV:
		if (report_flat(stdout, r, n, baseline, noise, nnoise,
				p->format == PLAN_KV ? REPORT_FLAT_KV :
						       REPORT_FLAT_TSV) < 0)
			rc = -1;
		break;
	}
	if (stdout_flushed() < 0)
		rc = -1;
	return rc;
}

/* ctxbench report FILE...: saved runs as one report, or nothing. */
/* Read @nfiles saved files into *@r, *@n; 0, or -1 having said why. */
static int read_saved(const char *const *files, unsigned int nfiles,
		      struct results **r, unsigned int *n)
{
	char err[256];

	for (unsigned int i = 0; i < nfiles; i++) {
		if (report_read_file(files[i], r, n, err, sizeof(err)) < 0) {
			fprintf(stderr, "ctxbench: %s: %s\n", files[i], err);
			return -1;
		}
	}
	return 0;
}

/* Do the @n invocations @r measure some label twice? */
static int any_label_twice(const struct results *r, unsigned int n)
{
	for (unsigned int i = 0; i < n; i++)
		for (unsigned int j = i + 1; j < n; j++)
			if (!strcmp(r[i].info.label, r[j].info.label))
				return 1;
	return 0;
}

/* The invocation of the first file labelled @label in @r, or -1. */
static int find_label(const struct results *r, unsigned int n,
		      const char *label)
{
	for (unsigned int i = 0; i < n; i++)
		if (!strcmp(r[i].info.label, label))
			return (int)i;
	return -1;
}

/*
 * ctxbench report FILE...: saved runs as one report, or nothing; the
 * --noise files after them, apart.
 */
static int report_saved(const struct plan *p)
{
	const struct results **all = NULL;
	struct results *r = NULL;
	unsigned int n = 0, nf, baseline = 0;
	int status = 2;

	if (read_saved((const char *const *)p->files, p->nfiles, &r, &n) < 0)
		goto out;
	nf = n;
	if (read_saved(p->noise, p->nnoise, &r, &n) < 0)
		goto out;
	if (p->nnoise && !any_label_twice(r + nf, n - nf)) {
		fprintf(stderr,
			"ctxbench: --noise: no label is measured twice (the noise is the spread between invocations of one kernel: give two or more)\n");
		goto out;
	}
	all = calloc(n, sizeof(*all));
	if (!all) {
		perror("ctxbench");
		status = 1;
		goto out;
	}
	for (unsigned int i = 0; i < n; i++)
		all[i] = &r[i];
	if (p->baseline) {
		int b = find_label(r, nf, p->baseline);

		if (b < 0) {
			fprintf(stderr,
				"ctxbench: --baseline: no saved run is labelled '%s'\n",
				p->baseline);
			goto out;
		}
		baseline = (unsigned int)b;
	}
	if (open_output(p) < 0)
		goto out;
	status = emit(p, all, nf, baseline, all + nf, n - nf) < 0 ? 1 : 0;
out:
	free(all);
	for (unsigned int i = 0; i < n; i++)
		results_free(&r[i]);
	free(r);
	return status;
}

/* Limits too low for the plan: say so before anything starts. */
static int check_limits(const struct plan *p)
{
	char err[512];

	for (unsigned int i = 0; i < p->nops; i++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			for (unsigned int q = 0; q < p->nrings; q++) {
				struct run_spec spec = run_spec_of(
					p, p->ops[i], p->procs[k], 0);

				spec.rings = p->rings[q];
				spec.shared = p->shared;
				if (rings_unshareable(p->ops[i], p->shared,
						      NULL, 0))
					continue; /* skipped: nothing runs */
				if (run_check_limits(&spec, err, sizeof(err)) <
				    0) {
					fprintf(stderr, "ctxbench: %s\n", err);
					return -1;
				}
			}
		}
	}
	return 0;
}

/*
 * Can the participants of every row lock their memory (--mlock)?  Checked
 * once the rows exist: the participants inherit them.  0, or -1 having
 * said why.
 */
static int check_mlock(const struct plan *p)
{
	unsigned int kb = 0;
	char err[512];

	for (unsigned int m = 0; m < p->nsizes; m++)
		kb = p->size_kb[m] > kb ? p->size_kb[m] : kb;
	for (unsigned int i = 0; p->mlock && i < p->nops; i++) {
		for (unsigned int k = 0; k < p->nprocs; k++) {
			for (unsigned int q = 0; q < p->nrings; q++) {
				struct run_spec spec = run_spec_of(
					p, p->ops[i], p->procs[k], kb);

				spec.rings = p->rings[q];
				spec.shared = p->shared;
				if (rings_unshareable(p->ops[i], p->shared,
						      NULL, 0))
					continue;
				if (run_check_mlock(&spec, err, sizeof(err)) <
				    0) {
					fprintf(stderr, "ctxbench: %s\n", err);
					return -1;
				}
			}
		}
	}
	return 0;
}

/*
 * Can the participants of @ops at class @cls, @nr of them at @place, run
 * without starving the machine?  At a real-time class a spinner (and one
 * that only yields, which then yields to nothing but its peers) keeps its
 * CPU until RT throttling takes it away, 5 % of the time by default:
 * pure spinners sharing a CPU would never hand the token over, and
 * spinners on every online CPU would leave the rest of the machine,
 * the shell that started ctxbench included, next to nothing for -t.  And
 * the runner must run above them, to stop them on time.  0, or -1 with
 * why in @err.
 */
static int class_starves(const struct ipc_ops *ops, const struct run_class *cls,
			 const struct place *place, unsigned int nr,
			 unsigned int rings, const struct place_topo *topo,
			 char *err, size_t errlen)
{
	static int cpu[RUN_MAX_NR];
	char where[sizeof(place->name) + 16];
	int over;
	const char *name = run_class_name(cls->policy);
	long online = sysconf(_SC_NPROCESSORS_ONLN);
	unsigned int busy, allowed = (unsigned int)CPU_COUNT(&topo->allowed);
	cpu_set_t used;

	if (!(ops->flags & (IPC_BUSY_WAIT | IPC_YIELD_WAIT)) ||
	    !run_class_rt(cls->policy))
		return 0;
	if (cls->prio >= RUN_PRIO_MAX) {
		snprintf(
			err, errlen,
			"%s at %s:%d: ctxbench must run above spinning participants to stop them on time: give --prio %d or less",
			ops->name, name, cls->prio, RUN_PRIO_MAX - 1);
		return -1;
	}
	snprintf(where, sizeof(where), "%s", place->name);
	if (rings > 1)
		snprintf(where + strlen(where), sizeof(where) - strlen(where),
			 " x%u", rings);
	/* Every ring's participants: two spinners of any rings on one CPU. */
	nr *= rings;
	if (place_resolve_rings(place, topo, nr / rings, rings, cpu, &over, err,
				errlen) < 0)
		return 0; /* skipped anyway */
	if (degenerate(ops, topo, cpu, nr)) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class sharing a CPU never hand the token over (only RT throttling takes the CPU from one): not run (give each its own CPU, -P cross, or use spin-yield)",
			ops->name, where, name, cls->prio);
		return -1;
	}
	CPU_ZERO(&used);
	for (unsigned int i = 0; cpu[0] >= 0 && i < nr; i++)
		CPU_SET(cpu[i], &used);
	busy = cpu[0] >= 0  ? (unsigned int)CPU_COUNT(&used) :
	       nr < allowed ? nr :
			      allowed;
	if (online > 0 && busy >= (unsigned long)online) {
		snprintf(
			err, errlen,
			"%s %s %s:%d: spinners at a real-time class on every CPU (%u of %ld) would leave the rest of the machine only what RT throttling gives it for -t: not run (leave a CPU free)",
			ops->name, where, name, cls->prio, busy, online);
		return -1;
	}
	return 0;
}

/* Classes the plan cannot run safely: say so before anything starts. */
static int check_classes(const struct plan *p, const struct place_topo *topo)
{
	enum { D_OPS, D_PLACE, D_CLASS, D_PROCS, D_RINGS, D_N };
	const unsigned int dim[D_N] = { p->nops, p->nplaces, p->nclasses,
					p->nprocs, p->nrings };
	unsigned int at[D_N] = { 0 };
	char err[512];

	do {
		if (class_starves(p->ops[at[D_OPS]], &p->cls[at[D_CLASS]],
				  &p->place[at[D_PLACE]], p->procs[at[D_PROCS]],
				  p->rings[at[D_RINGS]], topo, err,
				  sizeof(err)) < 0) {
			fprintf(stderr, "ctxbench: %s\n", err);
			return -1;
		}
	} while (odometer(at, dim, D_N));
	return 0;
}

/* The Run information of this invocation, before its first run. */
static void info_init(const struct plan *p, const struct place_topo *topo,
		      struct results *res)
{
	struct result_info *in = &res->info;

	snprintf(res->version, sizeof(res->version), "%s", CTXBENCH_VERSION);
	sysinfo_read("", in);
	snprintf(in->label, sizeof(in->label), "%s",
		 p->label[0] ? p->label : in->kernel);
	if (!in->label[0])
		snprintf(in->label, sizeof(in->label), "unknown");
	snprintf(in->note, sizeof(in->note), "%s", p->note);
	in->duration_s = p->duration_s;
	in->runs = p->runs;
	in->threads = p->threads;
	in->participants = p->procs[0];
	snprintf(in->order, sizeof(in->order), "%s", p->order);
	if (!strcmp(p->order, "shuffle"))
		in->seed = p->seed_given ? p->seed : random_seed();
	/* Where the run may go, and when it starts. */
	cpulist_format(&topo->allowed, in->cpus_allowed,
		       sizeof(in->cpus_allowed));
	cgroup_quota("", in->cpu_quota, sizeof(in->cpu_quota));
	sysinfo_date(time(NULL), in->date, sizeof(in->date));
}

/* A measurement as @p plans it, reported; the exit status. */
static int run_plan(const struct plan *p, struct results *res)
{
	const struct results *all[1] = { res };
	struct place_topo topo;
	struct progress prog;
	int status;

	if (check_limits(p) < 0 || open_output(p) < 0)
		return 2;
	res->row = calloc(plan_nrows(p), sizeof(*res->row));
	if (!res->row || place_topo_read("", &topo) < 0 || run_init() < 0) {
		perror("ctxbench");
		return 1;
	}
	if (check_classes(p, &topo) < 0 || check_mlock(p) < 0)
		return 2;
	info_init(p, &topo, res);
	start_progress(p, &prog);
	status = measure(p, &topo, res, &prog);
	progress_clear(&prog);
	if (status < 0) {
		perror("ctxbench");
		return 1;
	}
	if (emit(p, all, 1, 0, NULL, 0) < 0 && !status)
		status = 1;
	return res->signo ? 128 + res->signo : status;
}

int main(int argc, char **argv)
{
	struct results res = { 0 };
	struct plan plan;
	char err[256];
	int status;

	std_fds_held();
	/* Before plan_parse(), which may reorder argv. */
	quote_cmdline(argc, argv, res.cmdline, sizeof(res.cmdline));
	if (plan_parse(argc, argv, &plan, err, sizeof(err)) < 0) {
		fprintf(stderr, "ctxbench: %s\n", err);
		return 2;
	}
	switch (plan.action) {
	case PLAN_HELP:
		plan_usage(stdout);
		return stdout_flushed() < 0;
	case PLAN_VERSION:
		printf("ctxbench %s\n", CTXBENCH_VERSION);
		return stdout_flushed() < 0;
	case PLAN_LIST:
		list_backends();
		return stdout_flushed() < 0;
	case PLAN_REPORT:
		return report_saved(&plan);
	case PLAN_RUN:
		break;
	}
	status = run_plan(&plan, &res);
	results_free(&res);
	return status;
}
